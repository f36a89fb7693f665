"""Tools given to agents and reaches into the WebMCP API."""

from __future__ import annotations

import os
import re
from types import EllipsisType
from typing import TYPE_CHECKING, Literal

from msgspec import Struct

from webmcp_lint.model.scripts import Script
from webmcp_lint.model.values import Value
from webmcp_lint.workspace.source import Span

if TYPE_CHECKING:
    from tree_sitter import Node

ToolKind = Literal["imperative", "declarative", "integration"]
# What a library hands a tool's `execute` as its second argument: the browser's options
# (`{ signal }`), nothing, or an object of its own.
SecondArgument = Literal["browser", "none", "library"]

# A tool name Chromium accepts (a form's `toolname` or registerTool's `name`).
VALID_NAME = re.compile(r"[A-Za-z0-9_.\-]{1,128}")


class Wrapper(Struct, frozen=True):
    """What a library, or a wrapper declared in the configuration, does with the tools it
    is given. None where that is not known: a rule that depends on it stays silent."""

    package: str
    converts_throws: bool | None = None  # a throw reaches the agent as an `isError` result
    second_argument: SecondArgument | None = None
    hook: Literal["react", "vue"] | None = None  # a hook with the framework's call rules
    enabled_option: bool = False  # the hook takes `enabled` to switch the tool off
    # The library parses the input with the tool's zod schema before `execute` runs:
    # it is validated, and zod's defaults are applied.
    parses_input: bool = False
    # The tool's schema is written in zod, which the library converts to JSON Schema.
    zod_schema: bool = False
    # The library documents MCP's annotations (`destructiveHint`, `title`, ...) and hands
    # them to MCP clients; the browser drops them.
    mcp_annotations: bool = False


class DeclaredWrapper(Struct, frozen=True):
    """A project's own function that registers the tool(s) it is given, declared in the
    configuration (`[[wrappers]]`) because the analysis cannot see through it.

    `module` is as written: a package name, or a path starting with `./` or `../`
    relative to the configuration file, whose absolute form (without extension) is
    `path`. `takes` says whether argument `argument` is one tool or an array of tools.
    """

    module: str
    export: str
    argument: int = 0
    takes: Literal["tool", "tools"] = "tool"
    converts_throws: bool = False
    path: str | None = None

    def names(self, specifier: str, importing_file: str) -> bool:
        """Whether an import specifier in `importing_file` names this module: the package
        itself, or a relative path that resolves to the declared file."""
        if self.path is None:
            return specifier == self.module
        if not specifier.startswith(("./", "../")):
            return False
        base = os.path.dirname(os.path.abspath(importing_file))
        return module_path(os.path.join(base, specifier)) == self.path


SCRIPT_SUFFIXES = (".js", ".jsx", ".mjs", ".cjs", ".ts", ".tsx", ".mts", ".cts")


def module_path(path: str) -> str:
    """A module's file path without its script extension or a trailing `/index`, so
    `./hooks/useTool`, `./hooks/useTool.ts` and `./hooks/useTool/index.js` compare equal."""
    path = os.path.normpath(path)
    for suffix in SCRIPT_SUFFIXES:
        if path.endswith(suffix):
            path = path[: -len(suffix)]
            break
    if os.path.basename(path) == "index":
        path = os.path.dirname(path)
    return path


class Site(Struct, frozen=True):
    """Where a tool is registered when that is not where it is written: a file (its
    display path), a 1-based line and column, and the function called there."""

    path: str
    line: int
    column: int
    end_line: int
    end_column: int
    via: str


# one per tool: no dict each
class ToolDefinition(Struct, eq=False):
    """A tool given to agents, whatever way it was registered.

    `definition` is the tool dictionary (`{name, description, inputSchema, execute, ...}`)
    as a `Value`; for a declarative form it is synthesized the way Chromium does it.
    `options` is the second argument of `registerTool` (`{signal, exposedTo}`), or None.
    A tool declared through a library has `integration` (the package) and `wrapper` (what
    the library does with it); its `definition` is the tool the library registers, with
    the library's own keys mapped (`handler` is `execute`, a zod schema its JSON Schema).
    """

    kind: ToolKind
    definition: Value
    # Where it is registered (`registration`), None where that is `call`: 100,000 tools
    # registered by a call each held its span, 9 MiB.
    registered_at: Span | None
    script: Script | None = None
    call: Node | None = None
    options: Value | None = None
    integration: str | None = None
    element: Node | None = None
    wrapper: Wrapper | None = None
    # Registered elsewhere: the call of a project function or component that registers
    # it (`useTool(tool)`), possibly in another file.
    via: Site | None = None
    api: str | None = None  # the library function that registers it (with `integration`)
    # The registration inside such a function: its tools are those of its callers.
    forwards: bool = False
    # The registration is within `syntax.nodes.MAX_ANALYSED_DEPTH` levels of its script's
    # root: the rules that read the code around it (guards, components, cleanup) look.
    analysable: bool = True
    # Its texts as the checks read them (`checks/_metadata.text_sites`), with the
    # definition they were read from: five rules ask of every tool.
    texts_read: tuple[Value, tuple[object, ...]] | None = None
    # What consequential-hint and untrusted-content-hint read in its name, description
    # and `execute` (`...` until asked; the untrusted content with the trusted origins
    # it was read with): the page facts ask the same of every tool after the checks. No
    # tuple each: 100,000 tools would hold 12 MB more.
    says_read: str | EllipsisType | None = ...
    untrusted_read: str | EllipsisType | None = ...
    untrusted_trusted: set[str | None] | None = None
    # The facts of its `execute` (`Functions.of_tool`, `...` until asked): most rules ask.
    # A slot, not an entry of a dictionary by tool (100,000 tools: about 3 MB less).
    # Typed `object`: `model.functions`, which holds `FunctionFacts`, imports this module.
    execute_facts: object = ...

    @property
    def registration(self) -> Span:
        at = self.registered_at
        return at if at is not None else Span.of(self.call)  # type: ignore[arg-type]

    @property
    def span(self) -> Span:
        return self.definition.span

    def member(self, key: str) -> Value | None:
        return self.definition.get(key)  # the properties below ask directly: hot

    @property
    def name(self) -> Value | None:
        return self.definition.get("name")

    @property
    def title(self) -> Value | None:
        return self.definition.get("title")

    @property
    def description(self) -> Value | None:
        return self.definition.get("description")

    @property
    def input_schema(self) -> Value | None:
        return self.definition.get("inputSchema")

    @property
    def output_schema(self) -> Value | None:
        return self.definition.get("outputSchema")

    @property
    def annotations(self) -> Value | None:
        return self.definition.get("annotations")

    @property
    def execute(self) -> Value | None:
        return self.definition.get("execute")

    @property
    def known_name(self) -> str | None:
        name = self.definition.get("name")  # `name`, inline: asked eight times per tool
        return name.as_text() if name is not None else None

    def option(self, key: str) -> Value | None:
        if self.options is None:
            return None
        return self.options.get(key)


# The methods of `modelContext` (those removed from Chrome included).
CONTEXT_METHODS = frozenset(
    {
        "registerTool",
        "unregisterTool",
        "provideContext",
        "clearContext",
        "getTools",
        "executeTool",
    }
)


class ApiUse(Struct, eq=False):
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
    # Within `syntax.nodes.MAX_ANALYSED_DEPTH` levels of the script's root: the rules that
    # read the code around a use (guards, components, awaiting, cleanup) look; deeper code
    # is reported once by source-too-deep.
    analysable: bool = True

    @property
    def span(self) -> Span:
        return Span.of(self.node)

    @property
    def member(self) -> str | None:
        return self.path[1] if len(self.path) > 1 else None
