"""How long a registered tool lives: the signal its registration passes, the
`AbortController` that signal comes from, and where that controller is aborted.

The browser unregisters a tool when its signal aborts, and rejects a registration whose
signal is already aborted (`AbortError`, observed in Chromium 156).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from tree_sitter import Node

from webmcp_lint.extract.body import static_call
from webmcp_lint.extract.semantic import semantic_model
from webmcp_lint.model import Script, ToolDefinition
from webmcp_lint.syntax.nodes import (
    ancestors,
    enclosing_function,
    property_name,
    unwrap,
)

# How many `const` aliases are followed from `signal` to its controller.
MAX_ALIAS_DEPTH = 3
_PROPERTY_NAMES = frozenset({"property_identifier", "private_property_identifier"})


@dataclass(frozen=True)
class Controller:
    """Where a registration's signal comes from: `controller.signal`.

    `root` is the identifier the controller expression starts from, or None for `this`;
    `path` the properties read after it (`()` for `ac`, `("ac",)` for `this.ac`,
    `("current",)` for `ref.current`).
    """

    root: Node | None
    path: tuple[str, ...]
    expression: Node


# "none": certainly no signal; "aborted": a signal aborted from the start
# (`AbortSignal.abort()`); a Controller; None when it cannot be told.
RegistrationSignal = Literal["none", "aborted"] | Controller | None


def registration_signal(tool: ToolDefinition, script: Script) -> RegistrationSignal:
    """The signal a registration passes in its options."""
    options = tool.options
    if options is None or options.kind in ("undefined", "null"):
        return "none"
    if options.kind != "object":
        return None
    entry = options.entry("signal")
    if entry is None:
        return "none" if options.complete else None
    value = entry.value
    if value.kind in ("undefined", "null"):
        return "none"
    if value.node is None:
        return None
    if static_call(script, value.node, "AbortSignal", "abort"):  # aborted from the start
        return "aborted"
    return _controller(value.node, script, 0)


def unregistered_between(
    tool: ToolDefinition, script: Script, source: bytes, start: int, end: int
) -> bool:
    """Whether the tool is certainly not registered by the time code at `end` runs, as
    far as the code between `start` and `end` shows: its controller is aborted there
    (or may be: an abort anywhere between counts), or its signal was aborted before it
    was registered, so the registration failed."""
    signal = registration_signal(tool, script)
    if signal == "aborted":
        return True
    if not isinstance(signal, Controller) or tool.call is None:
        return False
    if _aborts(signal, script, source, start, end):
        return True
    return _aborted_before(signal, script, source, tool.call)


def controller_mentions(
    controller: Controller,
    script: Script,
    source: bytes,
    start: int,
    end: int,
    scope: Node | None = None,
) -> list[Node]:
    """Every expression of the script between `start` and `end` that denotes the same
    controller: `ac` for a local `ac`; `this.ac` (or a `private ac` field) for `this.ac`,
    within `scope` (the class or object whose `this` it is) when given."""
    semantic = semantic_model(script)
    start, end = max(start, script.span.start), min(end, script.span.end)
    if not controller.path:
        root_binding = semantic.resolve(controller.root) if controller.root is not None else None
        if root_binding is None:
            return []
        return [
            node
            for node in semantic.references(root_binding)
            if start <= node.start_byte and node.end_byte <= end
        ]
    word = controller.path[-1]
    root_binding = semantic.resolve(controller.root) if controller.root is not None else None
    found = []
    for node in semantic.names(word, _PROPERTY_NAMES, start, end):
        member = node.parent
        if member is None or member.type != "member_expression" or property_name(member) != word:
            field = node.parent
            if (
                field is not None
                and field.type == "public_field_definition"
                and controller.root is None
            ):
                found.append(node)  # `private ac = new AbortController()`
            continue
        target = member.child_by_field_name("object")
        target = unwrap(target) if target is not None else None
        if target is None:
            continue
        if controller.root is None:
            if target.type == "this" and (
                scope is None or any(a.id == scope.id for a in ancestors(member))
            ):
                found.append(member)
        elif target.type == "identifier" and root_binding is not None:
            binding = semantic.resolve(target)
            if binding is not None and binding.node.id == root_binding.node.id:
                found.append(member)
    return found


def _aborts(
    controller: Controller, script: Script, source: bytes, start: int, end: int
) -> list[Node]:
    """The `controller.abort()` calls between `start` and `end`."""
    calls = []
    for mention in controller_mentions(controller, script, source, start, end):
        member = mention.parent
        if member is None or member.type != "member_expression":
            continue
        if member.child_by_field_name("object") != mention or property_name(member) != "abort":
            continue
        call = member.parent
        if call is not None and call.type == "call_expression":
            calls.append(call)
    return calls


def _aborted_before(
    controller: Controller, script: Script, source: bytes, registration: Node
) -> bool:
    """The controller is aborted earlier in the function that registers, and not
    replaced since: `ac.abort(); ...registerTool(tool, { signal: ac.signal })`."""
    scope = enclosing_function(registration)
    start = scope.start_byte if scope is not None else script.span.start
    aborts = [
        call
        for call in _aborts(controller, script, source, start, registration.start_byte)
        if enclosing_function(call) == scope
    ]
    if not aborts:
        return False
    last = max(call.end_byte for call in aborts)
    for mention in controller_mentions(controller, script, source, last, registration.start_byte):
        parent = mention.parent
        if (
            parent is not None
            and parent.type == "assignment_expression"
            and parent.child_by_field_name("left") == mention
        ):
            return False  # a new controller
    return True


def _controller(node: Node, script: Script, depth: int) -> Controller | None:
    node = unwrap(node)
    if depth > MAX_ALIAS_DEPTH:
        return None
    if node.type == "member_expression" and property_name(node) == "signal":
        target = node.child_by_field_name("object")
        return _controller_expression(target, script) if target is not None else None
    if node.type in ("identifier", "shorthand_property_identifier"):
        binding = script.resolve(node)
        if binding is None or binding.kind != "const" or binding.value is None:
            return None
        if binding.path == ():
            return _controller(binding.value, script, depth + 1)
        if binding.path == ("signal",):  # const { signal } = controller
            return _controller_expression(binding.value, script)
    return None


def _controller_expression(node: Node, script: Script) -> Controller | None:
    """`ac`, `this.ac`, `this.#ac` or `ref.current` as a Controller; None for anything
    longer or computed."""
    node = unwrap(node)
    if node.type == "identifier":
        return Controller(node, (), node) if script.resolve(node) is not None else None
    if node.type != "member_expression":
        return None
    name = property_name(node)
    target = node.child_by_field_name("object")
    if name is None or target is None:
        return None
    target = unwrap(target)
    if target.type == "this":
        return Controller(None, (name,), node)
    if target.type == "identifier" and script.resolve(target) is not None:
        return Controller(target, (name,), node)
    return None
