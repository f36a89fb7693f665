"""Findings kept out of memory until the report (`run/findings.py`) give the report the
findings kept as objects give, in every format; formats written a finding at a time
give the bytes they gave whole."""

from __future__ import annotations

import functools
import io
import json
import os
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from msgspec.structs import replace

from tests.helpers import REPO
from webmcp_lint.checks.page_tools import PageTool
from webmcp_lint.config import Overrides, Resolver, Settings
from webmcp_lint.diagnostics import Diagnostic, Location, Related
from webmcp_lint.output import FORMATS, render, render_chunks
from webmcp_lint.output.inert import inert_json
from webmcp_lint.output.json_format import _finding
from webmcp_lint.output.report import Report
from webmcp_lint.registry import rules
from webmcp_lint.run import discover, engine, findings, page_pass, pipeline, pool
from webmcp_lint.run.findings import (
    Aside,
    Filed,
    FindingStore,
    InPathOrder,
    diagnostics_of,
    fails_at,
)
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
def _kept() -> list[pipeline.FileResult]:
    cwd = Path.cwd()
    os.chdir(REPO)
    try:
        return engine.run(_tasks(), jobs=1)
    finally:
        os.chdir(cwd)


@functools.cache
def _both(jobs: int = 1) -> tuple[list[Diagnostic], list[Diagnostic], list[Filed]]:
    """The examples' findings as the report reads them: kept as objects (sorted as the
    command sorted them), and kept in a store (read back in path order), the store's
    packed by the worker processes with `jobs` > 1."""
    kept = _kept()
    cwd = Path.cwd()
    os.chdir(REPO)
    try:
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
    assert all(isinstance(r, Filed) for r in stored)  # no finding left in memory
    assert len(InPathOrder(stored)) == len(whole)


def test_a_filed_result_tells_the_report_what_the_result_in_memory_does() -> None:
    _, _, stored = _both()
    kept = _kept()
    assert [r.path for r in stored] == [r.path for r in kept]
    for filed, result in zip(stored, kept, strict=True):
        assert (filed.read, filed.prefiltered, filed.build_output) == (
            result.read,
            result.prefiltered,
            result.build_output,
        )
        assert list(filed.internal_errors) == result.internal_errors
        assert list(filed.forwarders) == result.forwarders
        assert list(filed.handoffs) == result.handoffs
        assert (filed.page is None) == (result.page is None)
    assert any(r.read for r in kept) and any(r.page is not None for r in kept)


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


def test_json_escapes_like_json_dumps_and_keeps_a_path_that_is_not_utf8() -> None:
    controls = "".join(map(chr, range(0xA0))) + '"\\/\u2028é'
    found = [
        Diagnostic("a.js", "tool-name-unique", "error", controls, Location(1, 2, 1, 5)),
        Diagnostic("b\udcff.js", "tool-name-unique", "error", "m", Location(1, 2, 1, 5)),
    ]
    whole = json.dumps([_finding(d) for d in found], indent=2, ensure_ascii=False)
    assert render(Report(found), "json") == inert_json(whole) + "\n"


def test_a_result_from_a_worker_is_filed_with_its_task_paths() -> None:
    tasks = _tasks()
    cwd = Path.cwd()
    os.chdir(REPO)
    try:
        with FindingStore() as store, mock.patch.object(pool, "PARALLEL_THRESHOLD", 2):
            filed = engine.run(list(tasks), jobs=2, store=store)
    finally:
        os.chdir(cwd)
    assert all(result.path is task.display for task, result in zip(tasks, filed, strict=True))
    pages = [(task, result.page) for task, result in zip(tasks, filed, strict=True) if result.page]
    assert pages and all(page.path is task.display for task, page in pages)


def test_page_files_share_the_same_rule_settings_project_and_imports() -> None:
    _, _, stored = _both()
    pages = [r.page for r in stored if r.page is not None and r.page.rules]
    by_text: dict[str, object] = {}
    for page in pages:
        assert by_text.setdefault(repr(page.rules), page.rules) is page.rules
        assert by_text.setdefault(page.project, page.project) is page.project
        assert by_text.setdefault(page.project_shown, page.project_shown) is page.project_shown
        assert all(by_text.setdefault(name, name) is name for name in page.imports)
    assert len(by_text) < len(pages)
    imports = [name for page in pages for name in page.imports]
    assert len(set(imports)) < len(imports)  # the examples import some modules twice


def test_page_tools_and_held_back_findings_are_in_the_store() -> None:
    _, _, stored = _both()
    pages = [r.page for r in stored if r.page is not None]
    assert sum(len(page.tools) for page in pages) > 20
    assert any(page.pending for page in pages)
    for page in pages:
        assert isinstance(page.tools, Aside) or not page.tools
        assert isinstance(page.pending, Aside) or not page.pending
        assert all(isinstance(tool, PageTool) for tool in page.tools)


def test_page_tools_a_worker_packed_are_filed_as_those_encoded_here() -> None:
    """A worker encodes its page file's tools and held-back findings (`findings.packed`):
    filed, they read back as those of a result filed with them in memory."""
    result = next(r for r in _kept() if r.page is not None and r.page.tools and r.page.pending)
    page = result.page
    assert page is not None
    sent = findings.packed(replace(result, packed=None))
    assert sent.page is not None and not sent.page.tools and not sent.page.pending
    assert sent.packed is not None and sent.packed.page is not None
    assert (sent.packed.page.tools, sent.packed.page.pending) == (
        len(page.tools),
        len(page.pending),
    )
    by_worker, here = (FindingStore() for _ in range(2))
    task = pipeline.Task(result.path, result.path, Settings(root=REPO))
    for store, filed in ((by_worker, by_worker.put(task, sent)), (here, here.put(task, result))):
        with store:
            assert filed.page is not None and isinstance(filed.page.tools, Aside)
            assert (tuple(filed.page.tools), tuple(filed.page.pending)) == (
                tuple(page.tools),
                tuple(page.pending),
            )
    stored_by_workers = [(r.path, r.page) for r in _both(2)[2] if r.page is not None]
    stored_here = [(r.path, r.page) for r in _both(1)[2] if r.page is not None]
    assert [(path, tuple(p.tools), tuple(p.pending)) for path, p in stored_by_workers] == [
        (path, tuple(p.tools), tuple(p.pending)) for path, p in stored_here
    ]


class _Counted(tuple[PageTool, ...]):
    """Tools that count how often they are read."""

    reads = 0

    def __iter__(self) -> Iterator[PageTool]:
        type(self).reads += 1
        return super().__iter__()


def test_a_page_reads_only_the_files_that_hold_its_first_tools() -> None:
    one = next(t for r in _both()[2] if r.page for t in r.page.tools)
    per_file = 300
    files = [
        replace(
            next(r.page for r in _both()[2] if r.page and r.page.tools),
            path=f"f{n}.js",
            tools=_Counted([replace(one, path=f"f{n}.js", order=i) for i in range(per_file)]),
        )
        for n in range(10)
    ]
    read: dict[str, Sequence[PageTool]] = {}
    _Counted.reads = 0
    first = page_pass._first_tools(files, read)
    again = page_pass._first_tools(files[1:], read)
    assert len(first) == len(again) == page_pass.MAX_PAGE_TOOLS
    assert sorted(read) == [f"f{n}.js" for n in range(5)]  # 1,000 tools: four files, ...
    assert _Counted.reads == 5  # ... one more for the page without the first; each once
    assert [t.path for t in first] == [t.path for f in files for t in f.tools][:1000]


def _check_examples(capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    from webmcp_lint.cli import main

    cwd = Path.cwd()
    os.chdir(REPO)
    try:
        try:
            main(["check", "--no-cache", "-j1", "--output-format", "json", "examples"])
        except SystemExit as exit:
            code = int(exit.code or 0)
    finally:
        os.chdir(cwd)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def stored(monkeypatch: pytest.MonkeyPatch) -> list[FindingStore]:
    """The stores the run makes, with the examples' 63 files counted as many."""
    made: list[FindingStore] = []
    real = FindingStore.__init__

    def init(self: FindingStore) -> None:
        made.append(self)
        real(self)

    monkeypatch.setattr("webmcp_lint.cli.check.FEW_FILES", 2)
    monkeypatch.setattr(FindingStore, "__init__", init)
    return made


def test_the_findings_of_a_few_files_stay_in_memory(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], stored: list[FindingStore]
) -> None:
    expected = _check_examples(capsys)
    assert len(stored) == 1
    monkeypatch.setattr("webmcp_lint.cli.check.FEW_FILES", 64)
    assert _check_examples(capsys) == expected
    assert len(stored) == 1  # no second store


@pytest.mark.usefixtures("stored")
def test_without_a_temporary_file_the_findings_stay_in_memory(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    expected = _check_examples(capsys)

    def no_space(*args: object, **kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("webmcp_lint.run.findings._temporary_file", no_space)
    assert _check_examples(capsys) == expected
    assert expected[0] == 1 and json.loads(expected[1])


@pytest.mark.parametrize("there", [True, False])
def test_the_temporary_file_is_in_the_temporary_directory_without_a_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, there: bool
) -> None:
    """Made in TMPDIR, where it has no name (or, where TMPDIR is not, by tempfile in
    the next directory it tries), and read back as written."""
    from webmcp_lint.run import findings

    monkeypatch.setenv("TMPDIR", str(tmp_path if there else tmp_path / "gone"))
    with findings._temporary_file() as file:
        file.write(b"abc" * 100_000)
        file.seek(0)
        assert file.read() == b"abc" * 100_000
        assert list(tmp_path.iterdir()) == []


@pytest.mark.usefixtures("stored")
def test_a_temporary_file_that_fails_midway_is_an_error_that_says_so(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    real = FindingStore.put
    written = []

    class NoSpaceLeft(io.BytesIO):
        def write(self, data: object) -> int:
            raise OSError(28, "No space left on device")

    def fails_after_ten(
        self: FindingStore, task: pipeline.Task, result: pipeline.FileResult
    ) -> Filed:
        written.append(result)
        if len(written) == 10:
            self._file = NoSpaceLeft()  # the temporary directory's disk is full
        return real(self, task, result)

    monkeypatch.setattr(FindingStore, "put", fails_after_ten)
    code, out, err = _check_examples(capsys)
    assert code == 2
    assert out == ""
    assert err.startswith("Error: cannot keep the findings in a temporary file (")
    assert "TMPDIR" in err


@pytest.mark.parametrize("enabled", [True, False])
def test_reading_the_store_pauses_the_collector_and_leaves_it_as_it_was(enabled: bool) -> None:
    """Decoding findings and page tools makes objects that are kept or freed by their
    counts: the cyclic collector is paused meanwhile (it walked them all, a tenth of a
    100,000-finding run), and left enabled or disabled as it was."""
    import gc

    from webmcp_lint.run import findings

    _, _, stored = _both()
    seen: list[tuple[str, bool]] = []

    class Watched:
        def __init__(self, kind: str, decoder: Any) -> None:
            self.kind, self.decoder = kind, decoder

        def decode(self, data: bytes) -> object:
            seen.append((self.kind, gc.isenabled()))
            return self.decoder.decode(data)

    findings_decoder = Watched("findings", findings._findings_decoder())
    page_decoder = Watched("page", findings._page_decoder())
    (gc.enable if enabled else gc.disable)()
    try:
        with (
            mock.patch.object(findings, "_findings_decoder", lambda: findings_decoder),
            mock.patch.object(findings, "_page_decoder", lambda: page_decoder),
        ):
            found = [d for r in stored for d in diagnostics_of(r)]
            tools = [t for r in stored if r.page for t in r.page.tools]
        assert found and tools
        assert {kind for kind, _ in seen} == {"findings", "page"}
        assert not any(collecting for _, collecting in seen)
        assert gc.isenabled() == enabled
    finally:
        gc.enable()


def test_with_a_store_the_tasks_are_let_go_and_each_result_knows_its_fail_on() -> None:
    """The engine empties the task list once the files are done (a `Task` per file kept
    to the end for the exit code alone); a filed result fails at its own file's
    `fail-on`, as the result in memory does with its task's."""
    from webmcp_lint.diagnostics import SEVERITY_RANK

    tasks = [
        replace(task, settings=replace(task.settings, fail_on="error")) if i % 2 else task
        for i, task in enumerate(_tasks())
    ]
    given = list(tasks)
    cwd = Path.cwd()
    os.chdir(REPO)
    try:
        with FindingStore() as store:
            stored = engine.run(given, jobs=1, store=store)
            assert given == []
            fails = [
                fails_at(result, SEVERITY_RANK[task.settings.fail_on])
                for task, result in zip(tasks, _kept(), strict=True)
            ]
            assert [filed.fails for filed in stored] == fails
    finally:
        os.chdir(cwd)
    strict = [f for task, f in zip(tasks, fails, strict=True) if task.settings.fail_on == "error"]
    assert any(fails) and not all(fails) and any(strict) and not all(strict)


def test_a_filed_result_rewritten_keeps_its_flags_and_says_its_new_findings() -> None:
    """A later pass writes a file's findings again into its row (`set_diagnostics`):
    the count, the worst severity and the project-scope flag follow, the rest stays."""
    from webmcp_lint.run.findings import set_diagnostics

    _, _, stored = _both()
    with FindingStore() as store:
        filed = [store.put(task, result) for task, result in zip(_tasks(), _kept(), strict=True)]
        one = next(f for f in filed if f.read and f.count > 1)
        flags = (one.read, one.prefiltered, one.build_output, one.path, one.page)
        found = diagnostics_of(one)
        scoped = next(
            d for r in stored for d in diagnostics_of(r) if rules()[d.rule].scope == "project"
        )
        set_diagnostics(one, [found[0], scoped])
        assert diagnostics_of(one) == [found[0], scoped]
        assert (one.count, one.project_scope) == (2, True)
        set_diagnostics(one, [])
        assert (one.count, one.worst, one.project_scope) == (0, -1, False)
        assert (one.read, one.prefiltered, one.build_output, one.path, one.page) == flags
        assert [diagnostics_of(f) for f in filed if f is not one] == [
            r.diagnostics for f, r in zip(filed, _kept(), strict=True) if f is not one
        ]


def test_records_kept_per_file_are_not_tracked_by_the_collector() -> None:
    import gc

    _, _, stored = _both()
    pages = [r.page for r in stored if r.page is not None]
    assert pages and stored
    assert not any(gc.is_tracked(r) for r in stored)
    assert not any(gc.is_tracked(p) for p in pages)
    assert not any(gc.is_tracked(p.tools) for p in pages if isinstance(p.tools, Aside))
    assert not any(gc.is_tracked(t) for t in _tasks())


def test_a_dropped_store_is_freed_with_its_page_files() -> None:
    """A store's page files hold their tools aside, which read the store: a strong
    reference would make a cycle the collector cannot see (the page files are
    untracked), and a store dropped in a long-lived process would never be freed."""
    import gc
    import weakref

    result = next(r for r in _kept() if r.page is not None and r.page.tools)
    task = next(t for t in _tasks() if t.display == result.path)
    store = FindingStore()
    filed = store.put(task, result)
    assert filed.page is not None and isinstance(filed.page.tools, Aside)
    assert [tool.name for tool in filed.page.tools] == [tool.name for tool in result.page.tools]
    freed = weakref.ref(store)
    store.close()
    del store, filed
    gc.collect()
    assert freed() is None
