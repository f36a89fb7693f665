"""Runs the rules over files: read, prefilter, parse, extract, check, suppress, position.

Files are linted independently (in worker processes when there are many); what comes
back is plain data (`FileResult`), so formatters never touch syntax trees or files.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import gc
import os
import signal
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from webmcp_lint.checks import Context, all_checks, typed_options
from webmcp_lint.checks.meta.source_timeout import RULE as TIMEOUT
from webmcp_lint.checks.meta.source_timeout import timed_out
from webmcp_lint.checks.meta.source_too_large import RULE as TOO_LARGE
from webmcp_lint.checks.meta.source_unreadable import RULE as UNREADABLE
from webmcp_lint.checks.meta.source_unreadable import unreadable
from webmcp_lint.checks.meta.unused_suppression import RULE as UNUSED
from webmcp_lint.checks.meta.unused_suppression import report_unused
from webmcp_lint.checks.registry import rules
from webmcp_lint.config import Resolver, Settings
from webmcp_lint.extract import extract, linking, modules, project, runtime
from webmcp_lint.extract.handoffs import exported_forwarders
from webmcp_lint.extract.installs import installs
from webmcp_lint.extract.linking import ProjectLinker
from webmcp_lint.model import FileModel, Handoff, ProjectFacts, Site, ToolDefinition
from webmcp_lint.model.diagnostics import SNIPPET_COLUMNS, Diagnostic, Finding, Location, Related
from webmcp_lint.model.fingerprints import line_hashes
from webmcp_lint.model.runtime import UNKNOWN_RUNTIME
from webmcp_lint.output.inert import shorten
from webmcp_lint.run import page_pass as pages
from webmcp_lint.run import suppress
from webmcp_lint.syntax import ParseTimeout
from webmcp_lint.workspace import budget
from webmcp_lint.workspace.build_output import built
from webmcp_lint.workspace.discovery import (
    Notify,
    decode_source,
    language_of,
    may_hold_webmcp,
    read_source,
    transcode,
    walk,
)
from webmcp_lint.workspace.reading import TooLargeError, UnreadableError
from webmcp_lint.workspace.source import SourceFile, Span

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

if TYPE_CHECKING:
    from multiprocessing.connection import Connection


@dataclass
class FileResult:
    path: str
    diagnostics: list[Diagnostic] = field(default_factory=list)
    tools: list[dict[str, Any]] = field(default_factory=list)
    parsed: bool = False
    internal_errors: list[str] = field(default_factory=list)
    read: bool = False  # its bytes were read
    prefiltered: bool = False  # read, but it holds no WebMCP word: not parsed
    # Following imports (`Task.follow`): tools this file registers that another file
    # writes, the names of its functions that register what they are given, the
    # registrations whose tool could not be known, and the files its findings depend on.
    handoffs: list[Handoff] = field(default_factory=list)
    forwarders: list[str] = field(default_factory=list)
    unresolved: list[Site] = field(default_factory=list)
    dependencies: tuple[str, ...] = ()
    # What the result depends on besides the file's bytes and settings: the project
    # facts the checks read (and whether the file holds TypeScript, which decides them).
    # The cache keeps a result only while the facts found again are the same.
    typescript: bool = False
    project: ProjectFacts | None = None
    # False when the outcome depends on the process (a parse stopped for the memory the
    # process grew by, a recursion limit): the cache never keeps it.
    cacheable: bool = True
    page: pages.PageFile | None = None  # its tools, for the page rules
    build_output: bool = False  # left out: a bundler's output (build_output.py)


@dataclass(frozen=True)
class Task:
    path: Path
    display: str
    settings: Settings
    data: bytes | None = None  # standard input
    collect_tools: bool = False
    fingerprints: bool = False  # GitHub's line hashes, for SARIF
    unreadable: str | None = None  # why discovery could not read it (a directory)
    real: str | None = None  # its real path, when discovery knows it
    follow: bool = False  # follow imports into the project's other modules
    handoffs: tuple[Handoff, ...] = ()  # tools other files register that this one writes
    calls_forwarder: bool = False  # names another file's registering function: parse it


# -- discovery --------------------------------------------------------------------------


def display_path(path: Path, cwd: Path) -> str:
    """The path relative to the working directory (symbolic links kept), else as given."""
    if not path.is_absolute() and ".." not in path.parts:
        return path.as_posix()  # what the lines below give it, without a system call
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
    for path, _, settings, unreadable_reason in discover_files(
        paths, resolver, force_exclude, notify
    ):
        yield path, settings, unreadable_reason


def discover_files(
    paths: Iterable[Path], resolver: Resolver, force_exclude: bool, notify: Notify | None = None
) -> Iterator[tuple[Path, str, Settings, str | None]]:
    """`discover`, with each file's real path (the walk knows it without a system call)."""
    notify = notify or (lambda path, message: None)
    seen: set[str] = set()
    by_directory: dict[str, Settings] = {}  # a directory's files come one after another
    for path in paths:
        if os.path.isdir(path):
            settings = resolver.for_directory(path)

            def excluder(directory: Path) -> Callable[[str, bool], bool]:
                return resolver.for_directory(directory).excluder(directory)

            if (
                force_exclude
                and path.resolve() != resolver.cwd
                and resolver.for_directory(path.parent).is_excluded(path, True)
            ):
                continue
            files: Iterable[tuple[Path, str, str | None]] = walk(
                path,
                excluder,
                settings.respect_gitignore,
                notify,
                not settings.include_build_output,
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
                directory = os.path.dirname(file)
                here = by_directory.get(directory)
                if here is None:
                    here = by_directory[directory] = resolver.for_directory(file.parent)
                yield file, real, here, unreadable_reason


# -- running ----------------------------------------------------------------------------


def forget_changed_projects(directory: Path) -> bool:
    """In a long-running process (the language server): when the configuration files a
    file of `directory` stands on changed (`tsconfig.json`, `jsconfig.json`,
    `package.json`, a lockfile, a configuration one extends), drop what was learnt of
    every project (their facts, import aliases, modules read, installs), so the next lint
    reads them again."""
    if not project.changed(directory):
        return False
    project.forget()
    modules.forget()
    linking.forget()
    runtime.forget()
    return True


def run(tasks: list[Task], jobs: int | None = None) -> list[FileResult]:
    results = lint_all(tasks, jobs)
    if any(task.follow for task in tasks):
        link(tasks, results, jobs)
    once_per_project(results)
    run_page_checks(results)
    return results


def lint_all(tasks: list[Task], jobs: int | None) -> list[FileResult]:
    """Every task linted. When a pool of workers would be used, files that need no
    parsing (no WebMCP word) are done here first: sending them to a worker costs more
    than reading them, and the few files left may not need a pool at all."""
    if not _pooled(len(tasks), jobs):
        return run_each(lint_batch_task, tasks, jobs, stopped_result)
    screened = [screen(task) for task in tasks]
    rest = [i for i, done in enumerate(screened) if not isinstance(done, FileResult)]
    linted = iter(run_each(lint_batch_task, [tasks[i] for i in rest], jobs, stopped_result))
    return [done if isinstance(done, FileResult) else next(linted) for done in screened]


def screen(task: Task) -> FileResult | bytes | None:
    """A file read before it is linted: its result when it needs no parsing (not a
    language webmcp-lint reads, no WebMCP word), else its bytes; None when linting
    must tell (standard input, a file that cannot be read)."""
    if task.data is not None or task.unreadable is not None:
        return None
    if language_of(task.path) is None:
        return FileResult(task.display)
    try:
        words = task.settings.wrapper_words
        data = read_source(task.path, task.settings.max_file_size, words)
        text = transcode(data, words)
    except UnreadableError:
        return None
    if may_hold_webmcp(text, words):
        if _built(task, text):
            return FileResult(task.display, read=True, prefiltered=True, build_output=True)
        return data
    page = pages.loader(task.path, task.display, text, task.real)
    return FileResult(task.display, read=True, prefiltered=True, page=page)


def _built(task: Task, data: bytes) -> bool:
    """A file that is build output by its bytes (build_output.py), when it is left out."""
    return not task.settings.include_build_output and built(task.path, data) is not None


MAX_LINK_ROUNDS = 4


def link(tasks: list[Task], results: list[FileResult], jobs: int | None) -> None:
    """The second pass when imports are followed: files the first pass skipped that
    may call another file's registering function are linted (they hold no WebMCP word,
    only its name), then each file that writes tools other files register is linted
    again with them, in rounds while tools are handed further on."""
    tasks = list(tasks)
    searched: set[bytes] = set()
    for _ in range(MAX_LINK_ROUNDS):  # a caller may itself be a registering component
        names = {name.encode() for result in results for name in result.forwarders}
        names -= searched  # a file is read again only for names it was not searched for
        searched |= names
        callers = {
            i: replace(tasks[i], calls_forwarder=True)
            for i, result in enumerate(results)
            if result.prefiltered and names and _names_any(tasks[i], names)
        }
        if not callers:
            break
        _rerun(tasks, results, callers, jobs)
    if not any(result.handoffs for result in results):
        return
    by_path = {os.path.realpath(task.path): i for i, task in enumerate(tasks) if task.follow}
    # Handoffs carry plain data (lists, dicts): they are compared by their text.
    given: dict[int, dict[str, Handoff]] = {}
    for _ in range(MAX_LINK_ROUNDS):
        wanted: dict[int, dict[str, Handoff]] = {}
        for result in results:
            for handoff in result.handoffs:
                index = by_path.get(handoff.target)
                if index is not None:
                    wanted.setdefault(index, dict(given.get(index, {})))[repr(handoff)] = handoff
        changed = {
            i: replace(tasks[i], handoffs=tuple(h[key] for key in sorted(h)))
            for i, h in wanted.items()
            if given.get(i, {}).keys() != h.keys()
        }
        if not changed:
            break
        given.update(wanted)
        _rerun(tasks, results, changed, jobs)


def _names_any(task: Task, names: set[bytes]) -> bool:
    try:
        data = read_source(task.path, task.settings.max_file_size, task.settings.wrapper_words)
    except UnreadableError:
        return False
    return any(name in data for name in names)


def _rerun(
    tasks: list[Task], results: list[FileResult], changed: dict[int, Task], jobs: int | None
) -> None:
    indexes = sorted(changed)
    rerun = run_each(lint_batch_task, [changed[i] for i in indexes], jobs, stopped_result)
    for index, result in zip(indexes, rerun, strict=True):
        tasks[index] = changed[index]
        results[index] = result


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


def run_each(
    worker: Callable[[Task], T],
    tasks: list[Task],
    jobs: int | None,
    stopped: Callable[[Task, float | None], T],
    passes: int = 1,
) -> list[T]:
    """`worker` (a module-level function) on every task, in worker processes when there
    are many; results in the order of the tasks. A worker still busy with a task
    `passes` file budgets (and a grace) after it began is stopped and replaced, and the
    task's result is `stopped(task, seconds)` (`stopped(task, None)` when the worker
    died): whatever the cause (code that never checks the deadline, a loop in a
    grammar), a file ends in bounded time."""
    if _pooled(len(tasks), jobs):
        return _Pool(worker, min(_workers(jobs), len(tasks))).run(tasks, stopped, passes)
    return [worker(task) for task in tasks]


def _workers(jobs: int | None) -> int:
    return jobs or os.cpu_count() or 1


def _pooled(files: int, jobs: int | None) -> bool:
    return _workers(jobs) > 1 and files >= PARALLEL_THRESHOLD


def task_budget(task: Task) -> float:
    """The wall-clock budget of a task's file, by its size (capped by max-file-size)."""
    if task.data is not None:
        size = len(task.data)
    else:
        try:
            size = os.lstat(task.path).st_size
        except OSError:
            size = 0
    return budget.seconds_for(min(size, task.settings.max_file_size))


def stopped_result(task: Task, seconds: float | None) -> FileResult:
    """The result of a file whose worker process was stopped past its budget of `seconds`
    (a source-timeout finding at 1:1, as for a deadline checked in time), or died (None:
    killed from outside, out of memory, a crash in a parser; an internal error)."""
    # How long a file takes depends on the machine's load: the cache never keeps it.
    result = FileResult(task.display, read=True, parsed=True, cacheable=False)
    if seconds is None:
        result.internal_errors.append(
            f"{task.display}: the worker process checking this file stopped unexpectedly; "
            "the file was not checked (please report this)"
        )
    elif TIMEOUT in task.settings.enabled_rules(task.path):
        severity = task.settings.severity_of(TIMEOUT, rules()[TIMEOUT].severity)
        why = f"{budget.DeadlineExceeded(seconds)} The process checking it was stopped."
        result.diagnostics = [timed_out(task.display, why, Location(1, 1, 1, 1), severity)]
    return result


class _Pool:
    """Worker processes, each linting one task at a time, that can be stopped one by one
    (a ProcessPoolExecutor cannot stop a busy worker): a worker over its task's budget is
    killed and replaced by a fresh one."""

    def __init__(self, worker: Callable[[Task], Any], size: int) -> None:
        self.worker = worker
        self.size = size
        import multiprocessing  # only with a pool: importing it costs a small run

        self.context = multiprocessing.get_context("fork" if sys.platform == "linux" else None)

    def _start(self) -> tuple[Any, Connection]:
        ours, theirs = self.context.Pipe()
        process = self.context.Process(target=_serve, args=(self.worker, theirs), daemon=True)
        process.start()
        theirs.close()
        return process, ours

    def run(
        self, tasks: list[Task], stopped: Callable[[Task, float | None], T], passes: int
    ) -> list[T]:
        from multiprocessing.connection import Connection, wait

        results: dict[int, T] = {}
        waiting = list(reversed(range(len(tasks))))
        idle = [self._start() for _ in range(self.size)]
        busy: dict[Connection, tuple[Any, int, float, float]] = {}  # worker, task, budget, end
        try:
            while waiting or busy:
                while waiting and idle:
                    process, connection = idle.pop()
                    index = waiting.pop()
                    connection.send((index, tasks[index]))
                    seconds = passes * task_budget(tasks[index])
                    end = time.monotonic() + seconds + budget.GRACE_SECONDS
                    busy[connection] = (process, index, seconds, end)
                first_end = min(end for *_, end in busy.values())
                for ready in wait(list(busy), max(0.0, first_end - time.monotonic())):
                    assert isinstance(ready, Connection)
                    process, index, _, _ = busy.pop(ready)
                    try:
                        _, result, error = ready.recv()
                    except (EOFError, OSError):  # the worker died (killed, out of memory)
                        results[index] = stopped(tasks[index], None)
                        process.join()
                        ready.close()
                        idle.append(self._start())
                        continue
                    idle.append((process, ready))
                    if error is not None:
                        raise error
                    results[index] = result
                now = time.monotonic()
                for connection, (process, index, seconds, end) in list(busy.items()):
                    if now >= end:
                        del busy[connection]
                        process.kill()
                        process.join()
                        connection.close()
                        results[index] = stopped(tasks[index], seconds)
                        idle.append(self._start())
        finally:
            for process, connection in idle:
                with contextlib.suppress(OSError):
                    connection.send(None)  # done: the worker returns
                connection.close()
                process.join(5)
            for connection, (process, *_) in busy.items():  # an error or an interrupt
                process.kill()
                process.join()
                connection.close()
        return [results[index] for index in range(len(tasks))]


def _serve(worker: Callable[[Task], Any], connection: Connection) -> None:
    """A worker process: lint each task received until told to stop (None). Ctrl-C is
    the parent's to handle: it stops the workers."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    while True:
        try:
            message = connection.recv()
        except (EOFError, OSError):
            return
        if message is None:
            return
        index, task = message
        try:
            connection.send((index, worker(task), None))
        except Exception as error:  # the parent raises it, as a pool would
            connection.send((index, None, error))


def lint_batch_task(task: Task) -> FileResult:
    """`lint_task` for a batch run, with the garbage collector paused for the file.

    Parsing and extraction allocate many small objects at once; a collection in the
    middle frees nothing and walks all of them (pausing it took a 2 MB page from 15 s to
    6 s). Only batch runs pause it: a batch process does nothing else meanwhile, while
    the language server's other threads keep collecting.

    Garbage of the file is collected after it, explicitly: the collector runs only when
    an object is allocated while it is enabled, and between two files almost nothing is,
    so left to itself it never ran and every file's syntax trees and models stayed in
    memory (dense-1x with -j1: 385 MiB; collected per file: 55 MiB, flat in files). The
    youngest generation holds everything the file allocated."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        return lint_task(task)
    finally:
        if collecting:
            gc.enable()
            gc.collect(0)


MAX_SAME = 10  # other files' places a project-scope finding lists


def once_per_project(results: list[FileResult]) -> None:
    """Keep one finding of each project-scope rule (`scope: project`) per message: the
    one in the first file by path of each package (the nearest `package.json`), with the
    places of the others as related locations (at most MAX_SAME). Such a finding is
    about the project (its `tsconfig.json`, the
    polyfill it installs), not about each file that shows it."""
    first: dict[tuple[str, str, str], tuple[list[Diagnostic], int]] = {}
    packages: dict[Path, str] = {}
    for result in sorted(results, key=lambda r: r.path):
        kept: list[Diagnostic] = []
        for diagnostic in result.diagnostics:
            if rules()[diagnostic.rule].scope == "project":
                key = (diagnostic.rule, diagnostic.message, _package_of(result.path, packages))
                if key in first:
                    _add_same(*first[key], diagnostic)
                    continue
                first[key] = (kept, len(kept))
            kept.append(diagnostic)
        result.diagnostics = kept


def _package_of(display: str, known: dict[Path, str]) -> str:
    """The directory of the nearest `package.json` above a file (its project), else ""."""
    for directory in Path(display).parents:
        if directory not in known:
            known[directory] = (
                directory.as_posix() if (directory / "package.json").is_file() else ""
            )
        if known[directory]:
            return known[directory]
    return ""


def _add_same(diagnostics: list[Diagnostic], index: int, same: Diagnostic) -> None:
    kept = diagnostics[index]
    if same.path == kept.path or sum(r.message == SAME_HERE for r in kept.related) >= MAX_SAME:
        return
    where = Related(Span(0, 0), SAME_HERE, same.location, same.path)
    diagnostics[index] = dataclasses.replace(kept, related=(*kept.related, where))


SAME_HERE = "the same here"


def lint_task(task: Task) -> FileResult:
    language = language_of(task.path)
    result = FileResult(task.display)
    if task.unreadable is not None:
        enabled = task.settings.enabled_rules(task.path)
        _unreadable(result, task, enabled, UnreadableError(task.unreadable))
        return result
    if language is None:
        return result
    limit, words = task.settings.max_file_size, task.settings.wrapper_words
    try:
        if task.data is None:
            data = read_source(task.path, limit, words)
        elif len(task.data) > limit:
            raise TooLargeError(limit, len(task.data))
        else:
            data = task.data
        data = transcode(data, words)
    except UnreadableError as error:
        _unreadable(result, task, task.settings.enabled_rules(task.path), error)
        return result
    result.read = True
    if not may_hold_webmcp(data, words) and not (
        task.follow and (task.handoffs or task.calls_forwarder)
    ):
        result.prefiltered = True
        # An HTML page without WebMCP code may load scripts that have tools.
        result.page = pages.loader(task.path, task.display, data, task.real)
        return result
    if task.data is None and _built(task, data):
        result.prefiltered = result.build_output = True
        return result
    enabled = task.settings.enabled_rules(task.path)  # per-file-ignores: not for every file
    try:
        text = decode_source(data)
    except UnreadableError as error:
        _unreadable(result, task, enabled, error, data if task.fingerprints else b"")
        return result
    source = SourceFile(task.path, task.display, language, text)
    result.parsed = True
    # Parsing, extraction and checks share one wall-clock deadline (workspace/budget.py);
    # a file over it is reported, with none of its other findings, and the run goes on.
    try:
        with budget.deadline(budget.seconds_for(len(data))):
            _lint_source(source, task, enabled, result, data.startswith(BOM))
    except budget.DeadlineExceeded as exceeded:
        result.diagnostics, result.tools = [], []
        result.cacheable = False  # a wall-clock deadline depends on the machine's load
        _timed_out(result, task, enabled, str(exceeded), source, Span(0, 0), data.startswith(BOM))
    return result


def _lint_source(
    source: SourceFile, task: Task, enabled: frozenset[str], result: FileResult, had_bom: bool
) -> None:
    try:
        linker = (
            ProjectLinker(str(task.path), task.settings.wrappers, task.display)
            if task.follow
            else None
        )
        model = extract(source, task.settings.wrappers, linker, task.handoffs)
    except RecursionError:
        too_deep = UnreadableError("Nested too deeply for webmcp-lint to analyse.")
        _unreadable(result, task, enabled, too_deep)
        result.cacheable = False  # how deep a stack goes depends on the process
        return
    except ParseTimeout as timeout:
        # A budget of processor time gives the same outcome on a busy machine: the
        # cache keeps it (a file that never parses costs its budget once). How much
        # memory the process has grown by is not the file's alone.
        result.cacheable = timeout.reason == "time"
        where = Span(timeout.span.start, timeout.span.start)
        _timed_out(result, task, enabled, str(timeout), source, where, had_bom)
        return
    result.typescript = project.holds_typescript(model)
    model.project = project.facts_for(task.path, task.display, result.typescript)
    if model.scripts:
        try:
            _add_runtime(model, task)
        except Exception as error:  # a project file read wrongly: nothing is concluded
            if os.environ.get("WEBMCP_LINT_DEBUG"):
                raise
            model.runtime = UNKNOWN_RUNTIME
            result.internal_errors.append(
                f"{task.display}: internal error finding what it runs on: "
                f"{type(error).__name__}: {error} (please report this)"
            )
    result.project = model.project
    if linker is not None:
        result.handoffs = model.handoffs
        result.unresolved = model.unresolved
        result.forwarders = exported_forwarders(model)
    findings = list(run_checks(model, task.settings, enabled, result))
    if linker is not None:  # after the checks: function facts follow calls into modules
        result.dependencies = tuple(sorted(model.dependencies))
    routed = [tool for tool in model.tools if tool.via is not None]
    if routed:  # looked up per finding: only the few tools registered elsewhere
        findings = [with_registration_site(f, routed, source.display_path) for f in findings]
    if linker is not None and linker.detached:
        findings = [_without_fix_at(finding, linker.detached) for finding in findings]
    positioned = [(finding, source.line_of(finding.span.start) + 1) for finding in findings]
    suppressions = suppress.directives(model)
    kept = suppress.apply(positioned, suppressions)
    # Every checked file gives the page pass its import edges, with or without tools.
    hashed = source.text.decode("utf-8") if task.fingerprints and model.tools else None
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
    held: list[tuple[tuple[int, str], Diagnostic]] = []
    if UNUSED in enabled:
        unused, later = Context(UNUSED, fixable=False), Context(UNUSED, fixable=False)
        page = result.page
        covering = page.held() if page is not None else frozenset()
        keys = report_unused(suppressions, set(rules()), enabled, unused, covering, later)
        kept.extend(unused.findings)
        held = [
            (key, _diagnostic(finding, source, task.settings))
            for key, finding in zip(keys, later.findings, strict=True)
        ]
    diagnostics = sorted(
        {_diagnostic(f, source, task.settings): None for f in kept}, key=Diagnostic.sort_key
    )
    if task.fingerprints:
        diagnostics = with_fingerprints(diagnostics, source, had_bom)
    result.diagnostics = diagnostics
    if held and result.page is not None:  # decided by the page pass (pages.run)
        shown = [d for _, d in held]
        if task.fingerprints:
            shown = with_fingerprints(shown, source, had_bom)
        pending = tuple(
            pages.Pending(index, key, d) for ((index, key), _), d in zip(held, shown, strict=True)
        )
        result.page = replace(result.page, pending=pending)
    if task.collect_tools:
        from webmcp_lint.output.inventory import summarize

        result.tools = [
            summarize(tool, source, _runtime_labels(model, tool))
            for tool in model.tools
            if not tool.forwards
        ]


def _runtime_labels(model: FileModel, tool: ToolDefinition) -> list[str] | None:
    """What provides the `modelContext` a tool is registered on (`navigator`'s for a
    `navigator.modelContext.registerTool(...)` or an MCP-B hook before 4.0, else
    `document`'s)."""
    found = runtime.registered_on(model, tool)
    if found is not None:
        return found[0].labels(found[1])
    node = tool.call if tool.call is not None else tool.element
    return (model.runtime_at(node) if node is not None else model.runtime).labels("document")


def _add_runtime(model: FileModel, task: Task) -> None:
    """What the file runs on (runtime.py), into its model and its project facts."""
    classifier = runtime.Classifier(task.settings.root, task.settings.test_patterns)
    declared = runtime.declared(task.settings.runtime) if task.settings.runtime else None
    model.project = project.with_runtime(model.project, task.path, classifier, declared)
    facts = model.project.runtime
    if facts is None:
        return
    model.installs = installs(model)
    model.runtime = runtime.file_runtime(facts, model.installs, task.display)
    if facts.test_file and facts.declared is None and facts.implements is None:
        root = project.project_root(task.path.resolve().parent) or task.path.resolve().parent
        model.page_runtime = functools.cache(lambda: runtime.page_runtime(task.path, root))


def _timed_out(
    result: FileResult,
    task: Task,
    enabled: frozenset[str],
    why: str,
    source: SourceFile,
    where: Span,
    had_bom: bool,
) -> None:
    """The one finding of a file whose parse or whose deadline ran out (source-timeout)."""
    if TIMEOUT not in enabled:
        return
    severity = task.settings.severity_of(TIMEOUT, rules()[TIMEOUT].severity)
    found = [timed_out(task.display, why, locate(source, where), severity)]
    if task.fingerprints:
        found = with_fingerprints(found, source, had_bom)
    result.diagnostics = found


def with_registration_site(
    finding: Finding, routed: list[ToolDefinition], display_path: str
) -> Finding:
    """A finding about a tool registered elsewhere (another file, or a call of a
    registering function: `routed`, the tools with a `via`) shows where, as a related
    location."""
    for tool in routed:
        site = tool.via
        if site is None or not (tool.span.start <= finding.span.start < tool.span.end):
            continue
        here = site.path == display_path
        location = Location(site.line, site.column, site.end_line, site.end_column)
        related = Related(
            finding.span, f"registered by `{site.via}` here", location, None if here else site.path
        )
        return replace(finding, related=(*finding.related, related))
    return finding


def _without_fix_at(finding: Finding, detached: list[Span]) -> Finding:
    """No fix edits where a file names a value written in another file: the value (and
    the fix) is there."""
    if finding.fix is None:
        return finding
    for edit in finding.fix.edits:
        if any(span.start < edit.span.end and edit.span.start < span.end for span in detached):
            return replace(finding, fix=None)
    return finding


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
        options = settings.options_for(rule_id, rule.option_defaults())
        context = Context(rule_id, typed_options(check, options), messages=check.messages)
        context.fixable = rule.fixable
        budget.check()
        try:
            legacy = check.run(model, context)
            if legacy is not None:
                context.findings.extend(legacy)
        except budget.DeadlineExceeded:
            raise  # the file's time is up: lint_task reports it
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
        replace(
            r,
            location=r.location or locate(source, r.span),
            message=shorten(r.message, MAX_MESSAGE),
        )
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
        message_id=finding.message_id,
        data=finding.data,
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
