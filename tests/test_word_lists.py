"""The word lists names and descriptions are read with: the annotation rules' own
(`webmcp_lint/checks/annotations/*.txt`) and those extracted facts need
(`webmcp_lint/extract/wordlists/*.txt`)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.helpers import REPO
from webmcp_lint.checks._words import WORD_LISTS
from webmcp_lint.extract.words import WORD_LISTS as FACT_WORD_LISTS
from webmcp_lint.extract.words import read_word_list, words

LISTS = sorted([*WORD_LISTS.glob("*.txt"), *FACT_WORD_LISTS.glob("*.txt")])


def test_there_are_word_lists() -> None:
    assert len(LISTS) >= 10
    assert (FACT_WORD_LISTS / "mutating-words.txt") in LISTS


@pytest.mark.parametrize("path", LISTS, ids=lambda p: p.stem)
def test_a_list_holds_words_as_the_rules_split_them_once_each(path: Path) -> None:
    """Names and descriptions are split into lowercase words (`words()`): an entry with a
    capital, a space or a hyphen could never match."""
    entries = [
        line.split("#", 1)[0].strip()
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.split("#", 1)[0].strip()
    ]
    assert entries, f"{path.name} is empty"
    assert [e for e in entries if words(e) != [e]] == []
    assert len(entries) == len(set(entries)), f"{path.name} repeats a word"
    assert read_word_list(path) == frozenset(entries)


def test_every_list_is_read_by_the_code() -> None:
    source = "\n".join(p.read_text(encoding="utf-8") for p in (REPO / "webmcp_lint").rglob("*.py"))
    read = set(re.findall(r'word_list\("([a-z-]+)"\)', source))
    assert {p.stem for p in LISTS} == read
