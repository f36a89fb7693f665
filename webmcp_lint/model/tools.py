"""Tools given to agents and reaches into the WebMCP API."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from webmcp_lint.model.scripts import Script
from webmcp_lint.model.values import Value
from webmcp_lint.source import Span

if TYPE_CHECKING:
    from tree_sitter import Node

ToolKind = Literal["imperative", "declarative", "integration"]

# A tool name Chromium accepts (a form's `toolname` or registerTool's `name`).
VALID_NAME = re.compile(r"[A-Za-z0-9_.\-]{1,128}")


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
