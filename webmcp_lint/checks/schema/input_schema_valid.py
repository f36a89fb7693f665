"""An input schema that is not valid JSON Schema (checked against its draft's meta-schema)."""

from __future__ import annotations

from collections.abc import Iterator

from webmcp_lint.checks import Context, check
from webmcp_lint.checks._schema_json import meta_errors
from webmcp_lint.checks._util import head_span, registered_tools
from webmcp_lint.model import FileModel, Value
from webmcp_lint.workspace.source import Span

MESSAGES = {
    "schema-is-array": (
        "`inputSchema` is an array, not a JSON Schema: Chrome accepts it but the agent gets no "
        'parameters it can use. Write `{ type: "object", properties: { ... } }`.'
    ),
    # `problem` is what the meta-schema rejects, in words (`_schema_json.meta_errors`).
    "invalid-schema": (
        "{{problem}} Chrome does not check the schema, so the agent receives it as written."
    ),
}


@check(messages=MESSAGES)
def input_schema_valid(model: FileModel, ctx: Context) -> None:
    seen: set[Span] = set()
    for schema in _candidate_schemas(model):
        if schema.span in seen:
            continue
        seen.add(schema.span)
        if schema.kind == "array":
            ctx.report(head_span(model.source, schema.span), "schema-is-array")
            continue
        for target, message in meta_errors(schema, "inputSchema"):
            ctx.report(head_span(model.source, target.span), "invalid-schema", problem=message)


def _candidate_schemas(model: FileModel) -> Iterator[Value]:
    for tool in registered_tools(model.tools):
        schema = tool.input_schema
        if schema is not None and schema.kind in ("object", "array"):
            yield schema
