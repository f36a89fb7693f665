"""Facts about functions (`model/functions.py`), computed once per function and shared
by every rule.

A function's own facts come from `Body` (and `own_mutations`); what the functions it
calls do is added by following calls with `callee` to `CALL_DEPTH`, under the conditions
that make a fact of the callee one of the caller:

- a throw escapes through a call of the caller's own code that is not caught, not made
  on an abort, and (for an async callee) awaited or returned;
- a fetch lacks the signal when neither the call passes the signal nor the callee
  mentions one (a callee that does manages its own cancellation);
- a wait is one of the caller's when the caller awaits the call;
- a change is one of the caller's wherever the call is.

Facts are memoised by function and remaining depth, so every function asked about sees
exactly `CALL_DEPTH` levels below it, whatever asked first.
"""

from __future__ import annotations

from tree_sitter import Node

from webmcp_lint.extract.body import Body, walk
from webmcp_lint.extract.calls import CALL_DEPTH, callee
from webmcp_lint.extract.guards import GuardAnalysis, polyfilled
from webmcp_lint.extract.mutations import own_mutations
from webmcp_lint.model import FileModel, Script, ToolDefinition
from webmcp_lint.model.functions import (
    Call,
    Fetch,
    FunctionFacts,
    Mutation,
    SignalUse,
    Throw,
    Wait,
)
from webmcp_lint.syntax.nodes import FUNCTION_TYPES, arguments, function_body, unwrap

_Key = tuple[int, int]  # (id of the script, id of the function node)


class FunctionIndex:
    """The `Functions` of one file model: facts, reachability and guards, each computed
    once and kept for every rule."""

    def __init__(self, model: FileModel) -> None:
        self.model = model
        self._bodies: dict[_Key, Body] = {}
        self._facts: dict[tuple[int, int, int], FunctionFacts] = {}
        self._guards: dict[int, GuardAnalysis] = {}
        self._polyfilled: bool | None = None

    # -- facts --------------------------------------------------------------------------

    def of(self, function: Node, script: Script) -> FunctionFacts | None:
        if function.type not in FUNCTION_TYPES or function_body(function) is None:
            return None
        return self._facts_at(function, script, CALL_DEPTH)

    def of_tool(self, tool: ToolDefinition) -> FunctionFacts | None:
        execute = tool.execute
        if execute is None or not execute.is_function or tool.script is None:
            return None
        if execute.node is None:
            return None
        return self.of(execute.node, tool.script)

    def _body(self, function: Node, script: Script) -> Body:
        key = (id(script), function.id)
        body = self._bodies.get(key)
        if body is None:
            body = self._bodies[key] = Body(function, script)
        return body

    def _facts_at(self, function: Node, script: Script, depth: int) -> FunctionFacts:
        key = (id(script), function.id, depth)
        facts = self._facts.get(key)
        if facts is None:
            facts = self._facts[key] = self._compute(self._body(function, script), depth)
        return facts

    def _compute(self, body: Body, depth: int) -> FunctionFacts:
        fetches = list(body.fetches())
        own_changes = own_mutations(body, tuple(fetches))
        throws, waits, mutations = list(body.throws()), list(body.waits()), list(own_changes)
        calls = self._calls(body)
        for call in calls if depth > 0 else ():
            target = call.callee
            inner = self._facts_at(target.node, target.script, depth - 1)
            throws.extend(_throws_through(body, call, inner))
            fetches.extend(_fetches_through(body, call, inner))
            waits.extend(_waits_through(body, call, inner))
            mutations.extend(
                Mutation(m.node, m.kind, m.what, (call.node, *m.via))
                for m in inner.mutations
                if not _loops_back(body, m.via)
            )
        return FunctionFacts(
            node=body.function,
            script=body.script,
            input=body.input,
            options=body.options,
            is_async=body.is_async,
            signal=body.signal_expression(),
            mentions_signal=body.body is not None and body.mentions_signal(body.body),
            returns=body.returned(),
            input_reads=body.input_reads(),
            option_reads=body.option_reads(),
            calls=calls,
            throws=tuple(throws),
            fetches=tuple(fetches),
            timers=body.timers(),
            waits=tuple(waits),
            mutations=tuple(mutations),
            truncated=self._truncated(body, depth),
        )

    def _calls(self, body: Body) -> tuple[Call, ...]:
        """The calls of functions with a body that the function makes."""
        if body.calls_found is None:
            body.calls_found = tuple(
                call
                for call in body.calls(callee)
                if call.callee.node.type in FUNCTION_TYPES
                and function_body(call.callee.node) is not None
            )
        return body.calls_found

    def _truncated(self, body: Body, depth: int) -> bool:
        """Whether a function reached in more than `depth` calls was not reached in
        fewer: then what it does is unknown (recursion brings nothing new)."""
        seen = {(id(body.script), body.function.id)}
        level = [body]
        for remaining in range(depth, -1, -1):
            following = []
            for caller in level:
                for call in self._calls(caller):
                    key = (id(call.callee.script), call.callee.node.id)
                    if key in seen:
                        continue
                    if remaining == 0:
                        return True
                    seen.add(key)
                    following.append(self._body(call.callee.node, call.callee.script))
            level = following
        return False

    # -- reachability -------------------------------------------------------------------

    def reachable(self, root: Node, script: Script) -> list[Node]:
        found = [root]
        seen = {root.id}
        frontier = [root]
        for _ in range(CALL_DEPTH):
            following = []
            for node in frontier:
                for call in walk(node, into_functions=True):
                    if call.type != "call_expression":
                        continue
                    target = callee(call, script)
                    if target is None or target.script is not script or target.node.id in seen:
                        continue
                    seen.add(target.node.id)
                    found.append(target.node)
                    following.append(target.node)
            frontier = following
        return found

    # -- guards -------------------------------------------------------------------------

    def guarded(self, node: Node, script: Script) -> bool:
        analysis = self._guards.get(id(script))
        if analysis is None:
            analysis = self._guards[id(script)] = GuardAnalysis(self.model, script)
        return analysis.guarded(node)

    def polyfilled(self) -> bool:
        if self._polyfilled is None:
            self._polyfilled = polyfilled(self.model)
        return self._polyfilled


def _loops_back(body: Body, via: tuple[Node, ...]) -> bool:
    """A fact reached through a call of this very function: recursion, whose facts this
    function has already."""
    for call in via:
        target = callee(call, body.script)
        if target is not None and target.node.id == body.function.id:
            return True
    return False


def _throws_through(body: Body, call: Call, inner: FunctionFacts) -> list[Throw]:
    if not call.own or call.caught or call.on_abort:
        return []
    if inner.is_async and not call.awaited:
        return []  # a floating promise: its rejection does not fail this function
    return [
        Throw(thrown.node, via=(call.node, *thrown.via))
        for thrown in inner.throws
        if thrown.escapes and not _loops_back(body, thrown.via)
    ]


def _fetches_through(body: Body, call: Call, inner: FunctionFacts) -> list[Fetch]:
    found = []
    for fetch in inner.fetches:
        if _loops_back(body, fetch.via):
            continue
        signal: SignalUse = "unknown"
        if fetch.signal == "forwarded":
            signal = "forwarded"
        elif fetch.signal == "missing" and not call.passes_signal and not inner.mentions_signal:
            signal = "missing"
        via = (call.node, *fetch.via)
        found.append(Fetch(fetch.node, fetch.init, fetch.method, signal, fetch.url, via))
    return found


def _waits_through(body: Body, call: Call, inner: FunctionFacts) -> list[Wait]:
    """The timers a call hands back, and the waits of the function called, as waits of
    the `await` of this function that awaits the call."""
    waiting = call.await_expression
    if waiting is None:
        return []
    loop = body.enclosing_loop(waiting)
    cancellable = call.passes_signal or inner.mentions_signal
    found = []
    pending: list[tuple[Node, float | None, int | None, bool, tuple[Node, ...]]] = [
        (t.node, t.delay, t.delay_parameter, t.polling, ()) for t in inner.timers
    ]
    pending.extend(
        (w.timer, w.delay, w.delay_parameter, w.polling or w.loop is not None, w.via)
        for w in inner.waits
        if not w.cancellable and not _loops_back(body, w.via)
    )
    for timer, delay, parameter, polling, via in pending:
        if parameter is not None:
            delay, parameter = _argument_delay(body, call.node, parameter)
        found.append(
            Wait(
                waiting,
                timer,
                delay,
                polling,
                loop,
                loop_checks_signal=loop is not None and body.mentions_signal(loop),
                cancellable=cancellable,
                delay_parameter=parameter,
                via=(call.node, *via),
            )
        )
    return found


def _argument_delay(body: Body, call: Node, index: int) -> tuple[float | None, int | None]:
    """The delay a caller passes as the callee's parameter `index`: a number, or this
    function's own parameter in turn."""
    args = arguments(call)
    if index >= len(args) or unwrap(args[index]).type == "spread_element":
        return None, None
    delay, parameter, _ = body.delay(args[index])
    return delay, parameter
