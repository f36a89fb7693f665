"""Every crash and hang the fuzzers found (fuzz/crashers/), replayed through the fuzz
target: it must now pass every check of fuzz/target.py, in bounded time."""

from __future__ import annotations

from pathlib import Path

import pytest

from fuzz.target import lint_bytes, split_input

CRASHERS = sorted((Path(__file__).parent.parent / "fuzz" / "crashers").iterdir())


def test_there_are_crashers_to_replay() -> None:
    assert any(path.name.startswith("timeout-") for path in CRASHERS)


@pytest.mark.timeout(120)
@pytest.mark.parametrize("path", CRASHERS, ids=lambda path: path.name)
def test_crasher_is_fixed(path: Path) -> None:
    lint_bytes(*split_input(path.read_bytes()))
