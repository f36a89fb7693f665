"""Whether a statement can finish normally (run on to the next statement), for the
function facts: where a function ends without a value.

Three answers: `NORMAL` (some path certainly runs on: an `if` without `else`, a loop
that ends, a `catch` that does not return), `RETURNS` (every path returns or throws),
`BREAKS` (every path leaves by `return`, `throw`, `break` or `continue`, and some by a
`break` or `continue`), and `UNKNOWN` (an endless loop, a call that looks like it
never returns, nesting deeper than `MAX_DEPTH`). Only `NORMAL` lets a rule conclude.
"""

from __future__ import annotations

import re
from typing import Literal

from tree_sitter import Node

from webmcp_lint import LazyPattern
from webmcp_lint.syntax.nodes import text, unwrap

Completion = Literal["normal", "returns", "breaks", "unknown"]
NORMAL: Completion = "normal"
RETURNS: Completion = "returns"
BREAKS: Completion = "breaks"
UNKNOWN: Completion = "unknown"
MAX_DEPTH = 64
LOOPS = frozenset({"for_statement", "for_in_statement", "while_statement", "do_statement"})
# Calls named like helpers that never return (`assertNever(x)`, `fail("...")`).
_ENDING_CALL = LazyPattern(
    r"(?:throw|fail|panic|unreachable|assertNever|assertUnreachable|exhaustive|abort|exit|die|bail)",
    re.IGNORECASE,
)


def block_completion(statements: list[Node], depth: int = 0) -> Completion:
    """How a list of statements finishes: the first that never runs on decides."""
    if depth > MAX_DEPTH:
        return UNKNOWN
    unknown = False
    for statement in statements:
        found = statement_completion(statement, depth + 1)
        if found in (RETURNS, BREAKS):
            return UNKNOWN if unknown else found
        unknown = unknown or found == UNKNOWN
    return UNKNOWN if unknown else NORMAL


def statement_completion(node: Node, depth: int = 0) -> Completion:
    kind = node.type
    if depth > MAX_DEPTH:
        return UNKNOWN
    if kind in ("return_statement", "throw_statement"):
        return RETURNS
    if kind in ("break_statement", "continue_statement"):
        return BREAKS
    if kind == "statement_block":
        return block_completion(_statements(node), depth)
    if kind == "if_statement":
        return _if_completion(node, depth)
    if kind == "try_statement":
        return _try_completion(node, depth)
    if kind == "switch_statement":
        return _switch_completion(node, depth)
    if kind in LOOPS:
        return UNKNOWN if _endless(node) else NORMAL
    if kind == "labeled_statement":
        body = node.child_by_field_name("body")
        return UNKNOWN if body is None else _after_label(statement_completion(body, depth + 1))
    if kind == "expression_statement":
        return UNKNOWN if _ending_call(node) else NORMAL
    return NORMAL


def _statements(block: Node) -> list[Node]:
    return [child for child in block.named_children if child.type != "comment"]


def _combine(first: Completion, second: Completion) -> Completion:
    """Two alternative paths: one that runs on is enough."""
    if NORMAL in (first, second):
        return NORMAL
    if UNKNOWN in (first, second):
        return UNKNOWN
    return BREAKS if BREAKS in (first, second) else RETURNS


def _if_completion(node: Node, depth: int) -> Completion:
    consequence = node.child_by_field_name("consequence")
    alternative = node.child_by_field_name("alternative")
    then = statement_completion(consequence, depth + 1) if consequence is not None else UNKNOWN
    if alternative is None:
        return _combine(then, NORMAL)
    branch = next((c for c in alternative.named_children if c.type != "comment"), None)
    otherwise = statement_completion(branch, depth + 1) if branch is not None else NORMAL
    return _combine(then, otherwise)


def _try_completion(node: Node, depth: int) -> Completion:
    body = node.child_by_field_name("body")
    handler = node.child_by_field_name("handler")
    finalizer = node.child_by_field_name("finalizer")
    if finalizer is not None:
        block = finalizer.child_by_field_name("body")
        after = block_completion(_statements(block), depth + 1) if block is not None else NORMAL
        if after != NORMAL:
            return after
    tried = block_completion(_statements(body), depth + 1) if body is not None else NORMAL
    if handler is None:
        return tried
    block = handler.child_by_field_name("body")
    caught = block_completion(_statements(block), depth + 1) if block is not None else NORMAL
    return _combine(tried, caught)


def _switch_completion(node: Node, depth: int) -> Completion:
    body = node.child_by_field_name("body")
    if body is None:
        return UNKNOWN
    clauses = [c for c in body.named_children if c.type in ("switch_case", "switch_default")]
    if not any(c.type == "switch_default" for c in clauses):
        return NORMAL  # a value no case matches runs on
    result: Completion = RETURNS
    last: Completion = NORMAL
    for clause in clauses:
        last = block_completion(clause.children_by_field_name("body"), depth + 1)
        if last == BREAKS:
            return NORMAL
        if last == UNKNOWN:
            result = UNKNOWN
    if last == NORMAL:
        return NORMAL  # the last clause runs on out of the switch
    return result


def _after_label(found: Completion) -> Completion:
    """`label: { ... break label; }` runs on after the label."""
    return NORMAL if found == BREAKS else found


def _endless(loop: Node) -> bool:
    """`while (true)`, `for (;;)`, `do ... while (true)`: it ends only by leaving."""
    condition = loop.child_by_field_name("condition")
    if loop.type == "for_statement":
        return condition is None or condition.type == "empty_statement" or _true(condition)
    return condition is not None and _true(condition)


def _true(condition: Node) -> bool:
    node = unwrap(condition)
    if node.type == "expression_statement" and node.named_children:
        node = unwrap(node.named_children[0])
    return node.type == "true" or (node.type == "number" and text(node) not in ("0", "0.0"))


def _ending_call(statement: Node) -> bool:
    expression = next((c for c in statement.named_children if c.type != "comment"), None)
    if expression is None:
        return False
    expression = unwrap(expression)
    if expression.type == "await_expression" and expression.named_children:
        expression = unwrap(expression.named_children[0])
    if expression.type != "call_expression":
        return False
    function = expression.child_by_field_name("function")
    if function is None:
        return False
    function = unwrap(function)
    name = (
        function.child_by_field_name("property")
        if function.type == "member_expression"
        else function
    )
    return name is not None and _ENDING_CALL.compiled.match(text(name)) is not None
