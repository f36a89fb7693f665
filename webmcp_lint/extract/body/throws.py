"""The calls a function makes and what it throws: whether each is caught, awaited,
made on an abort."""

from __future__ import annotations

from collections.abc import Callable

from tree_sitter import Node

from webmcp_lint.extract.body.core import climb, static_call
from webmcp_lint.extract.body.signal import Signal
from webmcp_lint.model import Script
from webmcp_lint.model.functions import Call, Callee, Throw
from webmcp_lint.syntax.nodes import typed_call_await


class Throws(Signal):
    """The calls and throws of one function."""

    def calls(self, lookup: Callable[[Node, Script], Callee | None]) -> tuple[Call, ...]:
        """The calls of functions that `lookup` finds, anywhere in the body."""
        found = []
        for node in self.everything("call_expression"):
            callee = lookup(node, self.script)
            if callee is None or callee.node.id == self.function.id:
                continue
            found.append(
                Call(
                    node,
                    callee,
                    own=self.is_own(node),
                    awaited=self._awaited_or_returned(node),
                    caught=self.caught(node),
                    on_abort=self.after_abort_check(node),
                    passes_signal=self.mentions_signal(node),
                    await_expression=self._await_of(node),
                )
            )
        return tuple(found)

    def throws(self) -> tuple[Throw, ...]:
        """`throw` statements and `Promise.reject(...)` calls of the function's own code."""
        found = []
        for node in self.own("throw_statement", "call_expression"):
            if node.type == "call_expression" and not static_call(
                self.script, node, "Promise", "reject"
            ):
                continue
            found.append(Throw(node, self.caught(node), self.abort_passed_on(node)))
        return tuple(found)

    def caught(self, node: Node) -> bool:
        """`node` sits in the block of a `try` that has a `catch`."""
        child, current = node, node.parent
        while current is not None and current.id != self.function.id:
            if current.type == "try_statement" and current.child_by_field_name("handler"):
                block = current.child_by_field_name("body")
                if block is not None and block.id == child.id:
                    return True
            child, current = current, current.parent
        return False

    def _awaited_or_returned(self, call: Node) -> bool:
        if typed_call_await(call) is not None:
            return True
        node = climb(call)
        parent = node.parent
        if parent is None:
            return False
        if parent.type in ("await_expression", "return_statement"):
            return True
        return self.body is not None and self.body.id == node.id  # an arrow's expression body

    def _await_of(self, call: Node) -> Node | None:
        """The `await` of the function's own code that awaits `call` itself."""
        typed = typed_call_await(call)
        if typed is not None:
            return typed if self.is_own(typed) else None
        parent = climb(call).parent
        if parent is not None and parent.type == "await_expression" and self.is_own(parent):
            return parent
        return None
