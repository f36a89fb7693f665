"""Screening beside a worker process (`pool.Screener`): in a tree with few files to
parse, a forked worker reads files too, and the run's results are the ones one process
gives, whatever happens to the worker."""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from webmcp_lint.config import settings_from_table
from webmcp_lint.run import engine, pipeline, pool
from webmcp_lint.run.findings import Filed, FindingStore, diagnostics_of
from webmcp_lint.workspace import budget

pytestmark = [
    pytest.mark.skipif(sys.platform != "linux", reason="a screening worker is forked (Linux)"),
    pytest.mark.timeout(60),
]

TOOL = 'document.modelContext.registerTool({ name: "bad name", description: "d" });\n'
SCREENED = pool._screened


def tree(root: Path, tools: int) -> list[pipeline.Task]:
    """40 files: `tools` of them register a tool, the others import one another."""
    settings = settings_from_table({"select": ["ALL"]}, root / "x.toml")
    tasks = []
    for index in range(40):
        path = root / f"f{index:02}.js"
        text = TOOL if index % (40 // tools) == 3 else f'import "./f{index + 1:02}.js";\n'
        path.write_text(text)
        tasks.append(pipeline.Task(path, path.name, settings, real=str(path), regular=True))
    return tasks


@pytest.fixture(autouse=True)
def small_batches(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pool, "SCREEN_BATCH", 4)
    monkeypatch.setattr(pool, "PARALLEL_THRESHOLD", 6)


def outcome(tasks: list[pipeline.Task], jobs: int) -> list[tuple[str, object, object]]:
    store = FindingStore()
    return [
        (r.path, [d.location for d in diagnostics_of(r)], [d.rule for d in diagnostics_of(r)])
        for r in engine.run(list(tasks), jobs=jobs, store=store)
    ]


@pytest.mark.parametrize("tools", [2, 10])  # linted here, or by a pool past the threshold
def test_a_screening_worker_gives_what_one_process_gives(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, tools: int
) -> None:
    tasks = tree(tmp_path, tools)
    alone = outcome(tasks, jobs=1)
    log = tmp_path / "screened-by"

    def noted(task: pipeline.Task) -> pipeline.FileResult | None:
        with log.open("a") as out:
            out.write(f"{os.getpid()}\n")
        time.sleep(0.01)  # the worker takes batches before this process takes them all
        return SCREENED(task)

    monkeypatch.setattr(pool, "_screened", noted)
    assert outcome(tasks, jobs=2) == alone
    assert len(set(log.read_text().split())) == 2  # this process and the worker
    assert sum("tool-name-format" in rules for _, _, rules in alone) == tools


@pytest.mark.parametrize("tools", [2, 10])  # screened to the end, or past most parsing
def test_one_process_screens_what_it_would_lint_to_the_same_end(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, tools: int
) -> None:
    """With `-j1`, the files without WebMCP words are screened, not linted: the results
    are those of linting every file."""
    tasks = tree(tmp_path, tools)
    screened = outcome(tasks, jobs=1)
    monkeypatch.setattr(engine, "screened", lambda task: None)  # every file linted
    assert outcome(tasks, jobs=1) == screened
    assert sum("tool-name-format" in rules for _, _, rules in screened) == tools


@pytest.mark.parametrize("how", ["dies", "stalls"])
def test_the_batches_of_a_worker_that_dies_or_stalls_are_screened_here(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, how: str
) -> None:
    tasks = tree(tmp_path, 2)
    alone = outcome(tasks, jobs=1)
    monkeypatch.setattr(budget, "FLOOR_SECONDS", 0.2)  # how long a batch may take
    monkeypatch.setattr(budget, "GRACE_SECONDS", 0.2)
    parent = os.getpid()

    def fails(task: pipeline.Task) -> pipeline.FileResult | None:
        if os.getpid() != parent:
            if how == "dies":
                os._exit(9)
            time.sleep(3600)
        time.sleep(0.01)  # the worker takes batches before this process takes them all
        return SCREENED(task)

    monkeypatch.setattr(pool, "_screened", fails)
    started = time.monotonic()
    assert outcome(tasks, jobs=2) == alone
    assert time.monotonic() - started < 10


def test_an_error_while_screening_is_raised_here(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tasks = tree(tmp_path, 2)

    def fails(task: pipeline.Task) -> pipeline.FileResult | None:
        if task.display == "f30.js":
            raise ValueError("no f30.js")
        return SCREENED(task)

    monkeypatch.setattr(pool, "_screened", fails)
    with pytest.raises(ValueError, match=r"no f30\.js"):
        outcome(tasks, jobs=2)


def test_a_file_screened_to_its_end_is_filed_as_its_result_would_be(tmp_path: Path) -> None:
    """Each kind of file screening finishes: not a language, build output (a generated
    file that uses WebMCP), a script and an HTML page without WebMCP words."""
    files = {
        "notes.txt": "registerTool\n",
        "out.js": "// @generated by a tool\n" + TOOL,
        "plain.js": 'import "./other.js";\nexport const x = 1;\n',
        "page.html": '<script src="./plain.js"></script>\n',
    }
    settings = settings_from_table({"select": ["ALL"]}, tmp_path / "x.toml")
    kinds = []
    for name, text in files.items():
        path = tmp_path / name
        path.write_text(text)
        task = pipeline.Task(path, name, settings, real=str(path), regular=True)
        screened = pool._screened(task)
        assert screened is not None
        result = pipeline.screened_result(task, screened)
        assert pipeline.screen(task) == result
        kinds.append((result.read, result.build_output, result.page is not None))
        store = FindingStore()
        assert filed(store.put_screened(task, screened)) == filed(store.put(task, result))
    assert kinds == [
        (False, False, False),
        (True, True, False),
        (True, False, True),
        (True, False, True),
    ]


def filed(result: Filed) -> tuple[object, ...]:
    """What the passes after the files and the report read of a filed result."""
    return (
        result.path,
        result.page,
        result.read,
        result.prefiltered,
        result.build_output,
        result.count,
        result.fails,
        result.internal_errors,
    )


def slow_screening(monkeypatch: pytest.MonkeyPatch) -> None:
    """Screening that takes long enough for the worker to take the files to lint first."""

    def slow(task: pipeline.Task) -> pipeline.FileResult | None:
        time.sleep(0.01)
        return SCREENED(task)

    monkeypatch.setattr(pool, "_screened", slow)


def test_the_files_to_parse_found_before_screening_are_linted_by_the_worker(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """f03 is found in the first batch, which this process screens alone: the worker
    forked for screening lints it first (this process would lint it only once every
    file was screened); f23, found later, is linted here."""
    tasks = tree(tmp_path, 2)
    alone = outcome(tasks, jobs=1)
    linted_by = noted_linting(tmp_path, monkeypatch, worker_pause=0)
    assert outcome(tasks, jobs=2) == alone
    assert linted_by()["f23.js"] == str(os.getpid())
    assert linted_by()["f03.js"] != str(os.getpid())


def test_the_files_to_lint_the_worker_has_not_taken_are_linted_here_once_screened(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first four files have tools: the worker takes the first and lints it slowly,
    and this process, done with screening, lints the others."""
    tasks = tree(tmp_path, 2)
    for task in tasks[:3]:
        Path(task.file).write_text(TOOL)
    alone = outcome(tasks, jobs=1)
    # The worker's file takes long enough for this process to screen every batch.
    linted_by = noted_linting(tmp_path, monkeypatch, worker_pause=1)
    assert outcome(tasks, jobs=2) == alone
    names = [f"f0{n}.js" for n in range(4)]
    assert [name for name in names if linted_by()[name] != str(os.getpid())] == ["f00.js"]


def noted_linting(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, worker_pause: float
) -> Callable[[], dict[str, str]]:
    """Linting that notes which process lints each file (what the returned function
    reads back), pausing in the worker, and screening slow enough for the worker to
    take the files to lint first."""
    log = tmp_path / "linted-by"
    parent = os.getpid()
    lint = pool.lint_packed_task

    def noted(task: pipeline.Task) -> pipeline.FileResult:
        if os.getpid() != parent:
            time.sleep(worker_pause)
        with log.open("a") as out:
            out.write(f"{task.display} {os.getpid()}\n")
        return lint(task)

    monkeypatch.setattr(pool, "lint_packed_task", noted)
    slow_screening(monkeypatch)
    return lambda: dict(line.split() for line in log.read_text().splitlines())


@pytest.mark.parametrize("how", ["dies", "stalls"])
def test_a_worker_that_dies_or_stalls_in_a_file_it_lints_is_reported_there(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, how: str
) -> None:
    """As a pool's worker: the file is out of time (stalls) or not checked (dies), and
    every other file has its findings."""
    tasks = tree(tmp_path, 2)
    alone = outcome(tasks, jobs=1)
    monkeypatch.setattr(budget, "FLOOR_SECONDS", 0.3)
    monkeypatch.setattr(budget, "SECONDS_PER_BYTE", 0.0)
    monkeypatch.setattr(budget, "GRACE_SECONDS", 0.3)
    parent = os.getpid()
    lint = pool.lint_packed_task

    def fails(task: pipeline.Task) -> pipeline.FileResult:
        if os.getpid() != parent and task.display == "f03.js":
            if how == "dies":
                os._exit(9)
            time.sleep(3600)
        return lint(task)

    monkeypatch.setattr(pool, "lint_packed_task", fails)
    slow_screening(monkeypatch)
    started = time.monotonic()
    store = FindingStore()
    results = engine.run(list(tasks), jobs=2, store=store)
    assert time.monotonic() - started < 30
    [f03] = [r for r in results if r.path == "f03.js"]
    if how == "stalls":
        [found] = diagnostics_of(f03)
        assert found.rule == "source-timeout"
        assert "The process checking it was stopped." in found.message
    else:
        assert diagnostics_of(f03) == []
        assert "stopped unexpectedly" in f03.internal_errors[0]
    others = [(r.path, [d.rule for d in diagnostics_of(r)]) for r in results if r is not f03]
    assert others == [(path, rules) for path, _, rules in alone if path != "f03.js"]


def test_an_error_in_a_file_the_worker_lints_is_raised_here(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tasks = tree(tmp_path, 2)
    parent = os.getpid()
    lint = pool.lint_packed_task

    def fails(task: pipeline.Task) -> pipeline.FileResult:
        if os.getpid() != parent and task.display == "f03.js":
            raise ValueError("no f03.js")
        return lint(task)

    monkeypatch.setattr(pool, "lint_packed_task", fails)
    slow_screening(monkeypatch)
    with pytest.raises(ValueError, match=r"no f03\.js"):
        outcome(tasks, jobs=2)
