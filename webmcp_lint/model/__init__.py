"""The facts rules read: statically evaluated values, tools, API uses and forms.

Rules never walk whole syntax trees to find tools; they read a `FileModel`. Where a rule
needs the body of a function (`execute`, a submit handler) it gets the syntax node of that
one function through `Value.node`. The model imports only `source` below it (and
tree-sitter's node types); `syntax` and `extract` build it.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from webmcp_lint.model.facts import ProjectFacts, TsConfigFacts
from webmcp_lint.model.forms import Declarative, EventListener, Form, Group, Page, SubmitHandler
from webmcp_lint.model.functions import FunctionFacts, Functions, NoFunctions
from webmcp_lint.model.headers import HeaderSetting
from webmcp_lint.model.linking import Forwarder, Handoff, Linker
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
from webmcp_lint.source import Language, SourceFile

if TYPE_CHECKING:
    from tree_sitter import Tree

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
    "Origin",
    "Page",
    "ProjectFacts",
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

    @property
    def language(self) -> Language:
        return self.source.language

    def imperative_tools(self) -> Iterator[ToolDefinition]:
        return (tool for tool in self.tools if tool.kind == "imperative")
