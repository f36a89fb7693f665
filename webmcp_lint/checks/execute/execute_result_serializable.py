"""`execute` returns something JSON serialization loses: a Map, a DOM node, a Response..."""

from __future__ import annotations

from collections.abc import Iterator

from tree_sitter import Node

from webmcp_lint.checks import Context, check
from webmcp_lint.checks._util import head_span, registered_tools
from webmcp_lint.model import FileModel, FunctionFacts
from webmcp_lint.syntax.nodes import (
    FUNCTION_TYPES,
    called_member,
    function_body,
    property_name,
    text,
    unwrap,
    walk,
)
from webmcp_lint.workspace.source import Span

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


# What happens to the result, by what it holds (observed in Chromium 156).
LOST = "the browser serializes the result as JSON and the data is lost"
FAILS = (
    "the browser cannot serialize it as JSON, so the call fails with `UnknownError` and the "
    "agent gets no result"
)
CRASHES = (
    "serializing it crashes the page's renderer in Chromium 156, so the agent gets no result "
    "and the user loses the page"
)


def _returns(what: str, outcome: str, fix: str = "") -> str:
    """A message: what `execute` returns, what happens to it, how to return plain data."""
    return f"`execute` returns {what}: {outcome}. Return plain data instead{fix}."


MESSAGES = {
    "returns-window": _returns("the global `window` object, which contains itself", FAILS),
    "returns-circular-object": _returns("an object that contains itself", FAILS),
    "returns-function": _returns(
        'a function, which reaches the agent as the string "undefined"', LOST
    ),
    "returns-error": _returns(
        "an `Error`, which reaches the agent as `{}`, without its message",
        LOST,
        " (`{ error: message }`)",
    ),
    "returns-lossy-object": _returns(
        "{{instance}}, which reaches the agent as `{}`", LOST, " ({{conversion}})"
    ),
    "returns-weak-collection": _returns("{{instance}}, which reaches the agent as `{}`", LOST),
    "returns-response": _returns(
        "the `Response` of `fetch`, which reaches the agent as `{}`",
        LOST,
        " (`await response.json()` or the fields the agent needs)",
    ),
    "returns-symbol": _returns("a `Symbol`", CRASHES),
    "returns-dom-node": _returns(
        "a DOM node, which reaches the agent as `{}`",
        LOST,
        " (the node's `textContent`, `value` or the attributes the agent needs)",
    ),
}


@check(messages=MESSAGES)
def execute_result_serializable(model: FileModel, ctx: Context) -> None:
    for tool in registered_tools(model.tools):
        facts = model.functions.of_tool(tool)
        if facts is None:
            continue
        for returned in facts.returns:
            for node, (message_id, constructor) in _unserializable(facts, returned):
                at = head_span(model.source, Span.of(node))
                if message_id == "returns-lossy-object":
                    instance, conversion = LOSSY_CONSTRUCTORS[constructor], LOSSY_FIXES[constructor]
                    ctx.report(at, message_id, instance=instance, conversion=conversion)
                elif message_id == "returns-weak-collection":
                    ctx.report(at, message_id, instance=LOSSY_CONSTRUCTORS[constructor])
                else:
                    ctx.report(at, message_id)


# The id of the message that says what is returned, and the global constructor whose
# instance it is ("" when it is no `new` of one of LOSSY_CONSTRUCTORS).
Problem = tuple[str, str]


def _unserializable(facts: FunctionFacts, returned: Node) -> Iterator[tuple[Node, Problem]]:
    """(where, what goes wrong) for the parts of a returned expression that
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
        found = _lossy(facts, node, top)
        if found is not None:
            yield node, found


def _key_is(member: Node, name: str) -> bool:
    key = member.child_by_field_name("key") or member.child_by_field_name("name")
    return key is not None and text(key) == name


def _lossy(facts: FunctionFacts, node: Node, top: bool) -> Problem | None:
    script = facts.script
    origin = node
    if node.type == "identifier":
        binding = script.resolve(node)
        if binding is None:
            if text(node) in ("window", "globalThis", "self"):
                return "returns-window", ""
            return None
        if binding.kind != "const" or binding.value is None or binding.path != ():
            return None
        if _made_circular(facts, node):
            return "returns-circular-object", ""
        origin = unwrap(binding.value)
        if origin.type == "await_expression":
            origin = unwrap(origin.named_children[0]) if origin.named_children else origin
    if origin.type in FUNCTION_TYPES and top:
        return "returns-function", ""
    if origin.type == "new_expression":
        constructor = origin.child_by_field_name("constructor")
        if constructor is not None:
            name = text(unwrap(constructor))
            if not script.semantic.is_global(unwrap(constructor), name):
                return None
            if name in ERROR_CONSTRUCTORS:
                return "returns-error", ""
            if name in LOSSY_CONSTRUCTORS:
                fixed = name in LOSSY_FIXES  # a `WeakMap` or `WeakSet` has no plain form
                return ("returns-lossy-object" if fixed else "returns-weak-collection"), name
        return None
    if origin.type == "call_expression":
        if script.semantic.calls_global(origin, "fetch"):
            return "returns-response", ""
        if script.semantic.calls_global(origin, "Symbol"):
            return "returns-symbol", ""
        member = called_member(origin)
        if member is not None and member[1] in DOM_METHODS:
            return "returns-dom-node", ""
        return None
    if origin.type == "member_expression" and property_name(origin) in DOM_PROPERTIES:
        target = origin.child_by_field_name("object")
        if target is not None and script.semantic.is_global(unwrap(target), "document"):
            return "returns-dom-node", ""
    return None


def _made_circular(facts: FunctionFacts, identifier: Node) -> bool:
    """`x.self = x` somewhere in the function, for the `const x` that is returned."""
    name = text(identifier)
    body = function_body(facts.node)
    for node, kind in walk(body) if body is not None else ():
        if kind != "assignment_expression":
            continue
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
