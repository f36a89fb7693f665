"""Where an expression sits: its statement, whether it is written to, whether it is the
test of a guard. Shared by the API rules."""

from __future__ import annotations

from tree_sitter import Node

from webmcp_lint.syntax.nodes import FUNCTION_TYPES, ancestors, callee_name, text

_TRANSPARENT = frozenset(
    {"parenthesized_expression", "non_null_expression", "as_expression", "satisfies_expression"}
)
_STATEMENT_BOUNDARIES = FUNCTION_TYPES | {"program", "statement_block", "class_body"}


def outermost(node: Node) -> Node:
    """`node` with the parentheses, casts and non-null assertions around it."""
    while node.parent is not None and node.parent.type in _TRANSPARENT:
        node = node.parent
    return node


def statement_of(node: Node) -> Node:
    """The statement or declaration `node` is part of (an arrow function's expression
    body counts as a statement of its own)."""
    current = node
    while current.parent is not None:
        parent = current.parent
        if parent.type.endswith(("statement", "declaration")):
            return parent
        if parent.type in _STATEMENT_BOUNDARIES:
            return current
        current = parent
    return current


def is_written(node: Node) -> bool:
    """Whether an expression is assigned to (`x.y = ...`) or deleted (`delete x.y`): the
    code installs or removes something rather than using it."""
    node = outermost(node)
    parent = node.parent
    if parent is None:
        return False
    if parent.type in ("assignment_expression", "augmented_assignment_expression"):
        return parent.child_by_field_name("left") == node
    if parent.type == "unary_expression":
        operator = parent.child_by_field_name("operator")
        return operator is not None and text(operator) == "delete"
    return False


# Test assertions that expect the code inside them to throw or reject: code there is
# wrong on purpose (web-platform-tests, Node's assert, Jest/Vitest, Chai, AVA).
_FAILURE_ASSERTIONS = frozenset(
    {
        "assert_throws_js",
        "assert_throws_dom",
        "assert_throws_exactly",
        "promise_rejects_js",
        "promise_rejects_dom",
        "promise_rejects_exactly",
        "throws",
        "rejects",
        "throwsAsync",
    }
)
_FAILURE_MATCHERS = frozenset(
    {"toThrow", "toThrowError", "rejects", "throw", "throws", "rejectedWith", "toReject"}
)


def expects_failure(node: Node) -> bool:
    """Whether `node` is inside a test assertion that expects it to throw or reject:
    `assert_throws_js(TypeError, () => ...)`, `expect(() => ...).toThrow()`,
    `await expect(...).rejects.toThrow()`, `assert.rejects(...)`."""
    for ancestor in ancestors(node):
        if ancestor.type != "call_expression":
            continue
        name = callee_name(ancestor)
        if name in _FAILURE_ASSERTIONS:
            return True
        if name == "expect" and _chained_names(ancestor) & _FAILURE_MATCHERS:
            return True
    return False


def _chained_names(call: Node) -> set[str]:
    """The property names read off a call's result: `.rejects.toThrow` of `expect(x)`."""
    names = set()
    node = call
    while node.parent is not None and node.parent.type in ("member_expression", "call_expression"):
        node = node.parent
        if node.type == "member_expression":
            prop = node.child_by_field_name("property")
            if prop is not None:
                names.add(text(prop))
    return names
