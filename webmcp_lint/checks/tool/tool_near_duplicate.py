"""Tools of one page whose names or descriptions are so close that an agent cannot tell
which to call.

Two tools are near duplicates when their names are the same words written differently
(the same letters and digits once case and separators are left out: `get_user`,
`getUser`, `get-user`), or when their descriptions share at least `similarity` percent
of their words (token Jaccard: the words both use over the words either uses, each word
lower-cased and singular, at least four words each) while their names start with the
same word and share at least half of their words. Tools whose names start differently
(`add_item`, `remove_item`) are told apart by the name however alike their descriptions.
"""

from __future__ import annotations

import re

from webmcp_lint.checks import PageContext, page_check
from webmcp_lint.checks._pages import PageTool, ToolPage
from webmcp_lint.checks._util import quoted
from webmcp_lint.checks._words import singular, words

MIN_DESCRIPTION_WORDS = 4
MIN_NAME_OVERLAP = 0.5
SPELLING = "their names are the same words written differently"
DESCRIPTIONS = "their descriptions say almost the same and their names start alike"
BOTH = "their names or descriptions say almost the same"


@page_check(similarity=80)
def tool_near_duplicate(page: ToolPage, ctx: PageContext) -> None:
    tools = page.tools
    threshold = int(ctx.options.get("similarity", 80)) / 100
    names = [words(tool.name) for tool in tools]
    letters = [_letters(tool.name) for tool in tools]
    described = [_description_words(tool) for tool in tools]
    # Groups of near duplicates, joined pair by pair; a group is named by its first tool.
    group_of = list(range(len(tools)))
    reasons: dict[int, set[str]] = {}

    def root(index: int) -> int:
        while group_of[index] != index:
            index = group_of[index]
        return index

    for i, j in _candidate_pairs(names, letters):
        if tools[i].name == tools[j].name:
            continue  # one name twice is tool-name-unique's finding
        if letters[i] and letters[i] == letters[j]:
            reason: str | None = SPELLING
        else:
            reason = _near(names[i], names[j], described[i], described[j])
        if reason == DESCRIPTIONS and _share(described[i], described[j]) < threshold:
            reason = None
        if reason is None:
            continue
        first, second = sorted((root(i), root(j)))
        if first != second:
            group_of[second] = first
            reasons.setdefault(first, set()).update(reasons.pop(second, set()))
        reasons.setdefault(first, set()).add(reason)
    groups: dict[int, list[PageTool]] = {}
    for index, tool in enumerate(tools):
        groups.setdefault(root(index), []).append(tool)
    for first, (head, *others) in groups.items():
        if not others:
            continue
        found = reasons[first]
        why = next(iter(found)) if len(found) == 1 else BOTH
        listed = ", ".join(quoted(t.name) for t in others)
        ctx.report(
            head,
            f"{quoted(head.name)} and {listed} {page.described} are near duplicates: "
            f"{why}, so an agent cannot tell which to call. Merge them into one tool, or "
            "make the names and descriptions say when to use each.",
            related=[(tool, f"near duplicate {quoted(tool.name)}") for tool in others],
        )


def _candidate_pairs(names: list[list[str]], letters: list[str]) -> list[tuple[int, int]]:
    """The pairs that can be near duplicates, in order: names with the same letters, or
    that start with the same word (any other pair is told apart by its names). A page
    of a thousand tools is not compared pair by pair."""
    buckets: dict[tuple[bool, str], list[int]] = {}
    for index, (name, spelled) in enumerate(zip(names, letters, strict=True)):
        if spelled:
            buckets.setdefault((True, spelled), []).append(index)
        if name:
            buckets.setdefault((False, name[0]), []).append(index)
    pairs = {
        (first, second)
        for members in buckets.values()
        for at, first in enumerate(members)
        for second in members[at + 1 :]
    }
    return sorted(pairs)


def _near(
    a_name: list[str],
    b_name: list[str],
    a_described: frozenset[str],
    b_described: frozenset[str],
) -> str | None:
    """DESCRIPTIONS when two tools' names start alike and both have descriptions to
    compare (how alike those must be is checked by the caller); None when their names
    tell them apart."""
    if not a_name or not b_name:
        return None
    if len(a_described) < MIN_DESCRIPTION_WORDS or len(b_described) < MIN_DESCRIPTION_WORDS:
        return None
    if a_name[0] != b_name[0] or _share(frozenset(a_name), frozenset(b_name)) < MIN_NAME_OVERLAP:
        return None
    return DESCRIPTIONS


def _letters(name: str) -> str:
    """A name without case and separators: `get_user`, `getUser`, `Get-User` are alike."""
    return re.sub(r"[^0-9a-z]", "", name.lower())


def _description_words(tool: PageTool) -> frozenset[str]:
    return frozenset(singular(word) for word in words(tool.description or ""))


def _share(a: frozenset[str], b: frozenset[str]) -> float:
    """Token Jaccard: the words both use over the words either uses."""
    either = a | b
    return len(a & b) / len(either) if either else 0.0
