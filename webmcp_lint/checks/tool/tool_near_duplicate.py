"""Tools of one page whose names or descriptions are so close that an agent cannot tell
which to call.

Two tools are near duplicates when their names are the same words written differently
(the same letters and digits once case and separators are left out: `get_user`,
`getUser`, `get-user`), or when their descriptions share at least `similarity` percent
of their words (token Jaccard: the words both use over the words either uses, each word
lower-cased and singular, words of one meaning counted as one, at least four words
each) while their names do not tell them apart: they start with the same word, or with
words of one meaning (`list_orders`, `show_orders`), and share at least half of their
words, or one name holds every word of the other (`orders`, `recent_orders`). Tools
whose names start with words of other meanings (`add_item`, `remove_item`) are told
apart by the name however alike their descriptions.

Pairs are compared when their names have the same letters; or when their names start
alike and their descriptions share one of the rarest words on the page that each must
share to be alike enough (prefix filtering: a pair sharing `similarity` percent of its
words shares one of them); or when their descriptions share a rare word (one at most
`MAX_SHARED` descriptions of the page use): a page of a thousand tools is not compared
pair by pair.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from itertools import chain

from msgspec import Struct

from webmcp_lint.checks import PageContext, page_check
from webmcp_lint.checks._util import quoted
from webmcp_lint.checks._words import singular, words
from webmcp_lint.checks.page_tools import PageTool, ToolPage

MIN_DESCRIPTION_WORDS = 4
MIN_NAME_OVERLAP = 0.5
# A description word is rare on a page when at most this many descriptions use it; each
# tool is compared with the others through its RARE_WORDS rarest shared words.
MAX_SHARED = 8
RARE_WORDS = 3
SPELLING = "their names are the same words written differently"
DESCRIPTIONS = "their descriptions say almost the same and their names start alike"
SYNONYMS = "their descriptions say almost the same and their names start with words of one meaning"
PART = "their descriptions say almost the same and one name holds every word of the other"
BOTH = "their names or descriptions say almost the same"
# Words of one meaning in tool names and descriptions, each group counted as its first
# word. Only true synonyms: verbs of opposite or different effect (add, remove; show,
# hide; get, return: `return_order` starts a return) are never grouped.
SYNONYM_GROUPS = (
    ("get", "fetch", "retrieve", "read", "load", "list", "show", "display", "view"),
    ("search", "find", "lookup", "query"),
    ("delete", "remove", "erase"),
    ("update", "edit", "modify", "change"),
)
SYNONYM_OF = {word: group[0] for group in SYNONYM_GROUPS for word in group}


class Options(Struct, frozen=True):
    similarity: int


def _near_duplicates(why: str) -> str:
    """The message for tools that are near duplicates for the reason `why`."""
    return (
        "{{name}} and {{others}} {{where}} are near duplicates: "
        f"{why}, so an agent cannot tell which to call. Merge them into one tool, or make the "
        "names and descriptions say when to use each."
    )


MESSAGES = {
    "names-spelled-alike": _near_duplicates(SPELLING),
    "descriptions-alike": _near_duplicates(DESCRIPTIONS),
    "descriptions-alike-synonym-names": _near_duplicates(SYNONYMS),
    "descriptions-alike-name-within-name": _near_duplicates(PART),
    "names-or-descriptions-alike": _near_duplicates(BOTH),
}
# The message for each reason tools are near duplicates (BOTH: more reasons than one).
MESSAGE_OF_REASON = {
    SPELLING: "names-spelled-alike",
    DESCRIPTIONS: "descriptions-alike",
    SYNONYMS: "descriptions-alike-synonym-names",
    PART: "descriptions-alike-name-within-name",
    BOTH: "names-or-descriptions-alike",
}


class _Compared(Struct, frozen=True):
    """What the comparisons read of one tool, worked out once per page."""

    name: str
    letters: str  # its name without case and separators
    first: str | None  # its name's first word as written
    name_words: list[str]  # its name's words, each word of one meaning as its group's first
    name_set: frozenset[str]
    described: frozenset[str]  # its description's words (_description_words)


def _compared(tool: PageTool) -> _Compared:
    written = words(tool.name)
    name_words = _canonical_name(written)
    return _Compared(
        name=tool.name,
        letters=_letters(tool.name),
        first=written[0] if written else None,
        name_words=name_words,
        name_set=frozenset(name_words),
        described=_description_words(tool),
    )


@page_check(options=Options, messages=MESSAGES)
def tool_near_duplicate(page: ToolPage, ctx: PageContext) -> None:
    tools = page.tools
    options: Options = ctx.options
    threshold = options.similarity / 100
    compared = [_compared(tool) for tool in tools]
    # Groups of near duplicates, joined pair by pair; a group is named by its first tool.
    group_of = list(range(len(tools)))
    reasons: dict[int, set[str]] = {}

    def root(index: int) -> int:
        while group_of[index] != index:
            index = group_of[index]
        return index

    for i, j in _candidate_pairs(compared, options.similarity):
        a, b = compared[i], compared[j]
        if a.name == b.name:
            continue  # one name twice is tool-name-unique's finding
        if a.letters and a.letters == b.letters:
            reason: str | None = SPELLING
        else:
            reason = _near(a, b, threshold)
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
            MESSAGE_OF_REASON[why],
            related=[(tool, f"near duplicate {quoted(tool.name)}") for tool in others],
            name=quoted(head.name),
            others=listed,
            where=page.described,
        )


def _candidate_pairs(compared: list[_Compared], similarity: int) -> set[tuple[int, int]]:
    """The pairs that can be near duplicates: names with the same letters, or
    descriptions to compare with names that start with the same word (once words of one
    meaning are one word) and do not tell them apart, or that share a rare word (any
    other pair is told apart by its names or its descriptions). A page of a thousand
    tools is not compared pair by pair. In no order: the groups they make do not depend
    on it."""
    buckets: dict[tuple[str, ...], list[int]] = {}
    used = Counter(chain.from_iterable(tool.described for tool in compared))
    for index, tool in enumerate(compared):
        if tool.letters:
            buckets.setdefault(("letters", tool.letters), []).append(index)
        if len(tool.described) < MIN_DESCRIPTION_WORDS:
            continue  # only its spelling can make it a near duplicate
        # By how many descriptions use it, then by the word (a stable sort of the sorted
        # words: a key in C, not a function call per word).
        rarest = sorted(sorted(tool.described), key=used.__getitem__)
        if tool.name_words:
            # Names that start alike, and descriptions that share `similarity` percent of
            # their words: these share one of their rarest few words (prefix filtering),
            # so tools whose names all start with "get" are not compared pair by pair.
            least = -(-similarity * len(rarest) // 100)  # the fewest words shared
            for word in rarest[: len(rarest) - least + 1]:
                buckets.setdefault(("name", tool.name_words[0], word), []).append(index)
        shared = [word for word in rarest if 2 <= used[word] <= MAX_SHARED]
        for word in shared[:RARE_WORDS]:
            buckets.setdefault(("word", word), []).append(index)
    pairs: set[tuple[int, int]] = set()
    for key, members in buckets.items():
        if key[0] != "name":
            pairs.update(
                (first, second) for at, first in enumerate(members) for second in members[at + 1 :]
            )
            continue
        # Names that start alike tell their tools apart unless they share half their
        # words or one holds the other: decided once per two names, not per two tools.
        named: dict[frozenset[str], list[int]] = {}
        for index in members:
            named.setdefault(compared[index].name_set, []).append(index)
        groups = list(named.values())
        for at, other_at in _may_be_alike(list(named), key[1]):
            group, other = groups[at], groups[other_at]
            if other is group or _names_reason(compared[group[0]], compared[other[0]]):
                pairs.update((min(i, j), max(i, j)) for i in group for j in other if i != j)
    return pairs


def _may_be_alike(names: list[frozenset[str]], first: str) -> set[tuple[int, int]]:
    """The pairs of names (indexes, the lower first, and each name with itself) that
    start with `first` and may not tell their tools apart (`_names_reason`): two such
    names that share half their words, or one of which holds the other, share a word
    besides `first`, unless one of them is `first` alone. A page's names that start
    with one word are not compared pair by pair."""
    by_word: dict[str, list[int]] = {}
    for at, name in enumerate(names):
        for word in name:
            if word != first:
                by_word.setdefault(word, []).append(at)
    found = {(at, at) for at in range(len(names))}
    for same in by_word.values():
        found.update((a, b) for index, a in enumerate(same) for b in same[index + 1 :])
    for alone, name in enumerate(names):
        if len(name) == 1:
            found.update((min(alone, at), max(alone, at)) for at in range(len(names)))
    return found


def _near(a: _Compared, b: _Compared, threshold: float) -> str | None:
    """Why two tools whose names are not spelled alike are near duplicates: their
    descriptions share at least `threshold` of their words and their names do not tell
    them apart (`_names_reason`); None when their names or their descriptions do."""
    if len(a.described) < MIN_DESCRIPTION_WORDS or len(b.described) < MIN_DESCRIPTION_WORDS:
        return None
    reason = _names_reason(a, b)
    if reason is None:
        return None
    return reason if _share(a.described, b.described) >= threshold else None


def _names_reason(a: _Compared, b: _Compared) -> str | None:
    """Why two names (words of one meaning as one) do not tell their tools apart: they
    start alike and share half their words (DESCRIPTIONS, or SYNONYMS when the first
    words are written differently), or one holds every word of the other (PART)."""
    if not a.name_words or not b.name_words:
        return None
    if a.name_words[0] == b.name_words[0] and _share(a.name_set, b.name_set) >= MIN_NAME_OVERLAP:
        return DESCRIPTIONS if a.first == b.first else SYNONYMS
    if a.name_set <= b.name_set or b.name_set <= a.name_set:
        return PART
    return None


def _canonical_name(name: list[str]) -> list[str]:
    """A name's words with each word of a synonym group as the group's first word:
    `show_orders` is get, orders (plural and singular stay apart in names)."""
    return [SYNONYM_OF.get(word, word) for word in name]


@functools.lru_cache(maxsize=4096)  # a page's descriptions use few words, many times
def _canonical(word: str) -> str:
    """A description's word, singular, as its synonym group's first word: "Lists",
    "Shows" and "fetches" are all get."""
    for form in (word, singular(word), _base_form(word)):
        found = SYNONYM_OF.get(form)
        if found is not None:
            return found
    return singular(word)


def _base_form(verb: str) -> str:
    """ "fetches" gives fetch, "queries" query."""
    if verb.endswith(("ches", "shes", "sses")):
        return verb[:-2]
    if verb.endswith("ies") and len(verb) > 4:
        return verb[:-3] + "y"
    return verb


def _letters(name: str) -> str:
    """A name without case and separators: `get_user`, `getUser`, `Get-User` are alike."""
    return re.sub(r"[^0-9a-z]", "", name.lower())


def _description_words(tool: PageTool) -> frozenset[str]:
    return frozenset(map(_canonical, words(tool.description or "")))


def _share(a: frozenset[str], b: frozenset[str]) -> float:
    """Token Jaccard: the words both use over the words either uses."""
    both = len(a & b)
    either = len(a) + len(b) - both
    return both / either if either else 0.0
