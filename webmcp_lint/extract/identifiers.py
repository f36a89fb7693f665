"""Where names are in the bytes: the one rule for where a name begins and ends, and one
index of every word's positions.

A word is a run of `[A-Za-z0-9_$]`; a private name is `#` and a word (`#ac`). A name
occurs where its bytes stand with neither a word byte nor `#` right before (`#ac` and
`$ac` are other names than `ac`) and no word byte right after. Bytes outside ASCII are
not word bytes: the tree decides what an occurrence is (`descendant_for_byte_range`),
and a word inside a string or a comment resolves to a string or comment node, never to
code.

Text searches are `bytes.find` with these checks (no pattern is compiled per name).
Once they have read the text a few times over (`INDEX_AFTER_READS`: rules that follow
many names), each name asked is found in the whole text at once, in one search of a copy
with a space for every other byte, and kept; once such searches have read the text many
times over (`INDEX_AFTER_SEARCHES`: a bundle's thousands of names), one index of every
word's positions, as machine integers, replaces them.
"""

from __future__ import annotations

import bisect
from array import array
from collections.abc import Sequence

from webmcp_lint import LazyPattern

_WORD_CHARACTERS = b"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_$"
WORD_BYTES = frozenset(_WORD_CHARACTERS)
# A word starting with a digit is a number (`0`, `1e3`, `0x1f`), never a name.
_NAME_STARTS = WORD_BYTES - frozenset(b"0123456789")
_BEFORE = WORD_BYTES | {ord("#")}
# Every byte but the word bytes made a space, built in C calls (`--version` imports this).
_OTHER_BYTES = bytes(range(256)).translate(None, _WORD_CHARACTERS)
_SPACED_WORDS = bytes.maketrans(_OTHER_BYTES, b" " * len(_OTHER_BYTES))
_BETWEEN_NAMES = LazyPattern(rb"(?<![\w$#])(?![\w$])")  # where an empty name "occurs"
INDEX_AFTER_READS = 4
# A search of the spaced copy reads 1 to 3 ns a byte, the index takes about 95 ns a byte
# to build: searches, until about as many have been made as the index would cost (a
# small file's rules ask for 20 to 40 names), or they have read this many bytes in all.
INDEX_AFTER_SEARCHES = 64
INDEX_AFTER_SEARCHED_BYTES = 1 << 22


def is_name(word: bytes) -> bool:
    """Whether `word` is a name (`ac`, `$el`, `#ac`) this module can find."""
    bare = word[1:] if word.startswith(b"#") else word
    return bool(bare) and bare[0] in _NAME_STARTS and not bare.translate(None, _WORD_CHARACTERS)


def occurrences(text: bytes, word: bytes, start: int, end: int) -> list[int]:
    """Where name `word` occurs between `start` and `end` (a name may end at `end`)."""
    if not word:
        return [m.start() for m in _BETWEEN_NAMES.compiled.finditer(text, start, end)]
    found = []
    size = len(word)
    private = word[0] == ord("#")
    at = text.find(word, start, end)
    while at != -1:
        after = at + size
        before_ok = at == 0 or text[at - 1] not in (WORD_BYTES if private else _BEFORE)
        if before_ok and (after >= end or text[after] not in WORD_BYTES):
            found.append(at)
            at = text.find(word, after, end)
        else:
            at = text.find(word, at + 1, end)
    return found


class WordIndex:
    """The occurrences of names in one text, searched or looked up in an index."""

    def __init__(self, text: bytes) -> None:
        self.text = text
        self._scanned = 0
        self._index: dict[bytes, array[int] | int] | None = None
        # Between the two: the text with spaces for every other byte (and one at each
        # end), and the positions of each word searched in it.
        self._spaced: bytes | None = None
        self._searched: dict[bytes, array[int]] = {}

    @property
    def indexed(self) -> bool:
        return self._spaced is not None or self._index is not None

    def find(self, word: bytes, start: int, end: int) -> Sequence[int]:
        """Where name `word` occurs between `start` and `end`, in order."""
        if not is_name(word) or not self._once_read():
            self._scanned += end - start
            return occurrences(self.text, word, start, end)
        text = self.text
        if word.startswith(b"#"):
            bare = self._every(word[1:])
            return [
                at - 1
                for at in bare[
                    bisect.bisect_left(bare, start + 1) : bisect.bisect_left(bare, end + 1)
                ]
                if text[at - 1] == ord("#")
            ]
        every = self._every(word)
        window = every[bisect.bisect_left(every, start) : bisect.bisect_left(every, end)]
        return [at for at in window if at == 0 or text[at - 1] != ord("#")]

    def positions(self, word: bytes) -> Sequence[int] | None:
        """Every position of name `word` (`is_name`) in the text (`#` before it or not),
        once the text has been read `INDEX_AFTER_READS` times over; None before."""
        return self._every(word) if self._once_read() else None

    def _once_read(self) -> bool:
        if self._spaced is None and self._index is None:
            if self._scanned <= INDEX_AFTER_READS * len(self.text):
                return False
            if len(self.text) > INDEX_AFTER_SEARCHED_BYTES:
                self._index = self._indexed()  # no search of so long a text would pay
            else:
                self._spaced = b" " + self.text.translate(_SPACED_WORDS) + b" "
        return True

    def _every(self, word: bytes) -> Sequence[int]:
        """Every position of name `word` (`#` before it or not), past `_once_read`."""
        if self._index is not None:
            return _positions(self._index, word)
        found = self._searched.get(word)
        if found is not None:
            return found
        searches = len(self._searched) + 1
        if (
            searches > INDEX_AFTER_SEARCHES
            or searches * len(self.text) > INDEX_AFTER_SEARCHED_BYTES
        ):
            self._spaced, self._searched = None, {}  # gone before the index is built
            self._index = self._indexed()
            return _positions(self._index, word)
        found = self._searched[word] = array("q")
        spaced = self._spaced
        assert spaced is not None
        # In the spaced copy, a word stands between spaces: the space before it is at the
        # position the word has in the text.
        padded = b" " + word + b" "
        size = len(word) + 1
        at = spaced.find(padded)
        while at != -1:
            found.append(at)
            at = spaced.find(padded, at + size)
        return found

    def _indexed(self) -> dict[bytes, array[int] | int]:
        # Positions as machine integers: a Python int each took 72 MB on a 10 MB bundle.
        # Each file of a dense tree builds one: its loop is kept lean (`get` and `find`
        # bound). The words are split from a copy with spaces for every other byte, with
        # no match object per word: a word starts at the first `find` of it from the end
        # of the one before, since only spaces lie between them.
        # A word seen once keeps its position alone, an int, not an array (most of a
        # file of many tools' words: each tool's name and numbers). Numbers are left
        # out: no name is looked up in the index (`is_name`).
        index: dict[bytes, array[int] | int] = {}
        known = index.get
        spaced = self.text.translate(_SPACED_WORDS)
        find = spaced.find
        at = 0
        for word in spaced.split():
            at = find(word, at)
            if word[0] not in _NAME_STARTS:
                at += len(word)
                continue
            positions = known(word)
            if positions is None:
                index[word] = at
            elif type(positions) is int:
                index[word] = array("q", (positions, at))
            else:
                positions.append(at)  # type: ignore[union-attr]
            at += len(word)
        return index

    def read(self, size: int) -> None:
        """Count `size` bytes read by a search made elsewhere."""
        self._scanned += size


def _positions(index: dict[bytes, array[int] | int], word: bytes) -> Sequence[int]:
    """The positions of `word` in a word index, in order."""
    found = index.get(word, ())
    return (found,) if type(found) is int else found  # type: ignore[return-value]
