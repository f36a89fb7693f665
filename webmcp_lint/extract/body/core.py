"""The core of what one function does by itself: its parameters, its own code and the
code it runs (callbacks included), what it returns, and the references of its names,
all read from the script's semantic model. The facts are in the modules beside it, one
per kind (`inputs`, `signal`, `throws`, `requests`, `timers`)."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import islice

from tree_sitter import Node

from webmcp_lint.extract.completion import NORMAL, block_completion
from webmcp_lint.extract.semantic import returned_value, semantic_model
from webmcp_lint.model import Script
from webmcp_lint.syntax.nodes import (
    FUNCTION_TYPES,
    arguments,
    called_member,
    climb,
    detached,
    function_body,
    function_parameters,
    property_name,
    string_literal,
    text,
    unwrap,
    walk,
)

__all__ = ["Core", "climb", "global_call", "is_global", "static_call"]


def _run_by(body: Node) -> Iterator[tuple[Node, str]]:
    """`body` and every named node under it, nested functions included except those that
    are the properties of an object literal; each with its type (read once: tree-sitter
    makes a new string each time it is asked)."""
    # Such a function is pushed in a 1-tuple: yielded, not entered. It is told by the node
    # it is a child of, at hand here (a node's `parent` is searched for from the root).
    stack: list[Node | tuple[Node]] = [body]
    while stack:
        item = stack.pop()
        if isinstance(item, tuple):
            yield item[0], item[0].type
            continue
        kind = item.type
        yield item, kind
        children = (detached(item) if item is body else item).named_children
        if kind == "object" or kind == "pair":
            stack.extend(
                (child,) if _object_property_function(child, kind) else child
                for child in reversed(children)
            )
        else:
            stack.extend(reversed(children))


def _object_property_function(node: Node, parent_type: str) -> bool:
    if node.type == "method_definition":
        return parent_type == "object"
    return node.type in FUNCTION_TYPES and parent_type == "pair"


def is_global(script: Script, identifier: Node, *names: str) -> bool:
    """`identifier` is one of the global `names`, not a local binding."""
    return script.semantic.is_global(identifier, *names)


def global_call(script: Script, call: Node, name: str) -> bool:
    """`name(...)`, `window.name(...)` or `globalThis.name(...)` for a global function."""
    return script.semantic.calls_global(call, name)


def static_call(script: Script, node: Node, name: str, method: str) -> bool:
    """`node` calls a static method of a global: `Promise.reject(...)`,
    `AbortSignal.timeout(...)`."""
    return script.semantic.calls_static(node, name, method)


class Core:
    """One function: its parameters, its own code, what it runs, what it returns."""

    def __init__(self, function: Node, script: Script) -> None:
        self.function = function
        self.script = script
        parameters = function_parameters(function)
        self.input = pattern_of(parameters[0]) if parameters else None
        self.options = pattern_of(parameters[1]) if len(parameters) > 1 else None
        self.body = function_body(function)
        self._own: list[tuple[Node, str]] | None = None  # each with its type, read once
        self._own_ids: set[int] | None = None
        self._everything: list[tuple[Node, str]] | None = None
        self._flat: bool | None = None

    @property
    def is_async(self) -> bool:
        return any(child.type == "async" for child in detached(self.function).children)

    # -- walking ----------------------------------------------------------------------

    def own(self, *types: str) -> Iterator[Node]:
        """Nodes of the body outside nested functions, optionally of some types."""
        if self._own is None:
            flat = self.flat()
            self._own = self._everything if flat or self.body is None else list(walk(self.body))
        assert self._own is not None
        return (node for node, kind in self._own if not types or kind in types)

    def flat(self) -> bool:
        """The body holds no nested function: then every walk of it (its own code, what it
        runs, everything under it) passes the nodes of `everything` in their order, and
        reads them from there (most bodies: a second and third walk were 2.2% of the
        instructions of a dense block)."""
        if self._flat is None:
            self.everything()
            assert self._everything is not None
            rest = islice(self._everything, 1, None)
            self._flat = not any(kind in FUNCTION_TYPES for _, kind in rest)
        return self._flat

    def is_own(self, node: Node) -> bool:
        if self._own_ids is None:
            self._own_ids = {n.id for n in self.own()}
        return node.id in self._own_ids

    def everything(self, *types: str) -> Iterator[Node]:
        """Nodes of the body including nested functions (callbacks run by it too), but
        not the methods of objects it hands out (`new Checkout({ handler() { ... } })`):
        someone else calls those, when it chooses."""
        if self._everything is None:
            self._everything = list(_run_by(self.body)) if self.body is not None else []
        return (node for node, kind in self._everything if not types or kind in types)

    def returned(self) -> tuple[Node, ...]:
        """Every expression the function returns (an arrow's expression body included)."""
        return self.script.semantic.returned(self.function)

    def missing_returns(self) -> tuple[Node, ...]:
        """Where the function ends without a value while another path returns one: bare
        `return;` statements, and the closing `}` of the body when a path certainly runs
        on to it (`extract/completion.py`). Generators and expression bodies have none."""
        body = self.body
        if body is None or body.type != "statement_block" or self._generator():
            return ()
        statements = self.script.semantic.returns(self.function)
        if not any(returned_value(s) is not None for s in statements):
            return ()
        found = [s for s in statements if returned_value(s) is None]
        closing = body.children[-1] if body.children else None
        if (
            closing is not None
            and closing.type == "}"
            and (
                block_completion([c for c in body.named_children if c.type != "comment"]) == NORMAL
            )
        ):
            found.append(closing)
        return tuple(found)

    def _generator(self) -> bool:
        function = self.function
        # From a copy: the facts keep the function node, which would keep its children.
        return "generator" in function.type or any(
            c.type == "*" for c in detached(function).children
        )

    def returned_stacks(self) -> tuple[Node, ...]:
        """`error.stack` of a caught error inside an expression the function returns
        (callbacks in it included: `load().catch((e) => ({ error: e.stack }))`)."""
        found = []
        for expression in self.returned():
            for node, kind in walk(expression, into_functions=True):
                if kind != "member_expression" or property_name(node) != "stack":
                    continue
                target = node.child_by_field_name("object")
                if target is not None and self._caught_error(unwrap(target)):
                    found.append(node)
        return tuple(found)

    def _caught_error(self, node: Node) -> bool:
        """`node` names a caught error: the parameter of a `catch` clause, or the first
        parameter of a callback given to `.catch(...)`."""
        if node.type != "identifier":
            return False
        binding = self.script.resolve(node)
        if binding is None or binding.kind != "param" or binding.path != ():
            return False
        declared = binding.node.parent
        if declared is not None and declared.type == "catch_clause":
            return True
        callback = binding.function
        if callback is None or binding.index != 0:
            return False
        listed = climb(callback).parent
        call = listed.parent if listed is not None and listed.type == "arguments" else None
        if call is None or call.type != "call_expression":
            return False
        member = called_member(call)
        first = arguments(call)[:1]
        return (
            member is not None
            and member[1] == "catch"
            and bool(first)
            and unwrap(first[0]).id == callback.id
        )

    def references(self, declared: Node) -> list[Node]:
        """The identifiers in the function that refer to the name `declared` declares."""
        binding = self.script.resolve(declared)
        if binding is None:
            return []
        start, end = self.function.start_byte, self.function.end_byte
        return [
            node
            for node in self.script.semantic.references(binding)
            if start <= node.start_byte and node.end_byte <= end and node.id != declared.id
        ]

    def plain_parameter(self, node: Node) -> int | None:
        """The index of this function's parameter that `node` names, when it is the
        argument itself: not destructured, without a default, never assigned."""
        if node.type not in ("identifier", "shorthand_property_identifier"):
            return None
        binding = self.script.resolve(node)
        if (
            binding is None
            or binding.kind != "param"
            or binding.path != ()
            or binding.function is None
            or binding.function.id != self.function.id
        ):
            return None
        parameters = function_parameters(self.function)
        if binding.index >= len(parameters):
            return None
        declared = parameters[binding.index]
        if declared.type in ("assignment_pattern", "rest_pattern") or (
            declared.child_by_field_name("value") is not None
        ):
            return None
        if semantic_model(self.script).assigned(binding):
            return None
        return binding.index


def pattern_of(node: Node) -> Node:
    """A parameter pattern without its default value (`{ a } = {}` gives `{ a }`)."""
    if node.type == "assignment_pattern":
        left = node.child_by_field_name("left")
        if left is not None:
            return left
    return node


def key_text(key: Node) -> str | None:
    if key.type in ("property_identifier", "identifier"):
        return text(key)
    if key.type == "string":
        return string_literal(key)
    return None
