"""`execute` fetches or waits without the execution signal: it keeps running after the
agent cancels the call."""

from __future__ import annotations

from webmcp_lint.checks import Context, check
from webmcp_lint.checks._util import callee_text, head_span, registered_tools
from webmcp_lint.diagnostics import Related
from webmcp_lint.model import FileModel, FunctionFacts
from webmcp_lint.model.functions import Fetch
from webmcp_lint.source import Span


@check(min_wait_ms=1000)
def execute_forward_signal(model: FileModel, ctx: Context) -> None:
    min_wait = float(ctx.options.get("min-wait-ms", 1000))
    for tool in registered_tools(model.tools):
        facts = model.functions.of_tool(tool)
        if facts is None:
            continue
        second = tool.wrapper.second_argument if tool.wrapper is not None else None
        receives_signal = tool.kind == "imperative" or second == "browser"
        if not receives_signal and (second is not None or facts.options is None):
            continue  # the library never hands execute a signal, or may not
        reported: set[int] = set()  # one finding per call a request is made through
        for fetch in facts.fetches:
            if fetch.site.id in reported:
                continue
            if fetch.via and fetch.signal == "missing":
                reported.add(fetch.site.id)
                _report_through_call(model, ctx, fetch, facts.signal)
            elif not fetch.via and fetch.signal in ("missing", "timeout"):
                ctx.report(
                    head_span(model.source, Span.of(fetch.node)),
                    _fetch_message(fetch.signal, facts.signal),
                )
        _timer_waits(model, facts, min_wait, ctx)


def _fetch_message(problem: str, signal: str | None) -> str:
    if problem == "timeout":
        shown = signal or "signal"
        return (
            "This `fetch` is only cancelled by its timeout, not when the agent cancels the "
            f"call: combine both, `signal: AbortSignal.any([{shown}, AbortSignal.timeout(ms)])`."
        )
    if signal is None:
        return (
            "`fetch` in `execute` ignores cancellation: when the agent cancels the call, the "
            "request keeps running. Take `{ signal }` as execute's second argument and pass "
            "it on: `fetch(url, { signal })`."
        )
    shown = "signal" if signal == "signal" else f"signal: {signal}"
    return (
        "`fetch` in `execute` does not get the execution signal: when the agent cancels the "
        f"call, the request keeps running. Pass it on: `fetch(url, {{ {shown} }})`."
    )


def _report_through_call(model: FileModel, ctx: Context, fetch: Fetch, signal: str | None) -> None:
    name = callee_text(fetch.site)
    take = "" if signal else "take `{ signal }` as execute's second argument, "
    ctx.report(
        head_span(model.source, Span.of(fetch.site)),
        f"`{name}()` fetches without a signal, so its request keeps running when the "
        f"agent cancels the call: {take}pass the signal to `{name}()` and on to `fetch`.",
        related=[Related(head_span(model.source, Span.of(fetch.node)), "fetch without a signal")],
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
            message = (
                "This loop waits on a timer without looking at the execution signal, so it "
                f"keeps polling after the agent cancels the call: {how} in the loop "
                "(or `signal.throwIfAborted()`)."
            )
        elif facts.mentions_signal or not (
            wait.polling or (wait.delay is not None and wait.delay >= min_wait)
        ):
            continue
        else:
            message = (
                "`execute` waits on a timer and never looks at the execution signal, so it "
                f"keeps waiting after the agent cancels the call: {how} after the wait, or "
                "end the wait on `abort`."
            )
        reported.add(wait.node.id)
        ctx.report(head_span(model.source, Span.of(wait.node)), message)
