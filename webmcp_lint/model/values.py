"""Statically evaluated JavaScript values, and UNKNOWN for what needs running code."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from msgspec import Struct

from webmcp_lint.workspace.source import Span

if TYPE_CHECKING:
    from tree_sitter import Node


class _Unknown:
    """The value of anything that cannot be known without running code."""

    _instance: _Unknown | None = None

    def __new__(cls) -> _Unknown:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "UNKNOWN"

    def __bool__(self) -> bool:
        return False


UNKNOWN: Any = _Unknown()

# Stands for an unknown part of a string whose other parts are known: a template literal
# `Hotel ${hotel.name}` is the string "Hotel …" with `complete` false.
HOLE = "…"


class PartialObject(dict):  # type: ignore[type-arg]
    """A value as JSON (`webmcp-lint tools`) that is an object some of whose members are
    not known statically: only the known ones are in it, and a key it lacks may be there
    when the code runs. Serialized as a plain object."""


class PartialArray(list):  # type: ignore[type-arg]
    """An array as JSON with items that are not known statically left out: the position
    of the others is not known either."""


class PartialText(str):
    """A string as JSON with unknown parts, each written as a HOLE (`"Hotel …"`)."""

    __slots__ = ()


ValueKind = Literal[
    "string",
    "number",
    "boolean",
    "null",
    "undefined",
    "array",
    "object",
    "function",
    "unknown",
]


class Origin(Struct, frozen=True):
    """Where an imported value is written: the module (a real path), the name it is
    exported by there, the members taken from it (`("0",)` for the first item of an
    exported array), and for a factory the plain-data arguments it was called with."""

    path: str
    export: str
    steps: tuple[str, ...] = ()
    arguments: tuple[Any, ...] | None = None

    def step(self, key: str) -> Origin:
        return Origin(self.path, self.export, (*self.steps, key), self.arguments)


# many per tool: no dict each
class Entry(Struct, eq=False):
    """One member of an object literal: its key, where the key is written, and its value."""

    key: str
    key_span: Span
    value: Value


class Value(Struct, eq=False):
    """A statically evaluated JavaScript value.

    `data` holds a `str`, `float`/`int`, `bool` or `None` for primitives, a list of
    `Value` for arrays, a dict of `Entry` for objects and nothing for functions (the
    function's syntax is `node`). `complete` is false for an object or array with a
    member that could not be known (a spread of an unknown value, a computed key), so
    "this key is absent" can only be concluded from a complete object, and for a string
    with unknown parts (each is a `HOLE` in `data`; `as_text()` is None for it).

    `at` is where the value is written, or None when that is where `node` is: `span`
    reads it from the node then (100,000 tools hold four such values each, 34 MiB of
    spans).
    """

    kind: ValueKind
    data: Any
    at: Span | None
    node: Node | None = None
    complete: bool = True
    # Set on a value written in another module (then `span` is where this file names it
    # and `node` is None: its syntax belongs to the other file).
    origin: Origin | None = None

    @property
    def span(self) -> Span:
        at = self.at
        if at is not None:
            return at
        node: Node = self.node  # type: ignore[assignment]
        return Span(node.start_byte, node.end_byte)  # `Span.of`, inline: read per tool

    @property
    def known(self) -> bool:
        return self.kind != "unknown"

    @property
    def is_string(self) -> bool:
        return self.kind == "string"

    @property
    def is_function(self) -> bool:
        return self.kind == "function"

    @property
    def entries(self) -> dict[str, Entry]:
        entries: dict[str, Entry] = self.data if self.kind == "object" else {}
        return entries

    @property
    def items(self) -> list[Value]:
        items: list[Value] = self.data if self.kind == "array" else []
        return items

    def get(self, key: str) -> Value | None:
        """The value of `key` in an object.

        None when the key is certainly absent; an unknown value when it may or may not be
        there (an incomplete object, or this value is not a known object at all).
        """
        if self.kind == "object":
            entry: Entry | None = self.data.get(key)  # `entries`, inline: the hottest call
            if entry is not None:
                return entry.value
            if self.complete:
                return None
        return unknown(self.span, self.node)

    def entry(self, key: str) -> Entry | None:
        found: Entry | None = self.data.get(key) if self.kind == "object" else None
        return found

    def has_unknown(self) -> bool:
        """True when this value or anything inside it is unknown."""
        stack: list[Value] = [self]
        while stack:
            value = stack.pop()
            if not value.known or not value.complete:
                return True
            if value.kind == "array":
                stack.extend(value.data)
            elif value.kind == "object":
                stack.extend(entry.value for entry in value.data.values())
        return False

    def to_python(self, unknown_as: Any = UNKNOWN) -> Any:
        """A JSON-like Python value; unknown parts become `unknown_as`, functions `None`."""
        if self.kind == "array":
            return [item.to_python(unknown_as) for item in self.data]
        if self.kind == "object":
            return {key: entry.value.to_python(unknown_as) for key, entry in self.data.items()}
        if self.kind in ("unknown", "function"):
            return unknown_as if self.kind == "unknown" else None
        return self.data

    def as_text(self) -> str | None:
        """The string a known primitive converts to with `String(value)`, else None."""
        if self.kind == "string":
            return str(self.data) if self.complete else None
        if self.kind == "number":
            number = self.data
            if isinstance(number, float) and number.is_integer() and abs(number) < 1e21:
                return str(int(number))
            return str(number)
        if self.kind == "boolean":
            return "true" if self.data else "false"
        if self.kind == "null":
            return "null"
        return None


def unknown(span: Span, node: Node | None = None) -> Value:
    return Value("unknown", UNKNOWN, span, node)


# -- values as JSON, compared -----------------------------------------------------------

ABSENT: Any = type("Absent", (), {"__repr__": lambda self: "ABSENT"})()  # a key not there
Change = tuple[str, Any, Any]  # a JSON path, the old value and the new one (or ABSENT)


def json_changes(old: Any, new: Any, path: str = "") -> list[Change]:
    """Where the JSON value `new` differs from `old`, by the path of each object member
    (`inputSchema.properties.limit.maximum`), in key order; arrays are compared whole.
    What `old` knows only in part (`PartialObject`, `PartialArray`, `PartialText`) is
    compared as far as it is known: a key a partial object lacks, a partial array, the
    unknown parts of a text are never a change. A boolean equals only a boolean, and
    numbers are equal by value."""
    if isinstance(old, dict) and isinstance(new, dict):
        keys = old.keys() if isinstance(old, PartialObject) else old.keys() | new.keys()
        found = []
        for key in sorted(keys):
            inner = f"{path}.{key}" if path else key
            found.extend(json_changes(old.get(key, ABSENT), new.get(key, ABSENT), inner))
        return found
    return [] if same_json(old, new) else [(path, old, new)]


def same_json(old: Any, new: Any) -> bool:
    """Whether two JSON scalars (or whole values) are the same value."""
    if isinstance(old, PartialText) and HOLE in old and isinstance(new, str):
        parts = old.split(HOLE)
        return new.startswith(parts[0]) and _in_order(new[len(parts[0]) :], parts[1:])
    if isinstance(old, bool) or isinstance(new, bool):
        return isinstance(old, bool) and isinstance(new, bool) and old == new
    if isinstance(old, (int, float)) and isinstance(new, (int, float)):
        return float(old) == float(new)
    if isinstance(old, list) and isinstance(new, list):
        if isinstance(old, PartialArray):
            return True
        return len(old) == len(new) and all(map(same_json, old, new))
    if isinstance(old, dict) and isinstance(new, dict):
        return not json_changes(old, new)
    if isinstance(old, (dict, list)) or isinstance(new, (dict, list)):
        return False
    return bool(old == new)


def _in_order(text: str, parts: list[str]) -> bool:
    """Whether `text` is the known parts in order with anything between them, ending
    with the last one (each part came after a hole)."""
    if not parts:
        return True
    *middle, last = parts
    position = 0
    for part in middle:
        found = text.find(part, position)
        if found < 0:
            return False
        position = found + len(part)
    return text.endswith(last) and len(text) - len(last) >= position
