"""`execute` fetches or waits without the execution signal: it keeps running after the
agent cancels the call."""

from __future__ import annotations

import re

from tree_sitter import Node

from webmcp_lint.checks import Context, check
from webmcp_lint.checks._body import Body, global_call, is_global, walk
from webmcp_lint.checks._fixes import insert_after, insert_member
from webmcp_lint.checks._util import callee_text, head_span, registered_tools
from webmcp_lint.diagnostics import Edit, Fix, Related
from webmcp_lint.model import FileModel
from webmcp_lint.source import Span
from webmcp_lint.syntax.nodes import (
    FUNCTION_TYPES,
    LOOP_TYPES,
    arguments,
    called_member,
    function_parameters,
    text,
    unwrap,
)

# Integrations known to pass `{ signal }` as execute's second argument.
SIGNAL_PASSING_INTEGRATIONS = frozenset({"use-webmcp-tool"})


@check(min_wait_ms=1000)
def execute_forward_signal(model: FileModel, ctx: Context) -> None:
    min_wait = float(ctx.options.get("min-wait-ms", 1000))
    for tool in registered_tools(model.tools):
        body = Body.of(tool)
        if body is None:
            continue
        passes_signal = tool.kind == "imperative" or tool.integration in SIGNAL_PASSING_INTEGRATIONS
        if not passes_signal and body.options is None:
            continue  # the framework may not hand execute a signal at all
        signal = _signal_expression(body)
        for call in body.fetches():
            problem = _fetch_signal_problem(body, call)
            if problem is not None:
                fix = _forward(model, body, call, signal) if problem == "missing" else None
                ctx.report(
                    head_span(model.source, Span.of(call)),
                    _fetch_message(problem, signal),
                    fix=fix,
                )
        _helper_fetches(model, body, signal, ctx)
        _timer_waits(model, body, signal, min_wait, ctx)


def _fetch_signal_problem(body: Body, call: Node) -> str | None:
    """ "missing" when a `fetch` certainly has no signal, "timeout" when its only signal
    is `AbortSignal.timeout(...)`, None when it forwards one (or cannot be told)."""
    init = body.fetch_init(call)
    if init is None:
        args = arguments(call)
        if args and _may_be_request(body, args[0]):
            return None
        return "missing"
    if init.kind != "object":
        return None
    entry = init.entry("signal")
    if entry is not None:
        node = entry.value.node
        if node is not None and _is_timeout_signal(body, node):
            return "timeout"
        return None
    return "missing" if init.complete else None


def _forward(model: FileModel, body: Body, call: Node, signal: str | None) -> Fix | None:
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
        added = _signal_parameter(body)
        if added is None:
            return None
        edits.append(added)
        signal = "signal"
    root = signal.split(".")[0]
    if _shadowed(body, call, root):
        return None
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


def _signal_parameter(body: Body) -> Edit | None:
    """`{ signal }` as execute's second parameter (after an `_input` first one when it
    has none), when neither name is used in it yet."""
    function_text = text(body.function)
    if re.search(r"\bsignal\b", function_text):
        return None
    single = body.function.child_by_field_name("parameter")
    if single is not None:  # `input => ...`
        return Edit(Span.of(single), f"({text(single)}, {{ signal }})")
    params = body.function.child_by_field_name("parameters")
    if params is None:
        return None
    named = [child for child in params.named_children if child.type != "comment"]
    if len(named) == 1:
        return Edit(Span(named[0].end_byte, named[0].end_byte), ", { signal }")
    if not named and not params.named_children and not re.search(r"\b_input\b", function_text):
        return Edit(Span(params.start_byte + 1, params.end_byte - 1), "_input, { signal }")
    return None


def _shadowed(body: Body, call: Node, name: str) -> bool:
    """Whether a function between `execute` and `call` declares a parameter that could
    be `name` (a word of its parameters' text), so `name` there may be another value."""
    current = call.parent
    while current is not None and current.id != body.function.id:
        if current.type in FUNCTION_TYPES:
            parameters = function_parameters(current)
            if any(re.search(rf"\b{re.escape(name)}\b", text(p)) for p in parameters):
                return True
        current = current.parent
    return False


def _may_be_request(body: Body, node: Node) -> bool:
    """A `fetch(request)` argument that may be a `Request` carrying its own signal."""
    node = unwrap(node)
    if node.type == "new_expression":
        return False  # `new Request(url)` without init: `fetch_init` looked at the init
    if node.type != "identifier":
        return False
    binding = body.script.resolve(node)
    if binding is not None and binding.kind == "const" and binding.value is not None:
        return unwrap(binding.value).type == "new_expression"
    return "req" in text(node).lower()


def _is_timeout_signal(body: Body, node: Node) -> bool:
    node = unwrap(node)
    if node.type != "call_expression":
        return False
    member = called_member(node)
    return (
        member is not None
        and member[1] == "timeout"
        and is_global(body.script, unwrap(member[0]), "AbortSignal")
    )


def _signal_expression(body: Body) -> str | None:
    """How the execution signal is written inside this function, or None if it is not
    accessible (no second parameter)."""
    options = body.options
    if options is None:
        return None
    if options.type == "identifier":
        return f"{text(options)}.signal"
    names = body.signal_names - {"signal"}
    if options.type == "object_pattern":
        for part in options.named_children:
            if part.type == "shorthand_property_identifier_pattern" and text(part) == "signal":
                return "signal"
        if names:
            return sorted(names)[0]
    return None


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


def _helper_fetches(model: FileModel, body: Body, signal: str | None, ctx: Context) -> None:
    for call in body.everything("call_expression"):
        helper = body.helper(call)
        if helper is None or body.mentions_signal(call):
            continue
        if helper.body is None or helper.mentions_signal(helper.body):
            continue  # the helper manages its own cancellation
        fetch = next(
            (f for f in helper.fetches() if _fetch_signal_problem(helper, f) == "missing"), None
        )
        if fetch is None:
            continue
        name = callee_text(call)
        take = "" if signal else "take `{ signal }` as execute's second argument, "
        ctx.report(
            head_span(model.source, Span.of(call)),
            f"`{name}()` fetches without a signal, so its request keeps running when the "
            f"agent cancels the call: {take}pass the signal to `{name}()` and on to `fetch`.",
            related=[Related(head_span(model.source, Span.of(fetch)), "fetch without a signal")],
        )


def _timer_waits(
    model: FileModel, body: Body, signal: str | None, min_wait: float, ctx: Context
) -> None:
    if body.body is None:
        return
    checks_signal_somewhere = body.mentions_signal(body.body)
    for waiting in body.own("await_expression"):
        awaited = next((c for c in waiting.named_children if c.type != "comment"), None)
        if awaited is None:
            continue
        timer = _timer(body, unwrap(awaited))
        if timer is None or body.mentions_signal(awaited):
            continue
        delay, polling = timer
        loop = _enclosing_loop(body, waiting)
        how = f"check `{signal}.aborted`" if signal else "take `{ signal }` and check it"
        if loop is not None:
            if body.mentions_signal(loop):
                continue
            message = (
                "This loop waits on a timer without looking at the execution signal, so it "
                f"keeps polling after the agent cancels the call: {how} in the loop "
                "(or `signal.throwIfAborted()`)."
            )
        elif checks_signal_somewhere or not (polling or (delay is not None and delay >= min_wait)):
            continue
        else:
            message = (
                "`execute` waits on a timer and never looks at the execution signal, so it "
                f"keeps waiting after the agent cancels the call: {how} after the wait, or "
                "end the wait on `abort`."
            )
        ctx.report(head_span(model.source, Span.of(waiting)), message)


def _timer(body: Body, node: Node) -> tuple[float | None, bool] | None:
    """(delay in ms or None, whether it polls) when `node` is a promise of a timer:
    `new Promise(r => setTimeout(r, ms))`, `setTimeout(ms)` from `timers/promises`, or a
    call of a same-file helper that builds one (`await sleep(500)`)."""
    if node.type == "new_expression":
        return _promised_timer(body, node, None)
    if node.type != "call_expression":
        return None
    function = node.child_by_field_name("function")
    if function is not None and unwrap(function).type == "identifier":
        binding = body.script.resolve(unwrap(function))
        if (
            binding is not None
            and binding.kind == "import"
            and binding.imported == "setTimeout"
            and binding.source in ("node:timers/promises", "timers/promises")
        ):
            args = arguments(node)
            return (_number(body, args[0]) if args else 0.0), False
    helper = body.helper(node)
    if helper is None or helper.body is None:
        return None
    for inner in walk(helper.body, into_functions=True):
        if inner.type == "new_expression":
            found = _promised_timer(helper, inner, (node, helper))
            if found is not None:
                return found
    return None


def _promised_timer(
    body: Body, node: Node, call: tuple[Node, Body] | None
) -> tuple[float | None, bool] | None:
    constructor = node.child_by_field_name("constructor")
    if constructor is None or not is_global(body.script, unwrap(constructor), "Promise"):
        return None
    args = arguments(node)
    if not args or unwrap(args[0]).type not in FUNCTION_TYPES:
        return None
    for inner in walk(unwrap(args[0]), into_functions=True):
        if inner.type != "call_expression":
            continue
        if global_call(body.script, inner, "setInterval"):
            return None, True
        if global_call(body.script, inner, "setTimeout"):
            timer_args = arguments(inner)
            delay = timer_args[1] if len(timer_args) > 1 else None
            return (_delay(body, delay, call) if delay is not None else 0.0), False
    return None


def _delay(body: Body, node: Node, call: tuple[Node, Body] | None) -> float | None:
    """A timer's delay; for `sleep(ms)` helpers, the argument the caller passed as `ms`."""
    node = unwrap(node)
    if call is not None and node.type == "identifier":
        outer_call, helper = call
        binding = helper.script.resolve(node)
        if (
            binding is not None
            and binding.kind == "param"
            and binding.function is not None
            and binding.function.id == helper.function.id
            and binding.path == ()
        ):
            args = arguments(outer_call)
            if binding.index < len(args):
                return _number(body, args[binding.index])
            return None
    return _number(body, node)


def _number(body: Body, node: Node) -> float | None:
    value = body.script.value(node)
    return float(value.data) if value.kind == "number" else None


def _enclosing_loop(body: Body, node: Node) -> Node | None:
    current = node.parent
    while current is not None and current.id != body.function.id:
        if current.type in FUNCTION_TYPES:
            return None
        if current.type in LOOP_TYPES:
            return current
        current = current.parent
    return None
