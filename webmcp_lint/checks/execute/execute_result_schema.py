"""`execute` returns a literal of another type than its tool's `outputSchema` (Chrome 159+)
says the result is."""

from __future__ import annotations

from tree_sitter import Node

from webmcp_lint.checks import Context, check
from webmcp_lint.checks._schema_json import JSON_TYPES, type_names
from webmcp_lint.checks._util import head_span, is_json_stringify
from webmcp_lint.diagnostics import Related
from webmcp_lint.model import FileModel, Script
from webmcp_lint.syntax.nodes import text, unwrap
from webmcp_lint.workspace.source import Span

# How a message names each JSON type.
NAMED = {
    "string": "a string",
    "number": "a number",
    "integer": "an integer",
    "boolean": "a boolean",
    "array": "an array",
    "object": "an object",
    "null": "null",
}


MESSAGES = {
    "result-type-mismatch": (
        "`execute` returns {{returned}} here, but its `outputSchema` says the result is "
        "{{expected}}: an agent that reads the schema (Chrome 159 and later pass it on) "
        "misreads this result. Return what the schema describes, or make the schema say "
        "what is returned."
    ),
}


@check(messages=MESSAGES)
def execute_result_schema(model: FileModel, ctx: Context) -> None:
    seen: set[int] = set()
    for tool in model.tools:
        schema = tool.output_schema
        if schema is None or schema.kind != "object" or tool.kind != "imperative":
            continue
        declared = schema.get("type")
        types = type_names(declared) if declared is not None else None
        if declared is None or not types or any(t not in JSON_TYPES for t in types):
            continue
        facts = model.functions.of_tool(tool)
        if facts is None:
            continue
        related = [Related(head_span(model.source, declared.span), "the output schema's type")]
        for returned in facts.returns:
            found = _literal(returned, facts.script)
            if found is None or returned.id in seen:
                continue
            kind, shown = found
            if _fits(kind, returned, types):
                continue
            seen.add(returned.id)
            expected = " or ".join(NAMED[t] for t in types)
            ctx.report(
                head_span(model.source, Span.of(returned)),
                "result-type-mismatch",
                related=related,
                returned=shown,
                expected=expected,
            )


def _literal(node: Node, script: Script) -> tuple[str, str] | None:
    """The JSON type of a returned literal and how a message names it; None when the
    value is not visible in the code."""
    node = unwrap(node)
    kind = node.type
    if kind in ("string", "template_string"):
        return "string", "a string"
    if kind == "number":
        return "number", f"the number {text(node)}"
    if kind in ("true", "false"):
        return "boolean", "a boolean"
    if kind == "null":
        return "null", "null"
    if kind == "object":
        return "object", "an object"
    if kind == "array":
        return "array", "an array"
    if kind == "call_expression" and is_json_stringify(node, script):
        return "string", "a JSON string"
    return None


def _fits(kind: str, node: Node, types: list[str]) -> bool:
    if kind in types:
        return True
    if kind == "number" and "integer" in types:
        try:
            return float(text(unwrap(node)).replace("_", "")).is_integer()
        except ValueError:
            return True  # a literal the linter does not read (0x1F, 1n): not judged
    return False
