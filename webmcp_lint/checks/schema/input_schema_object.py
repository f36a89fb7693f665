"""An `inputSchema` that is not an object (a JSON string, a number, null...)."""

from __future__ import annotations

from webmcp_lint.checks import Context, check
from webmcp_lint.checks._fixes import without_stringify, written_as_member
from webmcp_lint.checks._schema_json import not_a_schema
from webmcp_lint.checks._util import registered_tools
from webmcp_lint.diagnostics import Fix
from webmcp_lint.model import FileModel, Script, Value

MESSAGES = {
    "schema-not-an-object": (
        "`inputSchema` is {{what}}, but it must be a JSON Schema object: registerTool rejects "
        "it with a TypeError. Pass the schema object itself (not `JSON.stringify(...)`)."
    ),
}


@check(messages=MESSAGES)
def input_schema_object(model: FileModel, ctx: Context) -> None:
    for tool in registered_tools(model.tools):
        schema = tool.input_schema
        if schema is None or tool.script is None:
            continue
        shown = not_a_schema(schema, tool.script)
        if shown is not None:
            ctx.report(
                schema.span,
                "schema-not-an-object",
                fix=_pass_the_schema(schema, tool.script),
                what=shown,
            )


def _pass_the_schema(schema: Value, script: Script) -> Fix | None:
    """`inputSchema: JSON.stringify(s)` written in the tool becomes `inputSchema: s`."""
    if schema.node is None or not written_as_member(schema.node, "inputSchema"):
        return None
    edit = without_stringify(schema.node, script)
    return Fix("Pass the schema object, not its JSON", (edit,)) if edit is not None else None
