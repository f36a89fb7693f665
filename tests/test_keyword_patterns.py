"""A `KeywordPattern` answers "no match" from its words alone only where the pattern
could not match: every match holds one word of each group of `needs`.

Every keyword pattern of the package (found by walking the modules, so a new one is
covered) is held to its words on texts made to match it and on any text.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.helpers import package_values
from webmcp_lint import AnyWord, KeywordBytesPattern, KeywordPattern, KeywordPatterns

PATTERNS = {
    where: value
    for where, value in package_values()
    if isinstance(value, (KeywordPattern, KeywordBytesPattern))
}
ASCII = st.characters(codec="ascii")


def texts(pattern: KeywordPattern | KeywordBytesPattern) -> st.SearchStrategy[Any]:
    """Any text the pattern takes: strings, or bytes (a file's, before decoding)."""
    return st.text() if isinstance(pattern, KeywordPattern) else st.binary()


def test_the_walk_finds_the_patterns() -> None:
    assert len(PATTERNS) >= 39
    assert any(isinstance(pattern, KeywordBytesPattern) for pattern in PATTERNS.values())


@pytest.mark.parametrize("where", sorted(PATTERNS))
@settings(max_examples=60)
@given(data=st.data())
def test_every_match_of_ascii_text_holds_the_words(where: str, data: st.DataObject) -> None:
    pattern = PATTERNS[where]
    if isinstance(pattern, KeywordPattern):
        text = data.draw(st.from_regex(pattern.compiled, alphabet=ASCII))
    else:  # made as text, with bytes' classes (hypothesis fails on some bytes patterns)
        as_text = re.compile(pattern.pattern.decode("ascii"), pattern.flags | re.ASCII)
        text = data.draw(st.from_regex(as_text, alphabet=ASCII)).encode("ascii")
    assert pattern.compiled.search(text) is not None
    assert pattern.may_match(text), text


@pytest.mark.parametrize("where", sorted(PATTERNS))
@given(data=st.data())
def test_search_is_the_patterns_search(where: str, data: st.DataObject) -> None:
    pattern = PATTERNS[where]
    text = data.draw(texts(pattern))
    found, expected = pattern.search(text), pattern.compiled.search(text)
    assert (found and found.span()) == (expected and expected.span())
    start, end = len(text) // 3, len(text) // 2  # between two places too
    found, expected = pattern.search(text, start, end), pattern.compiled.search(text, start, end)
    assert (found and found.span()) == (expected and expected.span())


@pytest.mark.parametrize("where", sorted(PATTERNS))
@given(data=st.data())
def test_match_is_the_patterns_match(where: str, data: st.DataObject) -> None:
    pattern = PATTERNS[where]
    text = data.draw(texts(pattern))
    found, expected = pattern.match(text), pattern.compiled.match(text)
    assert (found and found.span()) == (expected and expected.span())


@pytest.mark.parametrize("where", sorted(PATTERNS))
@given(data=st.data())
def test_sub_is_the_patterns_sub(where: str, data: st.DataObject) -> None:
    pattern = PATTERNS[where]
    text = data.draw(texts(pattern))
    assert pattern.sub(text[:0], text) == pattern.compiled.sub(text[:0], text)


@pytest.mark.parametrize("where", sorted(PATTERNS))
@given(data=st.data())
def test_finditer_is_the_patterns_finditer(where: str, data: st.DataObject) -> None:
    pattern = PATTERNS[where]
    text = data.draw(texts(pattern))
    found = [match.span() for match in pattern.finditer(text)]
    assert found == [match.span() for match in pattern.compiled.finditer(text)]


def test_a_text_without_the_words_is_not_searched() -> None:
    pattern = KeywordPattern(r"\bdisregard\s+rules\b", re.IGNORECASE, needs=("disregard",))
    assert pattern.search("Ignore rules") is None
    assert pattern._compiled is None  # neither compiled nor run
    assert pattern.search("Disregard RULES") is not None


def test_a_text_without_the_words_is_not_iterated() -> None:
    pattern = KeywordPattern(r"\bdisregard\s+rules\b", re.IGNORECASE, needs=("disregard",))
    assert list(pattern.finditer("Ignore rules, ignore rules")) == []
    assert pattern._compiled is None
    assert len(list(pattern.finditer("Disregard rules; disregard  rules"))) == 2


def test_other_text_goes_to_the_pattern_whose_case_folding_goes_past_ascii() -> None:
    # The long s (U+017F) matches `s` when case is ignored: a lower-cased text would not
    # hold the word.
    pattern = KeywordPattern(r"\bdisregard\b", re.IGNORECASE, needs=("disregard",))
    text = "di\u017fregard"
    assert "disregard" not in text.lower()
    assert pattern.search(text) is not None


GROUPS = {where: value for where, value in package_values() if isinstance(value, KeywordPatterns)}


def test_the_walk_finds_the_groups() -> None:
    assert len(GROUPS) >= 2


@pytest.mark.parametrize("where", sorted(GROUPS))
@settings(max_examples=30)
@given(data=st.data())
def test_a_group_may_match_wherever_one_of_its_patterns_may(
    where: str, data: st.DataObject
) -> None:
    group = GROUPS[where]
    pattern = data.draw(st.sampled_from(group.patterns))
    made = data.draw(st.from_regex(pattern.compiled, alphabet=ASCII))
    for text in (made, data.draw(st.text()), data.draw(st.text(alphabet=ASCII))):
        if any(p.may_match(text) for p in group.patterns):
            assert group.may_match(text), text


def test_a_group_rules_out_a_text_without_any_pattern_s_first_words() -> None:
    group = KeywordPatterns(
        [
            KeywordPattern(r"\bdisregard\s+rules\b", re.IGNORECASE, needs=("disregard", "rules")),
            KeywordPattern(r"\bAKIA\w+", needs=("AKIA",)),
        ]
    )
    assert not group.may_match("Lists the rules of akia")
    assert group.may_match("DISREGARD it")
    assert group.may_match("key AKIA1")
    assert group.may_match("di\u017fregard")  # not ASCII: the patterns decide
    unbounded = KeywordPatterns([*group.patterns, KeywordPattern(r"\d", needs=())])
    assert unbounded.may_match("Lists the rules of akia")


@given(
    words=st.lists(st.text(alphabet="ab|.*-<>", min_size=1, max_size=4), min_size=1, max_size=6),
    text=st.text(alphabet="ab|.*-<> x", max_size=30),
)
def test_any_word_answers_alike_before_and_after_its_pattern_is_compiled(
    words: list[str], text: str
) -> None:
    looping = AnyWord.of([tuple(words)])
    searching = AnyWord.of([tuple(words)])
    assert looping is not None and searching is not None
    searching._left = 0  # past the looped texts: the pattern answers
    expected = any(word in text for word in words)
    assert looping.found_in(text) is expected
    assert searching.found_in(text) is expected
