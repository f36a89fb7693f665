"""The per-file deadline (webmcp_lint.workspace.budget): in isolation, then in the engine (one
process and worker processes) and in the language server."""

from __future__ import annotations

import concurrent.futures
import multiprocessing
import os
import sys
import time
from pathlib import Path
from typing import ClassVar

import pytest

from tests.helpers import lint
from webmcp_lint.checks import all_checks
from webmcp_lint.config import settings_from_table
from webmcp_lint.extract import extract
from webmcp_lint.model import FileModel, SourceFile
from webmcp_lint.run import engine, pipeline, pool
from webmcp_lint.syntax.nodes import descendants
from webmcp_lint.workspace import budget
from webmcp_lint.workspace.discovery import language_of


def spin_until_stopped(seconds: float) -> float:
    started = time.monotonic()
    with budget.deadline(seconds):
        while True:
            try:
                budget.check()
            except budget.DeadlineExceeded:
                return time.monotonic() - started


def test_no_deadline_never_stops() -> None:
    assert budget.current() is None
    budget.check()


@pytest.mark.timeout(30)
def test_a_deadline_stops_a_loop_once_it_has_passed() -> None:
    elapsed = spin_until_stopped(0.05)
    assert elapsed >= 0.05
    assert budget.current() is None  # the deadline ends with its block


def test_an_inner_deadline_never_extends_an_outer_one() -> None:
    with budget.deadline(0.01) as outer:
        with budget.deadline(60) as inner:
            assert inner is outer
        with budget.deadline(None) as none:
            assert none is None
            assert budget.current() is outer
        time.sleep(0.02)
        with pytest.raises(budget.DeadlineExceeded) as raised:
            budget.check()
    assert "0 s" in str(raised.value)


@pytest.mark.timeout(30)
def test_each_thread_has_its_own_deadline() -> None:
    # The language server lints in threads: a deadline set in one does not reach another.
    with budget.deadline(0.01), concurrent.futures.ThreadPoolExecutor(1) as pool:
        time.sleep(0.02)
        assert pool.submit(budget.current).result() is None
        assert pool.submit(spin_until_stopped, 0.05).result() >= 0.05
        with pytest.raises(budget.DeadlineExceeded):
            budget.check()


@pytest.mark.timeout(60)
def test_worker_processes_keep_their_own_deadline() -> None:
    context = multiprocessing.get_context("spawn")
    with concurrent.futures.ProcessPoolExecutor(1, mp_context=context) as pool:
        assert pool.submit(spin_until_stopped, 0.05).result() >= 0.05


def test_cancelling_an_outer_deadline_ends_the_inner_one() -> None:
    # The language server cancels its deadline around a lint; the file's own budget,
    # opened inside by the engine, must end with it.
    with budget.deadline(float("inf")) as outer, budget.deadline(60) as inner:
        assert inner is not outer and inner is not None and outer is not None
        budget.check()
        outer.cancel()
        assert outer.cancelled and not inner.cancelled
        assert inner.remaining() < 0
        with pytest.raises(budget.DeadlineExceeded):
            budget.check()


def test_the_budget_grows_with_the_size() -> None:
    assert budget.seconds_for(0) == budget.FLOOR_SECONDS
    assert budget.seconds_for(50_000_000) > 10 * budget.FLOOR_SECONDS


@pytest.mark.parametrize(
    ("filename", "code"),
    [
        ("page.js", "document.modelContext.registerTool({ name: 'a', description: 'b' });"),
        ("page.html", '<form toolname="a" tooldescription="b"><input name="q"></form>'),
    ],
)
def test_extraction_stops_at_the_deadline(filename: str, code: str) -> None:
    source = SourceFile(Path(filename), filename, language_of(filename) or "html", code.encode())
    with budget.deadline(0.0), pytest.raises(budget.DeadlineExceeded):
        time.sleep(0.01)
        extract(source)
    assert extract(source).tools  # without a deadline, the same file is read


@pytest.mark.timeout(30)
def test_a_deadline_can_be_cancelled_from_another_thread() -> None:
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        started: list[budget.Deadline] = []

        def lint_until_cancelled() -> bool:
            with budget.deadline(3600) as current:
                assert current is not None
                started.append(current)
                while True:
                    try:
                        budget.check()
                    except budget.DeadlineExceeded:
                        return True

        future = pool.submit(lint_until_cancelled)
        while not started:
            time.sleep(0.001)
        started[0].cancel()
        assert future.result()


# -- the deadline in the engine, the worker pool and the language server ----------------

TOOL = 'document.modelContext.registerTool({ name: "bad name", description: "d" });\n'


def task_for(path: Path, code: str, **settings: object) -> pipeline.Task:
    table = {"select": ["tool-name-format", "source-timeout"], **settings}
    return pipeline.Task(
        path, path.name, settings_from_table(table, path.parent / "x.toml"), data=code.encode()
    )


class WalksForever:
    """A check that walks the syntax tree again and again, as a slow rule would."""

    scope = "file"
    options = None
    messages: ClassVar[dict[str, str]] = {}

    def run(self, model: FileModel, ctx: object) -> None:
        while True:
            for script in model.scripts:
                for _ in descendants(script.root):
                    pass


def small_budget(monkeypatch: pytest.MonkeyPatch, seconds: float) -> None:
    monkeypatch.setattr(budget, "FLOOR_SECONDS", seconds)
    monkeypatch.setattr(budget, "SECONDS_PER_BYTE", 0.0)
    monkeypatch.setattr(budget, "GRACE_SECONDS", seconds)


@pytest.mark.timeout(60)
def test_a_check_past_the_deadline_makes_the_file_a_timeout_and_the_run_goes_on(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # One process (two files): the deadline is checked in the walks of the checks.
    monkeypatch.delenv("WEBMCP_LINT_DEBUG")  # rule errors caught as in production
    small_budget(monkeypatch, 0.3)
    checks = {**all_checks(), "tool-name-format": WalksForever()}
    monkeypatch.setattr(
        pipeline, "checks_of", lambda rules: {r: checks[r] for r in rules if r in checks}
    )
    code = TOOL + "let a = [" + "1, " * 20_000 + "];\n"  # a tree of 40,000 nodes
    slow, fine = engine.run(
        [
            task_for(tmp_path / "slow.js", code),
            task_for(tmp_path / "fine.js", TOOL, select=["source-timeout"]),
        ]
    )
    assert [d.rule for d in slow.diagnostics] == ["source-timeout"]
    assert "longer than its budget of 0 s" in slow.diagnostics[0].message
    assert not slow.internal_errors  # stopping is not a crash of the rule
    assert fine.diagnostics == [] and fine.parsed


def test_a_parse_past_the_deadline_is_a_timeout(monkeypatch: pytest.MonkeyPatch) -> None:
    small_budget(monkeypatch, 0.0)
    [found] = lint(TOOL, "page.js")
    assert found.rule == "source-timeout"
    assert (found.line, found.column) == (1, 1)
    monkeypatch.undo()
    assert [d.rule for d in lint(TOOL, "page.js", {"select": ["tool-name-format"]})] == [
        "tool-name-format"
    ]


def test_mallocs_mmap_threshold_is_fixed_only_under_glibc(monkeypatch: pytest.MonkeyPatch) -> None:
    # macOS, Windows, a C library that is not glibc (musl): malloc is left alone.
    monkeypatch.setattr(pool.sys, "platform", "darwin")
    assert pool.fix_mmap_threshold() is False
    monkeypatch.setattr(pool.sys, "platform", "linux")

    def unknown_name(name: str) -> str:
        raise ValueError("unrecognized configuration name")

    monkeypatch.setattr(pool.os, "confstr", unknown_name)
    assert pool.fix_mmap_threshold() is False
    monkeypatch.setattr(pool.os, "confstr", lambda name: None)
    assert pool.fix_mmap_threshold() is False
    monkeypatch.setattr(pool.os, "confstr", lambda name: "musl 1.2")
    assert pool.fix_mmap_threshold() is False


def test_mallocs_mmap_threshold_is_fixed_under_glibc() -> None:
    import platform

    if platform.libc_ver()[0] != "glibc":
        pytest.skip("glibc only")
    assert pool.fix_mmap_threshold() is True


@pytest.mark.parametrize(("files", "fixed"), [(pool.PARALLEL_THRESHOLD, 1), (3, 0)])
def test_a_run_of_many_files_fixes_the_threshold_even_in_one_process(
    monkeypatch: pytest.MonkeyPatch, files: int, fixed: int
) -> None:
    """With -j1 too: the heap of a run over a big tree grows with it otherwise."""
    calls: list[bool] = []
    monkeypatch.setattr(pool, "fix_mmap_threshold", lambda: calls.append(True) or True)
    tasks = [task_for(Path(f"f{index}.js"), "") for index in range(files)]
    done = pool.run_each(lambda task: task.display, tasks, 1, lambda task, seconds: "stopped")
    assert done == [task.display for task in tasks]
    assert len(calls) == fixed


LINT_BATCH_TASK = pool.lint_batch_task


def sleeps_or_dies(task: pipeline.Task) -> pipeline.FileResult:
    """A worker stuck where no deadline is ever checked, or killed (out of memory)."""
    if task.path.name.startswith("slow"):
        time.sleep(1.5)
    if task.path.name.startswith("stuck"):
        time.sleep(3600)
    if task.path.name.startswith("dies"):
        os._exit(9)
    return LINT_BATCH_TASK(task)


@pytest.mark.skipif(
    sys.platform != "linux", reason="the test hands workers a patched function by fork"
)
@pytest.mark.timeout(60)
def test_a_worker_past_its_budget_is_stopped_and_replaced(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    small_budget(monkeypatch, 0.5)
    monkeypatch.setattr(pool, "PARALLEL_THRESHOLD", 2)
    monkeypatch.setattr(pool, "lint_batch_task", sleeps_or_dies)
    names = ["stuck-1.js", "a.js", "stuck-2.js", "dies.js", "b.js", "c.js"]
    started = time.monotonic()
    results = engine.run([task_for(tmp_path / name, TOOL) for name in names], jobs=2)
    assert time.monotonic() - started < 30  # two stuck workers, each stopped after ~1 s
    by_name = {r.path: r for r in results}
    assert [r.path for r in results] == names
    for name in ("a.js", "b.js", "c.js"):  # linted by the workers started in their place
        assert [d.rule for d in by_name[name].diagnostics] == ["tool-name-format"]
    for name in ("stuck-1.js", "stuck-2.js"):
        [found] = by_name[name].diagnostics
        assert (found.rule, found.line, found.column) == ("source-timeout", 1, 1)
        assert "budget of 0 s. The process checking it was stopped." in found.message
    died = by_name["dies.js"]
    assert died.diagnostics == []
    assert died.internal_errors == [
        "dies.js: the worker process checking this file stopped unexpectedly; "
        "the file was not checked (please report this)"
    ]


@pytest.mark.skipif(
    sys.platform != "linux", reason="the test hands workers a patched function by fork"
)
@pytest.mark.timeout(60)
def test_a_stopped_worker_with_the_rule_off_reports_nothing(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # As for a parse that is cancelled: with source-timeout off, the file has no finding.
    small_budget(monkeypatch, 0.2)
    monkeypatch.setattr(pool, "PARALLEL_THRESHOLD", 2)
    monkeypatch.setattr(pool, "lint_batch_task", sleeps_or_dies)
    tasks = [
        task_for(tmp_path / n, TOOL, select=["tool-name-format"]) for n in ("stuck.js", "a.js")
    ]
    stuck, fine = engine.run(tasks, jobs=2)
    assert (stuck.diagnostics, stuck.internal_errors) == ([], [])
    assert [d.rule for d in fine.diagnostics] == ["tool-name-format"]


@pytest.mark.skipif(
    sys.platform != "linux", reason="the test hands workers a patched function by fork"
)
@pytest.mark.timeout(60)
def test_a_worker_error_is_raised_in_the_parent(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    def fails(task: pipeline.Task) -> pipeline.FileResult:
        raise ValueError(f"no {task.path.name}")

    monkeypatch.setattr(pool, "PARALLEL_THRESHOLD", 2)
    monkeypatch.setattr(pool, "lint_batch_task", fails)
    with pytest.raises(ValueError, match=r"no [ab]\.js"):
        engine.run([task_for(tmp_path / n, TOOL) for n in ("a.js", "b.js")], jobs=2)


def test_the_language_server_lints_under_the_deadline(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    pytest.importorskip("pygls", reason="the lsp extra (pygls) is not installed")
    from webmcp_lint.cli.lsp import diagnose

    uri = (tmp_path / "tools.js").as_uri()
    small_budget(monkeypatch, 0.0)
    linted = diagnose(uri, TOOL, "javascript", tmp_path, "utf-16")
    assert [item.diagnostic.code for item in linted] == ["source-timeout"]
    monkeypatch.undo()
    linted = diagnose(uri, TOOL, "javascript", tmp_path, "utf-16")
    assert "tool-name-format" in {item.diagnostic.code for item in linted}


def held_after_parsing(warm_up: list[bytes], texts: list[bytes]) -> int:
    """The bytes of Python memory still held after parsing each of `texts` (once the
    grammars and parsers are made, by parsing `warm_up`, and ctypes is loaded, by a
    text whose chunks hold more than `LEAKED_BYTES`)."""
    import gc
    import tracemalloc

    from webmcp_lint.syntax import LEAKED_BYTES, parse_range
    from webmcp_lint.workspace.source import Span

    for text in [*warm_up, b"0;" * LEAKED_BYTES]:
        parse_range(text, "javascript", Span(0, len(text)))
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    for text in texts:
        parse_range(text, "javascript", Span(0, len(text)))
    gc.collect()
    grown = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    return grown


def test_a_parse_keeps_none_of_the_text_it_read() -> None:
    """A cancellable parse reads its text through a callback; py-tree-sitter 0.26 kept a
    reference to every bytestring the callback returned, so every file's text stayed in
    memory until the process ended (memory grew with the number of files)."""

    def texts(count: int) -> list[bytes]:
        return [b"const x%d = { a: 1, b: [2, 3] };\n" % n * 600 for n in range(count)]

    # 1.2 MB of text, 20 KB each, each dropped after its parse
    grown = held_after_parsing(texts(3), texts(60))
    assert grown < 200_000, f"{grown:,} bytes held after parsing 60 texts"


def test_a_parse_keeps_none_of_its_one_byte_chunks() -> None:
    """The parser reads a text's last byte on its own (a one-byte chunk, a new object
    too): one leaked per file kept 34 bytes per file of a tree to the end."""
    texts = [b"const x%d = 1;\n" % n for n in range(2000)]
    grown = held_after_parsing(texts[:1], texts)
    assert grown < 10_000, f"{grown:,} bytes held after parsing 2,000 texts"


def test_shared_one_byte_chunks_are_left_alone() -> None:
    """An interpreter's shared one-byte bytestring, referenced elsewhere, is not ours to
    release."""
    from webmcp_lint.syntax import _release_leaked

    shared = b"a"[:1]
    count = sys.getrefcount(shared)
    held = [shared, shared]  # two more references than the chunk's own
    _release_leaked([shared])
    assert sys.getrefcount(shared) == count + 2
    del held


def test_chunks_nobody_leaked_are_left_alone() -> None:
    """What a binding that releases its chunks leaves: each chunk held by the list alone,
    freed once, and the memory back."""
    import gc
    import tracemalloc

    from webmcp_lint.syntax import _release_leaked

    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    _release_leaked([bytes(range(256)) * 40 for _ in range(50)])
    gc.collect()
    grown = tracemalloc.get_traced_memory()[0] - before
    kept = [bytes(range(256)) * 40 for _ in range(50)]  # the allocator still works
    tracemalloc.stop()
    assert grown < 20_000
    assert all(len(chunk) == 10_240 for chunk in kept)


@pytest.mark.skipif(
    sys.platform != "linux", reason="the test hands workers a patched function by fork"
)
@pytest.mark.timeout(60)
def test_a_worker_is_stopped_after_its_own_files_budget_not_an_empty_files(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The pool works out a file's budget by its size only once the file has run as long
    as an empty file's budget: a larger file still has its own."""
    monkeypatch.setattr(budget, "FLOOR_SECONDS", 0.2)
    monkeypatch.setattr(budget, "GRACE_SECONDS", 0.2)
    monkeypatch.setattr(budget, "SECONDS_PER_BYTE", 2.5 / len(TOOL))  # TOOL's budget: 2.7 s
    monkeypatch.setattr(pool, "PARALLEL_THRESHOLD", 2)
    monkeypatch.setattr(pool, "lint_batch_task", sleeps_or_dies)
    names = ["slow.js", "stuck.js", "a.js"]
    results = engine.run([task_for(tmp_path / name, TOOL) for name in names], jobs=2)
    slow, stuck, fine = (r.diagnostics for r in results)
    assert [d.rule for d in slow] == [d.rule for d in fine] == ["tool-name-format"]
    [found] = stuck
    assert found.rule == "source-timeout"
    assert "budget of 3 s. The process checking it was stopped." in found.message
