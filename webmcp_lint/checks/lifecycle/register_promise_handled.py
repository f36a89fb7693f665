"""The promise `registerTool()` returns, dropped without a rejection handler."""

from __future__ import annotations

from tree_sitter import Node

from webmcp_lint.checks import Context, check
from webmcp_lint.model import FileModel
from webmcp_lint.syntax.nodes import arguments, property_name, text

MESSAGES = {
    "registration-promise-dropped": (
        "The promise `registerTool()` returns is dropped: when registration fails (duplicate "
        "or invalid name, policy, aborted signal) nothing notices and the tool is silently "
        "missing. `await` it in a `try`/`catch`, or add `.catch(...)`."
    ),
}


@check(messages=MESSAGES)
def register_promise_handled(model: FileModel, ctx: Context) -> None:
    for use in model.api_uses:
        if use.root != "document" or use.path != ("modelContext", "registerTool"):
            continue
        if use.call is None or not use.analysable:
            continue
        if not _discarded(use.call):
            continue
        ctx.report(use.span, "registration-promise-dropped")


def _discarded(call: Node) -> bool:
    """Whether a promise-valued expression ends up as a bare statement, with no `await`,
    `return`, `.catch()`, two-argument `.then()`, `void`, or use as a value."""
    node = call
    while True:
        parent = node.parent
        if parent is None:
            return False
        kind = parent.type
        if kind in ("parenthesized_expression", "as_expression", "non_null_expression"):
            node = parent
            continue
        if kind == "member_expression" and parent.child_by_field_name("object") == node:
            method = property_name(parent)
            chained = parent.parent
            if chained is None or chained.type != "call_expression":
                return False
            if method == "catch" or (method == "then" and len(arguments(chained)) >= 2):
                return False
            if method not in ("then", "finally"):
                return False
            node = chained
            continue
        if kind == "binary_expression" and parent.child_by_field_name("right") == node:
            if text(parent.child_by_field_name("operator")) in ("&&", "||", "??"):
                node = parent
                continue
            return False
        if kind == "ternary_expression" and parent.child_by_field_name("condition") != node:
            node = parent
            continue
        if kind == "sequence_expression":
            node = parent
            continue
        return kind == "expression_statement"
