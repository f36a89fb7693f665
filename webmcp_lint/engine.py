"""Runs the rules over files: read, prefilter, parse, extract, check, suppress, position.

Files are linted independently (in worker processes when there are many); what comes
back is plain data (`FileResult`), so formatters never touch syntax trees or files.
"""

from __future__ import annotations

import concurrent.futures
import gc
import multiprocessing
import os
import sys
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, TypeVar

from webmcp_lint import pages, project, suppress
from webmcp_lint.checks import Context, all_checks
from webmcp_lint.checks.meta.source_timeout import RULE as TIMEOUT
from webmcp_lint.checks.meta.source_timeout import timed_out
from webmcp_lint.checks.meta.source_too_large import RULE as TOO_LARGE
from webmcp_lint.checks.meta.source_unreadable import RULE as UNREADABLE
from webmcp_lint.checks.meta.source_unreadable import unreadable
from webmcp_lint.checks.meta.unused_suppression import RULE as UNUSED
from webmcp_lint.checks.meta.unused_suppression import report_unused
from webmcp_lint.config import Resolver, Settings
from webmcp_lint.diagnostics import SNIPPET_COLUMNS, Diagnostic, Finding, Location
from webmcp_lint.extract import extract
from webmcp_lint.files import (
    Notify,
    decode_source,
    language_of,
    may_hold_webmcp,
    read_source,
    transcode,
    walk,
)
from webmcp_lint.fingerprints import line_hashes
from webmcp_lint.inert import shorten
from webmcp_lint.model import FileModel
from webmcp_lint.reading import TooLargeError, UnreadableError
from webmcp_lint.registry import rules
from webmcp_lint.source import SourceFile, Span
from webmcp_lint.syntax import ParseTimeout

# Rules the engine reports itself, at the stage where they arise (checks/meta/).
ENGINE_RULES = frozenset({UNREADABLE, TOO_LARGE, TIMEOUT, UNUSED})

PARALLEL_THRESHOLD = 64  # below this many files, worker start-up costs more than it saves
SNIPPET_LINES = 3
# A code frame shows at most SNIPPET_COLUMNS code points of a line: a longer one (a
# minified bundle) is cut around the finding, SNIPPET_CONTEXT code points kept before
# it, as rustc and ruff do. Only those bytes are decoded.
SNIPPET_CONTEXT = 40
# A message quoting code (a 500,000-character tool name) keeps its start and its end.
MAX_MESSAGE = 1000
MAX_FIX_TEXT = 10_000  # a fix that would insert more is not offered
BOM = b"\xef\xbb\xbf"
T = TypeVar("T")


@dataclass
class FileResult:
    path: str
    diagnostics: list[Diagnostic] = field(default_factory=list)
    tools: list[dict[str, Any]] = field(default_factory=list)
    parsed: bool = False
    internal_errors: list[str] = field(default_factory=list)
    read: bool = False  # its bytes were read
    prefiltered: bool = False  # read, but it holds no WebMCP word: not parsed
    page: pages.PageFile | None = None  # its tools, for the page rules


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
    paths: Iterable[Path], resolver: Resolver, force_exclude: bool, notify: Notify | None = None
) -> Iterator[tuple[Path, Settings, str | None]]:
    """Every file to lint, once, with its settings, in a stable order; for a directory
    that cannot be listed, the reason (a finding at its path). `notify` hears of links
    not followed and invalid ignore patterns (the command line shows them)."""
    notify = notify or (lambda path, message: None)
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
        for file, real, unreadable_reason in files:
            if real not in seen:  # a file and a link to it are linted once
                seen.add(real)
                yield file, resolver.for_directory(file.parent), unreadable_reason


# -- running ----------------------------------------------------------------------------


def run(tasks: list[Task], jobs: int | None = None) -> list[FileResult]:
    results = run_each(lint_batch_task, tasks, jobs)
    once_per_project(results)
    run_page_checks(results)
    return results


def run_page_checks(results: list[FileResult]) -> None:
    """The page rules over the tools of every page of the run (`pages.py`); each finding
    joins its file's diagnostics, replacing a finding it supersedes at the same place."""
    by_path = {result.path: result for result in results}
    found = pages.run([result.page for result in results if result.page is not None])
    for diagnostic, replaced in found:
        result = by_path[diagnostic.path]
        kept = [
            d
            for d in result.diagnostics
            if not (d.rule in replaced and d.location == diagnostic.location)
        ]
        result.diagnostics = sorted([*kept, diagnostic], key=Diagnostic.sort_key)


def run_each(worker: Callable[[Task], T], tasks: list[Task], jobs: int | None) -> list[T]:
    """`worker` (a module-level function) on every task, in worker processes when there
    are many; results in the order of the tasks."""
    workers = jobs or os.cpu_count() or 1
    if workers > 1 and len(tasks) >= PARALLEL_THRESHOLD:
        context = multiprocessing.get_context("fork" if sys.platform == "linux" else None)
        with concurrent.futures.ProcessPoolExecutor(workers, mp_context=context) as pool:
            return list(pool.map(worker, tasks, chunksize=16))
    return [worker(task) for task in tasks]


def lint_batch_task(task: Task) -> FileResult:
    """`lint_task` for a batch run, with the garbage collector paused for the file.

    Parsing and extraction allocate many small objects at once; a collection in the
    middle frees nothing and walks all of them (pausing it took a 2 MB page from 15 s to
    6 s). Only batch runs pause it: a batch process does nothing else meanwhile, while
    the language server's other threads keep collecting. Garbage of the file is
    collected after it."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        return lint_task(task)
    finally:
        if collecting:
            gc.enable()


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
    result.read = True
    if not may_hold_webmcp(data) and not _imports_declared_wrapper(data, task.settings):
        result.prefiltered = True
        # An HTML page without WebMCP code may load scripts that have tools.
        result.page = pages.loader(task.path, task.display, task.settings, data)
        return result
    try:
        text = decode_source(data)
    except UnreadableError as error:
        _unreadable(result, task, enabled, error, data if task.fingerprints else b"")
        return result
    source = SourceFile(task.path, task.display, language, text)
    result.parsed = True
    try:
        model = extract(source, task.settings.wrappers)
    except RecursionError:
        too_deep = UnreadableError("Nested too deeply for webmcp-lint to analyse.")
        _unreadable(result, task, enabled, too_deep)
        return result
    except ParseTimeout as timeout:
        if TIMEOUT in enabled:
            severity = task.settings.severity_of(TIMEOUT, rules()[TIMEOUT].severity)
            where = locate(source, Span(timeout.span.start, timeout.span.start))
            found = [timed_out(task.display, str(timeout), where, severity)]
            if task.fingerprints:
                found = with_fingerprints(found, source, data.startswith(BOM))
            result.diagnostics = found
        return result
    model.project = project.facts(model, task.path, task.display)
    findings = list(run_checks(model, task.settings, enabled, result))
    positioned = [(finding, source.line_of(finding.span.start) + 1) for finding in findings]
    suppressions = suppress.directives(model)
    kept = suppress.apply(positioned, suppressions)
    if model.tools:
        hashed = source.text.decode("utf-8") if task.fingerprints else None
        try:
            result.page = pages.collect(
                model,
                task.path,
                task.display,
                task.settings,
                enabled,
                suppressions,
                lambda span: frame(source, span),
                hashed,
            )
        except Exception as error:
            if os.environ.get("WEBMCP_LINT_DEBUG"):
                raise
            result.internal_errors.append(
                f"{task.display}: internal error in the page rules' facts: "
                f"{type(error).__name__}: {error} (please report this)"
            )
    if UNUSED in enabled:
        unused = Context(UNUSED, fixable=False)
        report_unused(suppressions, set(rules()), enabled, unused)
        kept.extend(unused.findings)
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


def _imports_declared_wrapper(data: bytes, settings: Settings) -> bool:
    """Whether a file may import one of the configured wrappers: it names the package, or
    the file name of the local module."""
    for wrapper in settings.wrappers:
        written = os.path.basename(wrapper.path) if wrapper.path else wrapper.module
        if written.encode() in data:
            return True
    return False


def with_fingerprints(
    diagnostics: list[Diagnostic], source: SourceFile, had_bom: bool
) -> list[Diagnostic]:
    if not diagnostics:
        return diagnostics
    text = ("\ufeff" if had_bom else "") + source.text.decode("utf-8")
    hashes = line_hashes(text, (d.line for d in diagnostics))
    return [replace(d, fingerprint=hashes.get(d.line)) for d in diagnostics]


def run_checks(
    model: FileModel, settings: Settings, enabled: frozenset[str], result: FileResult
) -> Iterator[Finding]:
    catalog = rules()
    for rule_id, check in sorted(all_checks().items()):
        if rule_id not in enabled or check.scope == "page":
            continue
        rule = catalog[rule_id]
        context = Context(rule_id, settings.options_for(rule_id, rule.option_defaults()))
        context.fixable = rule.fixable
        try:
            legacy = check.run(model, context)
            if legacy is not None:
                context.findings.extend(legacy)
        except Exception as error:
            if os.environ.get("WEBMCP_LINT_DEBUG"):
                raise
            result.internal_errors.append(
                f"{model.source.display_path}: internal error in rule {rule_id}: "
                f"{type(error).__name__}: {error} (please report this)"
            )
            continue
        yield from context.findings


def _unreadable(
    result: FileResult,
    task: Task,
    enabled: frozenset[str],
    error: UnreadableError,
    data: bytes = b"",
) -> None:
    """A finding at 1:1 for a file that was not linted: `error.rule` says why
    (source-unreadable, source-too-large)."""
    if error.rule in enabled:
        severity = task.settings.severity_of(error.rule, rules()[error.rule].severity)
        finding = unreadable(task.display, str(error), severity, data)
        result.diagnostics.append(replace(finding, rule=error.rule))


def frame(source: SourceFile, span: Span) -> tuple[Location, tuple[str, ...], int, int]:
    """Where a span is and its code frame: the lines it covers, long ones cut around it,
    and the code point and byte of its first line where the frame starts."""
    location = locate(source, span)
    first, snippet_start, snippet_start_byte = cut_line(
        source, location.line, span.start, location.column - 1
    )
    last = min(location.end_line, location.line + SNIPPET_LINES - 1)
    rest = [cut_line(source, line, None, 0)[0] for line in range(location.line + 1, last + 1)]
    return location, (first, *rest), snippet_start, snippet_start_byte


def _diagnostic(finding: Finding, source: SourceFile, settings: Settings) -> Diagnostic:
    rule = rules()[finding.rule]
    location, snippet, snippet_start, snippet_start_byte = frame(source, finding.span)
    related = tuple(
        replace(r, location=locate(source, r.span), message=shorten(r.message, MAX_MESSAGE))
        for r in finding.related
    )
    fix = finding.fix
    if fix is not None and any(len(e.replacement) > MAX_FIX_TEXT for e in fix.edits):
        fix = None
    if fix is not None:
        edits = tuple(replace(e, location=locate(source, e.span)) for e in fix.edits)
        fix = replace(fix, edits=edits, description=shorten(fix.description, MAX_MESSAGE))
    return Diagnostic(
        source.display_path,
        finding.rule,
        settings.severity_of(finding.rule, finding.severity or rule.severity),
        shorten(finding.message, MAX_MESSAGE),
        location,
        snippet,
        related,
        fix,
        snippet_start=snippet_start,
        snippet_start_byte=snippet_start_byte,
    )


def cut_line(
    source: SourceFile, line: int, anchor: int | None, anchor_column: int
) -> tuple[str, int, int]:
    """A 1-based line as a code frame holds it: whole when short; else from
    SNIPPET_CONTEXT code points before byte `anchor` (code point `anchor_column` of the
    line; the line's start when None), SNIPPET_COLUMNS + 1 code points at most. Also the
    code point and the byte of the line where the text starts. Only the bytes around
    the anchor are decoded."""
    text = source.text
    start, end = source.line_bounds(line)
    anchor = start if anchor is None else min(max(anchor, start), end)
    window = 4 * (SNIPPET_COLUMNS + 1)  # bytes enough for as many code points
    left = _code_point_start(text, max(start, anchor - window), start)
    right = end if anchor + window >= end else _code_point_start(text, anchor + window, anchor)
    before = text[left:anchor].decode("utf-8", errors="replace")
    after = text[anchor:right].decode("utf-8", errors="replace")
    if left == start and right == end and len(before) + len(after) <= SNIPPET_COLUMNS:
        return before + after, 0, 0
    kept = before[max(0, len(before) - SNIPPET_CONTEXT) :]
    first_byte = anchor - start - len(kept.encode("utf-8"))
    return (kept + after)[: SNIPPET_COLUMNS + 1], anchor_column - len(kept), first_byte


def _code_point_start(text: bytes, index: int, floor: int) -> int:
    """`index`, moved back to the first byte of the UTF-8 sequence it falls in."""
    while index > floor and index < len(text) and 0x80 <= text[index] < 0xC0:
        index -= 1
    return index


def locate(source: SourceFile, span: Span) -> Location:
    line, column = source.position(span.start)
    end_line, end_column = source.position(span.end)
    return Location(line, column, end_line, end_column)
