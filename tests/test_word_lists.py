"""The word lists names and descriptions are read with: the annotation rules' own
(`webmcp_lint/checks/annotations/*.txt`) and those extracted facts need
(`webmcp_lint/extract/wordlists/*.txt`)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

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


@settings(max_examples=500)
@given(st.text(alphabet="aZbY1 _-.é\u212a", max_size=24))
def test_names_split_as_the_two_passes_split_them(name: str) -> None:
    """One pass finds where words start as a small letter or digit before a capital, then
    a run of capitals before a capitalised word, found one after the other, did."""
    spaced = re.sub(r"(?<=[A-Z])(?=[A-Z][a-z])", " ", re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", name))
    assert words(name) == [w.lower() for w in re.split(r"[^A-Za-z0-9]+", spaced) if w]


def test_words_of_names() -> None:
    assert words("getHTMLParserV2") == ["get", "html", "parser", "v2"]
    assert words("searchProducts") == ["search", "products"]
    assert words("get_order-status") == ["get", "order", "status"]


def test_a_letter_outside_ascii_separates_words_even_where_it_lowers_to_ascii() -> None:
    # The Kelvin sign lowers to "k": lowering the whole text before splitting would
    # keep it as a letter.
    assert words("\u212aelvinX") == ["elvin", "x"]
    assert words("t\u212a") == ["t"]
    assert words("getÉtat") == ["get", "tat"]
