"""Runs the rules over files: every file through the pipeline (`pipeline`, in the
worker pool of `pool` when there are many), then, when imports are followed, the files
other files hand tools to linted again (`link`), project-scope findings kept once, and
the page rules over the tools of every page of the run.
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, TypeVar, cast, overload

from msgspec.structs import replace

from webmcp_lint.diagnostics import Diagnostic
from webmcp_lint.run import page_pass as pages
from webmcp_lint.run import pool
from webmcp_lint.run.findings import (
    Filed,
    FindingStore,
    diagnostics_of,
    free_lists_emptied,
    set_diagnostics,
)
from webmcp_lint.run.pipeline import (
    FileResult,
    Outcome,
    Task,
    once_per_project,
    screened,
    screened_result,
    stopped_result,
)
from webmcp_lint.workspace.discovery import read_source
from webmcp_lint.workspace.reading import UnreadableError

if TYPE_CHECKING:
    from webmcp_lint.model import Handoff


@overload
def run(tasks: list[Task], jobs: int | None = None, store: None = None) -> list[FileResult]: ...
@overload
def run(tasks: list[Task], jobs: int | None, store: FindingStore) -> list[Filed]: ...
def run(
    tasks: list[Task], jobs: int | None = None, store: FindingStore | None = None
) -> list[FileResult] | list[Filed]:
    """Every task's result; with a `store`, each file is filed in it as it is done
    (`findings.Filed`: read its findings with `findings.diagnostics_of`), and the tasks
    are let go (the list emptied) before the page pass: what the passes after the files,
    the report and the exit code read of a task, its filed result holds."""
    results = lint_all(tasks, jobs, store)
    if any(task.follow for task in tasks):
        link(tasks, results, jobs, store)
    if store is not None:
        tasks.clear()  # a `Task` per file of a tree, about 1 MiB of dense-10x's peak
        free_lists_emptied()
    once_per_project(results)
    run_page_checks(results)
    # Every result is filed when there is a store, none otherwise (`_lint_each`, `kept`).
    return cast("list[Filed]", results) if store else cast("list[FileResult]", results)


def _lint_each(tasks: list[Task], jobs: int | None, store: FindingStore | None) -> list[Outcome]:
    if store is None:
        return list(pool.run_each(pool.lint_batch_task, tasks, jobs, stopped_result))
    return list(
        pool.run_each(pool.lint_packed_task, tasks, jobs, stopped_result, arrived=store.put)
    )


def lint_all(
    tasks: list[Task], jobs: int | None, store: FindingStore | None = None
) -> list[Outcome]:
    """Every task linted. When a pool of workers would be used, files are read here
    first and those that need no parsing (no WebMCP word) are done here: sending them to
    a worker costs more than reading them. The pool starts once enough files need
    parsing, and is given them as they are found; with fewer, there is no pool. Once
    the files read show that most need parsing, the rest go to the pool unread (a
    worker's result for a file without WebMCP words is the same); else, past the first
    batch of files, a worker process reads files too (`pool.Screener`), and the files
    found to need parsing before it are linted meanwhile."""
    filed = store.put_screened if store is not None else screened_result
    if not pool.pooled(len(tasks), jobs):
        if len(tasks) < pool.PARALLEL_THRESHOLD:
            return _lint_each(tasks, jobs, store)
        # Many files, one process (`-j1`): those without WebMCP words screened as a pool's
        # parent screens them, without a result, a collection and encoded findings each.
        pool.fix_mmap_threshold()
        done: list[Outcome] = []
        parsing = 0
        for index, task in enumerate(tasks):
            screening = None if _mostly_parsing(parsing, index) else screened(task)
            if isinstance(screening, tuple):
                done.append(filed(task, screening))
            else:
                parsing += 1
                done.extend(_lint_each([task], jobs, store))
        return done
    kept = store.put if store is not None else _as_is
    worker = pool.lint_packed_task if store is not None else pool.lint_batch_task
    results: dict[int, Outcome] = {}

    def to_parse() -> Iterator[int]:
        # Files to parse not handed on yet: fewer than a pool's worth, which the consumer
        # would only gather (`first`) before it decides.
        held: list[int] = []
        for index, task in enumerate(tasks):
            parsing = index - len(results)  # of the files before this one
            if _mostly_parsing(parsing, index):
                # Reading the rest here too would only slow the workers down, which read
                # them again.
                yield from range(index, len(tasks))
                return
            if index == pool.SCREEN_BATCH and pool.screens_aside(len(tasks) - index, jobs):
                # Most need no parsing so far (a tree of dependencies, say): a worker
                # reads files too, and those found to parse so far are linted meanwhile.
                for start, came in pool.Screener(tasks, index, held, worker).results():
                    if isinstance(came, FileResult):  # a file linted
                        if came.page is not None:
                            pages.import_checks(came.page)  # meanwhile, not after
                        results[start] = kept(tasks[start], came)
                        continue
                    for at, one in enumerate(came, start):
                        if one is None:
                            yield at
                        else:
                            results[at] = filed(tasks[at], one)
                return
            screening = screened(task)
            if isinstance(screening, tuple):
                results[index] = filed(task, screening)
                continue
            held.append(index)
            if parsing + 1 >= pool.PARALLEL_THRESHOLD:  # a pool's worth: handed on as found
                yield from held
                held = []
        yield from held

    chosen = to_parse()
    first = list(itertools.islice(chosen, pool.PARALLEL_THRESHOLD))
    if len(first) < pool.PARALLEL_THRESHOLD:
        linted = _lint_each([tasks[i] for i in first], jobs, store)
        results.update(zip(first, linted, strict=True))
    else:
        both = itertools.chain(first, chosen)
        results.update(pool.run_chosen(worker, tasks, both, jobs, stopped_result, kept))
    return [results[index] for index in range(len(tasks))]


def _mostly_parsing(parsing: int, files: int) -> bool:
    """Whether, of the first `files` files read, enough and most need parsing (a code
    base full of tools): the rest are linted unread, not read once to screen them."""
    return parsing >= pool.PARALLEL_THRESHOLD and parsing * 2 >= files


def _as_is(task: Task, result: FileResult) -> Outcome:
    return result


MAX_LINK_ROUNDS = 4
R = TypeVar("R", bound=Outcome)


def link(
    tasks: list[Task],
    results: list[R],
    jobs: int | None,
    store: FindingStore | None = None,
) -> None:
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
            for i, result in (enumerate(results) if names else ())
            if result.prefiltered and _names_any(tasks[i], names)
        }
        if not callers:
            break
        _rerun(tasks, results, callers, jobs, store)
    if not any(result.handoffs for result in results):
        return
    by_path = {os.path.realpath(task.file): i for i, task in enumerate(tasks) if task.follow}
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
        _rerun(tasks, results, changed, jobs, store)


def _names_any(task: Task, names: set[bytes]) -> bool:
    try:
        data = read_source(task.file, task.settings.max_file_size, task.settings.wrapper_words)
    except UnreadableError:
        return False
    return any(name in data for name in names)


def _rerun(
    tasks: list[Task],
    results: list[R],
    changed: dict[int, Task],
    jobs: int | None,
    store: FindingStore | None,
) -> None:
    indexes = sorted(changed)
    rerun = _lint_each([changed[i] for i in indexes], jobs, store)
    for index, result in zip(indexes, rerun, strict=True):
        tasks[index] = changed[index]
        results[index] = cast(R, result)  # filed as the others when there is a store


def run_page_checks(results: Sequence[Outcome]) -> None:
    """The page rules over the tools of every page of the run (`pages.py`)."""
    add_page_findings(results, pages.run([page for r in results if (page := r.page) is not None]))


def add_page_findings(
    results: Sequence[Outcome], found: list[tuple[Diagnostic, frozenset[str]]]
) -> None:
    """Each page finding joins its file's diagnostics, replacing a finding it supersedes
    at the same place."""
    by_file: dict[str, list[tuple[Diagnostic, frozenset[str]]]] = {}
    for diagnostic, replaced in found:
        by_file.setdefault(diagnostic.path, []).append((diagnostic, replaced))
    # Only the files findings land in: a table of every file of a tree is memory.
    by_path = {path: result for result in results if (path := result.path) in by_file}
    for path, landing in by_file.items():  # a file's findings read and written once
        result = by_path[path]
        diagnostics = diagnostics_of(result)
        for diagnostic, replaced in landing:
            kept = [
                d
                for d in diagnostics
                if not (d.rule in replaced and d.location == diagnostic.location)
            ]
            diagnostics = sorted([*kept, diagnostic], key=Diagnostic.sort_key)
        set_diagnostics(result, diagnostics)
