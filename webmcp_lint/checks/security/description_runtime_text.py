"""A tool's description, title or parameter description built from text the page reads
at run time: the URL, a fetch response, the DOM, storage or user input."""

from __future__ import annotations

from collections.abc import Iterator

from tree_sitter import Node

from webmcp_lint.checks import Context, check
from webmcp_lint.checks._metadata import input_schema_of, subschemas
from webmcp_lint.checks._util import registered_tools
from webmcp_lint.model import FileModel, Script, ToolDefinition, Value
from webmcp_lint.syntax.nodes import (
    GLOBAL_OBJECTS,
    arguments,
    called_member,
    property_name,
    text,
    unwrap,
)
from webmcp_lint.workspace.source import Span

# Members whose value is text of the page as it is now.
DOM_TEXT = frozenset({"textContent", "innerText", "innerHTML", "outerHTML", "outerText"})
DOCUMENT_TEXT = {
    "URL": "the page's URL",
    "documentURI": "the page's URL",
    "baseURI": "the page's URL",
    "referrer": "the referring page's URL",
    "title": "the document's title",
    "cookie": "cookies",
}
ELEMENT_LOOKUPS = frozenset({"querySelector", "getElementById", "getElementsByName"})
# Functions and methods whose result is their argument's text, changed.
PASSING_FUNCTIONS = frozenset({"String", "decodeURIComponent", "decodeURI", "encodeURIComponent"})
# Members and methods whose value is a number or a boolean: no text comes through them.
NOT_TEXT = frozenset(
    {
        "length",
        "size",
        "indexOf",
        "lastIndexOf",
        "includes",
        "startsWith",
        "endsWith",
        "has",
        "test",
        "some",
        "every",
        "findIndex",
        "toFixed",
        "getTime",
    }
)
TEXT_OPERATORS = frozenset({"+", "??", "||", "&&"})
MAX_STEPS = 64  # nodes looked at per part of a text


_BUILT = (
    " is built from {{source}} (`{{code}}`): text the page reads at run time cannot be "
    "reviewed and can carry instructions that someone else wrote. Write the text as a "
    "constant, and return runtime data from `execute` (with `untrustedContentHint` when "
    "others write it)."
)
MESSAGES = {
    "runtime-title": "The tool's title" + _BUILT,
    "runtime-description": "The tool's description" + _BUILT,
    "runtime-parameter-description": "The description of parameter `{{parameter}}`" + _BUILT,
    "runtime-schema-description": "The description of the input schema" + _BUILT,
}


@check(messages=MESSAGES)
def description_runtime_text(model: FileModel, ctx: Context) -> None:
    seen: set[int] = set()
    for tool in registered_tools(model.tools):
        script = tool.script
        if script is None:
            continue
        for message_id, parameter, value in _texts(tool):
            fixed = value.known and value.as_text() is not None  # no part unknown
            if fixed or value.node is None or value.node.id in seen:
                continue
            seen.add(value.node.id)
            for part in _parts(value.node):
                reason = _runtime_source(part, script)
                if reason is None:
                    continue
                shown = " ".join(text(part).split())
                shown = shown if len(shown) <= 40 else shown[:39] + "…"
                at = Span.of(part)
                if parameter:
                    ctx.report(at, message_id, parameter=parameter, source=reason, code=shown)
                else:
                    ctx.report(at, message_id, source=reason, code=shown)
                break


def _texts(tool: ToolDefinition) -> Iterator[tuple[str, str, Value]]:
    """The texts of a tool an agent reads: the id of the message that names each, the
    parameter it describes (or ""), and its value."""
    for member, message_id in (("title", "runtime-title"), ("description", "runtime-description")):
        value = tool.member(member)
        if value is not None:
            yield message_id, "", value
    schema = input_schema_of(tool)
    if schema is None:
        return
    for sub in subschemas(schema):
        entry = sub.schema.entry("description")
        if entry is None:
            continue
        if sub.label:
            yield "runtime-parameter-description", sub.label, entry.value
        else:
            yield "runtime-schema-description", "", entry.value


def _parts(node: Node) -> list[Node]:
    """The holes of a template literal, the non-literal operands of a `+` chain, or the
    expression itself."""
    node = unwrap(node)
    if node.type == "template_string":
        return [
            expression
            for child in node.named_children
            if child.type == "template_substitution"
            for expression in child.named_children[:1]
        ]
    if node.type == "binary_expression":
        operands, stack = [], [node]
        while stack:
            current = unwrap(stack.pop())
            operator = current.child_by_field_name("operator")
            if current.type == "binary_expression" and text(operator) == "+":
                stack.extend(reversed(current.named_children))
            elif current.type == "template_string":
                operands.extend(_parts(current))
            elif current.type not in ("string", "number"):
                operands.append(current)
        return operands
    return [node]


def _runtime_source(part: Node, script: Script) -> str | None:
    """What a piece of text is read from, when the analysis knows it is read at run time;
    None when it is a constant, a parameter, an import or anything else unknown."""
    pending = [part]
    seen: set[int] = set()
    while pending and len(seen) < MAX_STEPS:
        node = unwrap(pending.pop())
        if node.id in seen:
            continue
        seen.add(node.id)
        found = _source_here(node, script, pending)
        if found is not None:
            return found
    return None


def _source_here(node: Node, script: Script, pending: list[Node]) -> str | None:
    """What `node` itself reads at run time, else None, adding to `pending` the nodes
    its text comes from."""
    kind = node.type
    if kind == "identifier":
        if script.semantic.is_global(node, "location"):
            return "the page's URL"
        if script.semantic.is_global(node, "localStorage", "sessionStorage"):
            return "browser storage"
        binding = script.resolve(node)
        if binding is not None and binding.kind in ("const", "let", "var") and binding.value:
            pending.append(binding.value)
        elif binding is not None and binding.kind == "param" and binding.index == 0:
            receiver = _then_receiver(binding.function)
            if receiver is not None:
                pending.append(receiver)
        return None
    if kind in ("member_expression", "subscript_expression"):
        return _member_source(node, script, pending)
    if kind == "call_expression":
        return _call_source(node, script, pending)
    if kind in ("await_expression", "template_substitution", "spread_element"):
        pending.extend(node.named_children[:1])
    elif kind == "template_string":
        pending.extend(node.named_children)
    elif kind == "binary_expression":
        if text(node.child_by_field_name("operator")) in TEXT_OPERATORS:
            pending.extend(node.named_children)
    elif kind == "ternary_expression":
        condition = node.child_by_field_name("condition")
        pending.extend(c for c in node.named_children if condition is None or c.id != condition.id)
    elif kind == "new_expression":
        constructor = node.child_by_field_name("constructor")
        if text(constructor) in ("URL", "URLSearchParams"):
            pending.extend(arguments(node))
    return None


def _member_source(node: Node, script: Script, pending: list[Node]) -> str | None:
    name = property_name(node)
    target = node.child_by_field_name("object")
    if target is None:
        return None
    target = unwrap(target)
    if name in NOT_TEXT:
        return None
    if name in DOM_TEXT:
        return f"text read from the page (`.{name}`)"
    if script.semantic.is_global(target, "document") and name in DOCUMENT_TEXT:
        return DOCUMENT_TEXT[str(name)]
    if name == "location" and script.semantic.is_global(target, "document", *GLOBAL_OBJECTS):
        return "the page's URL"
    if name == "name" and script.semantic.is_global(target, *GLOBAL_OBJECTS):
        return "`window.name`"
    if name == "value" and target.type == "call_expression":
        member = called_member(target)
        if member is not None and member[1] in ELEMENT_LOOKUPS:
            return "what the user typed into a field"
    pending.append(target)
    return None


def _call_source(node: Node, script: Script, pending: list[Node]) -> str | None:
    if script.semantic.calls_global(node, "fetch"):
        return "a fetch response"
    if script.semantic.calls_global(node, "prompt"):
        return "what the user typed (`prompt()`)"
    member = called_member(node)
    if member is None:
        function = node.child_by_field_name("function")
        if function is None:
            return None
        function = unwrap(function)
        # `await (x)` at the top of a script parses as a call of a function named `await`
        if script.semantic.is_global(function, "await", *PASSING_FUNCTIONS):
            pending.extend(arguments(node)[:1])
        return None
    target, name = unwrap(member[0]), member[1]
    if name in NOT_TEXT:
        return None
    if name == "getItem" and script.semantic.is_global(target, "localStorage", "sessionStorage"):
        return "browser storage"
    pending.append(target)
    return None


def _then_receiver(function: Node | None) -> Node | None:
    """For the first parameter of `x.then((value) => ...)`: `x`, whose result it is."""
    if function is None:
        return None
    listed = function.parent
    while listed is not None and listed.type == "parenthesized_expression":
        listed = listed.parent
    call = listed.parent if listed is not None and listed.type == "arguments" else None
    if call is None or call.type != "call_expression":
        return None
    member = called_member(call)
    first = arguments(call)[:1]
    if member is None or member[1] != "then" or not first or unwrap(first[0]).id != function.id:
        return None
    return member[0]
