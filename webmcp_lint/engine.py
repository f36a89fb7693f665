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
    Notify,
    TooLargeError,
    UnreadableError,
    decode_source,
    language_of,
    may_hold_webmcp,
    read_source,
    transcode,
    walk,
)
from webmcp_lint.fingerprints import line_hashes
from webmcp_lint.inert import shorten
from webmcp_lint.model import SEVERITY_RANK, FileModel, Finding, Severity, SourceFile, Span
from webmcp_lint.registry import checks, rules
from webmcp_lint.syntax import first_error

UNREADABLE = UnreadableError.rule
TOO_LARGE = TooLargeError.rule
SYNTAX_ERROR = "source-syntax-error"
ENGINE_RULES = frozenset({UNREADABLE, TOO_LARGE, SYNTAX_ERROR, suppress.UNUSED})

PARALLEL_THRESHOLD = 64  # below this many files, worker start-up costs more than it saves
SNIPPET_LINES = 3
# A code frame shows at most SNIPPET_COLUMNS code points of a line: a longer one (a
# minified bundle) is cut around the finding, SNIPPET_CONTEXT code points kept before
# it, with CUT where it was cut, as rustc and ruff do. Only those bytes are decoded.
SNIPPET_COLUMNS = 120
SNIPPET_CONTEXT = 40
CUT = "..."
# A message quoting code (a 500,000-character tool name) keeps its start and its end.
MAX_MESSAGE = 1000
MAX_FIX_TEXT = 10_000  # a fix that would insert more is not offered
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
    `end_column` exclusive. `snippet` holds the source lines the finding covers, long
    ones cut (see `code_frame`): code point i of the first line is at index
    `i - snippet_shift` of `snippet[0]`."""

    path: str
    rule: str
    severity: Severity
    message: str
    location: Location
    snippet: tuple[str, ...] = ()
    related: tuple[RelatedLocation, ...] = ()
    fix: tuple[str, tuple[FixEdit, ...]] | None = None
    fingerprint: str | None = None  # GitHub's primaryLocationLineHash of the start line
    snippet_shift: int = 0

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
    unreadable: str | None = None  # why discovery could not read it (a directory)


# -- discovery --------------------------------------------------------------------------


def display_path(path: Path, cwd: Path) -> str:
    """The path relative to the working directory (symbolic links kept), else as given."""
    for candidate in (path.absolute, path.resolve):
        try:
            return candidate().relative_to(cwd).as_posix()
        except (ValueError, OSError, RuntimeError):  # outside; a symbolic link loop
            continue
    return path.as_posix()


def discover(
    paths: Iterable[Path], resolver: Resolver, force_exclude: bool, notify: Notify
) -> Iterator[tuple[Path, Settings, str | None]]:
    """Every file to lint, once, with its settings, in a stable order; for a directory
    that cannot be listed, the reason (a finding at its path)."""
    seen: set[str] = set()
    for path in paths:
        if os.path.isdir(path):
            settings = resolver.for_directory(path)

            def excluded(candidate: Path, is_dir: bool) -> bool:
                return resolver.for_directory(candidate.parent).is_excluded(candidate, is_dir)

            if force_exclude and path.resolve() != resolver.cwd and excluded(path, True):
                continue
            files: Iterable[tuple[Path, str, str | None]] = walk(
                path, excluded, settings.respect_gitignore, notify
            )
        else:
            exists = os.path.lexists(path)
            if force_exclude and exists and resolver.for_file(path).is_excluded(path):
                continue
            if exists and language_of(path) is None:
                continue  # explicitly named, but not a language webmcp-lint reads
            files = [(path, os.path.realpath(path), None)]
        for file, real, unreadable in files:
            if real not in seen:  # a file and a link to it are linted once
                seen.add(real)
                yield file, resolver.for_directory(file.parent), unreadable


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
    if task.unreadable is not None:
        _unreadable(result, task, enabled, UnreadableError(task.unreadable))
        return result
    if language is None:
        return result
    limit = task.settings.max_file_size
    try:
        if task.data is None:
            data = read_source(task.path, limit)
        elif len(task.data) > limit:
            raise TooLargeError(limit, len(task.data))
        else:
            data = task.data
        data = transcode(data)
    except UnreadableError as error:
        _unreadable(result, task, enabled, error)
        return result
    if not may_hold_webmcp(data):
        return result
    try:
        text = decode_source(data)
    except UnreadableError as error:
        _unreadable(result, task, enabled, error, data if task.fingerprints else b"")
        return result
    source = SourceFile(task.path, task.display, language, text)
    result.parsed = True
    try:
        model = extract(source)
    except RecursionError:
        too_deep = UnreadableError("Nested too deeply for webmcp-lint to analyse.")
        _unreadable(result, task, enabled, too_deep)
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
    result: FileResult,
    task: Task,
    enabled: frozenset[str],
    error: UnreadableError,
    data: bytes = b"",
) -> None:
    """A finding at 1:1 for a file that was not linted: `error.rule` says why."""
    rule = error.rule
    if rule not in enabled:
        return
    severity = task.settings.severity_of(rule, rules()[rule].severity)
    # Read as upload-sarif reads it: invalid UTF-8 becomes U+FFFD.
    fingerprint = line_hashes(data.decode("utf-8", errors="replace"), [1])[1] if data else None
    result.diagnostics.append(
        Diagnostic(
            task.display,
            rule,
            severity,
            str(error),
            Location(1, 1, 1, 1),
            fingerprint=fingerprint,
        )
    )


def _diagnostic(finding: Finding, source: SourceFile, settings: Settings) -> Diagnostic:
    rule = rules()[finding.rule]
    location = locate(source, finding.span)
    snippet, shift = code_frame(source, finding.span, location)
    related = tuple(
        RelatedLocation(locate(source, r.span), shorten(r.message, MAX_MESSAGE))
        for r in finding.related
    )
    fix = None
    if finding.fix is not None and all(
        len(e.replacement) <= MAX_FIX_TEXT for e in finding.fix.edits
    ):
        edits = tuple(FixEdit(locate(source, e.span), e.replacement) for e in finding.fix.edits)
        fix = (shorten(finding.fix.description, MAX_MESSAGE), edits)
    return Diagnostic(
        source.display_path,
        finding.rule,
        settings.severity_of(finding.rule, finding.severity or rule.severity),
        shorten(finding.message, MAX_MESSAGE),
        location,
        snippet,
        related,
        fix,
        snippet_shift=shift,
    )


def code_frame(source: SourceFile, span: Span, location: Location) -> tuple[tuple[str, ...], int]:
    """The lines a finding covers (at most SNIPPET_LINES), cut when long, and the shift
    of the first (see `Diagnostic`)."""
    last = min(location.end_line, location.line + SNIPPET_LINES - 1)
    first, shift = cut_line(source, location.line, span.start, location.column - 1)
    rest = [cut_line(source, line, None, 0)[0] for line in range(location.line + 1, last + 1)]
    return (first, *rest), shift


def cut_line(
    source: SourceFile, line: int, anchor: int | None, anchor_column: int
) -> tuple[str, int]:
    """A 1-based line as a code frame shows it, and its shift: whole when short, else
    SNIPPET_COLUMNS code points from SNIPPET_CONTEXT before byte `anchor` (code point
    `anchor_column` of the line; the line's start when None), CUT marking the cuts."""
    text = source.text
    start, end = source.line_bounds(line)
    anchor = start if anchor is None else min(max(anchor, start), end)
    window = 4 * SNIPPET_COLUMNS  # bytes enough for as many code points
    left = _code_point_start(text, max(start, anchor - window), start)
    right = end if anchor + window >= end else _code_point_start(text, anchor + window, anchor)
    before = text[left:anchor].decode("utf-8", errors="replace")
    after = text[anchor:right].decode("utf-8", errors="replace")
    if left == start and right == end and len(before) + len(after) <= SNIPPET_COLUMNS:
        return before + after, 0
    kept = before[max(0, len(before) - SNIPPET_CONTEXT) :]
    first_column = anchor_column - len(kept)  # of kept[0] in the line
    prefix = CUT if first_column > 0 else ""
    shown = (kept + after)[:SNIPPET_COLUMNS]
    suffix = CUT if len(kept) + len(after) > SNIPPET_COLUMNS or right < end else ""
    return prefix + shown + suffix, first_column - len(prefix)


def _code_point_start(text: bytes, index: int, floor: int) -> int:
    """`index`, moved back to the first byte of the UTF-8 sequence it falls in."""
    while index > floor and index < len(text) and 0x80 <= text[index] < 0xC0:
        index -= 1
    return index


def locate(source: SourceFile, span: Span) -> Location:
    line, column = source.position(span.start)
    end_line, end_column = source.position(span.end)
    return Location(line, column, end_line, end_column)


def fails(diagnostics: Iterable[Diagnostic], threshold: Severity) -> bool:
    limit = SEVERITY_RANK[threshold]
    return any(SEVERITY_RANK[d.severity] >= limit for d in diagnostics)
