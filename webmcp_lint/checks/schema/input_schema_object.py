"""An `inputSchema` that is not an object (a JSON string, a number, null...)."""

from __future__ import annotations

from webmcp_lint.checks import Context, check
from webmcp_lint.checks._fixes import without_stringify, written_as_member
from webmcp_lint.checks._util import is_json_stringify, registered_tools
from webmcp_lint.diagnostics import Fix
from webmcp_lint.model import FileModel, Script, Value

# inputSchema values registerTool rejects with a TypeError, as the message names them.
NOT_A_SCHEMA = {
    "string": "a JSON string",
    "number": "a number",
    "boolean": "a boolean",
    "null": "null",
    "function": "a function",
}


@check()
def input_schema_object(model: FileModel, ctx: Context) -> None:
    for tool in registered_tools(model.tools):
        schema = tool.input_schema
        if schema is None or tool.script is None:
            continue
        stringified = schema.node is not None and is_json_stringify(schema.node, tool.script)
        if schema.kind in NOT_A_SCHEMA or stringified:
            shown = "a JSON string" if stringified else NOT_A_SCHEMA[schema.kind]
            ctx.report(
                schema.span,
                f"`inputSchema` is {shown}, but it must be a JSON Schema object: "
                "registerTool rejects it with a TypeError. Pass the schema object itself "
                "(not `JSON.stringify(...)`).",
                fix=_pass_the_schema(schema, tool.script),
            )


def _pass_the_schema(schema: Value, script: Script) -> Fix | None:
    """`inputSchema: JSON.stringify(s)` written in the tool becomes `inputSchema: s`."""
    if schema.node is None or not written_as_member(schema.node, "inputSchema"):
        return None
    edit = without_stringify(schema.node, script)
    return Fix("Pass the schema object, not its JSON", (edit,)) if edit is not None else None
