"""Edits that fixes of several rules make: where a value is written, dropping a
`JSON.stringify(...)` around it, adding a member to an object literal."""

from __future__ import annotations

from tree_sitter import Node

from webmcp_lint.checks._util import is_json_stringify
from webmcp_lint.diagnostics import Edit
from webmcp_lint.model import Script
from webmcp_lint.syntax.nodes import arguments, string_literal, text, unwrap
from webmcp_lint.workspace.source import Span


def key_name(pair: Node) -> str | None:
    """The key of an object literal member: `name` for `name: ...` and `"name": ...`."""
    key = pair.child_by_field_name("key")
    if key is None:
        return None
    if key.type == "property_identifier":
        return text(key)
    return string_literal(key) if key.type == "string" else None


def written_as_member(node: Node | None, key: str) -> bool:
    """Whether `node` is written right here as the value of `key: ...` in an object
    literal: not a constant's value that other code may also use."""
    pair = node.parent if node is not None else None
    return (
        pair is not None
        and pair.type == "pair"
        and pair.child_by_field_name("value") == node
        and key_name(pair) == key
    )


def without_stringify(node: Node, script: Script) -> Edit | None:
    """`JSON.stringify(x)` written here (not through a constant) replaced by `x`."""
    call = unwrap(node)
    if call.type != "call_expression" or not is_json_stringify(call, script):
        return None
    args = arguments(call)
    if not args or args[0].type == "spread_element":
        return None
    return Edit(Span.of(node), text(args[0]))


def insert_member(source: bytes, literal: Node, member: str) -> Edit:
    """An edit that adds `member` (such as `signal`) first in the object literal,
    formatted as the literal is: `{ member }`, `{ member, a: 1 }`, or on a line of its
    own when the members are on lines of their own."""
    members = [child for child in literal.named_children if child.type != "comment"]
    if not members:
        if literal.named_children:  # only comments: keep them
            return Edit(Span(literal.start_byte + 1, literal.start_byte + 1), f" {member},")
        return Edit(Span.of(literal), f"{{ {member} }}")
    first = members[0]
    at = Span(first.start_byte, first.start_byte)
    line_start = source.rfind(b"\n", 0, first.start_byte) + 1
    indent = source[line_start : first.start_byte].decode("utf-8")
    if first.start_point[0] == literal.start_point[0] or indent.strip():
        return Edit(at, f"{member}, ")
    return Edit(at, f"{member},\n{indent}")


def insert_after(source: bytes, element: Node, new: str) -> Edit:
    """An edit that adds `new` after `element` of a comma-separated list (an object
    literal's member, a call's argument), on a line of its own when `element` is on a
    line of its own, before or after the comma that follows it."""
    line_start = source.rfind(b"\n", 0, element.start_byte) + 1
    indent = source[line_start : element.start_byte].decode("utf-8")
    own_line = not indent.strip()
    after = element.end_byte
    while after < len(source) and source[after : after + 1] in (b" ", b"\t"):
        after += 1
    if source[after : after + 1] == b",":
        at = Span(after + 1, after + 1)
        return Edit(at, f"\n{indent}{new}," if own_line else f" {new},")
    at = Span(element.end_byte, element.end_byte)
    return Edit(at, f",\n{indent}{new}" if own_line else f", {new}")
