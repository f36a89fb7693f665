"""The facts rules read: statically evaluated values, tools, API uses and forms.

Rules never walk whole syntax trees to find tools; they read a `FileModel`. Where a rule
needs the body of a function (`execute`, a submit handler) it gets the syntax node of that
one function through `Value.node`. The model imports only `source` below it (and
tree-sitter's node types); `syntax` and `extract` build it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from msgspec import Struct, field

from webmcp_lint.model.dom import Document
from webmcp_lint.model.facts import ProjectFacts, TsConfigFacts
from webmcp_lint.model.forms import (
    Declarative,
    EventListener,
    Form,
    Group,
    MarkupDocument,
    SubmitHandler,
)
from webmcp_lint.model.functions import FunctionFacts, Functions, NoFunctions
from webmcp_lint.model.headers import HeaderSetting
from webmcp_lint.model.linking import Forwarder, Handoff, Linker
from webmcp_lint.model.runtime import CHROME_ONLY, Install, Runtime
from webmcp_lint.model.scripts import Binding, Evaluator, Script
from webmcp_lint.model.suppressions import Suppression
from webmcp_lint.model.tools import (
    ApiUse,
    DeclaredWrapper,
    Site,
    ToolDefinition,
    ToolKind,
    Wrapper,
)
from webmcp_lint.model.values import UNKNOWN, Entry, Origin, Value, ValueKind, unknown
from webmcp_lint.workspace.source import Language, SourceFile

if TYPE_CHECKING:
    from tree_sitter import Node, Tree

__all__ = [
    "UNKNOWN",
    "ApiUse",
    "Binding",
    "Declarative",
    "DeclaredWrapper",
    "Entry",
    "Evaluator",
    "EventListener",
    "FileModel",
    "Form",
    "Forwarder",
    "FunctionFacts",
    "Functions",
    "Group",
    "Handoff",
    "HeaderSetting",
    "Linker",
    "MarkupDocument",
    "Origin",
    "ProjectFacts",
    "Runtime",
    "Script",
    "Site",
    "SubmitHandler",
    "Suppression",
    "ToolDefinition",
    "ToolKind",
    "TsConfigFacts",
    "Value",
    "ValueKind",
    "Wrapper",
    "unknown",
]


class FileModel(Struct, eq=False):
    """Everything the extractor learned about one file."""

    source: SourceFile
    scripts: list[Script] = field(default_factory=list)
    markup: Tree | None = None
    tools: list[ToolDefinition] = field(default_factory=list)
    api_uses: list[ApiUse] = field(default_factory=list)
    project: ProjectFacts = field(default_factory=ProjectFacts)
    declarative: Declarative | None = None  # forms, submit handlers, tool-event listeners
    functions: Functions = field(default_factory=NoFunctions)  # facts about its functions
    # Across files (filled when imports are followed): tools of this file registered by
    # another one (`handoffs` sends them to the file that writes them), the functions and
    # components of this file that register what they are given, and registrations
    # whose tool could not be known.
    handoffs: list[Handoff] = field(default_factory=list)
    forwarders: list[Forwarder] = field(default_factory=list)
    unresolved: list[Site] = field(default_factory=list)
    dependencies: set[str] = field(default_factory=set)
    # A host's settings file (language "hosting"): the response headers it sets.
    headers: list[HeaderSetting] = field(default_factory=list)
    # What the file runs on (model/runtime.py), and, asked for only when needed, what a
    # page a test drives runs on (`page.evaluate(...)` callbacks).
    runtime: Runtime = CHROME_ONLY
    page_runtime: Callable[[], Runtime] | None = None
    installs: list[Install] = field(default_factory=list)  # the file's own (runtime.py)
    # The element trees of the file's markup and JSX, built when first asked (given the
    # model, not bound to it: a model holding itself is freed only by the collector).
    build_documents: Callable[[FileModel], list[Document]] | None = None
    _documents: list[Document] | None = None
    _uses_by_call: dict[Node, tuple[ApiUse, ...]] | None = None

    @property
    def language(self) -> Language:
        return self.source.language

    def documents(self) -> list[Document]:
        """The element trees of the file: its markup, and the JSX of each script."""
        if self._documents is None:
            build = self.build_documents
            self._documents = build(self) if build is not None else []
        return self._documents

    def uses_of_call(self, call: Node) -> tuple[ApiUse, ...]:
        """The API uses whose call is `call` (`document.modelContext.registerTool(...)`),
        from an index built once the extraction is done (a file of 10,000 registrations
        asks 10,000 times). Keyed by the call node each use holds anyway, a tuple each
        (mostly of one): an `id` key and a list were 14 MB more for 100,000 tools."""
        if self._uses_by_call is None:
            index: dict[Node, tuple[ApiUse, ...]] = {}
            for use in self.api_uses:
                if use.call is not None:
                    index[use.call] = (*index.get(use.call, ()), use)
            self._uses_by_call = index
        return self._uses_by_call.get(call, ())

    def runtime_at(self, node: Node) -> Runtime:
        """What the code at `node` runs on: the file's runtime, or for a function a test
        runs in a browser page (`page.evaluate(() => ...)`), that page's."""
        if self.page_runtime is not None and _in_page_callback(node):
            return self.page_runtime()
        return self.runtime

    def imperative_tools(self) -> Iterator[ToolDefinition]:
        return (tool for tool in self.tools if tool.kind == "imperative")


# Browser-automation calls that run a function in a page (Playwright, Puppeteer).
PAGE_EVALUATE = frozenset(
    {"evaluate", "evaluateHandle", "waitForFunction", "addInitScript", "evaluateOnNewDocument"}
)
_FUNCTIONS = frozenset({"arrow_function", "function_expression", "function"})


def _in_page_callback(node: Node) -> bool:
    """Whether `node` is inside a function handed to `page.evaluate(...)` and the like."""
    current: Node | None = node
    while current is not None:
        if current.type in _FUNCTIONS:
            holder = current.parent
            call = holder.parent if holder is not None and holder.type == "arguments" else None
            function = call.child_by_field_name("function") if call is not None else None
            if function is not None and function.type == "member_expression":
                name = function.child_by_field_name("property")
                if name is not None and (name.text or b"").decode() in PAGE_EVALUATE:
                    return True
        current = current.parent
    return False
