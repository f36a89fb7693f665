"""A property of a registered tool's input schema with no `description`."""

from __future__ import annotations

from webmcp_lint.checks import Context, check
from webmcp_lint.checks._metadata import subschemas
from webmcp_lint.checks._schema_json import schema_tools
from webmcp_lint.model import FileModel
from webmcp_lint.workspace.source import Span

# Keywords that take a property's description from elsewhere: it cannot be told here.
_ELSEWHERE = ("$ref", "$dynamicRef", "allOf", "anyOf", "oneOf")


MESSAGES = {
    "parameter-without-description": (
        "The parameter `{{name}}` has no description, so the agent sees a bare name and has "
        "to guess what to send. Add a `description` saying what it is and in which form "
        "(with zod, `.describe(...)`)."
    ),
}


@check(messages=MESSAGES)
def input_schema_param_description(model: FileModel, ctx: Context) -> None:
    seen: set[Span] = set()
    for _tool, schema in schema_tools(model):
        for sub in subschemas(schema):
            if sub.name is None or sub.name_span is None or sub.name_span in seen:
                continue
            seen.add(sub.name_span)
            prop = sub.schema
            if not prop.complete or any(key in prop.entries for key in _ELSEWHERE):
                continue
            if prop.get("description") is not None or prop.get("title") is not None:
                continue
            ctx.report(sub.name_span, "parameter-without-description", name=sub.label)
