"""One fuzz input through webmcp-lint, checked for what must hold for any input.

Used by the coverage-guided fuzzer (`fuzz/fuzz_lint.py`, atheris) and by the regression
and property tests (`tests/test_fuzz_regressions.py`, `tests/test_properties.py`), so a
crasher found by one is checked by the others the same way.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from webmcp_lint.config import settings_from_table
from webmcp_lint.diagnostics import Diagnostic
from webmcp_lint.output import FORMATS, render
from webmcp_lint.output.inventory import markdown_table
from webmcp_lint.output.report import Report
from webmcp_lint.run import pipeline
from webmcp_lint.workspace.discovery import UnreadableError, decode_source, transcode
from webmcp_lint.workspace.source import LINE_BREAK

# The first byte of a fuzz input picks the file's language; the rest is the file.
SUFFIXES = ("js", "jsx", "ts", "tsx", "html", "vue", "svelte", "astro", "mjs")
ROOT = Path("/nonexistent-fuzz-root")  # no configuration or tsconfig.json is found there
SETTINGS = settings_from_table({"select": ["ALL"]}, ROOT / "webmcp-lint.toml")


class Violation(AssertionError):
    """Something that must hold for every input did not."""


@dataclass(frozen=True)
class Outcome:
    diagnostics: list[Diagnostic]
    tools: list[dict[str, Any]]
    outputs: dict[str, str]  # every check output format, and the tool manifests


def split_input(data: bytes) -> tuple[str, bytes]:
    """The file name and contents a fuzz input stands for."""
    if not data:
        return "input.js", b""
    return f"input.{SUFFIXES[data[0] % len(SUFFIXES)]}", data[1:]


def join_input(filename: str, contents: bytes) -> bytes:
    """The fuzz input for a file (the inverse of split_input)."""
    return bytes([SUFFIXES.index(filename.rsplit(".", 1)[-1])]) + contents


def lint_bytes(filename: str, contents: bytes) -> Outcome:
    """Lint `contents` as `filename` with every rule, render every output format, and
    check what must hold: no internal error, every position inside the file, valid
    JSON and SARIF. Raises Violation otherwise."""
    task = pipeline.Task(
        ROOT / filename, filename, SETTINGS, data=contents, collect_tools=True, fingerprints=True
    )
    result = pipeline.lint_task(task)
    if result.internal_errors:
        raise Violation(result.internal_errors)
    lines = _lines(contents)
    for diagnostic in result.diagnostics:
        _check_position(diagnostic, lines)
    for tool in result.tools:
        if lines and not 1 <= tool["line"] <= len(lines):
            raise Violation(f"tool line {tool['line']} outside the file ({len(lines)} lines)")
    report = Report(result.diagnostics, 1, cwd=ROOT)
    outputs = {name: render(report, name) for name in FORMATS}
    outputs["tools-json"] = json.dumps(result.tools, indent=2, ensure_ascii=False)
    outputs["tools-markdown"] = markdown_table(result.tools)
    for name in ("json", "sarif", "tools-json"):
        try:
            json.loads(outputs[name])
        except ValueError as error:
            raise Violation(f"{name} output is not JSON: {error}") from None
    return Outcome(result.diagnostics, result.tools, outputs)


def _lines(contents: bytes) -> list[str]:
    try:
        text = decode_source(transcode(contents))
    except UnreadableError:
        return []
    return [line.decode("utf-8") for line in LINE_BREAK.split(text)]


def _check_position(diagnostic: Diagnostic, lines: list[str]) -> None:
    where = f"{diagnostic.rule} at {diagnostic.location}"
    if not lines:  # an unreadable file: the finding is at 1:1
        if (diagnostic.line, diagnostic.column) != (1, 1):
            raise Violation(f"{where}: a finding about an unreadable file is not at 1:1")
        return
    start = (diagnostic.line, diagnostic.column)
    end = (diagnostic.end_line, diagnostic.end_column)
    for line, column in (start, end):
        if not 1 <= line <= len(lines):
            raise Violation(f"{where}: line {line} outside the file ({len(lines)} lines)")
        if not 1 <= column <= len(lines[line - 1]) + 1:
            raise Violation(f"{where}: column {column} outside line {line}")
    if end < start:
        raise Violation(f"{where}: ends before it starts")
    for related in diagnostic.related:
        location = related.location
        if not 1 <= location.line <= location.end_line <= len(lines):
            raise Violation(f"{where}: related location {location} outside the file")
