"""`_schema_text.word_spans` finds a word where the regular expression it stands for
finds it (it compiles none for ASCII text): held to `re` on texts of the characters
where the two could differ (case, word characters, hyphens, letters that fold to ASCII)."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from webmcp_lint.checks._schema_text import word_spans

TEXT = st.text(alphabet="aAbB-_ 1.'`é\u0130\u017f\u212a", max_size=14)
WORD = st.text(alphabet="aAbB-_é", max_size=3)


@given(TEXT, WORD)
def test_word_spans_agree_with_the_regular_expression(text: str, word: str) -> None:
    expected = [m.span() for m in re.finditer(rf"(?<![\w-]){re.escape(word)}(?![\w-])", text, re.I)]
    assert list(word_spans(text, word)) == expected


def test_word_spans_of_a_word_in_ascii_text() -> None:
    text = "Pass the Query, not query-string nor subquery; QUERY."
    assert list(word_spans(text, "query")) == [(9, 14), (47, 52)]
