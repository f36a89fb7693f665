"""An input schema whose root is not an object."""

from __future__ import annotations

from webmcp_lint.checks import Context, check
from webmcp_lint.checks._schema_json import JSON_TYPES, schema_tools, type_names
from webmcp_lint.checks._util import head_span
from webmcp_lint.model import FileModel
from webmcp_lint.workspace.source import Span

MESSAGES = {
    "object-keyword-without-object-type": (
        'The input schema has `{{keyword}}` but no `type: "object"`: the tool\'s input is '
        "always an object, and some agents only read `properties` under an object type. Add "
        '`type: "object"`.'
    ),
    # Verified in Chromium 156 (tests/browser/test_facts_tools.py).
    "array-root-type": (
        'The input schema\'s root type is "{{types}}": `executeTool` passes an array on to '
        "`execute`, but DevTools' `WebMCP.invokeTool` refuses one and MCP tool calls carry an "
        'object, so agents on those routes cannot call this tool. Use `type: "object"` and '
        "put the list in a named property."
    ),
    "bare-value-root-type": (
        'The input schema\'s root type is "{{types}}", a bare value no agent can send: '
        "Chromium refuses every input that is not an object (`TypeError: invalid input "
        'object`). Use `type: "object"` and put the value in a named property.'
    ),
}


@check(messages=MESSAGES)
def input_schema_root(model: FileModel, ctx: Context) -> None:
    seen: set[Span] = set()
    for _tool, schema in schema_tools(model):
        if schema.span in seen:
            continue
        seen.add(schema.span)
        declared = schema.get("type")
        if declared is None:
            if not schema.complete:
                continue
            shaped = [
                k for k in ("properties", "required", "additionalProperties") if k in schema.entries
            ]
            if shaped:
                ctx.report(
                    head_span(model.source, schema.span),
                    "object-keyword-without-object-type",
                    keyword=shaped[0],
                )
            continue
        types = type_names(declared)
        if types is None or any(t not in JSON_TYPES for t in types) or "object" in types:
            continue  # unknown, or invalid (input-schema-valid reports it), or fine
        message_id = "array-root-type" if "array" in types else "bare-value-root-type"
        ctx.report(declared.span, message_id, types=", ".join(types))
