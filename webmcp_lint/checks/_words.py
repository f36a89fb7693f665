"""The word lists the annotation rules read names and descriptions with.

A word list is `checks/annotations/<name>.txt`: one lowercase word a line, `#` starts a
comment. Splitting names into words is shared with extraction (`extract/words.py`).
"""

from __future__ import annotations

from pathlib import Path

from webmcp_lint.extract.words import read_word_list, singular, words

__all__ = ["WORD_LISTS", "singular", "word_list", "words"]

WORD_LISTS = Path(__file__).with_name("annotations")


def word_list(name: str) -> frozenset[str]:
    """The words of `checks/annotations/<name>.txt`."""
    return read_word_list(WORD_LISTS / f"{name}.txt")
