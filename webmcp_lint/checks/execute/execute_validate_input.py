"""`execute` uses an enum or required input unchecked: the browser does not validate input."""

from __future__ import annotations

from webmcp_lint.checks import Context, check
from webmcp_lint.checks._input_use import tools_reading_properties
from webmcp_lint.model import FileModel
from webmcp_lint.workspace.source import Span

MESSAGES = {
    "enum-unchecked": (
        "`execute` uses `{{key}}` without checking it: the browser does not validate input "
        "against the schema, so `{{key}}` may not be one of its `enum` values. Check it and "
        "return an error the agent can act on."
    ),
    "required-unchecked": (
        "`execute` uses `{{key}}` without checking it: the browser does not validate input "
        "against the schema, so `{{key}}` may not be present. Check it and return an error "
        "the agent can act on."
    ),
}


@check(messages=MESSAGES)
def execute_validate_input(model: FileModel, ctx: Context) -> None:
    for properties, reads, required in tools_reading_properties(model):
        for key, schema in properties.items():
            if schema.kind != "object":
                continue
            has_enum = schema.get("enum") is not None
            if not has_enum and (key not in required or schema.get("default") is not None):
                continue
            if not reads.unchecked(key, allow_default=True):
                continue
            message_id = "enum-unchecked" if has_enum else "required-unchecked"
            ctx.report(Span.of(reads.reads[key].node), message_id, key=key)
