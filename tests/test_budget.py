"""The per-file deadline (webmcp_lint.budget), in isolation."""

from __future__ import annotations

import concurrent.futures
import multiprocessing
import time
from pathlib import Path

import pytest

from webmcp_lint import budget
from webmcp_lint.extract import extract
from webmcp_lint.files import language_of
from webmcp_lint.model import SourceFile


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
