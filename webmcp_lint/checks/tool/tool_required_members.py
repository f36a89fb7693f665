"""A tool without `name`, `description` or `execute` (or with an empty description, or an
`execute` that is not a function): registerTool rejects it."""

from __future__ import annotations

from webmcp_lint.checks import Context, check
from webmcp_lint.checks._util import HANDLER_ALIASES, head_span, registered_tools
from webmcp_lint.model import FileModel

REQUIRED_MEMBERS = ("name", "description", "execute")


@check()
def tool_required_members(model: FileModel, ctx: Context) -> None:
    for tool in registered_tools(model.tools):
        definition = tool.definition
        if definition.kind != "object":
            continue
        where = head_span(model.source, definition.span)
        for member in REQUIRED_MEMBERS:
            value = definition.get(member)
            if value is not None and value.kind != "undefined":  # undefined counts as absent
                continue
            hint = ""
            if member == "execute":
                alias = next((a for a in HANDLER_ALIASES if a in definition.entries), None)
                if alias:
                    hint = f" Rename `{alias}` to `execute`: the browser ignores `{alias}`."
            ctx.report(
                where,
                f"The tool has no `{member}`: registerTool rejects it with a TypeError, so "
                f"the tool is never registered.{hint}",
            )
        description = definition.get("description")
        if description is not None and description.kind == "string" and description.data == "":
            ctx.report(
                description.span,
                "The tool's description is empty: Chrome rejects it (InvalidStateError: "
                "Description is required). Say what the tool does and when to use it.",
            )
        execute = definition.get("execute")
        absent = execute is None or execute.kind == "undefined"
        if execute is not None and not absent and execute.known and not execute.is_function:
            ctx.report(
                execute.span,
                "`execute` is not a function: registerTool rejects the tool with a "
                "TypeError. Give `execute` the function that runs the tool.",
            )
