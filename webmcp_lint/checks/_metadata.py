"""What an agent reads about a tool: its texts, its schema's subschemas, and where a piece
of a string is written in the source.

Shared by the description, schema and secret checks. Nothing here recurses: schemas are
walked with an explicit stack.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from msgspec import Struct

from webmcp_lint.checks._util import head_span
from webmcp_lint.model import ToolDefinition, Value
from webmcp_lint.syntax.nodes import decode_escape, text
from webmcp_lint.workspace.source import SourceFile, Span

# Keywords whose value is a map of name -> subschema, a subschema, or a list of subschemas.
SCHEMA_MAPS = ("properties", "patternProperties", "$defs", "definitions", "dependentSchemas")
SCHEMA_SINGLE = (
    "items",
    "additionalItems",
    "additionalProperties",
    "unevaluatedItems",
    "unevaluatedProperties",
    "contains",
    "propertyNames",
    "not",
    "if",
    "then",
    "else",
)
SCHEMA_LISTS = ("allOf", "anyOf", "oneOf", "prefixItems", "items")
_SUBSCHEMA_KEYWORDS = frozenset(SCHEMA_MAPS + SCHEMA_SINGLE + SCHEMA_LISTS)
MAX_SUBSCHEMAS = 5000

# Chromium writes this description into every synthesized date parameter of a form tool.
CHROMIUM_DATE_DESCRIPTION = "Dates MUST be provided in 'YYYY-MM-DD' format."


class Subschema(Struct, frozen=True):
    """A schema object inside an input schema.

    `label` names the parameter it describes for messages (`address.city`, `tags[]`),
    empty for the root. `name` is set when the subschema is the schema of a property
    (`properties.<name>`), with `name_span` where that name is written.
    """

    schema: Value
    label: str
    depth: int
    name: str | None = None
    name_span: Span | None = None

    @property
    def root(self) -> bool:
        return self.depth == 0


def subschemas(root: Value) -> Iterator[Subschema]:
    """The root schema and every object subschema below it, parents first."""
    if root.kind != "object":
        return
    stack = [Subschema(root, "", 0)]
    seen = 0
    while stack and seen < MAX_SUBSCHEMAS:
        current = stack.pop()
        seen += 1
        yield current
        schema, label = current.schema, current.label
        # The entries themselves, not `schema.get` for each of 21 keywords: a keyword
        # left out is no subschema, whether the object is complete or not.
        entries = schema.entries
        if _SUBSCHEMA_KEYWORDS.isdisjoint(entries):
            continue  # most subschemas (`{ type: "string" }`): none of the keywords below
        children: list[Subschema] = []
        for keyword in SCHEMA_MAPS:
            found = entries.get(keyword)
            mapping = found.value if found is not None else None
            if mapping is None or mapping.kind != "object":
                continue
            for name, entry in mapping.entries.items():
                if entry.value.kind != "object":
                    continue
                top_level = keyword in ("$defs", "definitions") or not label
                child_label = name if top_level else f"{label}.{name}"
                is_property = keyword == "properties"
                children.append(
                    Subschema(
                        entry.value,
                        child_label,
                        current.depth + 1,
                        name if is_property else None,
                        entry.key_span if is_property else None,
                    )
                )
        for keyword in SCHEMA_SINGLE:
            found = entries.get(keyword)
            child = found.value if found is not None else None
            if child is not None and child.kind == "object":
                suffix = "[]" if keyword in ("items", "additionalItems", "contains") else ""
                children.append(Subschema(child, label + suffix, current.depth + 1))
        for keyword in SCHEMA_LISTS:
            found = entries.get(keyword)
            listed = found.value if found is not None else None
            if listed is None or listed.kind != "array":
                continue
            suffix = "[]" if keyword in ("prefixItems", "items") else ""
            for item in listed.items:
                if item.kind == "object":
                    children.append(Subschema(item, label + suffix, current.depth + 1))
        stack.extend(reversed(children))


def input_schema_of(tool: ToolDefinition) -> Value | None:
    schema = tool.input_schema
    return schema if schema is not None and schema.kind == "object" else None


class TextSite(Struct, frozen=True):
    """A string an agent reads: `what` says which one, for messages."""

    what: str
    value: Value
    role: str  # tool-description, title, parameter-description, parameter-name, enum, ...
    subschema: Subschema | None = None
    key_span: Span | None = None  # for a parameter name: where the key is written

    @property
    def text(self) -> str:
        return str(self.value.data)

    @property
    def span(self) -> Span:
        return self.key_span if self.key_span is not None else self.value.span


def text_sites(tool: ToolDefinition) -> Iterable[TextSite]:
    """The tool's title and description, and in its input schema every parameter name,
    description, title and string enum or const value. Known strings only."""
    known = tool.texts_read
    if known is not None and known[0] is tool.definition:
        return known[1]  # type: ignore[return-value]
    found = _member_sites(tool)
    schema = input_schema_of(tool)
    if schema is None:  # two look-ups: not worth keeping, in memory, for 100,000 tools
        return found
    found.extend(_schema_sites(schema))
    kept = tuple(found)
    tool.texts_read = (tool.definition, kept)
    return kept


def _member_sites(tool: ToolDefinition) -> list[TextSite]:
    # A list, not a generator: five rules ask of every tool, most of which have no schema.
    found = []
    title = tool.title
    if title is not None and title.kind == "string":
        found.append(TextSite("the tool's title", title, "title"))
    description = tool.description
    if description is not None and description.kind == "string":
        found.append(TextSite("the tool's description", description, "tool-description"))
    return found


def _schema_sites(schema: Value) -> Iterator[TextSite]:
    for sub in subschemas(schema):
        where = f"parameter `{sub.label}`" if sub.label else "the input schema"
        if sub.name is not None and sub.name_span is not None:
            name_value = Value("string", sub.name, sub.name_span)
            yield TextSite(f"the name of {where}", name_value, "parameter-name", sub, sub.name_span)
        for keyword, role in (("description", "parameter-description"), ("title", "schema-title")):
            value = sub.schema.get(keyword)
            if value is not None and value.kind == "string":
                yield TextSite(f"the {keyword} of {where}", value, role, sub)
        const = sub.schema.get("const")
        if const is not None and const.kind == "string":
            yield TextSite(f"a value of {where}", const, "enum", sub)
        enum = sub.schema.get("enum")
        if enum is not None:
            for item in enum.items:
                if item.kind == "string":
                    yield TextSite(f"a value of {where}", item, "enum", sub)


# -- where a piece of a string is written ------------------------------------------------


def text_span(source: SourceFile, value: Value, start: int, end: int) -> Span:
    """The source span of characters `start:end` of a known string value.

    Exact for a string or template literal (escapes included: an escaped character maps
    to its whole escape sequence) and for text written verbatim, such as an HTML
    attribute without entities; otherwise the first line of the whole value.
    """
    data = str(value.data)
    node = value.node
    if (
        node is not None
        and node.type in ("string", "template_string")
        and Span.of(node) == value.span
    ):
        mapped = _literal_span(node, data, start, end)
        if mapped is not None:
            return mapped
    raw = source.text[value.span.start : value.span.end].decode("utf-8", errors="replace")
    found = raw.find(data) if data else -1
    if found != -1 and raw.count(data) == 1:
        offset = value.span.start + len(raw[:found].encode("utf-8"))
        return Span(
            offset + len(data[:start].encode("utf-8")), offset + len(data[:end].encode("utf-8"))
        )
    return head_span(source, value.span)


def _literal_span(node: object, data: str, start: int, end: int) -> Span | None:
    # (char start, char end, byte start, byte end, verbatim) for each piece of the literal
    pieces: list[tuple[int, int, int, int, bool]] = []
    position = 0
    for child in node.children:  # type: ignore[attr-defined]
        if child.type == "string_fragment":
            piece = text(child)
            verbatim = True
        elif child.type == "escape_sequence":
            piece = decode_escape(text(child))
            verbatim = False
        elif child.type == "template_substitution":
            return None
        else:
            continue
        pieces.append((position, position + len(piece), child.start_byte, child.end_byte, verbatim))
        position += len(piece)
    if not pieces or position != len(data):
        return None
    return Span(_byte_at(pieces, data, start, False), _byte_at(pieces, data, end, True))


def _byte_at(
    pieces: list[tuple[int, int, int, int, bool]], data: str, index: int, end: bool
) -> int:
    for char_start, char_end, byte_start, byte_end, verbatim in pieces:
        inside = char_start < index <= char_end if end else char_start <= index < char_end
        if not inside:
            continue
        if not verbatim:
            return byte_end if end else byte_start
        return byte_start + len(data[char_start:index].encode("utf-8"))
    if pieces:
        return pieces[-1][3] if end else pieces[0][2]
    return 0


# -- words ----------------------------------------------------------------------------------

_SENTENCE_END = re.compile(r"(?<=[.!?])\s+|\n+")


def sentences(description: str) -> list[str]:
    return [part.strip() for part in _SENTENCE_END.split(description) if part.strip()]


def shorten(text_value: str, limit: int = 60) -> str:
    single = " ".join(text_value.split())
    return single if len(single) <= limit else single[: limit - 1] + "…"


def agent_text_sites(tool: ToolDefinition) -> Iterable[TextSite]:
    """The texts of a tool the author wrote, without what Chromium itself writes into a
    form tool (the date hint)."""
    sites = text_sites(tool)
    if tool.kind != "declarative":
        return sites
    return [site for site in sites if site.text != CHROMIUM_DATE_DESCRIPTION]


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]
