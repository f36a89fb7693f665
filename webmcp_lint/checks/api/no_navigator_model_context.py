"""`navigator.modelContext`, removed in Chrome 152: use `document.modelContext`.

One finding per mistake: every reach into `navigator.modelContext` in one statement (and
in the code an `if` on it guards) is reported once, at the first, with the others as
related locations and one fix for all of them.
"""

from __future__ import annotations

import re

from tree_sitter import Node

from webmcp_lint.checks import Context, check
from webmcp_lint.checks._expressions import is_written, outermost, statement_of
from webmcp_lint.diagnostics import Edit, Fix, Related
from webmcp_lint.model import ApiUse, FileModel, Script
from webmcp_lint.source import Span
from webmcp_lint.syntax.nodes import descendants, property_name, text, unwrap

THROWS = (
    "`navigator.modelContext` is undefined since Chrome 152, so this call throws a "
    "TypeError and the tools are never registered: use `document.modelContext`."
)
UNDEFINED = (
    "`navigator.modelContext` is undefined since Chrome 152, so code that reaches WebMCP "
    "through it silently does nothing: use `document.modelContext`."
)
IN_CHECK = (
    "`'modelContext' in navigator` is always false since Chrome 152, so the guarded code "
    "never runs: test `'modelContext' in document` instead."
)
DEAD_FALLBACK = (
    "The `navigator.modelContext` fallback is dead code: Chrome 152 removed it and every "
    "browser with WebMCP has `document.modelContext`. Remove the fallback."
)
IN_NEGATED_CHECK = (
    "`'modelContext' in navigator` is always false since Chrome 152, so this code always "
    "takes the path for browsers without WebMCP: test `'modelContext' in document` instead."
)
POLYFILLED = (
    "`navigator.modelContext` comes from the WebMCP polyfill this project loads "
    "(@mcp-b/global); Chrome's own API is `document.modelContext`, which the polyfill also "
    "sets from version 3.0: use it, so the tools reach Chrome's agent without the polyfill."
)
# A file that installs `navigator.modelContext` (a polyfill, a test's fake) provides it.
_DEFINES = re.compile(
    rb"defineProperty\(\s*(?:window\.|globalThis\.)?navigator\s*,\s*[\"']modelContext"
)
_FALLBACK_OPERATORS = ("??", "||")


@check()
def no_navigator_model_context(model: FileModel, ctx: Context) -> None:
    reaches = [u for u in model.api_uses if u.root == "navigator" and u.path == ("modelContext",)]
    if any(is_written(use.node) for use in reaches) or _DEFINES.search(model.source.text):
        return  # the file installs navigator.modelContext: it provides it, not uses it
    uses = sorted(reaches, key=lambda u: u.node.start_byte)
    if not uses:
        return
    polyfilled = model.functions.polyfilled()
    if polyfilled:
        # One migration for the whole file: every reach is the same root cause.
        edits = tuple(edit for use in uses if (edit := _document_edit(use.node)) is not None)
        migrate = Fix("Use document.modelContext", edits, "unsafe") if edits else None
        related = [Related(u.span, "`navigator.modelContext` here too") for u in uses[1:]]
        ctx.report(uses[0].span, POLYFILLED, fix=migrate, related=related, severity="warning")
        return
    for group in _groups(uses):
        first = group[0]
        related = [Related(u.span, "`navigator.modelContext` here too") for u in group[1:]]
        if all(_is_fallback(use.node, use.script) for use in group):
            removable = _removable_fallback(first.node) if len(group) == 1 else None
            remove = Fix("Remove the fallback", (Edit(removable, ""),)) if removable else None
            ctx.report(first.span, DEAD_FALLBACK, fix=remove, related=related, severity="warning")
            continue
        edits = tuple(edit for use in group if (edit := _document_edit(use.node)) is not None)
        fix = Fix("Use document.modelContext", edits) if edits else None
        ctx.report(first.span, _message(first), fix=fix, related=related)


def _message(use: ApiUse) -> str:
    if use.in_check:
        return IN_NEGATED_CHECK if _negated(use.node) else IN_CHECK
    return THROWS if _called_through(use.node) else UNDEFINED


def _negated(check: Node) -> bool:
    node = outermost(check)
    parent = node.parent
    return (
        parent is not None
        and parent.type == "unary_expression"
        and text(parent.child_by_field_name("operator")) == "!"
    )


def _groups(uses: list[ApiUse]) -> list[list[ApiUse]]:
    """Uses grouped by statement; the statements an `if` on `navigator` guards join the
    group of its condition."""
    groups: dict[int, list[ApiUse]] = {}
    for use in sorted(uses, key=lambda u: u.node.start_byte):
        statement = statement_of(use.node)
        key = statement.id
        guard = _guarding_if(statement, groups)
        if guard is not None:
            key = guard
        groups.setdefault(key, []).append(use)
    return list(groups.values())


def _guarding_if(statement: Node, groups: dict[int, list[ApiUse]]) -> int | None:
    """The id of an enclosing `if` statement whose condition already has a group."""
    node = statement.parent
    while node is not None:
        if node.type == "if_statement" and node.id in groups:
            return node.id
        node = node.parent
    return None


def _called_through(member: Node) -> bool:
    """`navigator.modelContext.x(...)` (or a call of it): the call throws a TypeError. An
    optional chain (`?.`) stops at the undefined and throws nothing."""
    node = member
    parent = node.parent
    while parent is not None and parent.type in (
        "parenthesized_expression",
        "non_null_expression",
        "as_expression",
    ):
        node, parent = parent, parent.parent
    if parent is None:
        return False
    if parent.type == "call_expression":
        return parent.child_by_field_name("function") == node
    if parent.type not in ("member_expression", "subscript_expression"):
        return False
    if parent.child_by_field_name("object") != node or _optional(parent):
        return False
    call = parent.parent
    return call is not None and call.type == "call_expression"


def _optional(member: Node) -> bool:
    return any(child.type == "optional_chain" for child in member.children)


def _is_fallback(member: Node, script: Script) -> bool:
    """Whether `navigator.modelContext` is only reached when `document.modelContext` is
    missing: on the right of `document.modelContext ?? ...` (or `||`), or after an early
    `if (<document's context>) return ...;`."""
    node = outermost(member)
    while node.parent is not None:
        parent = node.parent
        if parent.type == "binary_expression" and parent.child_by_field_name("right") == node:
            operator = parent.child_by_field_name("operator")
            left = parent.child_by_field_name("left")
            if (
                operator is not None
                and text(operator) in _FALLBACK_OPERATORS
                and left is not None
                and _mentions_document_context(left, script)
            ):
                return True
        if parent.type in ("statement_block", "program"):
            return _after_document_return(node, script)
        node = parent
    return False


def _after_document_return(statement: Node, script: Script) -> bool:
    sibling = statement.prev_named_sibling
    while sibling is not None:
        if sibling.type == "if_statement":
            condition = sibling.child_by_field_name("condition")
            consequence = sibling.child_by_field_name("consequence")
            if (
                condition is not None
                and consequence is not None
                and _returns(consequence)
                and _mentions_document_context(condition, script)
            ):
                return True
        sibling = sibling.prev_named_sibling
    return False


def _returns(statement: Node) -> bool:
    if statement.type == "return_statement":
        return True
    return statement.type == "statement_block" and any(
        child.type == "return_statement" for child in statement.named_children
    )


def _mentions_document_context(node: Node, script: Script) -> bool:
    """`document.modelContext` in `node`, directly or through a same-file `const`."""
    for part in (node, *descendants(node)):
        if part.type in ("member_expression", "subscript_expression") and _is_document_context(
            part
        ):
            return True
        if part.type == "identifier":
            value = script.constant(part)
            if value is not None and _is_document_context(value):
                return True
    return False


def _removable_fallback(member: Node) -> Span | None:
    """For `document.modelContext ?? navigator.modelContext` (or `||`): the text to delete
    to leave only the document's, else None."""
    node = outermost(member)
    parent = node.parent
    if parent is None or parent.type != "binary_expression":
        return None
    left = parent.child_by_field_name("left")
    if parent.child_by_field_name("right") != node or left is None:
        return None
    return Span(left.end_byte, node.end_byte) if _is_document_context(left) else None


def _is_document_context(node: Node) -> bool:
    node = unwrap(node)
    if node.type not in ("member_expression", "subscript_expression"):
        return False
    target = node.child_by_field_name("object")
    return (
        property_name(node) == "modelContext"
        and target is not None
        and text(unwrap(target)).split(".")[-1] == "document"
    )


def _document_edit(node: Node) -> Edit | None:
    """Replace the `navigator` identifier or property with `document`."""
    target = node.child_by_field_name("right") or node.child_by_field_name("object")
    if target is None:
        return None
    target = unwrap(target)
    if target.type == "member_expression":
        target = target.child_by_field_name("property") or target
    if text(target) != "navigator":
        return None
    return Edit(Span.of(target), "document")
