"""Runs the rules over files: every file through the pipeline (`pipeline`, in the
worker pool of `pool` when there are many), then, when imports are followed, the files
other files hand tools to linted again (`link`), project-scope findings kept once, and
the page rules over the tools of every page of the run.
"""

from __future__ import annotations

import os
from dataclasses import replace

from webmcp_lint.diagnostics import Diagnostic
from webmcp_lint.model import Handoff
from webmcp_lint.run import page_pass as pages
from webmcp_lint.run import pool
from webmcp_lint.run.pipeline import FileResult, Task, once_per_project, screen, stopped_result
from webmcp_lint.workspace.discovery import read_source
from webmcp_lint.workspace.reading import UnreadableError


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
    if not pool.pooled(len(tasks), jobs):
        return pool.run_each(pool.lint_batch_task, tasks, jobs, stopped_result)
    screened = [screen(task) for task in tasks]
    rest = [i for i, done in enumerate(screened) if not isinstance(done, FileResult)]
    linted = iter(
        pool.run_each(pool.lint_batch_task, [tasks[i] for i in rest], jobs, stopped_result)
    )
    return [done if isinstance(done, FileResult) else next(linted) for done in screened]


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
        _rerun(tasks, results, changed, jobs)


def _names_any(task: Task, names: set[bytes]) -> bool:
    try:
        data = read_source(task.file, task.settings.max_file_size, task.settings.wrapper_words)
    except UnreadableError:
        return False
    return any(name in data for name in names)


def _rerun(
    tasks: list[Task], results: list[FileResult], changed: dict[int, Task], jobs: int | None
) -> None:
    indexes = sorted(changed)
    rerun = pool.run_each(pool.lint_batch_task, [changed[i] for i in indexes], jobs, stopped_result)
    for index, result in zip(indexes, rerun, strict=True):
        tasks[index] = changed[index]
        results[index] = result


def run_page_checks(results: list[FileResult]) -> None:
    """The page rules over the tools of every page of the run (`pages.py`)."""
    add_page_findings(results, pages.run([r.page for r in results if r.page is not None]))


def add_page_findings(
    results: list[FileResult], found: list[tuple[Diagnostic, frozenset[str]]]
) -> None:
    """Each page finding joins its file's diagnostics, replacing a finding it supersedes
    at the same place."""
    by_path = {result.path: result for result in results}
    for diagnostic, replaced in found:
        result = by_path[diagnostic.path]
        kept = [
            d
            for d in result.diagnostics
            if not (d.rule in replaced and d.location == diagnostic.location)
        ]
        result.diagnostics = sorted([*kept, diagnostic], key=Diagnostic.sort_key)
