"""Helpers over tree-sitter-html trees: tags, attributes, text."""

from __future__ import annotations

from msgspec import Struct
from tree_sitter import Node

from webmcp_lint.workspace.source import Span

ELEMENT_TYPES = ("element", "script_element", "style_element")


def unescape(text: str) -> str:
    """`html.unescape`, importing `html` only for a text with a character reference:
    its import builds a table of 2,231 entities, about 8 M instructions, more than a
    pre-commit run of pages without one spends on anything else here."""
    if "&" not in text:
        return text
    import html

    return html.unescape(text)


class Attribute(Struct, frozen=True):
    """One attribute as written: `name` lower-cased, `value` None for a bare attribute."""

    name: str
    raw_name: str
    value: str | None
    span: Span
    value_span: Span | None


def start_tag(element: Node) -> Node | None:
    for child in element.children:
        if child.type in ("start_tag", "self_closing_tag"):
            return child
    return None


def attributes(element: Node) -> list[Attribute]:
    tag = start_tag(element) if element.type in ELEMENT_TYPES else element
    if tag is None:
        return []
    found = []
    for attribute in tag.children:
        if attribute.type != "attribute":
            continue
        name_node = None
        value_node = None
        for part in attribute.children:
            if part.type == "attribute_name":
                name_node = part
            elif part.type == "attribute_value":
                value_node = part
            elif part.type == "quoted_attribute_value":
                value_node = next((c for c in part.children if c.type == "attribute_value"), None)
                if value_node is None:  # an empty quoted value: name=""
                    found.append(_attribute(name_node, attribute, "", Span.of(part)))
                    name_node = None
                    break
        if name_node is None:
            continue
        if value_node is None:
            found.append(_attribute(name_node, attribute, None, None))
        else:
            text = (value_node.text or b"").decode("utf-8", errors="replace")
            found.append(_attribute(name_node, attribute, unescape(text), Span.of(value_node)))
    return found


def _attribute(
    name_node: Node | None, attribute: Node, value: str | None, value_span: Span | None
) -> Attribute:
    raw = (name_node.text or b"").decode("utf-8", errors="replace") if name_node else ""
    return Attribute(raw.lower(), raw, value, Span.of(attribute), value_span)


def attribute_map(element: Node) -> dict[str, Attribute]:
    """Attributes by lower-cased name; the first one wins, as in the HTML parser."""
    result: dict[str, Attribute] = {}
    for attribute in attributes(element):
        result.setdefault(attribute.name, attribute)
    return result
