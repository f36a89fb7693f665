"""A tool without `name`, `description` or `execute` (or with an empty description, or an
`execute` that is not a function): registerTool rejects it."""

from __future__ import annotations

from webmcp_lint.checks import Context, check
from webmcp_lint.checks._util import HANDLER_ALIASES, head_span, registered_tools
from webmcp_lint.model import FileModel

REQUIRED_MEMBERS = ("name", "description", "execute")


MESSAGES = {
    "missing-member": (
        "The tool has no `{{member}}`: registerTool rejects it with a TypeError, so the tool "
        "is never registered."
    ),
    "execute-misnamed": (
        "The tool has no `execute`: registerTool rejects it with a TypeError, so the tool is "
        "never registered. Rename `{{alias}}` to `execute`: the browser ignores `{{alias}}`."
    ),
    "empty-description": (
        "The tool's description is empty: Chrome rejects it (InvalidStateError: Description "
        "is required). Say what the tool does and when to use it."
    ),
    "execute-not-function": (
        "`execute` is not a function: registerTool rejects the tool with a TypeError. Give "
        "`execute` the function that runs the tool."
    ),
}


@check(messages=MESSAGES)
def tool_required_members(model: FileModel, ctx: Context) -> None:
    for tool in registered_tools(model.tools):
        definition = tool.definition
        if definition.kind != "object":
            continue
        for member in REQUIRED_MEMBERS:
            value = definition.get(member)
            if value is not None and value.kind != "undefined":  # undefined counts as absent
                continue
            where = head_span(model.source, definition.span)  # most tools have every member
            alias = None
            if member == "execute":
                alias = next((a for a in HANDLER_ALIASES if a in definition.entries), None)
            if alias:
                ctx.report(where, "execute-misnamed", alias=alias)
            else:
                ctx.report(where, "missing-member", member=member)
        description = definition.get("description")
        if description is not None and description.kind == "string" and description.data == "":
            ctx.report(description.span, "empty-description")
        execute = definition.get("execute")
        absent = execute is None or execute.kind == "undefined"
        if execute is not None and not absent and execute.known and not execute.is_function:
            ctx.report(execute.span, "execute-not-function")
