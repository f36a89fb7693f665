"""The words of names and sentences, and word lists to read them with.

A word list is a `.txt` file: one lowercase word a line, `#` starts a comment. The lists
the extracted facts need live in `extract/wordlists/`; the rules' own lists live beside
the rules. Each is read once.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

WORD_LISTS = Path(__file__).with_name("wordlists")


@functools.cache
def read_word_list(path: Path) -> frozenset[str]:
    """The words of the word list file `path`."""
    with open(path, "rb") as file:  # bytes: a text file's decoder cost more than the words
        lines = file.read().decode("utf-8").splitlines()
    return frozenset(word for line in lines if (word := line.split("#", 1)[0].strip()))


def word_list(name: str) -> frozenset[str]:
    """The words of `extract/wordlists/<name>.txt`."""
    return read_word_list(WORD_LISTS / f"{name}.txt")


# Where a word starts inside a name: at a capital after a small letter or a digit
# (`search|Products`), and at the capital that starts a word after a run of capitals
# (`HTML|Parser`, as `([A-Z]+)([A-Z][a-z])` split it, but in linear time on a long run of
# capitals). One pass, without a template to expand: two took twice as long.
_WORD_START = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")
_SEPARATORS = re.compile(r"[^A-Za-z0-9]+")


def words(name: str) -> list[str]:
    """The words of an identifier or a sentence: `searchProducts`, `get_order-status`."""
    if name.isascii() and name.isalnum() and name.islower():
        return [name]  # one word (`search`, `t12`): nothing to split, nothing to cache
    return list(_words(name))


# A tool's name and description are split by several rules each.
@functools.lru_cache(maxsize=1024)
def _words(name: str) -> tuple[str, ...]:
    if name.isascii():
        lowered = name.lower()
        if name[1:] != lowered[1:]:  # the pattern needs a capital after the first character
            lowered = _WORD_START.sub(" ", name).lower()
        return tuple(filter(None, _SEPARATORS.split(lowered)))
    # Lowering a letter outside ASCII may give an ASCII one (the Kelvin sign gives `k`),
    # which has to stay a separator: each word is lowered once split.
    spaced = name if name == name.lower() else _WORD_START.sub(" ", name)
    return tuple(word.lower() for word in _SEPARATORS.split(spaced) if word)


def singular(word: str) -> str:
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith("s") and not word.endswith("ss") and len(word) > 3:
        return word[:-1]
    return word
