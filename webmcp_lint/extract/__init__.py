"""Syntax to model: every tool a file gives to agents, and every use of the API."""

from __future__ import annotations

from webmcp_lint import syntax
from webmcp_lint.extract.imperative import ImperativeExtractor
from webmcp_lint.extract.scope import Scopes
from webmcp_lint.extract.values import Evaluator
from webmcp_lint.model import FileModel, SourceFile


def extract(source: SourceFile) -> FileModel:
    scripts, markup = syntax.parse(source)
    model = FileModel(source, scripts, markup)
    for script in scripts:
        script.evaluator = Evaluator(Scopes(source.text, script.root))
        extractor = ImperativeExtractor(source, script, script.evaluator)
        uses = extractor.api_uses()
        model.api_uses.extend(uses)
        model.tools.extend(extractor.tools(uses))
    return model
