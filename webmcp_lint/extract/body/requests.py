"""The requests a function makes (`fetch`): init, method, literal URL start, and
whether the execution signal reaches them."""

from __future__ import annotations

from tree_sitter import Node

from webmcp_lint.extract.body.core import global_call, is_global, key_text, static_call
from webmcp_lint.extract.body.signal import Signal
from webmcp_lint.model import Script, Value
from webmcp_lint.model.functions import Fetch, SignalUse
from webmcp_lint.syntax.nodes import arguments, string_literal, text, through_constant, unwrap


class Requests(Signal):
    """The fetches of one function and the code it runs."""

    def fetches(self) -> tuple[Fetch, ...]:
        found = []
        for call in self.everything("call_expression"):
            if global_call(self.script, call, "fetch"):
                init = self.fetch_init(call)
                args = arguments(call)
                url = _literal_prefix(unwrap(args[0])) if args else None
                signal = self._fetch_signal(call, init)
                parameter, spread = self._signal_parameters(call)
                found.append(
                    Fetch(
                        call,
                        init,
                        _method(init),
                        signal,
                        url,
                        signal_parameter=parameter,
                        init_parameters=spread,
                    )
                )
        return tuple(found)

    def _signal_parameters(self, call: Node) -> tuple[int | None, tuple[int, ...]]:
        """Where a fetch's signal can only come from this function's own parameters: the
        parameter written as its `signal` (`{ signal }`, `{ signal: s }`), or the
        parameters its init is (`fetch(url, init)`) or spreads into an init that names no
        signal (`{ credentials, ...init }`)."""
        args = arguments(call)
        if len(args) != 2:
            return None, ()
        init = unwrap(args[1])
        if init.type == "identifier":
            index = self.plain_parameter(init)
            return None, ((index,) if index is not None else ())
        if init.type != "object":
            return None, ()
        spread: list[int] = []
        signal: Node | None = None
        for member in init.named_children:
            if member.type == "spread_element":
                inner = next((c for c in member.named_children if c.type != "comment"), None)
                index = self.plain_parameter(unwrap(inner)) if inner is not None else None
                if index is None:
                    return None, ()
                spread.append(index)
            elif member.type == "shorthand_property_identifier":
                signal = member if text(member) == "signal" else signal
            elif member.type == "pair":
                key = member.child_by_field_name("key")
                name = key_text(key) if key is not None else None
                if name is None:
                    return None, ()  # a computed key may be `signal`
                if name == "signal":
                    signal = member.child_by_field_name("value")
            elif member.type != "comment":
                return None, ()
        if signal is not None:
            return (self.plain_parameter(unwrap(signal)) if not spread else None), ()
        return None, tuple(spread)

    def fetch_init(self, call: Node) -> Value | None:
        """The options object of a `fetch` call, or None when there is none; a
        `fetch(new Request(url, init))` gives that init."""
        args = arguments(call)
        if len(args) > 1:
            return self.script.value(args[1])
        if not args:
            return None
        request = _request_init(self.script, args[0])
        return self.script.value(request) if request is not None else None

    def _fetch_signal(self, call: Node, init: Value | None) -> SignalUse:
        """ "missing" when a `fetch` certainly has no signal, "timeout" when its only
        signal is `AbortSignal.timeout(...)`, "forwarded" when it is given one."""
        if init is None:
            args = arguments(call)
            if args and self._may_be_request(args[0]):
                return "unknown"
            return "missing"
        if init.kind != "object":
            return "unknown"
        entry = init.entry("signal")
        if entry is not None:
            node = entry.value.node
            if node is not None and static_call(self.script, node, "AbortSignal", "timeout"):
                return "timeout"
            return "forwarded"
        return "missing" if init.complete else "unknown"

    def _may_be_request(self, node: Node) -> bool:
        """A `fetch(request)` argument that may be a `Request` carrying its own signal."""
        node = unwrap(node)
        if node.type == "new_expression":
            return False  # `new Request(url)` without init: `fetch_init` looked at the init
        if node.type != "identifier":
            return False
        binding = self.script.resolve(node)
        if binding is not None and binding.kind == "const" and binding.value is not None:
            return unwrap(binding.value).type == "new_expression"
        return "req" in text(node).lower()


def _method(init: Value | None) -> str | None:
    """The HTTP method of a `fetch` with this init: "GET" without one, None when unknown."""
    if init is None:
        return "GET"
    if init.kind != "object":
        return None
    method = init.get("method")
    if method is None:
        return "GET" if init.complete else None
    text_of = method.as_text() if method.kind == "string" else None
    return text_of.upper() if text_of is not None else None


def _literal_prefix(node: Node) -> str | None:
    """The literal start of a URL: a whole string, or a template's text before `${`."""
    if node.type == "string":
        return string_literal(node)
    if node.type == "template_string":
        prefix = []
        for child in node.children:
            if child.type == "string_fragment":
                prefix.append(text(child))
            elif child.type == "template_substitution":
                break
        return "".join(prefix)
    return None


def _request_init(script: Script, node: Node) -> Node | None:
    """The init argument of `new Request(url, init)`, directly or through a `const`."""
    found = through_constant(node, script.constant)
    if found is None or found.type != "new_expression":
        return None
    constructor = found.child_by_field_name("constructor")
    if constructor is None or not is_global(script, unwrap(constructor), "Request"):
        return None
    args = arguments(found)
    return args[1] if len(args) > 1 else None
