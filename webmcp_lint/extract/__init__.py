"""Syntax to model: every tool a file gives to agents, and every use of the API."""

from __future__ import annotations

from typing import TYPE_CHECKING

from webmcp_lint import syntax
from webmcp_lint.extract.components import component_tools
from webmcp_lint.extract.declarative import extract_declarative, iter_tools
from webmcp_lint.extract.dom import documents
from webmcp_lint.extract.forwarding import forward
from webmcp_lint.extract.functions import FunctionIndex
from webmcp_lint.extract.imperative import ImperativeExtractor
from webmcp_lint.extract.integrations import IntegrationExtractor
from webmcp_lint.extract.semantic import semantic_model
from webmcp_lint.extract.values import analyse
from webmcp_lint.model import DeclaredWrapper, FileModel, Handoff, Script
from webmcp_lint.syntax.nodes import MAX_ANALYSED_DEPTH, within_depth
from webmcp_lint.workspace.source import SourceFile

if TYPE_CHECKING:
    from tree_sitter import Node

    from webmcp_lint.model import Linker


def extract(
    source: SourceFile,
    wrappers: tuple[DeclaredWrapper, ...] = (),
    linker: Linker | None = None,
    handoffs: tuple[Handoff, ...] = (),
) -> FileModel:
    """The model of one file; `wrappers` are the project's own wrapper functions
    declared in its configuration; `linker`, when given, follows imports. A host's
    settings file (language "hosting") has no code: only the headers it sets."""
    if source.language == "hosting":
        from webmcp_lint.extract.hosts import read_headers  # only for a host's settings file

        return FileModel(source, headers=read_headers(source))
    scripts, markup = syntax.parse(source)
    model = FileModel(source, scripts, markup)
    for script in scripts:
        evaluator = analyse(script, source.text, linker)
        extractor = ImperativeExtractor(source, script, evaluator)
        uses = extractor.api_uses()
        model.api_uses.extend(uses)
        model.tools.extend(extractor.tools(uses))
        integrations = IntegrationExtractor(source, script, evaluator, wrappers)
        model.tools.extend(integrations.tools(integrations.calls()))
        if script.language in ("tsx", "javascript"):
            model.tools.extend(component_tools(script, model.language))
    model.build_documents = documents
    model.declarative = extract_declarative(model)
    model.tools.extend(iter_tools(model.declarative))
    forward(model)
    if handoffs:
        from webmcp_lint.extract.handoffs import materialize

        materialize(model, handoffs)
    if linker is not None:
        model.dependencies = linker.dependencies
    model.tools.sort(key=lambda tool: tool.registration.start)
    _depths(model)
    model.functions = FunctionIndex(model, linker)  # facts about functions, found when first asked
    return model


def _depths(model: FileModel) -> None:
    """Whether each API use and registration lies within the depth rules analyse."""
    for use in model.api_uses:
        use.analysable = _within_depth(use.node, use.script)
    for tool in model.tools:
        if tool.call is not None and tool.script is not None:
            tool.analysable = _within_depth(tool.call, tool.script)


def _within_depth(node: Node, script: Script) -> bool:
    """`within_depth`, answered from the parents the script's name resolution already
    found when it can: resolving `document` found every parent of a registration."""
    known = semantic_model(script).ancestry.known_within(node, MAX_ANALYSED_DEPTH)
    return known if known is not None else within_depth(node, script.root)
