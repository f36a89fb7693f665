"""Where a function mentions the execution signal, and what its code does once the
signal was looked at."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cached_property

from tree_sitter import Node

from webmcp_lint.extract.body.core import Core, pattern_of
from webmcp_lint.model import Script
from webmcp_lint.syntax.nodes import text, walk


class Signal(Core):
    """The execution signal in one function: the names it goes by, how it is written,
    where it (or an abort) is mentioned."""

    def __init__(self, function: Node, script: Script) -> None:
        super().__init__(function, script)
        self._mentions: dict[int, bool] = {}

    @cached_property
    def signal_names(self) -> frozenset[str]:
        """Local names the execution signal goes by: `signal`, or what `{ signal: s }`
        renames it to."""
        names = {"signal"}
        if self.options is not None and self.options.type == "object_pattern":
            for part in self.options.named_children:
                if part.type == "pair_pattern":
                    key = part.child_by_field_name("key")
                    value = part.child_by_field_name("value")
                    if key is not None and text(key) == "signal" and value is not None:
                        inner = pattern_of(value)
                        if inner.type == "identifier":
                            names.add(text(inner))
        return frozenset(names)

    def signal_expression(self) -> str | None:
        """How the execution signal is written inside this function, or None if it is
        not accessible (no second parameter)."""
        options = self.options
        if options is None:
            return None
        if options.type == "identifier":
            return f"{text(options)}.signal"
        names = self.signal_names - {"signal"}
        if options.type == "object_pattern":
            for part in options.named_children:
                if part.type == "shorthand_property_identifier_pattern" and text(part) == "signal":
                    return "signal"
            if names:
                return sorted(names)[0]
        return None

    def mentions_signal(self, node: Node) -> bool:
        """`node` refers to an abort signal or an abort: `signal`, `opts.signal`,
        `.aborted`, `throwIfAborted`, `"AbortError"`. Generous on purpose: a mention
        is taken as the author handling cancellation."""
        known = self._mentions.get(node.id)
        if known is None:
            known = self._mentions[node.id] = self._mentions_signal(node)
        return known

    def _mentions_signal(self, node: Node) -> bool:
        names = self.signal_names
        nodes: Iterable[tuple[Node, str]]
        if self.body is not None and node.id == self.body.id and self.flat():
            nodes = self._everything or ()
        else:
            nodes = walk(node, into_functions=True)
        for current, kind in nodes:
            if kind in ("identifier", "shorthand_property_identifier") and text(current) in names:
                return True
            if kind == "property_identifier" and text(current) in (
                "signal",
                "aborted",
                "throwIfAborted",
            ):
                return True
            if kind == "string_fragment" and "AbortError" in text(current):
                return True
            if kind == "identifier" and text(current) == "AbortError":
                return True
        return False

    def abort_passed_on(self, node: Node) -> bool:
        """The error is the abort itself (`throw signal.reason`), or `node` only runs once
        a condition or an enclosing `catch` has looked at the signal."""
        return self.mentions_signal(node) or self.after_abort_check(node)

    def after_abort_check(self, node: Node) -> bool:
        """`node` only runs once a condition or an enclosing `catch` has looked at the
        signal. (A call that is given the signal is not thereby one that only passes an
        abort on: `api.get(url, signal)` throws its own errors too, and the callee's
        facts say which of its throws are aborts.)"""
        child, current = node, node.parent
        while current is not None and current.id != self.function.id:
            kind = current.type
            if kind in ("if_statement", "ternary_expression", "while_statement"):
                condition = current.child_by_field_name("condition")
                if (
                    condition is not None
                    and condition.id != child.id
                    and self.mentions_signal(condition)
                ):
                    return True
            elif kind == "catch_clause":
                block = current.child_by_field_name("body")
                for statement in block.named_children if block is not None else []:
                    if statement.end_byte <= node.start_byte and self.mentions_signal(statement):
                        return True
            child, current = current, current.parent
        return False
