"""Screening beside a worker process (`pool.Screener`): in a tree with few files to
parse, a forked worker reads files too, and the run's results are the ones one process
gives, whatever happens to the worker."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pytest

from webmcp_lint.config import settings_from_table
from webmcp_lint.run import engine, pipeline, pool
from webmcp_lint.run.findings import FindingStore, diagnostics_of
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
