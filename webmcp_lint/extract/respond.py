"""What a submit handler does with its event: its `SubmitEvent.respondWith()` calls and
when each runs, where it calls `preventDefault()`, hands the event on, or reads
`agentInvoked`. Facts of `SubmitHandler`, read by the respond-with rules.

Verified in Chromium 156: `respondWith()` throws InvalidStateError before
`preventDefault()`, when a person (not an agent) submitted the form, and once the event
has been dispatched: after awaiting a timer or a fetch, or in a `.then()` callback.
Awaiting an already settled value is fine (the microtasks run before dispatch ends).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from tree_sitter import Node

from webmcp_lint.model import Script
from webmcp_lint.model.forms import RespondWith
from webmcp_lint.syntax.nodes import (
    FUNCTION_TYPES,
    OPTIONAL_CHAIN,
    arguments,
    called_member,
    callee_name,
    descendants,
    enclosing_function,
    function_body,
    text,
    unwrap,
)

# Callbacks that run after the submit event has been dispatched.
DEFERRING_METHODS = frozenset({"then", "catch", "finally"})
DEFERRING_FUNCTIONS = frozenset(
    {"setTimeout", "setInterval", "requestAnimationFrame", "requestIdleCallback"}
)
_LITERALS = frozenset({"number", "string", "null", "undefined", "true", "false", "template_string"})


_AGENT_INVOKED = b"agentInvoked"


def handler_facts(function: Node, script: Script, event: str | None) -> dict[str, Any]:
    """The facts of a submit handler (`SubmitHandler` fields): its respondWith calls, and
    where it first prevents the default, passes the event on, mentions `agentInvoked`."""
    found: dict[str, Any] = {}
    own = list(calls(function))
    if event is not None:
        methods = [(call, event_method(call, function, script, event)) for call in own]
        found["respond_with"] = tuple(
            _timing(call, function) for call, method in methods if method == "respondWith"
        )
        found["prevents_at"] = next(
            (
                call.start_byte
                for call, method in methods
                if method == "preventDefault" and enclosing_function(call) == function
            ),
            None,
        )
        found["passes_event_at"] = next(
            (
                call.start_byte
                for call in own
                if any(
                    unwrap(argument).type == "identifier" and text(argument) == event
                    for argument in arguments(call)
                )
            ),
            None,
        )
    at = (function.text or b"").find(_AGENT_INVOKED)
    found["agent_invoked_end"] = function.start_byte + at + len(_AGENT_INVOKED) if at >= 0 else None
    return found


def calls(function: Node) -> Iterator[Node]:
    """The calls in a function's body, in order (an arrow's expression body included)."""
    body = function_body(function)
    if body is None:
        return
    if body.type == "call_expression":
        yield body
    yield from descendants(body, frozenset({"call_expression"}))


def event_method(call: Node, function: Node, script: Script, event: str) -> str | None:
    """The method name when `call` is `event.m(...)` or `event.nativeEvent.m(...)` on the
    handler's own event parameter."""
    member = called_member(call)
    if member is None:
        return None
    receiver, method = member
    receiver = unwrap(receiver)
    inner = receiver.child_by_field_name("object")
    native = text(receiver.child_by_field_name("property")) == "nativeEvent"
    if receiver.type == "member_expression" and inner is not None and native:
        receiver = unwrap(inner)
    if receiver.type != "identifier" or text(receiver) != event:
        return None
    binding = script.resolve(receiver)
    if binding is None or binding.kind != "param" or binding.function != function:
        return None
    return method


def _timing(call: Node, handler: Node) -> RespondWith:
    function = enclosing_function(call)
    if function is not None and function != handler:
        outer = function
        while True:
            parent = enclosing_function(outer)
            if parent is None or parent == handler:
                break
            outer = parent
        return RespondWith(call, "deferred" if _deferring(outer) else "unknown")
    awaited = next((a for a in _awaits(handler) if _dominates(a, call)), None)
    if awaited is not None:
        return RespondWith(call, "after-await", awaited)
    return RespondWith(call, "dispatch")


def _deferring(function: Node) -> bool:
    """Whether a function is a callback that runs after dispatch: `.then(cb)`,
    `setTimeout(cb)`, ..."""
    holder = function.parent
    call = holder.parent if holder is not None else None
    if call is None or call.type != "call_expression" or function not in arguments(call):
        return False
    name = callee_name(call)
    member = called_member(call)
    if member is not None and member[1] in DEFERRING_METHODS:
        target = unwrap(member[0])
        return not (target.type == "call_expression" and text(target).startswith("Promise.resolve"))
    return member is None and name in DEFERRING_FUNCTIONS


def _awaits(function: Node) -> Iterator[Node]:
    """The awaits of a function (not of functions inside it) that wait for real work."""
    body = function_body(function)
    if body is None:
        return
    for node in descendants(body, frozenset({"await_expression"})):
        if enclosing_function(node) != function:
            continue
        operand = next((c for c in node.named_children if c.type != "comment"), None)
        if operand is None:
            continue
        operand = unwrap(operand)
        if operand.type in _LITERALS:
            continue  # settles in a microtask: still during dispatch
        if operand.type == "call_expression" and text(operand).startswith("Promise.resolve("):
            args = arguments(operand)
            if not args or unwrap(args[0]).type in _LITERALS:
                continue
        yield node


def _conditional(parent: Node, child: Node) -> bool:
    """Whether `child` runs only sometimes when `parent` runs."""
    kind = parent.type
    if kind in ("if_statement", "ternary_expression"):
        return child != parent.child_by_field_name("condition")
    if kind == "binary_expression":
        operator = parent.child_by_field_name("operator")
        logical = operator is not None and text(operator) in ("&&", "||", "??")
        return logical and child == parent.child_by_field_name("right")
    if kind == "augmented_assignment_expression":
        operator = parent.child_by_field_name("operator")
        return operator is not None and text(operator) in ("&&=", "||=", "??=")
    return kind in (
        "else_clause",
        "switch_case",
        "switch_default",
        "catch_clause",
        "for_statement",
        "for_in_statement",
        "while_statement",
        *OPTIONAL_CHAIN,
    )


def _dominates(first: Node, later: Node) -> bool:
    """Whether `first` runs, and finishes, before `later` on every path to `later`."""
    if first.end_byte > later.start_byte:
        return False
    child = first
    node = first.parent
    while node is not None:
        if node.start_byte <= later.start_byte and later.end_byte <= node.end_byte:
            if node.type in ("if_statement", "ternary_expression"):
                return child == node.child_by_field_name("condition")
            if node.type == "binary_expression":
                return child == node.child_by_field_name("left")
            return True
        if _conditional(node, child) or node.type in FUNCTION_TYPES:
            return False
        child, node = node, node.parent
    return False
