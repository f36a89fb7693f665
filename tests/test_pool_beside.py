"""A few files linted by this process beside one worker (`pool.run_each` between
BESIDE_THRESHOLD and PARALLEL_THRESHOLD files): the results one process gives, in the
order of the tasks, and a worker that never checks its deadline is still stopped."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pytest

from webmcp_lint.config import settings_from_table
from webmcp_lint.run import pipeline, pool
from webmcp_lint.workspace import budget

pytestmark = [
    pytest.mark.skipif(
        sys.platform != "linux", reason="the test hands workers a patched function by fork"
    ),
    pytest.mark.timeout(60),
]

TOOL = 'document.modelContext.registerTool({ name: "bad name %d", description: "d" });\n'
LINT = pool.lint_batch_task


def tasks(root: Path) -> list[pipeline.Task]:
    settings = settings_from_table({"select": ["ALL"]}, root / "x.toml")
    count = pool.BESIDE_THRESHOLD + 2
    assert count < pool.PARALLEL_THRESHOLD
    return [
        pipeline.Task(root / f"f{n:02}.js", f"f{n:02}.js", settings, data=(TOOL % n).encode())
        for n in range(count)
    ]


def findings(results: list[pipeline.FileResult]) -> list[tuple[str, list[str]]]:
    return [(r.path, [f"{d.rule} {d.message}" for d in r.diagnostics]) for r in results]


def test_this_process_and_a_worker_give_what_one_process_gives(tmp_path: Path) -> None:
    log = tmp_path / "linted-by"

    def noted(task: pipeline.Task) -> pipeline.FileResult:
        with log.open("a") as out:
            out.write(f"{os.getpid()}\n")
        return LINT(task)

    alone = pool.run_each(LINT, tasks(tmp_path), 1, pipeline.stopped_result)
    both = pool.run_each(noted, tasks(tmp_path), 2, pipeline.stopped_result)
    assert findings(both) == findings(alone)
    assert [r.path for r in both] == [t.display for t in tasks(tmp_path)]
    assert len(set(log.read_text().split())) == 2


def test_a_worker_past_its_budget_is_stopped_beside_this_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(budget, "FLOOR_SECONDS", 0.3)
    monkeypatch.setattr(budget, "SECONDS_PER_BYTE", 0.0)
    monkeypatch.setattr(budget, "GRACE_SECONDS", 0.3)
    parent = os.getpid()

    def stuck(task: pipeline.Task) -> pipeline.FileResult:
        if os.getpid() != parent and task.display == "f01.js":  # the worker's first
            time.sleep(3600)
        return LINT(task)

    started = time.monotonic()
    results = pool.run_each(stuck, tasks(tmp_path), 2, pipeline.stopped_result)
    assert time.monotonic() - started < 30
    [found] = results[1].diagnostics
    assert found.rule == "source-timeout"
    assert "The process checking it was stopped." in found.message
    alone = pool.run_each(LINT, tasks(tmp_path), 1, pipeline.stopped_result)
    assert findings(results[:1] + results[2:]) == findings(alone[:1] + alone[2:])


def test_a_worker_error_is_raised_here(tmp_path: Path) -> None:
    parent = os.getpid()

    def fails(task: pipeline.Task) -> pipeline.FileResult:
        if os.getpid() != parent:
            raise ValueError(f"no {task.display}")
        return LINT(task)

    with pytest.raises(ValueError, match=r"no f\d\d\.js"):
        pool.run_each(fails, tasks(tmp_path), 2, pipeline.stopped_result)
