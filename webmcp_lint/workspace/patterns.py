"""Gitignore-style patterns (`exclude`, `test-files`, per-file-ignores), matched as git
matches them; pathspec is imported only for patterns that need it."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from webmcp_lint import LazyPattern

if TYPE_CHECKING:
    import pathspec

# A pattern with no slash but a last one names one part of a path, at any depth (with
# the last slash, a directory's part): `*` is any run of characters, `?` one (`**`, or only
# dots, are left to pathspec).
_PART_CHARACTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.*?-")


def names_a_part(pattern: str) -> bool:
    """Whether the pattern is made of `_PART_CHARACTERS` and, at most, a last slash.
    (Not a pattern: compiling one took more instructions than checking the default test
    files.)"""
    part = pattern.removesuffix("/")
    return part != "" and _PART_CHARACTERS.issuperset(part)


def gitignore_spec(patterns: Iterable[str]) -> pathspec.PathSpec[Any]:
    import pathspec

    return pathspec.GitIgnoreSpec.from_lines(patterns)


def part_patterns(patterns: Iterable[str]) -> str | None:
    """The patterns as the text of one regular expression searched in a relative path,
    when every one names one part of it (as the default test files do), else None."""
    alternatives = []
    for pattern in patterns:
        if not names_a_part(pattern) or "**" in pattern or not pattern.strip("./"):
            return None
        glob = "".join(
            "[^/]*" if c == "*" else "[^/]" if c == "?" else re.escape(c)
            for c in pattern.rstrip("/")
        )
        alternatives.append(f"(?:^|/){glob}" + ("/" if pattern.endswith("/") else "(?:/|$)"))
    return "|".join(alternatives) if alternatives else None


@functools.cache
def file_matcher(patterns: tuple[str, ...]) -> Callable[[str], bool]:
    """Whether a file's path, relative to the patterns' directory, matches: without
    pathspec when every pattern names one part (importing pathspec costs more than a
    pre-commit run's matching)."""
    alternatives = part_patterns(patterns)
    if alternatives is None:
        return gitignore_spec(patterns).match_file
    regex = LazyPattern(alternatives)
    # A path a pattern matches holds the pattern's longest run of literal characters
    # (`.test.` of `*.test.*`, `tests/` of `tests/`): the regex, whose compiling was 3 M
    # instructions of a pre-commit run, is compiled once a path holds one.
    runs = tuple(max(pattern.replace("?", "*").split("*"), key=len) for pattern in patterns)
    return lambda relative: (
        any(run in relative for run in runs) and regex.compiled.search(relative) is not None
    )
