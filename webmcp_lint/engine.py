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

from webmcp_lint import project, suppress
from webmcp_lint.checks import Context, all_checks
from webmcp_lint.checks.meta.source_timeout import RULE as TIMEOUT
from webmcp_lint.checks.meta.source_timeout import timed_out
from webmcp_lint.checks.meta.source_unreadable import RULE as UNREADABLE
from webmcp_lint.checks.meta.source_unreadable import unreadable
from webmcp_lint.checks.meta.unused_suppression import RULE as UNUSED
from webmcp_lint.checks.meta.unused_suppression import report_unused
from webmcp_lint.config import Resolver, Settings
from webmcp_lint.diagnostics import Diagnostic, Finding, Location
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
from webmcp_lint.model import FileModel
from webmcp_lint.registry import rules
from webmcp_lint.source import SourceFile, Span
from webmcp_lint.syntax import ParseTimeout

# Rules the engine reports itself, at the stage where they arise (checks/meta/).
ENGINE_RULES = frozenset({UNREADABLE, TIMEOUT, UNUSED})

PARALLEL_THRESHOLD = 64  # below this many files, worker start-up costs more than it saves
SNIPPET_LINES = 3
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
    results = run_each(lint_batch_task, tasks, jobs)
    once_per_project(results)
    return results


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
    if language is None:
        return result
    try:
        data = task.data if task.data is not None else read_source(task.path)
    except UnreadableError as error:
        _unreadable(result, task, enabled, str(error))
        return result
    result.read = True
    if not may_hold_webmcp(data):
        result.prefiltered = True
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
        if rule_id not in enabled:
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
    result: FileResult, task: Task, enabled: frozenset[str], message: str, data: bytes = b""
) -> None:
    if UNREADABLE in enabled:
        severity = task.settings.severity_of(UNREADABLE, rules()[UNREADABLE].severity)
        result.diagnostics.append(unreadable(task.display, message, severity, data))


def _diagnostic(finding: Finding, source: SourceFile, settings: Settings) -> Diagnostic:
    rule = rules()[finding.rule]
    location = locate(source, finding.span)
    last = min(location.end_line, location.line + SNIPPET_LINES - 1)
    snippet = tuple(source.line_text(line) for line in range(location.line, last + 1))
    related = tuple(replace(r, location=locate(source, r.span)) for r in finding.related)
    fix = finding.fix
    if fix is not None:
        edits = tuple(replace(e, location=locate(source, e.span)) for e in fix.edits)
        fix = replace(fix, edits=edits)
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


def locate(source: SourceFile, span: Span) -> Location:
    line, column = source.position(span.start)
    end_line, end_column = source.position(span.end)
    return Location(line, column, end_line, end_column)
