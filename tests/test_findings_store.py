"""Findings kept out of memory until the report (`run/findings.py`) give the report the
findings kept as objects give, in every format; formats written a finding at a time
give the bytes they gave whole."""

from __future__ import annotations

import functools
import json
import os
from pathlib import Path
from unittest import mock

import pytest

from tests.helpers import REPO
from webmcp_lint.checks.registry import rules
from webmcp_lint.config import Overrides, Resolver
from webmcp_lint.diagnostics import Diagnostic, Location, Related
from webmcp_lint.output import FORMATS, Report, render, render_chunks
from webmcp_lint.output.inert import inert_json
from webmcp_lint.output.json_format import _finding
from webmcp_lint.run import discover, engine, pipeline, pool
from webmcp_lint.run.findings import FindingStore, InPathOrder, diagnostics_of, fails_at
from webmcp_lint.workspace.source import Span


def _tasks() -> list[pipeline.Task]:
    resolver = Resolver(Overrides(cwd=REPO), None, REPO)
    return [
        pipeline.Task(
            path, path.relative_to(REPO).as_posix(), settings, fingerprints=True, follow=True
        )
        for path, settings, _ in discover.discover([REPO / "examples"], resolver, False)
    ]


@functools.cache
def _both(jobs: int = 1) -> tuple[list[Diagnostic], list[Diagnostic], list[pipeline.FileResult]]:
    """The examples' findings as the report reads them: kept as objects (sorted as the
    command sorted them), and kept in a store (read back in path order), the store's
    packed by the worker processes with `jobs` > 1."""
    cwd = Path.cwd()
    os.chdir(REPO)
    try:
        kept = engine.run(_tasks(), jobs=1)
        store = FindingStore()
        with mock.patch.object(pool, "PARALLEL_THRESHOLD", 2):  # the examples: 63 files
            assert pool.pooled(len(_tasks()), jobs) == (jobs > 1)
            stored = engine.run(_tasks(), jobs=jobs, store=store)
    finally:
        os.chdir(cwd)
    whole = sorted((d for r in kept for d in r.diagnostics), key=Diagnostic.sort_key)
    return whole, list(InPathOrder(stored)), stored


@pytest.mark.parametrize("jobs", [1, 2])
def test_stored_findings_are_the_findings_in_report_order(jobs: int) -> None:
    whole, streamed, stored = _both(jobs)
    assert len(whole) > 100  # the examples have findings of every kind
    assert {d.rule for d in whole} & {r for r, rule in rules().items() if rule.scope == "page"}
    assert {d.rule for d in whole} & {r for r, rule in rules().items() if rule.scope == "project"}
    assert streamed == whole
    assert all(not r.diagnostics for r in stored)  # none left in memory
    assert len(InPathOrder(stored)) == len(whole)


def test_stored_findings_tell_which_files_fail() -> None:
    _, _, stored = _both()
    for result in stored:
        severities = {d.severity for d in diagnostics_of(result)}
        assert fails_at(result, 2) == ("error" in severities)
        assert fails_at(result, 0) == bool(severities)


@pytest.mark.parametrize("output_format", FORMATS)
@pytest.mark.parametrize("statistics", [False, True])
def test_every_format_writes_the_same_from_the_store(output_format: str, statistics: bool) -> None:
    whole, _, stored = _both()
    kept = Report(whole, files_checked=3, cwd=REPO, statistics=statistics)
    streamed = Report(InPathOrder(stored), files_checked=3, cwd=REPO, statistics=statistics)
    assert "".join(render_chunks(streamed, output_format)) == render(kept, output_format)


def _diagnostic(message: str, related: tuple[Related, ...] = ()) -> Diagnostic:
    return Diagnostic("a\u2028b.js", "tool-name-unique", "error", message, Location(1, 2, 1, 5))


@pytest.mark.parametrize("count", [0, 1, 3])
def test_json_written_a_finding_at_a_time_is_json_dumps_of_the_list(count: int) -> None:
    where = Related(Span(0, 0), "there\n", Location(2, 1, 2, 3), "b.js")
    found = [
        _diagnostic(f"line\nbreak \u202e {index} \x85", (where,) * index) for index in range(count)
    ]
    whole = json.dumps([_finding(d) for d in found], indent=2, ensure_ascii=False)
    written = render(Report(found), "json")
    assert written == inert_json(whole) + "\n"
    assert json.loads(written) == json.loads(whole)


def test_page_files_share_the_same_rule_settings() -> None:
    _, _, stored = _both()
    pages = [r.page for r in stored if r.page is not None and r.page.rules]
    by_text: dict[str, object] = {}
    for page in pages:
        assert by_text.setdefault(repr(page.rules), page.rules) is page.rules
    assert len(by_text) < len(pages)
