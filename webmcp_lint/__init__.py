"""webmcp-lint: a static linter for WebMCP tool definitions."""

from __future__ import annotations

import gc

# What the package imports lives to the end of the program: the collector is paused
# meanwhile (`kept` at the end), as for click and a command's modules in `cli`.
_collecting = gc.isenabled()
gc.disable()
import re  # noqa: E402
import sys  # noqa: E402
from collections.abc import Iterable, Iterator  # noqa: E402
from typing import Any, AnyStr, Generic  # noqa: E402

__version__ = "0.1.0"

DOCS_BASE_URL = "https://github.com/webmcp-lint/webmcp-lint/blob/main/rules/"
INFORMATION_URI = "https://github.com/webmcp-lint/webmcp-lint"


def rule_url(rule_id: str) -> str:
    return f"{DOCS_BASE_URL}{rule_id}.md"


def to_oldest_generation() -> None:
    """Every object the collector tracks moved to its oldest generation (`gc.freeze` and
    `unfreeze`), which young collections do not walk: for many objects made at once
    that live to the end of the run."""
    if not gc.get_freeze_count():  # what another froze stays frozen
        gc.freeze()
        gc.unfreeze()


def kept(collecting: bool) -> None:
    """What was made since the collector was paused goes to the oldest generation, and
    the collector runs again if it ran before (`collecting`)."""
    to_oldest_generation()
    if collecting:
        gc.enable()


class LazyPattern(Generic[AnyStr]):
    """A regular expression compiled when it is first used (`compiled`), for the
    package's patterns that a run often does not use: compiling every pattern at import
    was about a sixth of a pre-commit run's instructions, spent parsing pattern text."""

    __slots__ = ("_compiled", "flags", "pattern")

    def __init__(self, pattern: AnyStr, flags: int = 0) -> None:
        self.pattern: AnyStr = pattern
        self.flags: int = flags
        self._compiled: re.Pattern[AnyStr] | None = None

    @property
    def compiled(self) -> re.Pattern[AnyStr]:
        if self._compiled is None:
            self._compiled = re.compile(self.pattern, self.flags)
        return self._compiled


class _Keyworded(LazyPattern[AnyStr]):
    """A `LazyPattern` whose every match holds, for each group of `needs`, one of the
    group's words (separated by spaces; in lower case when the pattern ignores case):
    `search`, `match` and `finditer` find nothing (and `sub` replaces nothing), without
    compiling or running the pattern, in a text that lacks one (the whole text, for a
    search between `pos` and `endpos`). Only ASCII text is answered so: `re`'s case
    folding also matches the long s (U+017F) for `s` and the Kelvin sign for `k`.
    tests/test_keyword_patterns.py holds each pattern to its words."""

    __slots__ = ("ignores_case", "needs")

    def __init__(self, pattern: AnyStr, flags: int = 0, *, needs: tuple[str, ...]) -> None:
        LazyPattern.__init__(self, pattern, flags)  # (mypy misreads super() here)
        groups: Any = needs if isinstance(pattern, str) else [group.encode() for group in needs]
        self.needs: tuple[tuple[AnyStr, ...], ...] = tuple(tuple(group.split()) for group in groups)
        # Once: `&` on a `re.RegexFlag` runs enum code in Python.
        self.ignores_case = bool(flags & re.IGNORECASE)

    def may_match(self, text: AnyStr) -> bool:
        if not text.isascii():
            return True
        folded = text.lower() if self.ignores_case else text
        # Loops, not `all(any(...))`: two generators per call were most of its cost, and
        # the injection and secret checks ask it about 40 times for each tool's texts.
        for group in self.needs:
            for word in group:
                if word in folded:
                    break
            else:
                return False
        return True

    def search(
        self, text: AnyStr, pos: int = 0, endpos: int = sys.maxsize
    ) -> re.Match[AnyStr] | None:
        return self.compiled.search(text, pos, endpos) if self.may_match(text) else None

    def match(
        self, text: AnyStr, pos: int = 0, endpos: int = sys.maxsize
    ) -> re.Match[AnyStr] | None:
        return self.compiled.match(text, pos, endpos) if self.may_match(text) else None

    def finditer(
        self, text: AnyStr, pos: int = 0, endpos: int = sys.maxsize
    ) -> Iterator[re.Match[AnyStr]]:
        return self.compiled.finditer(text, pos, endpos) if self.may_match(text) else iter(())

    def sub(self, replacement: AnyStr, text: AnyStr) -> AnyStr:
        return self.compiled.sub(replacement, text) if self.may_match(text) else text


class KeywordPattern(_Keyworded[str]):
    """A `_Keyworded` pattern of text."""

    __slots__ = ()


class KeywordBytesPattern(_Keyworded[bytes]):
    """A `_Keyworded` pattern of bytes (a file's, searched before it is decoded)."""

    __slots__ = ()


class KeywordPatterns:
    """`KeywordPattern`s a check runs over each text: `may_match` says whether any of them
    may match, with one look for the words of each pattern's first group (two, one in
    the folded text, one in the text) rather than a call per pattern. A text holding none
    of those words fails every pattern's `may_match`; the injection and secret checks ask
    about 40 patterns for each text of a tool, and most texts hold none."""

    __slots__ = ("_exact", "_folded", "_unbounded", "patterns")

    def __init__(self, patterns: Iterable[KeywordPattern]) -> None:
        self.patterns = tuple(patterns)
        bounded = [p for p in self.patterns if p.needs]
        self._folded = AnyWord.of(p.needs[0] for p in bounded if p.ignores_case)
        self._exact = AnyWord.of(p.needs[0] for p in bounded if not p.ignores_case)
        self._unbounded = len(bounded) < len(self.patterns)  # one needs no word

    def may_match(self, text: str) -> bool:
        if self._unbounded or not text.isascii():
            return True
        folded, exact = self._folded, self._exact
        return (folded is not None and folded.found_in(text.lower())) or (
            exact is not None and exact.found_in(text)
        )


class AnyWord:
    """Whether a text holds one of `words`: a loop of `in` over the words for the first
    `LOOPED_TEXTS` texts, then one search of a pattern of them all. Compiling that pattern
    costs as much as looping over a few hundred short texts (2.8 million instructions for
    39 words), which a run of a few files does not reach."""

    LOOPED_TEXTS = 256

    __slots__ = ("_left", "_pattern", "words")

    def __init__(self, words: tuple[str, ...]) -> None:
        self.words = words
        self._pattern = LazyPattern("|".join(map(re.escape, words)))
        self._left = self.LOOPED_TEXTS

    @classmethod
    def of(cls, groups: Iterable[tuple[str, ...]]) -> AnyWord | None:
        words = tuple(sorted({word for group in groups for word in group}))
        return cls(words) if words else None

    def found_in(self, text: str) -> bool:
        if self._left:
            self._left -= 1
            # A loop, not `any(...)`, whose generator cost 1.5 M instructions on pre-commit.
            for word in self.words:  # noqa: SIM110
                if word in text:
                    return True
            return False
        return self._pattern.compiled.search(text) is not None


kept(_collecting)  # the package is imported
