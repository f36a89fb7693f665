"""The facts rules read: spans, statically evaluated values, tools and API uses.

Rules never walk whole syntax trees to find tools; they read a `FileModel`. Where a rule
needs the body of a function (`execute`, a submit handler) it gets the syntax node of that
one function through `Value.node`.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:
    from tree_sitter import Node, Tree

    from webmcp_lint.extract.declarative import Declarative
    from webmcp_lint.extract.scope import Binding
    from webmcp_lint.extract.values import Evaluator

Severity = Literal["error", "warning", "info"]
SEVERITIES: tuple[Severity, ...] = ("error", "warning", "info")
SEVERITY_RANK: dict[str, int] = {"info": 0, "warning": 1, "error": 2}

Language = Literal["javascript", "typescript", "tsx", "html", "vue", "svelte", "astro"]
ScriptLanguage = Literal["javascript", "typescript", "tsx"]
ToolKind = Literal["imperative", "declarative", "integration"]


@dataclass(frozen=True)
class Span:
    """A byte range in the file's text (UTF-8, without a byte-order mark)."""

    start: int
    end: int

    @classmethod
    def of(cls, node: Node) -> Span:
        return cls(node.start_byte, node.end_byte)


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


@dataclass(eq=False)
class Entry:
    """One member of an object literal: its key, where the key is written, and its value."""

    key: str
    key_span: Span
    value: Value


@dataclass(eq=False)
class Value:
    """A statically evaluated JavaScript value.

    `data` holds a `str`, `float`/`int`, `bool` or `None` for primitives, a list of
    `Value` for arrays, a dict of `Entry` for objects and nothing for functions (the
    function's syntax is `node`). `complete` is false for an object or array with a
    member that could not be known (a spread of an unknown value, a computed key), so
    "this key is absent" can only be concluded from a complete object.
    """

    kind: ValueKind
    data: Any
    span: Span
    node: Node | None = None
    complete: bool = True

    @property
    def known(self) -> bool:
        return self.kind != "unknown"

    @property
    def is_string(self) -> bool:
        return self.kind == "string"

    @property
    def is_object(self) -> bool:
        return self.kind == "object"

    @property
    def is_array(self) -> bool:
        return self.kind == "array"

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
            entry = self.entry(key)
            if entry is not None:
                return entry.value
            if self.complete:
                return None
        return unknown(self.span, self.node)

    def entry(self, key: str) -> Entry | None:
        return self.entries.get(key)

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
            return str(self.data)
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


@dataclass(eq=False)
class Script:
    """One parsed script: a whole JS/TS file, or one `<script>` block of a markup file.

    Node positions are positions in the containing file: embedded scripts are parsed in
    place (tree-sitter's included ranges), so nothing needs to be mapped back.
    """

    tree: Tree
    language: ScriptLanguage
    span: Span
    evaluator: Evaluator | None = field(default=None, repr=False)
    # Facts the checks derive from the script and share (the bodies of its functions);
    # they live and die with the script.
    memo: dict[str, Any] = field(default_factory=dict, repr=False)

    @property
    def root(self) -> Node:
        return self.tree.root_node

    def value(self, node: Node) -> Value:
        """The statically evaluated value of an expression in this script."""
        assert self.evaluator is not None, "scripts are evaluated after extraction"
        return self.evaluator.value(node)

    def resolve(self, identifier: Node) -> Binding | None:
        """The declaration an identifier refers to, or None for a global."""
        assert self.evaluator is not None, "scripts are evaluated after extraction"
        return self.evaluator.resolve(identifier)

    def constant(self, identifier: Node) -> Node | None:
        """The initializer of the same-file `const x = ...` an identifier names, if any."""
        binding = self.resolve(identifier)
        if binding is None or binding.kind != "const" or binding.path != ():
            return None
        return binding.value


@dataclass(eq=False)
class SourceFile:
    path: Path
    display_path: str
    language: Language
    text: bytes
    _line_starts: list[int] | None = field(default=None, repr=False)

    @property
    def line_starts(self) -> list[int]:
        if self._line_starts is None:
            starts = [0]
            find = self.text.find
            position = find(b"\n")
            while position != -1:
                starts.append(position + 1)
                position = find(b"\n", position + 1)
            self._line_starts = starts
        return self._line_starts

    def line_of(self, offset: int) -> int:
        """0-based line of a byte offset."""
        starts = self.line_starts
        low, high = 0, len(starts) - 1
        while low < high:
            middle = (low + high + 1) // 2
            if starts[middle] <= offset:
                low = middle
            else:
                high = middle - 1
        return low

    def position(self, offset: int) -> tuple[int, int]:
        """1-based line and 1-based column (in Unicode code points) of a byte offset."""
        line = self.line_of(offset)
        start = self.line_starts[line]
        column = len(self.text[start:offset].decode("utf-8", errors="replace"))
        return line + 1, column + 1

    def line_text(self, line: int) -> str:
        """The text of a 1-based line, without its line break."""
        starts = self.line_starts
        start = starts[line - 1]
        end = starts[line] - 1 if line < len(starts) else len(self.text)
        return self.text[start:end].decode("utf-8", errors="replace").rstrip("\r")

    def slice(self, span: Span) -> str:
        return self.text[span.start : span.end].decode("utf-8", errors="replace")


@dataclass(eq=False)
class ToolDefinition:
    """A tool given to agents, whatever way it was registered.

    `definition` is the tool dictionary (`{name, description, inputSchema, execute, ...}`)
    as a `Value`; for a declarative form it is synthesized the way Chromium does it.
    `options` is the second argument of `registerTool` (`{signal, exposedTo}`), or None.
    """

    kind: ToolKind
    definition: Value
    registration: Span
    script: Script | None = None
    call: Node | None = None
    options: Value | None = None
    integration: str | None = None
    element: Node | None = None

    @property
    def span(self) -> Span:
        return self.definition.span

    def member(self, key: str) -> Value | None:
        return self.definition.get(key)

    @property
    def name(self) -> Value | None:
        return self.member("name")

    @property
    def title(self) -> Value | None:
        return self.member("title")

    @property
    def description(self) -> Value | None:
        return self.member("description")

    @property
    def input_schema(self) -> Value | None:
        return self.member("inputSchema")

    @property
    def annotations(self) -> Value | None:
        return self.member("annotations")

    @property
    def execute(self) -> Value | None:
        return self.member("execute")

    @property
    def known_name(self) -> str | None:
        name = self.name
        return name.as_text() if name is not None else None

    def option(self, key: str) -> Value | None:
        if self.options is None:
            return None
        return self.options.get(key)


@dataclass(eq=False)
class ApiUse:
    """A reach into the WebMCP API: `document.modelContext`, `navigator.modelContext`, ...

    `root` is the global the chain starts from; `path` the properties read from it, e.g.
    `("modelContext", "registerTool")` for `document.modelContext.registerTool` (also when
    written through an alias such as `const mc = document.modelContext; mc.registerTool`).
    `call` is the call expression when the use is called. `in_check` marks
    `'modelContext' in navigator`-style tests.
    """

    root: Literal["document", "navigator", "window"]
    path: tuple[str, ...]
    node: Node
    script: Script
    call: Node | None = None
    in_check: bool = False

    @property
    def span(self) -> Span:
        return Span.of(self.node)

    @property
    def member(self) -> str | None:
        return self.path[1] if len(self.path) > 1 else None


@dataclass(frozen=True)
class TsConfigFacts:
    """The TypeScript configuration that applies to a file.

    `path` is the nearest `tsconfig.json` above the file, `display` that path as users
    see it. `webmcp_types` says whether the project loads the `webmcp-types` package
    (in `types`, `typeRoots`, `files` or `include` of that config, the configs it
    references and its `tsconfig.*.json` siblings, `extends` followed, or through a
    `/// <reference types="webmcp-types" />` in a source file); None when that cannot be
    told (an unreadable config, an `extends` that is not installed).
    """

    path: Path
    display: str
    webmcp_types: bool | None


@dataclass(frozen=True)
class ProjectFacts:
    """Facts about the project around a file, gathered before checks run: rules never
    read files themselves."""

    tsconfig: TsConfigFacts | None = None


@dataclass(eq=False)
class FileModel:
    """Everything the extractor learned about one file."""

    source: SourceFile
    scripts: list[Script] = field(default_factory=list)
    markup: Tree | None = None
    tools: list[ToolDefinition] = field(default_factory=list)
    api_uses: list[ApiUse] = field(default_factory=list)
    project: ProjectFacts = field(default_factory=ProjectFacts)
    declarative: Declarative | None = None  # forms, submit handlers, tool-event listeners

    @property
    def language(self) -> Language:
        return self.source.language

    def imperative_tools(self) -> Iterator[ToolDefinition]:
        return (tool for tool in self.tools if tool.kind == "imperative")


@dataclass(frozen=True)
class Related:
    span: Span
    message: str


@dataclass(frozen=True)
class Edit:
    span: Span
    replacement: str


@dataclass(frozen=True)
class Fix:
    description: str
    edits: tuple[Edit, ...]


@dataclass(frozen=True)
class Finding:
    """What a check reports: the engine adds severity, position and the file.

    `severity` is for a rule whose findings differ in weight (a known mistake against
    any other case): it replaces the rule's default severity, but a severity the user
    configured for the rule still wins.
    """

    rule: str
    message: str
    span: Span
    related: tuple[Related, ...] = ()
    fix: Fix | None = None
    severity: Severity | None = None
