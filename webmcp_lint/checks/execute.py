"""What `execute` does with its input, its signal, its errors and its result."""

from __future__ import annotations

import difflib
import json
from collections.abc import Iterator

from tree_sitter import Node

from webmcp_lint.checks import Context as CheckContext
from webmcp_lint.checks import legacy_check as check
from webmcp_lint.checks._body import (
    LOOP_TYPES,
    Body,
    InputReads,
    climb,
    global_call,
    is_global,
    walk,
)
from webmcp_lint.checks._util import head_span, registered_tools
from webmcp_lint.diagnostics import Finding, Related
from webmcp_lint.model import FileModel, ToolDefinition, Value
from webmcp_lint.source import Span
from webmcp_lint.syntax.nodes import (
    FUNCTION_TYPES,
    arguments,
    called_member,
    property_name,
    string_literal,
    text,
    unwrap,
)

# Integrations that catch a thrown error and hand its message to the agent as an
# `isError` result: throwing is their documented error channel.
THROW_CONVERTING_INTEGRATIONS = frozenset({"use-webmcp-tool", "@vueuse/core"})
# Integrations known to pass `{ signal }` as execute's second argument.
SIGNAL_PASSING_INTEGRATIONS = frozenset({"use-webmcp-tool"})
# Schema keywords under which properties can come from somewhere else than `properties`.
OPEN_SCHEMA_KEYWORDS = (
    "allOf",
    "anyOf",
    "oneOf",
    "not",
    "if",
    "then",
    "else",
    "$ref",
    "$dynamicRef",
    "dependentSchemas",
    "patternProperties",
    "unevaluatedProperties",
)


# -- execute-no-throw --------------------------------------------------------------------


@check("execute-no-throw")
def execute_no_throw(model: FileModel, context: CheckContext) -> Iterator[Finding]:
    for tool in registered_tools(model.tools):
        if _converts_throws(tool):
            continue
        body = Body.of(tool)
        if body is None:
            continue
        for node in unguarded_throws(body):
            yield Finding(
                "execute-no-throw",
                f'{_what_fails(node)} in `execute`: the agent only receives "UnknownError", '
                "never the message, so it cannot recover. Return the error instead: "
                f"`return {{ error: {_error_text(node)}, retryable: false }}`.",
                head_span(model.source, Span.of(node)),
            )
        yield from _helper_throws(model, body)


def _converts_throws(tool: ToolDefinition) -> bool:
    integration = (tool.integration or "").lower()
    return integration in THROW_CONVERTING_INTEGRATIONS or "vueuse" in integration


def unguarded_throws(body: Body) -> Iterator[Node]:
    """`throw` statements and `Promise.reject(...)` calls that end the function with an
    error: not caught inside it, and not an abort being passed on."""
    for node in body.own("throw_statement", "call_expression"):
        if node.type == "call_expression" and not _is_promise_reject(body, node):
            continue
        if _caught(body, node) or _abort_passed_on(body, node):
            continue
        yield node


def _is_promise_reject(body: Body, call: Node) -> bool:
    member = called_member(call)
    return (
        member is not None
        and member[1] == "reject"
        and is_global(body.script, unwrap(member[0]), "Promise")
    )


def _caught(body: Body, node: Node) -> bool:
    """`node` sits in the block of a `try` that has a `catch`."""
    child, current = node, node.parent
    while current is not None and current.id != body.function.id:
        if current.type == "try_statement" and current.child_by_field_name("handler") is not None:
            block = current.child_by_field_name("body")
            if block is not None and block.id == child.id:
                return True
        child, current = current, current.parent
    return False


def _abort_passed_on(body: Body, node: Node) -> bool:
    """The error is the abort itself (`throw signal.reason`), or the throw only happens
    once a condition or an enclosing `catch` has looked at the signal."""
    if body.mentions_signal(node):
        return True
    child, current = node, node.parent
    while current is not None and current.id != body.function.id:
        kind = current.type
        if kind in ("if_statement", "ternary_expression", "while_statement"):
            condition = current.child_by_field_name("condition")
            if (
                condition is not None
                and condition.id != child.id
                and body.mentions_signal(condition)
            ):
                return True
        elif kind == "catch_clause":
            block = current.child_by_field_name("body")
            for statement in block.named_children if block is not None else []:
                if statement.end_byte <= node.start_byte and body.mentions_signal(statement):
                    return True
        child, current = current, current.parent
    return False


def _what_fails(node: Node) -> str:
    return "`Promise.reject()`" if node.type == "call_expression" else "`throw`"


def _error_text(node: Node) -> str:
    """The literal message of `throw new Error("...")` as a JS string, else a placeholder."""
    if node.type == "call_expression":
        args = arguments(node)
        thrown = args[0] if args else None
    else:
        thrown = next((c for c in node.named_children if c.type != "comment"), None)
    message = None
    if thrown is not None:
        thrown = unwrap(thrown)
        if thrown.type in ("new_expression", "call_expression"):
            args = arguments(thrown)
            message = string_literal(unwrap(args[0])) if args else None
        else:
            message = string_literal(thrown)
    if not message:
        return '"What went wrong and what the agent can do about it"'
    if len(message) > 80:
        message = message[:77] + "..."
    return json.dumps(message, ensure_ascii=False)


def _helper_throws(model: FileModel, body: Body) -> Iterator[Finding]:
    """A same-file helper that throws, called where its error escapes `execute`."""
    for call in body.own("call_expression"):
        helper = body.helper(call)
        if helper is None or _caught(body, call) or _abort_passed_on(body, call):
            continue
        if helper.is_async and not _awaited_or_returned(body, call):
            continue  # a floating promise: its rejection does not fail the tool
        thrown = next(unguarded_throws(helper), None)
        if thrown is None:
            continue
        name = callee_text(call)
        line = model.source.line_of(thrown.start_byte) + 1
        yield Finding(
            "execute-no-throw",
            f"`{name}()` can throw (line {line}) and `execute` lets the error through: the "
            'agent only receives "UnknownError", never the message. Catch it and return '
            f"the error: `return {{ error: {_error_text(thrown)}, retryable: false }}`.",
            head_span(model.source, Span.of(call)),
            related=(Related(head_span(model.source, Span.of(thrown)), "thrown here"),),
        )


def _awaited_or_returned(body: Body, call: Node) -> bool:
    node = climb(call)
    parent = node.parent
    if parent is None:
        return False
    if parent.type in ("await_expression", "return_statement"):
        return True
    return body.body is not None and body.body.id == node.id  # an arrow's expression body


def callee_text(call: Node) -> str:
    function = call.child_by_field_name("function")
    return text(unwrap(function)) if function is not None else "helper"


# -- execute-forward-signal --------------------------------------------------------------


@check("execute-forward-signal", min_wait_ms=1000)
def execute_forward_signal(model: FileModel, context: CheckContext) -> Iterator[Finding]:
    min_wait = float(context.options.get("min-wait-ms", 1000))
    for tool in registered_tools(model.tools):
        body = Body.of(tool)
        if body is None:
            continue
        passes_signal = tool.kind == "imperative" or tool.integration in SIGNAL_PASSING_INTEGRATIONS
        if not passes_signal and body.options is None:
            continue  # the framework may not hand execute a signal at all
        signal = _signal_expression(body)
        for call in body.fetches():
            problem = fetch_signal_problem(body, call)
            if problem is None:
                continue
            yield Finding(
                "execute-forward-signal",
                _fetch_message(body, problem, signal),
                head_span(model.source, Span.of(call)),
            )
        yield from _helper_fetches(model, body, signal)
        yield from _timer_waits(model, body, signal, min_wait)


def fetch_signal_problem(body: Body, call: Node) -> str | None:
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


def _fetch_message(body: Body, problem: str, signal: str | None) -> str:
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


def _helper_fetches(model: FileModel, body: Body, signal: str | None) -> Iterator[Finding]:
    for call in body.everything("call_expression"):
        helper = body.helper(call)
        if helper is None or body.mentions_signal(call):
            continue
        if helper.body is None or helper.mentions_signal(helper.body):
            continue  # the helper manages its own cancellation
        fetch = next(
            (f for f in helper.fetches() if fetch_signal_problem(helper, f) == "missing"), None
        )
        if fetch is None:
            continue
        name = callee_text(call)
        take = "" if signal else "take `{ signal }` as execute's second argument, "
        yield Finding(
            "execute-forward-signal",
            f"`{name}()` fetches without a signal, so its request keeps running when the "
            f"agent cancels the call: {take}pass the signal to `{name}()` and on to `fetch`.",
            head_span(model.source, Span.of(call)),
            related=(Related(head_span(model.source, Span.of(fetch)), "fetch without a signal"),),
        )


def _timer_waits(
    model: FileModel, body: Body, signal: str | None, min_wait: float
) -> Iterator[Finding]:
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
        yield Finding("execute-forward-signal", message, head_span(model.source, Span.of(waiting)))


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


# -- input schema against execute ---------------------------------------------------------


def _closed_properties(tool: ToolDefinition) -> dict[str, Value] | None:
    """The schema's `properties` when they are known to be all the input it accepts."""
    schema = tool.input_schema
    if schema is None or schema.kind != "object" or not schema.complete:
        return None
    if any(schema.entry(keyword) is not None for keyword in OPEN_SCHEMA_KEYWORDS):
        return None
    extra = schema.get("additionalProperties")
    if extra is not None and not (extra.kind == "boolean" and extra.data is False):
        return None
    properties = schema.get("properties")
    if properties is None or properties.kind != "object" or not properties.complete:
        return None
    return {key: entry.value for key, entry in properties.entries.items()}


def _required(tool: ToolDefinition) -> set[str]:
    schema = tool.input_schema
    required = schema.get("required") if schema is not None else None
    if required is None:
        return set()
    return {item.data for item in required.items if item.kind == "string"}


@check("execute-params-match-schema")
def execute_params_match_schema(model: FileModel, context: CheckContext) -> Iterator[Finding]:
    for tool in registered_tools(model.tools):
        properties = _closed_properties(tool)
        body = Body.of(tool) if properties is not None else None
        if properties is None or body is None:
            continue
        for key, read in body.input_reads().reads.items():
            if key in properties:
                continue
            if key == "signal":
                yield Finding(
                    "execute-params-match-schema",
                    "`signal` is not part of the input, so this is always undefined: the "
                    "execution signal comes in execute's second argument, "
                    "`execute(input, { signal })`.",
                    Span.of(read.node),
                )
                continue
            hint = _did_you_mean(key, list(properties))
            yield Finding(
                "execute-params-match-schema",
                f"`execute` reads the input property `{key}`, but `inputSchema` does not "
                "define it: the agent is never told about it, so it is always undefined. "
                + (
                    f"Did you mean `{hint}`?"
                    if hint
                    else f"Add `{key}` to `inputSchema.properties` or stop reading it."
                ),
                Span.of(read.node),
            )


def _did_you_mean(key: str, candidates: list[str]) -> str | None:
    lowered = {candidate.lower(): candidate for candidate in candidates}
    if key.lower() in lowered:
        return lowered[key.lower()]
    close = difflib.get_close_matches(key, candidates, n=1, cutoff=0.7)
    return close[0] if close else None


def _tools_reading_properties(
    model: FileModel,
) -> Iterator[tuple[dict[str, Value], Body, InputReads, set[str]]]:
    """For each registered tool with schema properties and an analysable `execute`: its
    properties, the body, what the body reads from the input, and the required keys."""
    for tool in registered_tools(model.tools):
        properties = _properties(tool)
        body = Body.of(tool) if properties else None
        if properties and body is not None:
            yield properties, body, body.input_reads(), _required(tool)


@check("execute-apply-defaults")
def execute_apply_defaults(model: FileModel, context: CheckContext) -> Iterator[Finding]:
    for properties, body, reads, required in _tools_reading_properties(model):
        for key, schema in properties.items():
            default = schema.get("default") if schema.kind == "object" else None
            if default is None or not default.known or key in required:
                continue
            if not _used_unchecked(body, reads, key, allow_default=False):
                continue
            shown = _js_literal(default)
            yield Finding(
                "execute-apply-defaults",
                f"`inputSchema` gives `{key}` the default {shown}, but the browser applies no "
                f"defaults and `execute` uses `{key}` without one: when the agent leaves it "
                f"out, it is `undefined`. Write `{{ {key} = {shown} }}` or `{key} ?? {shown}`.",
                Span.of(reads.reads[key].node),
                related=(Related(default.span, "the default the schema declares"),),
            )


@check("execute-validate-input")
def execute_validate_input(model: FileModel, context: CheckContext) -> Iterator[Finding]:
    for properties, body, reads, required in _tools_reading_properties(model):
        for key, schema in properties.items():
            if schema.kind != "object":
                continue
            has_enum = schema.get("enum") is not None
            if not has_enum and (key not in required or schema.get("default") is not None):
                continue
            if not _used_unchecked(body, reads, key, allow_default=True):
                continue
            what = "one of its `enum` values" if has_enum else "present"
            yield Finding(
                "execute-validate-input",
                f"`execute` uses `{key}` without checking it: the browser does not validate "
                f"input against the schema, so `{key}` may not be {what}. Check it and "
                "return an error the agent can act on.",
                Span.of(reads.reads[key].node),
            )


def _properties(tool: ToolDefinition) -> dict[str, Value] | None:
    schema = tool.input_schema
    properties = schema.get("properties") if schema is not None else None
    if properties is None or properties.kind != "object":
        return None
    return {key: entry.value for key, entry in properties.entries.items()}


def _used_unchecked(body: Body, reads: InputReads, key: str, allow_default: bool) -> bool:
    """`execute` reads `key` and none of its uses tests it or falls back from it."""
    if reads.escapes:
        return False
    read = reads.reads.get(key)
    if read is None or read.opaque or not read.uses:
        return False
    if read.default is not None and not allow_default:
        return False
    return not any(body.handled(use) for use in read.uses)


def _js_literal(value: Value) -> str:
    data = value.to_python(unknown_as=None)
    try:
        shown = json.dumps(data, ensure_ascii=False)
    except (TypeError, ValueError):
        return "the declared default"
    return shown if len(shown) <= 40 else "the declared default"


# -- execute-result-serializable ----------------------------------------------------------

# What JSON serialization makes of instances of these globals (observed in Chromium 156).
LOSSY_CONSTRUCTORS = {
    "Map": "a `Map`",
    "Set": "a `Set`",
    "WeakMap": "a `WeakMap`",
    "WeakSet": "a `WeakSet`",
    "FormData": "`FormData`",
    "URLSearchParams": "`URLSearchParams`",
    "Headers": "`Headers`",
    "RegExp": "a `RegExp`",
}
ERROR_CONSTRUCTORS = frozenset({"Error", "TypeError", "RangeError", "DOMException"})
LOSSY_FIXES = {
    "Map": "`Object.fromEntries(map)`",
    "Set": "`[...set]`",
    "FormData": "`Object.fromEntries(formData)`",
    "URLSearchParams": "`Object.fromEntries(params)` or `params.toString()`",
    "Headers": "`Object.fromEntries(headers)`",
    "RegExp": "its `source` string",
}
DOM_METHODS = frozenset(
    {
        "querySelector",
        "querySelectorAll",
        "getElementById",
        "getElementsByClassName",
        "getElementsByTagName",
        "getElementsByName",
        "createElement",
        "createTextNode",
        "createDocumentFragment",
        "closest",
        "cloneNode",
        "elementFromPoint",
    }
)
DOM_PROPERTIES = frozenset({"body", "head", "documentElement", "activeElement"})
MAX_RESULT_NODES = 200


@check("execute-result-serializable")
def execute_result_serializable(model: FileModel, context: CheckContext) -> Iterator[Finding]:
    for tool in registered_tools(model.tools):
        body = Body.of(tool)
        if body is None:
            continue
        for returned in body.returned():
            for node, problem, fix in _unserializable(body, returned):
                yield Finding(
                    "execute-result-serializable",
                    f"`execute` returns {problem}: the browser serializes the result as JSON "
                    f"and the data is lost. Return plain data instead{fix}.",
                    head_span(model.source, Span.of(node)),
                )


def _unserializable(body: Body, returned: Node) -> Iterator[tuple[Node, str, str]]:
    """(where, what goes wrong, how to fix) for the parts of a returned expression that
    do not survive JSON serialization; object and array literals are looked into."""
    stack: list[tuple[Node, bool]] = [(returned, True)]
    seen = 0
    while stack and seen < MAX_RESULT_NODES:
        node, top = stack.pop()
        seen += 1
        node = unwrap(node)
        if node.type == "await_expression":
            inner = next((c for c in node.named_children if c.type != "comment"), None)
            if inner is not None:
                stack.append((inner, top))
            continue
        if node.type == "ternary_expression":
            for side in ("consequence", "alternative"):
                branch = node.child_by_field_name(side)
                if branch is not None:
                    stack.append((branch, top))
            continue
        if node.type == "object":
            if any(_key_is(member, "toJSON") for member in node.named_children):
                continue
            for member in node.named_children:
                if member.type == "pair":
                    value = member.child_by_field_name("value")
                    if value is not None and unwrap(value).type not in FUNCTION_TYPES:
                        stack.append((value, False))
            continue
        if node.type == "array":
            stack.extend((item, False) for item in node.named_children if item.type != "comment")
            continue
        found = _lossy(body, node, top)
        if found is not None:
            yield (node, *found)


def _key_is(member: Node, name: str) -> bool:
    key = member.child_by_field_name("key") or member.child_by_field_name("name")
    return key is not None and text(key) == name


def _lossy(body: Body, node: Node, top: bool) -> tuple[str, str] | None:
    script = body.script
    origin = node
    if node.type == "identifier":
        binding = script.resolve(node)
        if binding is None:
            if text(node) in ("window", "globalThis", "self"):
                return "the global `window` object, which fails as a circular object", ""
            return None
        if binding.kind != "const" or binding.value is None or binding.path != ():
            return None
        if _made_circular(body, node):
            return 'an object that contains itself: the call fails with "UnknownError"', ""
        origin = unwrap(binding.value)
        if origin.type == "await_expression":
            origin = unwrap(origin.named_children[0]) if origin.named_children else origin
    if origin.type in FUNCTION_TYPES and top:
        return 'a function, which reaches the agent as the string "undefined"', ""
    if origin.type == "new_expression":
        constructor = origin.child_by_field_name("constructor")
        if constructor is not None:
            name = text(unwrap(constructor))
            if not is_global(script, unwrap(constructor), name):
                return None
            if name in ERROR_CONSTRUCTORS:
                return (
                    "an `Error`, which reaches the agent as `{}`, without its message",
                    " (`{ error: message }`)",
                )
            if name in LOSSY_CONSTRUCTORS:
                fix = LOSSY_FIXES.get(name)
                return (
                    f"{LOSSY_CONSTRUCTORS[name]}, which reaches the agent as `{{}}`",
                    f" ({fix})" if fix else "",
                )
        return None
    if origin.type == "call_expression":
        if global_call(script, origin, "fetch"):
            return (
                "the `Response` of `fetch`, which reaches the agent as `{}`",
                " (`await response.json()` or the fields the agent needs)",
            )
        if global_call(script, origin, "Symbol"):
            return "a `Symbol`, which crashes the page's renderer in Chromium 156", ""
        member = called_member(origin)
        if member is not None and member[1] in DOM_METHODS:
            return _DOM
        return None
    if origin.type == "member_expression" and property_name(origin) in DOM_PROPERTIES:
        target = origin.child_by_field_name("object")
        if target is not None and is_global(script, unwrap(target), "document"):
            return _DOM
    return None


_DOM = (
    "a DOM node, which reaches the agent as `{}`",
    " (the node's `textContent`, `value` or the attributes the agent needs)",
)


def _made_circular(body: Body, identifier: Node) -> bool:
    """`x.self = x` somewhere in the function, for the `const x` that is returned."""
    name = text(identifier)
    for node in body.own("assignment_expression"):
        left = node.child_by_field_name("left")
        right = node.child_by_field_name("right")
        if left is None or right is None or left.type != "member_expression":
            continue
        target = left.child_by_field_name("object")
        if target is None or unwrap(target).type != "identifier" or text(unwrap(target)) != name:
            continue
        if unwrap(right).type == "identifier" and text(unwrap(right)) == name:
            return True
    return False


# -- no-execute-client-param --------------------------------------------------------------

CLIENT_MEMBERS = frozenset({"requestUserInteraction", "requestUserInput"})


@check("no-execute-client-param")
def no_execute_client_param(model: FileModel, context: CheckContext) -> Iterator[Finding]:
    for tool in registered_tools(model.tools):
        body = Body.of(tool)
        if body is None or body.options is None:
            continue
        for node, member in _client_uses(body):
            yield Finding(
                "no-execute-client-param",
                f"`execute`'s second argument is `{{ signal }}`, not an agent or client: "
                f"`{member}` is undefined there, so this throws a TypeError and the tool "
                "fails. Ask the user in your own UI (and mark risky tools with "
                "`consequentialHint: true`); use the argument only for `signal`.",
                head_span(model.source, Span.of(node)),
            )


def _client_uses(body: Body) -> Iterator[tuple[Node, str]]:
    options = body.options
    assert options is not None
    if options.type == "object_pattern":
        for part in options.named_children:
            key = part
            if part.type == "pair_pattern":
                key = part.child_by_field_name("key") or part
            elif part.type == "object_assignment_pattern":
                key = part.child_by_field_name("left") or part
            if text(key) in CLIENT_MEMBERS:
                yield part, text(key)
        return
    if options.type != "identifier":
        return
    for reference in body.references(options):
        node = climb(reference)
        parent = node.parent
        if parent is None or parent.type != "member_expression":
            continue
        if parent.child_by_field_name("object") != node:
            continue
        member = property_name(parent)
        if member is None or member == "signal":
            continue
        called = climb(parent).parent
        is_call = called is not None and called.type == "call_expression"
        if member in CLIENT_MEMBERS or is_call:
            yield parent, f"{text(options)}.{member}"
