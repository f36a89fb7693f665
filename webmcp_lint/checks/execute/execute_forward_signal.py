"""`execute` fetches or waits without the execution signal: it keeps running after the
agent cancels the call."""

from __future__ import annotations

from msgspec import Struct
from tree_sitter import Node

from webmcp_lint.checks import Context, check
from webmcp_lint.checks._fixes import insert_after, insert_member
from webmcp_lint.checks._runtime import never_given_a_signal
from webmcp_lint.checks._util import callee_text, head_span, registered_tools, related_at
from webmcp_lint.diagnostics import Edit, Fix
from webmcp_lint.model import FileModel, FunctionFacts
from webmcp_lint.model.functions import Fetch
from webmcp_lint.syntax.nodes import arguments, text
from webmcp_lint.workspace.source import Span


class Options(Struct, frozen=True):
    min_wait_ms: int


MESSAGES = {
    "fetch-ignores-cancellation": (
        "`fetch` in `execute` ignores cancellation: when the agent cancels the call, the "
        "request keeps running. Take `{ signal }` as execute's second argument and pass "
        "it on: `fetch(url, { signal })`."
    ),
    "fetch-without-signal": (
        "`fetch` in `execute` does not get the execution signal: when the agent cancels the "
        "call, the request keeps running. Pass it on: `fetch(url, { {{member}} })`."
    ),
    "fetch-timeout-only": (
        "This `fetch` is only cancelled by its timeout, not when the agent cancels the "
        "call: combine both, `signal: AbortSignal.any([{{signal}}, AbortSignal.timeout(ms)])`."
    ),
    "call-fetches-without-signal": (
        "`{{name}}()` fetches without a signal, so its request keeps running when the "
        "agent cancels the call: {{take}}pass the signal to `{{name}}()` and on to `fetch`."
    ),
    "loop-ignores-signal": (
        "This loop waits on a timer without looking at the execution signal, so it "
        "keeps polling after the agent cancels the call: {{how}} in the loop "
        "(or `signal.throwIfAborted()`)."
    ),
    "wait-ignores-signal": (
        "`execute` waits on a timer and never looks at the execution signal, so it "
        "keeps waiting after the agent cancels the call: {{how}} after the wait, or "
        "end the wait on `abort`."
    ),
}


@check(Options, MESSAGES)
def execute_forward_signal(model: FileModel, ctx: Context) -> None:
    options: Options = ctx.options
    min_wait = options.min_wait_ms
    for tool in registered_tools(model.tools):
        facts = model.functions.of_tool(tool)
        if facts is None:
            continue
        second = tool.wrapper.second_argument if tool.wrapper is not None else None
        receives_signal = tool.kind == "imperative" or second == "browser"
        if not receives_signal and (second is not None or facts.options is None):
            continue  # the library never hands execute a signal, or may not
        if never_given_a_signal(model, tool):
            continue  # what it runs on passes `execute` no signal
        reported: set[int] = set()  # one finding per call a request is made through
        for fetch in facts.fetches:
            if fetch.site.id in reported:
                continue
            if fetch.via and fetch.signal == "missing":
                reported.add(fetch.site.id)
                _report_through_call(model, ctx, fetch, facts.signal)
            elif not fetch.via and fetch.signal in ("missing", "timeout"):
                _report_fetch(model, ctx, fetch.node, fetch.signal, facts)
        _timer_waits(model, facts, min_wait, ctx)


def _forward(model: FileModel, facts: FunctionFacts, call: Node, signal: str | None) -> Fix | None:
    """`fetch(url)` becomes `fetch(url, { signal })`, and `fetch(url, { ... })` gets
    `signal` in its options; when `execute` has no second parameter, `{ signal }` is
    added as one. Only where `signal` certainly names the execution signal at the fetch:
    no function in between declares a name the fix uses, and an added parameter's name
    is not already used in `execute`."""
    args = arguments(call)
    if not args or args[0].type == "spread_element" or len(args) > 2:
        return None
    edits = []
    if signal is None:
        added = _signal_parameter(facts)
        if added is None:
            return None
        edits.append(added)
        signal = "signal"
    root = signal.split(".")[0]
    if facts.script.semantic.is_shadowed(root, call, facts.node):
        return None  # a function or block in between declares that name
    member = "signal" if signal == "signal" else f"signal: {signal}"
    if len(args) == 1:
        edits.append(insert_after(model.source.text, args[0], f"{{ {member} }}"))
    elif args[1].type == "object" and not any(
        child.type == "spread_element" for child in args[1].named_children
    ):
        edits.append(insert_member(model.source.text, args[1], member))
    else:
        return None
    return Fix("Pass the execution signal to fetch", tuple(edits), "unsafe")


def _signal_parameter(facts: FunctionFacts) -> Edit | None:
    """`{ signal }` as execute's second parameter (after an `_input` first one when it
    has none), when neither name is used in it yet."""
    function = facts.node
    unused = facts.script.semantic.free_name
    if unused(("signal",), function) is None:
        return None
    single = function.child_by_field_name("parameter")
    if single is not None:  # `input => ...`
        return Edit(Span.of(single), f"({text(single)}, {{ signal }})")
    params = function.child_by_field_name("parameters")
    if params is None:
        return None
    named = [child for child in params.named_children if child.type != "comment"]
    if len(named) == 1:
        return Edit(Span(named[0].end_byte, named[0].end_byte), ", { signal }")
    if not named and not params.named_children and unused(("_input",), function) is not None:
        return Edit(Span(params.start_byte + 1, params.end_byte - 1), "_input, { signal }")
    return None


def _report_fetch(
    model: FileModel, ctx: Context, call: Node, problem: str, facts: FunctionFacts
) -> None:
    at, signal = head_span(model.source, Span.of(call)), facts.signal
    if problem == "timeout":
        ctx.report(at, "fetch-timeout-only", signal=signal or "signal")
        return
    fix = _forward(model, facts, call, signal)
    if signal is None:
        ctx.report(at, "fetch-ignores-cancellation", fix=fix)
    else:
        member = "signal" if signal == "signal" else f"signal: {signal}"
        ctx.report(at, "fetch-without-signal", fix=fix, member=member)


def _report_through_call(model: FileModel, ctx: Context, fetch: Fetch, signal: str | None) -> None:
    name = callee_text(fetch.site)
    take = "" if signal else "take `{ signal }` as execute's second argument, "
    ctx.report(
        head_span(model.source, Span.of(fetch.site)),
        "call-fetches-without-signal",
        related=[related_at(model, fetch.file, fetch.node, "fetch without a signal")],
        name=name,
        take=take,
    )


def _timer_waits(model: FileModel, facts: FunctionFacts, min_wait: float, ctx: Context) -> None:
    signal = facts.signal
    reported: set[int] = set()  # one finding per `await`
    for wait in facts.waits:
        if wait.cancellable or wait.node.id in reported:
            continue
        how = f"check `{signal}.aborted`" if signal else "take `{ signal }` and check it"
        if wait.loop is not None:
            if wait.loop_checks_signal:
                continue
            message_id = "loop-ignores-signal"
        elif facts.mentions_signal or not (
            wait.polling or (wait.delay is not None and wait.delay >= min_wait)
        ):
            continue
        else:
            message_id = "wait-ignores-signal"
        reported.add(wait.node.id)
        ctx.report(head_span(model.source, Span.of(wait.node)), message_id, how=how)
