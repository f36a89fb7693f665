"""Output formats. Each module renders a `Report` (`report.py`); none reads files or
syntax trees."""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # `webmcp-lint rules` reads FORMATS without loading msgspec or findings
    from webmcp_lint.output.report import Report

FORMATS = ("text", "concise", "json", "sarif", "github", "junit", "gitlab", "rdjson", "markdown")
# Formats whose findings carry GitHub's line hash (`Diagnostic.fingerprint`).
FINGERPRINTED_FORMATS = frozenset({"sarif", "gitlab"})
# Formats that can say that a run failed (a usage or configuration error): they are
# written then too, since a CI that reads only them would otherwise see a clean run.
FAILURE_FORMATS = frozenset({"sarif", "github", "junit", "markdown"})


def count(number: int, noun: str) -> str:
    """`1 file`, `2 files`: a number and a noun that agrees with it."""
    return f"{number} {noun}{'' if number == 1 else 's'}"


def render(report: Report, output_format: str) -> str:
    return "".join(render_chunks(report, output_format))


def render_chunks(report: Report, output_format: str) -> Iterator[str]:
    """The output in pieces, to be written as they come: a format that can (`chunks`)
    renders a finding at a time, so that a large report is never whole in memory."""
    if output_format not in FORMATS:
        raise ValueError(f"unknown output format {output_format!r}")
    module = importlib.import_module(f"webmcp_lint.output.{output_format}_format")
    if hasattr(module, "chunks"):
        pieces: Iterator[str] = module.chunks(report)
        yield from pieces
    else:
        text: str = module.render(report)
        yield text
