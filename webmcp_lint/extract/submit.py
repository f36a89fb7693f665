"""Submit handlers and tool-event listeners: where `respondWith` and the tool events live.

A submit handler is found wherever a page attaches one: `form.addEventListener("submit",
fn)`, `form.onsubmit = fn`, `<form onsubmit="fn(event)">`, JSX `onSubmit={fn}`, Vue
`@submit="fn"` and Svelte `on:submit={fn}` / `onsubmit={fn}`, as long as the function is
written in the same file. Listeners for tool events are found by their event name.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from tree_sitter import Node

from webmcp_lint import KeywordBytesPattern
from webmcp_lint.extract.respond import handler_facts
from webmcp_lint.extract.semantic import semantic_model
from webmcp_lint.extract.values import analyse
from webmcp_lint.model import Script
from webmcp_lint.model.dom import Element, Handler
from webmcp_lint.model.forms import TOOL_EVENT, EventListener, SubmitHandler
from webmcp_lint.syntax import ParseTimeout, parse_script
from webmcp_lint.syntax.nodes import (
    FUNCTION_TYPES,
    arguments,
    called_member,
    detached,
    function_parameters,
    property_name,
    string_literal,
    text,
    unwrap,
)
from webmcp_lint.workspace.source import SourceFile, Span

_SUBMIT_WORDS = ("addEventListener", "onsubmit")
# Names that look like a tool event: toolcanceled, tool-cancel, toolActivated, ...
_EVENT_WORDS = KeywordBytesPattern(
    rb"tools?[-_]?(activat|cancel|change)", re.IGNORECASE, needs=("tool", "activat cancel change")
)
EVENT_ARGUMENTS = frozenset({"event", "$event", "e", "evt", "ev"})
_KEYS = frozenset({"property_identifier"})


def script_handlers(source: SourceFile, script: Script) -> Iterator[SubmitHandler]:
    """`addEventListener("submit", fn)` and `x.onsubmit = fn` in a script."""
    for node, word in semantic_model(script).at_words(_SUBMIT_WORDS):
        if node.type != "property_identifier" or node.parent is None:
            continue
        member = node.parent
        if member.type != "member_expression":
            continue
        holder = member.parent
        target = _target(member.child_by_field_name("object"))
        if word == "onsubmit":
            if holder is None or holder.type != "assignment_expression":
                continue
            if holder.child_by_field_name("left") == member:
                value = holder.child_by_field_name("right")
                yield from _handler(value, 0, script, False, Span.of(holder), target)
            continue
        call = holder
        if call is None or call.type != "call_expression":
            continue
        args = arguments(call)
        if len(args) >= 2 and string_literal(unwrap(args[0])) == "submit":
            yield from _handler(args[1], 0, script, False, Span.of(call), target)


PAGE_TARGETS = frozenset(
    {"document", "window", "self", "globalThis", "document.body", "document.documentElement"}
)


def _target(receiver: Node | None) -> str:
    """A key for what a listener is attached to: the receiver as written, or "*" for a
    listener on the whole page (it sees every form's submit)."""
    written = "".join(text(receiver).split()) if receiver is not None else ""
    return "*" if not written or written in PAGE_TARGETS else written


def element_handlers(
    element: Element, scripts: list[Script], source: SourceFile
) -> Iterator[SubmitHandler]:
    """Submit handlers written on a `<form>` in markup or JSX."""
    # An inline `onsubmit` of an HTML page is registered while the page is parsed, before
    # any script's listener, so it counts as a listener on the whole page.
    target = "*" if element.language == "html" else f"element:{element.span.start}"
    for handler in element.handlers:
        if handler.event != "submit":
            continue
        prevented = bool(handler.modifiers & {"prevent", "preventdefault"})
        if handler.expression is not None and element.script is not None:
            function = handler.expression
            yield from _handler(function, 0, element.script, prevented, handler.span, target)
        elif handler.value_span is not None:
            yield from _markup_handler(handler, scripts, source, prevented, target)


def _markup_handler(
    handler: Handler, scripts: list[Script], source: SourceFile, prevented: bool, target: str
) -> Iterator[SubmitHandler]:
    """`onsubmit="return save(event)"`, `@submit="save"`, `on:submit={save}`: the attribute
    is parsed as a script of its own, names are looked up in the file's scripts."""
    assert handler.value_span is not None
    span = handler.value_span
    raw = source.text[span.start : span.end]
    start = span.start + (len(raw) - len(raw.lstrip(b"{ \t\n")))
    end = span.end - (len(raw) - len(raw.rstrip(b"}; \t\n")))
    if raw.lstrip(b"{ \t\n").startswith(b"return "):
        start += len(b"return ")
    if end <= start:
        return
    try:
        inline = parse_script(source.text, "typescript", Span(start, end))
    except ParseTimeout:
        return  # a handler that cannot be parsed is unknown: no finding comes from it
    analyse(inline, source.text)
    statement = next((c for c in inline.root.named_children if c.type != "comment"), None)
    expression = statement.named_children[0] if statement and statement.named_children else None
    if statement is None or statement.type != "expression_statement" or expression is None:
        return
    expression = unwrap(expression)
    if expression.type in FUNCTION_TYPES:
        yield from _handler(expression, 0, inline, prevented, handler.span, target)
        return
    index = 0
    if expression.type == "call_expression":
        args = arguments(expression)
        positions = [i for i, a in enumerate(args) if text(a) in EVENT_ARGUMENTS]
        if len(positions) != 1:
            return
        index = positions[0]
        callee = expression.child_by_field_name("function")
        expression = unwrap(callee) if callee is not None else expression
    if expression.type != "identifier":
        return
    found = named_function(text(expression), scripts)
    if found is not None:
        function, script = found
        yield from _handler(function, index, script, prevented, handler.span, target)


def _handler(
    node: Node | None, index: int, script: Script, prevented: bool, span: Span, target: str
) -> Iterator[SubmitHandler]:
    function = _function(node, script) if node is not None else None
    if function is None:
        return
    params = function_parameters(function)
    event = None
    if index < len(params) and params[index].type == "identifier":
        event = text(params[index])
    facts = handler_facts(function, script, event)
    yield SubmitHandler(function, script, event, prevented, span, target, **facts)


def _function(node: Node, script: Script) -> Node | None:
    """The function an expression denotes: itself, a same-file function or `const`,
    `useCallback(fn, deps)`, or a method of the class it is written in (`this.save`)."""
    for _ in range(4):
        node = unwrap(node)
        if node.type in FUNCTION_TYPES:
            return node
        if node.type == "identifier":
            binding = script.resolve(node)
            if binding is None:
                return None
            if binding.kind == "function":
                return binding.value or binding.node
            if binding.kind != "const" or binding.value is None or binding.path != ():
                return None
            node = binding.value
        elif node.type == "call_expression":
            callee = node.child_by_field_name("function")
            args = arguments(node)
            name = text(unwrap(callee)) if callee is not None else ""
            if name not in ("useCallback", "React.useCallback") or not args:
                return None
            node = args[0]
        elif (
            node.type == "member_expression" and text(node.child_by_field_name("object")) == "this"
        ):
            return _class_member(node, property_name(node))
        else:
            return None
    return None


def _class_member(node: Node, name: str | None) -> Node | None:
    body = next((a for a in _ancestors(node) if a.type == "class_body"), None)
    if body is None or name is None:
        return None
    for member in body.named_children:
        key = member.child_by_field_name("name") or member.child_by_field_name("property")
        if key is None or text(key) != name:
            continue
        if member.type == "method_definition":
            return member
        value = member.child_by_field_name("value")
        if value is not None and unwrap(value).type in FUNCTION_TYPES:
            return unwrap(value)
    return None


def _ancestors(node: Node) -> Iterator[Node]:
    parent = node.parent
    while parent is not None:
        yield parent
        parent = parent.parent


def named_function(name: str, scripts: list[Script]) -> tuple[Node, Script] | None:
    """A function a template can call by name: a top-level function or `const` of one of
    the file's scripts, or a Vue `methods: { name() {} }` entry."""
    for script in scripts:
        for statement in detached(script.root).named_children:  # not kept by the root
            declaration = statement.child_by_field_name("declaration") or statement
            found = _declared_function(declaration, name, script)
            if found is not None:
                return found, script
        for key in semantic_model(script).names(name, _KEYS):
            node = key.parent
            if node is None or node.type not in ("method_definition", "pair"):
                continue
            if (node.child_by_field_name("name") or node.child_by_field_name("key")) != key:
                continue
            if not _in_methods(node):
                continue
            value = node if node.type == "method_definition" else node.child_by_field_name("value")
            if value is not None and unwrap(value).type in FUNCTION_TYPES:
                return unwrap(value), script
    return None


def _declared_function(declaration: Node, name: str, script: Script) -> Node | None:
    if declaration.type in ("function_declaration", "generator_function_declaration"):
        own = declaration.child_by_field_name("name")
        return declaration if own is not None and text(own) == name else None
    if declaration.type not in ("lexical_declaration", "variable_declaration"):
        return None
    for declarator in declaration.named_children:
        own = declarator.child_by_field_name("name")
        value = declarator.child_by_field_name("value")
        if own is not None and text(own) == name and value is not None:
            return _function(value, script)
    return None


def _in_methods(node: Node) -> bool:
    container = node.parent
    pair = container.parent if container is not None else None
    if pair is None or pair.type != "pair":
        return False
    key = pair.child_by_field_name("key")
    return key is not None and text(key) == "methods"


def tool_event_listeners(source: SourceFile, script: Script) -> Iterator[EventListener]:
    """Event names that look like tool events, where a listener is attached."""
    seen: set[int] = set()
    for node, _ in semantic_model(script).matching(_EVENT_WORDS):
        if node.id in seen:
            continue
        seen.add(node.id)
        if node.type == "string_fragment" and node.parent is not None:
            string = node.parent
            call = string.parent.parent if string.parent is not None else None
            if call is None or call.type != "call_expression":
                continue
            called = called_member(call)
            args = arguments(call)
            if called is None or called[1] != "addEventListener" or not args or args[0] != string:
                continue
            value = string_literal(string)
            if value is not None and TOOL_EVENT.fullmatch(value):
                receiver = unwrap(called[0])
                yield EventListener(
                    value, Span.of(string), False, text(receiver), Span.of(receiver)
                )
        elif node.type == "property_identifier" and node.parent is not None:
            member = node.parent
            holder = member.parent
            name = text(node)
            if holder is None or holder.type != "assignment_expression":
                continue
            if holder.child_by_field_name("left") != member or not name.lower().startswith("on"):
                continue
            target = member.child_by_field_name("object")
            if TOOL_EVENT.fullmatch(name):
                span = Span.of(target) if target is not None else None
                yield EventListener(name, Span.of(node), True, text(target), span)
