"""Runs the rules over files: read, prefilter, parse, extract, check, suppress, position.

Files are linted independently (in worker processes when there are many); what comes
back is plain data (`FileResult`), so formatters never touch syntax trees or files.
"""

from __future__ import annotations

import concurrent.futures
import multiprocessing
import os
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from webmcp_lint import project, rule_url, suppress
from webmcp_lint.checks import CheckContext
from webmcp_lint.config import Resolver, Settings
from webmcp_lint.extract import extract
from webmcp_lint.files import (
    UnreadableError,
    decode_source,
    language_of,
    may_hold_webmcp,
    read_source,
    walk,
)
from webmcp_lint.fingerprints import line_hashes
from webmcp_lint.model import SEVERITY_RANK, FileModel, Finding, Severity, SourceFile, Span
from webmcp_lint.registry import checks, rules
from webmcp_lint.syntax import ParseTimeout, first_error

UNREADABLE = "source-unreadable"
SYNTAX_ERROR = "source-syntax-error"
TIMEOUT = "source-timeout"
ENGINE_RULES = frozenset({UNREADABLE, SYNTAX_ERROR, TIMEOUT, suppress.UNUSED})

PARALLEL_THRESHOLD = 64  # below this many files, worker start-up costs more than it saves
SNIPPET_LINES = 3
# A code frame of a longer line (minified code) is left out: every finding kept its own
# copy of the line, and 400 findings on a 5 MB line took 16 GB and 2 GB of text output.
SNIPPET_MAX_LINE_BYTES = 1_000
BOM = b"\xef\xbb\xbf"


@dataclass(frozen=True)
class Location:
    line: int
    column: int
    end_line: int
    end_column: int


@dataclass(frozen=True)
class RelatedLocation:
    location: Location
    message: str


@dataclass(frozen=True)
class FixEdit:
    location: Location
    replacement: str


@dataclass(frozen=True)
class Diagnostic:
    """One finding as users see it: 1-based lines and columns (Unicode code points),
    `end_column` exclusive. `snippet` holds the source lines the finding covers."""

    path: str
    rule: str
    severity: Severity
    message: str
    location: Location
    snippet: tuple[str, ...] = ()
    related: tuple[RelatedLocation, ...] = ()
    fix: tuple[str, tuple[FixEdit, ...]] | None = None
    fingerprint: str | None = None  # GitHub's primaryLocationLineHash of the start line

    @property
    def url(self) -> str:
        return rule_url(self.rule)

    @property
    def line(self) -> int:
        return self.location.line

    @property
    def column(self) -> int:
        return self.location.column

    @property
    def end_line(self) -> int:
        return self.location.end_line

    @property
    def end_column(self) -> int:
        return self.location.end_column

    def sort_key(self) -> tuple[str, int, int, str]:
        return (self.path, self.line, self.column, self.rule)


@dataclass
class FileResult:
    path: str
    diagnostics: list[Diagnostic] = field(default_factory=list)
    tools: list[dict[str, Any]] = field(default_factory=list)
    parsed: bool = False
    internal_errors: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Task:
    path: Path
    display: str
    settings: Settings
    data: bytes | None = None  # standard input
    collect_tools: bool = False
    fingerprints: bool = False  # GitHub's line hashes, for SARIF


# -- discovery --------------------------------------------------------------------------


def display_path(path: Path, cwd: Path) -> str:
    """The path relative to the working directory (symbolic links kept), else as given."""
    for candidate in (path.absolute(), path.resolve()):
        try:
            return candidate.relative_to(cwd).as_posix()
        except ValueError:
            continue
    return path.as_posix()


def discover(
    paths: Iterable[Path], resolver: Resolver, force_exclude: bool
) -> Iterator[tuple[Path, Settings]]:
    """Every file to lint, once, with its settings, in a stable order."""
    seen: set[str] = set()
    for path in paths:
        if path.is_dir():
            settings = resolver.for_directory(path)

            def excluded(candidate: Path, is_dir: bool) -> bool:
                return resolver.for_directory(candidate.parent).is_excluded(candidate, is_dir)

            if force_exclude and path.resolve() != resolver.cwd and excluded(path, True):
                continue
            files: Iterable[Path] = walk(path, excluded, settings.respect_gitignore)
        else:
            if force_exclude and path.exists() and resolver.for_file(path).is_excluded(path):
                continue
            if path.exists() and language_of(path) is None:
                continue  # explicitly named, but not a language webmcp-lint reads
            files = [path]
        for file in files:
            key = os.path.abspath(file)
            if key not in seen:
                seen.add(key)
                yield file, resolver.for_directory(file.parent)


# -- running ----------------------------------------------------------------------------


def run(tasks: list[Task], jobs: int | None = None) -> list[FileResult]:
    workers = jobs or os.cpu_count() or 1
    if workers > 1 and len(tasks) >= PARALLEL_THRESHOLD:
        context = multiprocessing.get_context("fork" if sys.platform == "linux" else None)
        with concurrent.futures.ProcessPoolExecutor(workers, mp_context=context) as pool:
            results = list(pool.map(lint_task, tasks, chunksize=16))
    else:
        results = [lint_task(task) for task in tasks]
    once_per_project(results)
    return results


def once_per_project(results: list[FileResult]) -> None:
    """Keep one finding of each project-scope rule (`scope: project`) per message: the
    one in the first file by path. Such a finding is about the project (its
    `tsconfig.json`), not about each file that shows it."""
    seen: set[tuple[str, str]] = set()
    for result in sorted(results, key=lambda r: r.path):
        kept = []
        for diagnostic in result.diagnostics:
            if rules()[diagnostic.rule].scope == "project":
                key = (diagnostic.rule, diagnostic.message)
                if key in seen:
                    continue
                seen.add(key)
            kept.append(diagnostic)
        result.diagnostics = kept


def lint_task(task: Task) -> FileResult:
    language = language_of(task.path)
    result = FileResult(task.display)
    enabled = task.settings.enabled_rules(task.path)
    if language is None:
        return result
    try:
        data = task.data if task.data is not None else read_source(task.path)
    except UnreadableError as error:
        _unreadable(result, task, enabled, str(error))
        return result
    if not may_hold_webmcp(data):
        return result
    try:
        text = decode_source(data)
    except UnreadableError as error:
        _unreadable(result, task, enabled, str(error), data if task.fingerprints else b"")
        return result
    source = SourceFile(task.path, task.display, language, text)
    result.parsed = True
    try:
        model = extract(source)
    except RecursionError:
        _unreadable(result, task, enabled, "Nested too deeply for webmcp-lint to analyse.")
        return result
    except ParseTimeout as timeout:
        if TIMEOUT in enabled:
            severity = task.settings.severity_of(TIMEOUT, rules()[TIMEOUT].severity)
            where = locate(source, Span(timeout.span.start, timeout.span.start))
            message = f"{timeout} The file was not checked."
            found = [Diagnostic(task.display, TIMEOUT, severity, message, where)]
            if task.fingerprints:
                found = with_fingerprints(found, source, data.startswith(BOM))
            result.diagnostics = found
        return result
    model.project = project.facts(model, task.path, task.display)
    findings = [*syntax_errors(model), *run_checks(model, task.settings, enabled, result)]
    findings = [f for f in findings if f.rule in enabled]
    positioned = [(finding, source.line_of(finding.span.start) + 1) for finding in findings]
    directives = suppress.directives(model)
    kept, unused = suppress.apply(positioned, directives, set(rules()), enabled)
    if suppress.UNUSED in enabled:
        kept.extend(unused)
    diagnostics = sorted(
        {_diagnostic(f, source, task.settings): None for f in kept}, key=Diagnostic.sort_key
    )
    if task.fingerprints:
        diagnostics = with_fingerprints(diagnostics, source, data.startswith(BOM))
    result.diagnostics = diagnostics
    if task.collect_tools:
        from webmcp_lint.inventory import summarize

        result.tools = [summarize(tool, source) for tool in model.tools]
    return result


def with_fingerprints(
    diagnostics: list[Diagnostic], source: SourceFile, had_bom: bool
) -> list[Diagnostic]:
    if not diagnostics:
        return diagnostics
    text = ("\ufeff" if had_bom else "") + source.text.decode("utf-8")
    hashes = line_hashes(text, (d.line for d in diagnostics))
    return [replace(d, fingerprint=hashes.get(d.line)) for d in diagnostics]


def syntax_errors(model: FileModel) -> Iterator[Finding]:
    for script in model.scripts:
        error = first_error(script.root)
        if error is not None:
            yield Finding(
                SYNTAX_ERROR,
                "Syntax error: webmcp-lint could not parse this code, so WebMCP findings "
                "in it may be missing. Fix the syntax, or report a parser gap.",
                Span.of(error),
            )


def run_checks(
    model: FileModel, settings: Settings, enabled: frozenset[str], result: FileResult
) -> Iterator[Finding]:
    for rule_id, spec in sorted(checks().items()):
        if rule_id not in enabled:
            continue
        context = CheckContext(settings.options_for(rule_id, spec.options))
        try:
            yield from list(spec.function(model, context))
        except Exception as error:
            if os.environ.get("WEBMCP_LINT_DEBUG"):
                raise
            result.internal_errors.append(
                f"{model.source.display_path}: internal error in rule {rule_id}: "
                f"{type(error).__name__}: {error} (please report this)"
            )


def _unreadable(
    result: FileResult, task: Task, enabled: frozenset[str], message: str, data: bytes = b""
) -> None:
    if UNREADABLE not in enabled:
        return
    severity = task.settings.severity_of(UNREADABLE, rules()[UNREADABLE].severity)
    # Read as upload-sarif reads it: invalid UTF-8 becomes U+FFFD.
    fingerprint = line_hashes(data.decode("utf-8", errors="replace"), [1])[1] if data else None
    result.diagnostics.append(
        Diagnostic(
            task.display,
            UNREADABLE,
            severity,
            message,
            Location(1, 1, 1, 1),
            fingerprint=fingerprint,
        )
    )


def _diagnostic(finding: Finding, source: SourceFile, settings: Settings) -> Diagnostic:
    rule = rules()[finding.rule]
    location = locate(source, finding.span)
    last = min(location.end_line, location.line + SNIPPET_LINES - 1)
    snippet = _snippet(source, location.line, last)
    related = tuple(RelatedLocation(locate(source, r.span), r.message) for r in finding.related)
    fix = None
    if finding.fix is not None:
        edits = tuple(FixEdit(locate(source, e.span), e.replacement) for e in finding.fix.edits)
        fix = (finding.fix.description, edits)
    return Diagnostic(
        source.display_path,
        finding.rule,
        settings.severity_of(finding.rule, finding.severity or rule.severity),
        finding.message,
        location,
        snippet,
        related,
        fix,
    )


def _snippet(source: SourceFile, first: int, last: int) -> tuple[str, ...]:
    starts = source.line_starts
    for line in range(first, last + 1):
        end = starts[line] if line < len(starts) else len(source.text)
        if end - starts[line - 1] > SNIPPET_MAX_LINE_BYTES:
            return ()
    return tuple(source.line_text(line) for line in range(first, last + 1))


def locate(source: SourceFile, span: Span) -> Location:
    line, column = source.position(span.start)
    end_line, end_column = source.position(span.end)
    return Location(line, column, end_line, end_column)


def fails(diagnostics: Iterable[Diagnostic], threshold: Severity) -> bool:
    limit = SEVERITY_RANK[threshold]
    return any(SEVERITY_RANK[d.severity] >= limit for d in diagnostics)
