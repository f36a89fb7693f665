"""`navigator.modelContext`, removed in Chrome 152: use `document.modelContext`."""

from __future__ import annotations

from tree_sitter import Node

from webmcp_lint.checks import Context, check
from webmcp_lint.diagnostics import Edit, Fix
from webmcp_lint.model import FileModel
from webmcp_lint.source import Span
from webmcp_lint.syntax.nodes import text, unwrap


@check()
def no_navigator_model_context(model: FileModel, ctx: Context) -> None:
    for use in model.api_uses:
        if use.root != "navigator" or use.path != ("modelContext",):
            continue
        if use.in_check:
            message = (
                "`'modelContext' in navigator` is always false since Chrome 152, so the "
                "guarded code never runs: test `'modelContext' in document` instead."
            )
        else:
            message = (
                "`navigator.modelContext` was removed in Chrome 152, so this code silently "
                "registers nothing: use `document.modelContext`."
            )
        ctx.report(use.span, message, fix=_document_fix(use.node))


def _document_fix(node: Node) -> Fix | None:
    """Replace the `navigator` identifier or property with `document`."""
    target = node.child_by_field_name("right") or node.child_by_field_name("object")
    if target is None:
        return None
    target = unwrap(target)
    if target.type == "member_expression":
        target = target.child_by_field_name("property") or target
    if text(target) != "navigator":
        return None
    return Fix("Use document.modelContext", (Edit(Span.of(target), "document"),))
