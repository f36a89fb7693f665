"""A tool's `outputSchema` (Chrome 159+) that is not a schema object, is not valid JSON
Schema, or does not describe an object: the checks an input schema gets, on the schema of
the result."""

from __future__ import annotations

from webmcp_lint.checks import Context, check
from webmcp_lint.checks._schema_json import JSON_TYPES, meta_errors, not_a_schema, type_names
from webmcp_lint.checks._util import head_span
from webmcp_lint.model import FileModel, Value
from webmcp_lint.workspace.source import Span

MESSAGES = {
    "output-schema-not-an-object": (
        "`outputSchema` is {{what}}, but it must be a JSON Schema object: it is an `object` "
        "member of the tool (Chrome 159 and later, spec PR #254), so registerTool rejects it "
        "with a TypeError there and the tool is not registered (Chrome before 159 ignores "
        "`outputSchema`). Pass the schema object itself."
    ),
    # `problem` is what the meta-schema rejects, in words (`_schema_json.meta_errors`).
    "invalid-output-schema": (
        "{{problem}} Agents read the output schema to understand the result (Chrome 159 and "
        "later pass it on), and cannot rely on one that is not valid."
    ),
    "properties-without-object-type": (
        'The output schema has `properties` but no `type: "object"`: agents and MCP clients '
        "that read `properties` only under an object type see no result fields. Add "
        '`type: "object"`.'
    ),
    "root-not-object": (
        'The output schema\'s root type is "{{types}}": a structured result is an object '
        "(MCP's `structuredContent`), and an agent or MCP client that hands the tool on "
        'refuses an output schema that does not describe one. Use `type: "object"` and put '
        "the value in a named property."
    ),
}


@check(messages=MESSAGES)
def output_schema_valid(model: FileModel, ctx: Context) -> None:
    seen: set[Span] = set()
    for tool in model.tools:
        schema = tool.output_schema
        # Only registerTool's own: a library may not hand `outputSchema` on (MCP-B's is
        # an option of its own), and a form has none.
        if schema is None or tool.kind != "imperative" or tool.script is None:
            continue
        if schema.span in seen:
            continue
        seen.add(schema.span)
        shown = not_a_schema(schema, tool.script)
        if shown is not None:
            ctx.report(schema.span, "output-schema-not-an-object", what=shown)
            continue
        if schema.kind != "object":
            continue
        errors = list(meta_errors(schema, "outputSchema"))
        for target, message in errors:
            ctx.report(
                head_span(model.source, target.span), "invalid-output-schema", problem=message
            )
        _root(model, ctx, schema)


def _root(model: FileModel, ctx: Context, schema: Value) -> None:
    """A root that does not describe an object (input-schema-root's check)."""
    declared = schema.get("type")
    if declared is None:
        if schema.complete and "properties" in schema.entries:
            ctx.report(head_span(model.source, schema.span), "properties-without-object-type")
        return
    types = type_names(declared)
    if types is None or any(t not in JSON_TYPES for t in types) or "object" in types:
        return  # unknown, or invalid (reported above), or fine
    ctx.report(declared.span, "root-not-object", types=", ".join(types))
