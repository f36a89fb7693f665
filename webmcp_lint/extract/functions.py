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
exactly `CALL_DEPTH` levels below it, whatever asked first. A callee in another module
(`callee` follows imports when the file has a linker) is followed the same way; the facts
it brings carry that module as `file`, and the module becomes a dependency of the file's
result, so the cache lints the caller again when the helper changes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any, Generic, TypeVar, cast

from msgspec.structs import replace
from tree_sitter import Node

from webmcp_lint.extract.body import Body
from webmcp_lint.extract.calls import CALL_DEPTH, callee
from webmcp_lint.extract.frameworks import angular_class, lifecycle_of, react_component_or_hook
from webmcp_lint.extract.guards import GuardAnalysis
from webmcp_lint.extract.lifetimes import cleanup, unregistered_between
from webmcp_lint.extract.mutations import own_mutations
from webmcp_lint.model import FileModel, Linker, Script, ToolDefinition
from webmcp_lint.model.functions import (
    Call,
    Callee,
    Cleanup,
    Elsewhere,
    Fetch,
    FunctionFacts,
    Lifecycle,
    Mutation,
    SignalUse,
    Throw,
    Wait,
)
from webmcp_lint.syntax.nodes import FUNCTION_TYPES, arguments, function_body, unwrap, walk

_Key = tuple[int, int]  # (id of the script, id of a node)
# A timer a wait ends on: its node, delay, delay parameter, polling, calls down, file.
_Pending = tuple[Node, float | None, int | None, bool, tuple[Node, ...], Elsewhere | None]
_LoopCheck = Callable[[Body, tuple[Node, ...]], bool]
_Fact = TypeVar("_Fact", Throw, Fetch, Wait, Mutation)
# At most this many facts of a kind per function: calls fanning out to many functions
# that call many others must not multiply without bound.
MAX_FACTS = 200
_NONE_OWN: dict[int, FunctionFacts] = {}  # the own facts of a script not seen yet


class FunctionIndex:
    """The `Functions` of one file model: facts, reachability and guards, each computed
    once and kept for every rule."""

    def __init__(self, model: FileModel, linker: Linker | None = None) -> None:
        # Not the model itself: the model holds this index, and a cycle would keep the
        # file's trees and model alive until the collector walks all of them.
        self.source = model.source
        self.dependencies = model.dependencies
        self.linker = linker
        self._files: dict[str, Elsewhere] = {}  # real path of another module -> its file
        # Bodies (a function's own nodes, walked) only while facts are being found: the
        # facts are what is kept, and the calls each function makes.
        self._bodies: dict[_Key, Body] = {}
        self._calls_of: dict[_Key, tuple[Call, ...]] = {}
        # By script, then by function: no key tuple a function (100,000 tools: 9 MB).
        self._owns: dict[int, dict[int, FunctionFacts]] = {}
        self._called: dict[_Key, int] = {}  # (script, call) -> id of the function it runs
        self._facts: dict[tuple[int, int, int], FunctionFacts] = {}
        self._guards: dict[int, GuardAnalysis] = {}

    # -- facts --------------------------------------------------------------------------

    def of(self, function: Node, script: Script) -> FunctionFacts | None:
        known = self._known(function, script, CALL_DEPTH)
        if known is not None:  # asked by every rule on each tool: found before, so a function
            return known
        if function.type not in FUNCTION_TYPES or function_body(function) is None:
            return None
        facts = self._facts_at(function, script, CALL_DEPTH)
        self._bodies.clear()
        return facts

    def of_tool(self, tool: ToolDefinition) -> FunctionFacts | None:
        if tool.execute_facts is not ...:  # asked by most rules of every tool
            return cast("FunctionFacts | None", tool.execute_facts)
        execute = tool.execute
        facts = None
        if execute is not None and execute.is_function and execute.node is not None:
            facts = self.of(execute.node, tool.script) if tool.script is not None else None
        tool.execute_facts = facts
        return facts

    def _body(self, function: Node, script: Script) -> Body:
        key = (id(script), function.id)
        body = self._bodies.get(key)
        if body is None:
            body = self._bodies[key] = Body(function, script)
        return body

    def _known(self, function: Node, script: Script, depth: int) -> FunctionFacts | None:
        """The facts found before of a function, `depth` calls deep. A function that
        calls none has its own facts at every depth: they are kept once (a file of
        100,000 tools held a key per depth for each `execute`, 18 MB)."""
        own = self._owns.get(id(script), _NONE_OWN).get(function.id)
        if own is None or not own.calls:
            return own
        return self._facts.get((id(script), function.id, depth))

    def _facts_at(self, function: Node, script: Script, depth: int) -> FunctionFacts:
        facts = self._known(function, script, depth)
        if facts is None:
            body = self._body(function, script)
            own = self._own(body)
            facts = self._through_calls(body, own, depth)
            if depth == CALL_DEPTH and not facts.truncated and facts.calls and self._deeper(body):
                facts = replace(facts, truncated=True)
            if own.calls:
                self._facts[(id(script), function.id, depth)] = facts
        return facts

    def _own(self, body: Body) -> FunctionFacts:
        """What the function does by itself: found once, whatever the depth."""
        owns = self._owns.setdefault(id(body.script), {})
        facts = owns.get(body.function.id)
        if facts is None:
            facts = owns[body.function.id] = FunctionFacts(
                node=body.function,
                script=body.script,
                input=body.input,
                options=body.options,
                is_async=body.is_async,
                signal=body.signal_expression(),
                input_reads=body.input_reads(),
                option_reads=body.option_reads(),
                **(_NOTHING_WALKED if _empty_block(body.body) else self._walked(body)),
            )
        return facts

    def _walked(self, body: Body) -> dict[str, Any]:
        """What the walks of the function's body find."""
        fetches = body.fetches()
        return {
            "mentions_signal": body.body is not None and body.mentions_signal(body.body),
            "returns": body.returned(),
            "returned_stacks": body.returned_stacks(),
            "missing_returns": body.missing_returns(),
            "calls": self._calls(body),
            "throws": body.throws(),
            "fetches": fetches,
            "timers": body.timers(),
            "waits": body.waits(),
            "mutations": own_mutations(body, fetches),
        }

    def _through_calls(self, body: Body, own: FunctionFacts, depth: int) -> FunctionFacts:
        """The function's own facts with those of the functions it calls, `depth` deep."""
        if depth == 0 or not own.calls:
            return own  # nothing to add: what gathering would give back
        throws, fetches = _Gathered(own.throws), _Gathered(own.fetches)
        waits = _Gathered(own.waits, lambda wait: (wait.node.id, wait.timer.id))
        mutations = _Gathered(own.mutations)
        gathered = (throws, fetches, waits, mutations)
        truncated = False
        for call in own.calls if depth > 0 else ():
            if all(found.full for found in gathered):
                break
            target = call.callee
            inner = self._facts_at(target.node, target.script, depth - 1)
            truncated = truncated or inner.truncated
            loops_back = self._loops_back
            file = self._file_of(target)
            throws.add(_throws_through(body, call, inner, loops_back, file))
            fetches.add(_fetches_through(body, call, inner, loops_back, file))
            waits.add(_waits_through(body, call, inner, loops_back, file))
            mutations.add(
                Mutation(m.node, m.kind, m.what, (call.node, *m.via), m.file or file)
                for m in inner.mutations
                if not loops_back(body, m.via)
            )
        return replace(
            own,
            throws=tuple(throws.facts),
            fetches=tuple(fetches.facts),
            waits=tuple(waits.facts),
            mutations=tuple(mutations.facts),
            truncated=truncated or any(found.full for found in gathered),
        )

    def _calls(self, body: Body) -> tuple[Call, ...]:
        """The calls of functions with a body that the function makes."""
        key = (id(body.script), body.function.id)
        found = self._calls_of.get(key)
        if found is None:
            found = self._calls_of[key] = tuple(
                call
                for call in body.calls(callee)
                if call.callee.node.type in FUNCTION_TYPES
                and function_body(call.callee.node) is not None
            )
            for call in found:
                self._called[(id(body.script), call.node.id)] = call.callee.node.id
                self._file_of(call.callee)
        return found

    def _file_of(self, target: Callee) -> Elsewhere | None:
        """The other module a callee is written in (None: the same file as its caller),
        recorded as a dependency of this file's result with what reading it took."""
        source = target.source
        if source is None:
            return None
        path = str(source.path)
        file = self._files.get(path)
        if file is None:
            shown = self.linker.shown(path) if self.linker is not None else source.display_path
            file = self._files[path] = Elsewhere(source, shown)
            self.dependencies.add(path)
            used = getattr(target.script.evaluator, "linker", None)
            if used is not None:
                self.dependencies.update(used.dependencies)
        return file

    def _loops_back(self, body: Body, via: tuple[Node, ...]) -> bool:
        """A fact reached through a call of this very function: recursion, whose facts
        this function has already."""
        script = id(body.script)
        return any(self._called.get((script, call.id)) == body.function.id for call in via)

    def _deeper(self, body: Body) -> bool:
        """Whether a function reached in more than `CALL_DEPTH` calls was not reached in
        fewer: then what it does is unknown (recursion brings nothing new). Also when
        more than `MAX_FACTS` functions are within reach."""
        seen = {(id(body.script), body.function.id)}
        level = [body]
        for remaining in range(CALL_DEPTH, -1, -1):
            following = []
            for caller in level:
                for call in self._calls(caller):
                    key = (id(call.callee.script), call.callee.node.id)
                    if key in seen:
                        continue
                    if remaining == 0 or len(seen) > MAX_FACTS:
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
                for call, kind in walk(node, into_functions=True):
                    if kind != "call_expression":
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
        return self._guard_analysis(script).guarded(node)

    def after_document_return(self, statement: Node, script: Script) -> bool:
        return self._guard_analysis(script).document_returned_before(statement)

    # -- framework code and lifetimes -----------------------------------------------------

    def component(self, node: Node, script: Script) -> Node | None:
        return react_component_or_hook(node)

    def angular_class(self, node: Node, script: Script) -> Node | None:
        return angular_class(node)

    def lifecycle(self, node: Node, script: Script) -> Lifecycle | None:
        return lifecycle_of(node, script)

    def cleanup(self, tool: ToolDefinition) -> Cleanup | None:
        if tool.script is None:
            return None
        return cleanup(tool, tool.script, self)

    def unregistered_between(self, tool: ToolDefinition, start: int, end: int) -> bool:
        if tool.script is None:
            return False
        return unregistered_between(tool, tool.script, start, end)

    def _guard_analysis(self, script: Script) -> GuardAnalysis:
        analysis = self._guards.get(id(script))
        if analysis is None:
            analysis = self._guards[id(script)] = GuardAnalysis(self.source, script)
        return analysis


def _empty_block(body: Node | None) -> bool:
    """`{}`: a block without a statement or a comment."""
    return body is not None and body.type == "statement_block" and body.named_child_count == 0


# What the walks of `{}` find (`execute() {}`): nothing, so they are not made
# (tests/test_function_facts.py holds this to the full computation).
_NOTHING_WALKED: dict[str, Any] = {
    "mentions_signal": False,
    "returns": (),
    "returned_stacks": (),
    "missing_returns": (),
    "calls": (),
    "throws": (),
    "fetches": (),
    "timers": (),
    "waits": (),
    "mutations": (),
}


def _throws_through(
    body: Body, call: Call, inner: FunctionFacts, loops_back: _LoopCheck, file: Elsewhere | None
) -> Iterator[Throw]:
    if not call.own or call.caught or call.on_abort:
        return
    if inner.is_async and not call.awaited:
        return  # a floating promise: its rejection does not fail this function
    for thrown in inner.throws:
        if thrown.escapes and not loops_back(body, thrown.via):
            yield Throw(thrown.node, via=(call.node, *thrown.via), file=thrown.file or file)


def _fetches_through(
    body: Body, call: Call, inner: FunctionFacts, loops_back: _LoopCheck, file: Elsewhere | None
) -> Iterator[Fetch]:
    for fetch in inner.fetches:
        if loops_back(body, fetch.via):
            continue
        signal: SignalUse = "unknown"
        parameter = None
        if fetch.signal_parameter is not None or fetch.init_parameters:
            signal, parameter = _signal_given(body, call, fetch)
        elif fetch.signal == "forwarded":
            signal = "forwarded"
        elif fetch.signal == "missing" and not call.passes_signal and not inner.mentions_signal:
            signal = "missing"
        yield Fetch(
            fetch.node,
            fetch.init,
            fetch.method,
            signal,
            fetch.url,
            (call.node, *fetch.via),
            fetch.file or file,
            signal_parameter=parameter,
        )


def _signal_given(body: Body, call: Call, fetch: Fetch) -> tuple[SignalUse, int | None]:
    """Whether a call gives the request of a callee whose signal comes only from its
    parameters one: "missing" when it passes nothing there (or options that certainly
    name no signal); "forwarded" when it passes one, with the caller's own parameter
    when it passes that on; else "unknown"."""
    args = arguments(call.node)
    if any(unwrap(arg).type == "spread_element" for arg in args):
        return "unknown", None
    if fetch.signal_parameter is not None:
        if fetch.signal_parameter >= len(args):
            return "missing", None
        given = unwrap(args[fetch.signal_parameter])
        own = body.plain_parameter(given)
        if own is not None:
            return "forwarded", own
        return ("forwarded" if body.mentions_signal(given) else "unknown"), None
    for index in fetch.init_parameters:
        if index >= len(args):
            continue  # `...undefined` adds nothing
        options = body.script.value(args[index])
        if options.kind in ("undefined", "null"):
            continue
        if options.kind == "object" and options.complete and options.entry("signal") is None:
            continue
        return ("forwarded" if call.passes_signal else "unknown"), None
    return "missing", None


def _waits_through(
    body: Body, call: Call, inner: FunctionFacts, loops_back: _LoopCheck, file: Elsewhere | None
) -> Iterator[Wait]:
    """The timers a call hands back, and the waits of the function called, as waits of
    the `await` of this function that awaits the call."""
    waiting = call.await_expression
    if waiting is None:
        return
    loop = body.enclosing_loop(waiting)
    cancellable = call.passes_signal or inner.mentions_signal
    pending: list[_Pending] = [
        (t.node, t.delay, t.delay_parameter, t.polling, (), file) for t in inner.timers
    ]
    pending.extend(
        (
            w.timer,
            w.delay,
            w.delay_parameter,
            w.polling or w.loop is not None,
            w.via,
            w.file or file,
        )
        for w in inner.waits
        if not w.cancellable and not loops_back(body, w.via)
    )
    for timer, delay, parameter, polling, via, timer_file in pending:
        if parameter is not None:
            delay, parameter = _argument_delay(body, call.node, parameter)
        yield Wait(
            waiting,
            timer,
            delay,
            polling,
            loop,
            loop_checks_signal=loop is not None and body.mentions_signal(loop),
            cancellable=cancellable,
            delay_parameter=parameter,
            via=(call.node, *via),
            file=timer_file,
        )


def _argument_delay(body: Body, call: Node, index: int) -> tuple[float | None, int | None]:
    """The delay a caller passes as the callee's parameter `index`: a number, or this
    function's own parameter in turn."""
    args = arguments(call)
    if index >= len(args) or unwrap(args[index]).type == "spread_element":
        return None, None
    delay, parameter, _ = body.delay(args[index])
    return delay, parameter


class _Gathered(Generic[_Fact]):
    """The facts of one kind of a function: the first of each place reached from each
    call (a fact reached through several chains from one call is one fact), at most
    `MAX_FACTS` of them (`full` when more were cut)."""

    def __init__(
        self, own: tuple[_Fact, ...], key: Callable[[_Fact], tuple[int, int]] | None = None
    ) -> None:
        self.key: Callable[[_Fact], tuple[int, int]] = key or _site_and_node
        self.facts: list[_Fact] = list(own)
        self.seen: set[tuple[int, int]] = {self.key(fact) for fact in own}
        self.full = False

    def add(self, facts: Iterable[_Fact]) -> None:
        for fact in facts:
            if self.full:
                return
            identity = self.key(fact)
            if identity in self.seen:
                continue
            if len(self.facts) >= MAX_FACTS:
                self.full = True
                return
            self.seen.add(identity)
            self.facts.append(fact)


def _site_and_node(fact: Throw | Fetch | Wait | Mutation) -> tuple[int, int]:
    return fact.site.id, fact.node.id
