"""The timers a function builds and hands back, and the waits it awaits."""

from __future__ import annotations

from tree_sitter import Node

from webmcp_lint.extract.body.core import climb, global_call, is_global
from webmcp_lint.extract.body.signal import Signal
from webmcp_lint.model.functions import Timer, Wait
from webmcp_lint.syntax.nodes import FUNCTION_TYPES, LOOP_TYPES, arguments, unwrap, walk

# A timer's delay in ms (None: unknown), the parameter it comes from, whether it polls.
_TimerFound = tuple[float | None, int | None, bool]


class Timers(Signal):
    """The timers and waits of one function."""

    def timers(self) -> tuple[Timer, ...]:
        """Promises of a timer the function builds without awaiting them itself."""
        found = []
        for node in self.everything("new_expression"):
            parent = climb(node).parent
            if parent is not None and parent.type == "await_expression":
                continue
            timer = self._promised_timer(node)
            if timer is not None:
                delay, parameter, polling = timer
                found.append(Timer(node, delay, parameter, polling))
        return tuple(found)

    def waits(self) -> tuple[Wait, ...]:
        """The function's own `await`s of a timer written in place: `await new
        Promise(r => setTimeout(r, ms))`, `await setTimeout(ms)` of `timers/promises`."""
        found = []
        for waiting in self.own("await_expression"):
            awaited = next((c for c in waiting.named_children if c.type != "comment"), None)
            if awaited is None:
                continue
            awaited = unwrap(awaited)
            timer = self._timer(awaited)
            if timer is None:
                continue
            delay, parameter, polling = timer
            loop = self.enclosing_loop(waiting)
            found.append(
                Wait(
                    waiting,
                    awaited,
                    delay,
                    polling,
                    loop,
                    loop_checks_signal=loop is not None and self.mentions_signal(loop),
                    cancellable=self.mentions_signal(awaited),
                    delay_parameter=parameter,
                )
            )
        return tuple(found)

    def _timer(self, node: Node) -> _TimerFound | None:
        if node.type == "new_expression":
            return self._promised_timer(node)
        if node.type != "call_expression":
            return None
        function = node.child_by_field_name("function")
        if function is None or unwrap(function).type != "identifier":
            return None
        binding = self.script.resolve(unwrap(function))
        if (
            binding is not None
            and binding.kind == "import"
            and binding.imported == "setTimeout"
            and binding.source in ("node:timers/promises", "timers/promises")
        ):
            args = arguments(node)
            return self.delay(args[0]) if args else (0.0, None, False)
        return None

    def _promised_timer(self, node: Node) -> _TimerFound | None:
        """`new Promise(...)` whose executor starts `setTimeout` or `setInterval`."""
        constructor = node.child_by_field_name("constructor")
        if constructor is None or not is_global(self.script, unwrap(constructor), "Promise"):
            return None
        args = arguments(node)
        if not args or unwrap(args[0]).type not in FUNCTION_TYPES:
            return None
        for inner, kind in walk(unwrap(args[0]), into_functions=True):
            if kind != "call_expression":
                continue
            if global_call(self.script, inner, "setInterval"):
                return None, None, True
            if global_call(self.script, inner, "setTimeout"):
                timer_args = arguments(inner)
                if len(timer_args) > 1:
                    return self.delay(timer_args[1])
                return 0.0, None, False
        return None

    def delay(self, node: Node) -> _TimerFound:
        """A timer's delay in ms, or the index of this function's parameter it is."""
        node = unwrap(node)
        if node.type == "identifier":
            binding = self.script.resolve(node)
            if (
                binding is not None
                and binding.kind == "param"
                and binding.function is not None
                and binding.function.id == self.function.id
                and binding.path == ()
            ):
                return None, binding.index, False
        value = self.script.value(node)
        return (float(value.data) if value.kind == "number" else None), None, False

    def enclosing_loop(self, node: Node) -> Node | None:
        current = node.parent
        while current is not None and current.id != self.function.id:
            if current.type in FUNCTION_TYPES:
                return None
            if current.type in LOOP_TYPES:
                return current
            current = current.parent
        return None
