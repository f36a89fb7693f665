"""Valid code the tree-sitter grammars reject, and the masks that let them read it.

A mask replaces some bytes with filler of the same length; the masked text is parsed, and
the tree is parsed once more from the real bytes reusing every node of the masked parse
(`syntax.parse_range`), so node texts and positions are the file's own. A mask is kept
only when the masked parse has fewer errors than the plain one. Each gap has a valid
snippet under tests/grammar_gaps/ and a section in its README.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from msgspec import Struct
from tree_sitter import Node

from webmcp_lint import LazyPattern
from webmcp_lint.syntax.nodes import first_statement
from webmcp_lint.workspace.source import Span

# Babel and TypeScript read a `&` in JSX text or in a JSX attribute string that does not
# start a character reference as itself (`<h2>Plans & Pricing</h2>`,
# `href="/s?plan=team&trial=1"`); tree-sitter-javascript 0.25 and tree-sitter-typescript
# 0.23 reject it. Only a single `&` is masked: `&&`, `&=` are operators.
_CHARACTER_REFERENCE = LazyPattern(rb"&(?:#[0-9]+|#[xX][0-9a-fA-F]+|[A-Za-z][A-Za-z0-9]*);")
_SINGLE_AMPERSAND = LazyPattern(rb"(?<!&)&(?![&=])")
AMPERSAND_FILLER = b" "
_JSX_CONTENT = frozenset({"jsx_text", "jsx_element", "jsx_fragment"})

# tree-sitter-html reads an attribute value written as a JavaScript expression (Svelte's
# and Astro's `action={`/s?list=${id}&src=site`}`, `onsubmit={(e) => save(e)}`) as an
# unquoted value, which ends at the first space, `=`, `>` or quote, and an `&` in it
# takes the whole element into an error: the expression's content is masked.
EXPRESSION_FILLER = ord("_")
_TAG_START = LazyPattern(rb"<([A-Za-z][^\s/>]*)")
_RAW_TEXT_END = {
    b"script": LazyPattern(rb"</script", re.IGNORECASE),
    b"style": LazyPattern(rb"</style", re.IGNORECASE),
}
# Bytes left as they are inside a masked expression: line breaks keep tree-sitter's rows.
_KEPT = frozenset(b"\r\n")


class Ancestors(Struct, frozen=True):
    """The ancestors of a node found walking down to it, innermost first (`Node.parent`
    walks down from the root each time: too slow for many errors in deep code)."""

    parent: Node
    up: Ancestors | None

    def __iter__(self) -> Iterator[Node]:
        chain: Ancestors | None = self
        while chain is not None:
            yield chain.parent
            chain = chain.up


def located_errors(root: Node) -> Iterator[tuple[Node, Ancestors | None]]:
    """Every ERROR and MISSING node with its ancestors, in source order, outermost first."""
    stack: list[tuple[Node, Ancestors | None]] = [(root, None)] if root.has_error else []
    while stack:
        node, above = stack.pop()
        if node.is_error or node.is_missing:
            yield node, above
            continue
        here = Ancestors(node, above)
        broken = [c for c in node.children if c.has_error or c.is_missing]
        stack.extend((child, here) for child in reversed(broken))


def errors(root: Node) -> Iterator[Node]:
    return (error for error, _ in located_errors(root))


def error_count(root: Node) -> int:
    return sum(1 for _ in located_errors(root))


def bare_ampersands(root: Node, text: bytes) -> list[int]:
    """Each single `&` that starts no character reference, from an error in or around JSX
    to the end of the statement holding it: tree-sitter's recovery from one such `&` can
    read the JSX after it as code, where the next `&` is no error of its own."""
    found: list[int] = []
    searched_to = -1
    for error, above in located_errors(root):
        if not _near_jsx(error, above or ()):
            continue
        start = max(error.start_byte, searched_to)
        end = (first_statement(above or ()) or root).end_byte
        for match in _SINGLE_AMPERSAND.compiled.finditer(text, start, end):
            if not _CHARACTER_REFERENCE.compiled.match(text, match.start()):
                found.append(match.start())
        searched_to = max(searched_to, end)
    return found


def _near_jsx(error: Node, above: Iterable[Node]) -> bool:
    """Whether an error lies in JSX or holds some: others are not worth a parse."""
    if any(child.type.startswith("jsx_") for child in error.children):
        return True
    return any(node.type.startswith("jsx_") for node in above)


def in_jsx_text(root: Node, positions: list[int]) -> list[int]:
    """The positions that lie in JSX text or in a JSX attribute string of the tree parsed
    with them masked. A masked `&` anywhere else was an operator of broken code, and
    masking it would hide a real error."""
    kept = []
    for position in positions:
        node = root.descendant_for_byte_range(position, position + 1)
        if node is not None and node.type == "string_fragment":
            node = node.parent
        if node is None:
            continue
        if node.type == "string":
            if node.parent is not None and node.parent.type == "jsx_attribute":
                kept.append(position)
        elif node.type in _JSX_CONTENT:
            kept.append(position)
    return kept


def mask_ampersands(text: bytes, positions: Iterable[int]) -> bytes:
    masked = bytearray(text)
    for position in positions:
        masked[position : position + 1] = AMPERSAND_FILLER
    return bytes(masked)


def mask_attribute_expressions(text: bytes, span: Span) -> bytes | None:
    """`text` with the content of every `{...}` inside a start tag of `span` masked, or
    None when there is none."""
    masked = bytearray(text)
    changed = False
    position = span.start
    while True:
        tag = _TAG_START.compiled.search(text, position, span.end)
        if tag is None:
            break
        position = tag.end()
        while position < span.end:
            byte = text[position]
            if byte == ord(">"):
                break
            if byte in b"\"'":
                close = text.find(bytes([byte]), position + 1, span.end)
                position = close + 1 if close != -1 else span.end
                continue
            if byte == ord("{"):
                end = expression_end(text, position, span.end)
                if end is None:
                    break
                for index in range(position + 1, end - 1):
                    if masked[index] not in _KEPT:
                        masked[index] = EXPRESSION_FILLER
                changed = True
                position = end
                continue
            position += 1
        raw_text_end = _RAW_TEXT_END.get(tag.group(1).lower())
        if raw_text_end is not None:
            raw_text_close = raw_text_end.compiled.search(text, position, span.end)
            position = raw_text_close.start() if raw_text_close is not None else span.end
    return bytes(masked) if changed else None


def expression_end(text: bytes, start: int, end: int) -> int | None:
    """The end (after its `}`) of the JavaScript expression in braces at `start`, reading
    strings, template literals and their `${}` and comments; None when it does not end
    before `end`."""
    # The stack holds what each open level closes: `}` for a brace, "`" for a template.
    stack = [ord("}")]
    position = start + 1
    while position < end:
        byte = text[position]
        if stack[-1] == ord("`"):  # inside a template literal
            if byte == ord("\\"):
                position += 2
                continue
            if byte == ord("`"):
                stack.pop()
            elif text.startswith(b"${", position):
                stack.append(ord("}"))
                position += 1
            position += 1
            continue
        if byte in b"\"'":
            position = _string_end(text, position, end)
            continue
        if text.startswith(b"//", position):
            line_end = text.find(b"\n", position, end)
            position = line_end if line_end != -1 else end
            continue
        if text.startswith(b"/*", position):
            comment_end = text.find(b"*/", position + 2, end)
            position = comment_end + 2 if comment_end != -1 else end
            continue
        if byte == ord("`"):
            stack.append(ord("`"))
        elif byte == ord("{"):
            stack.append(ord("}"))
        elif byte == ord("}"):
            stack.pop()
            if not stack:
                return position + 1
        position += 1
    return None


def _string_end(text: bytes, start: int, end: int) -> int:
    quote = text[start]
    position = start + 1
    while position < end:
        byte = text[position]
        if byte == ord("\\"):
            position += 2
            continue
        if byte == quote or byte == ord("\n"):
            return position + 1
        position += 1
    return end
