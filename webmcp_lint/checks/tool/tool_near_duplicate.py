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

Pairs are compared when their names have the same letters or start alike, or when
their descriptions share a rare word (one at most `MAX_SHARED` descriptions of the page
use): a page of a thousand tools is not compared pair by pair.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

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
BY_DESCRIPTION = (DESCRIPTIONS, SYNONYMS, PART)
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


@dataclass(frozen=True)
class Options:
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


@page_check(options=Options, messages=MESSAGES)
def tool_near_duplicate(page: ToolPage, ctx: PageContext) -> None:
    tools = page.tools
    options: Options = ctx.options
    threshold = options.similarity / 100
    names = [_canonical_name(words(tool.name)) for tool in tools]
    letters = [_letters(tool.name) for tool in tools]
    described = [_description_words(tool) for tool in tools]
    # Groups of near duplicates, joined pair by pair; a group is named by its first tool.
    group_of = list(range(len(tools)))
    reasons: dict[int, set[str]] = {}

    def root(index: int) -> int:
        while group_of[index] != index:
            index = group_of[index]
        return index

    for i, j in _candidate_pairs(names, letters, described):
        if tools[i].name == tools[j].name:
            continue  # one name twice is tool-name-unique's finding
        if letters[i] and letters[i] == letters[j]:
            reason: str | None = SPELLING
        else:
            reason = _near(names[i], names[j], described[i], described[j])
            if reason == DESCRIPTIONS and words(tools[i].name)[0] != words(tools[j].name)[0]:
                reason = SYNONYMS
        if reason in BY_DESCRIPTION and _share(described[i], described[j]) < threshold:
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
            MESSAGE_OF_REASON[why],
            related=[(tool, f"near duplicate {quoted(tool.name)}") for tool in others],
            name=quoted(head.name),
            others=listed,
            where=page.described,
        )


def _candidate_pairs(
    names: list[list[str]], letters: list[str], described: list[frozenset[str]]
) -> list[tuple[int, int]]:
    """The pairs that can be near duplicates, in order: names with the same letters, or
    that start with the same word (once words of one meaning are one word), or
    descriptions that share a rare word (any other pair is told apart by its names or
    its descriptions). A page of a thousand tools is not compared pair by pair."""
    buckets: dict[tuple[str, str], list[int]] = {}
    for index, (name, spelled) in enumerate(zip(names, letters, strict=True)):
        if spelled:
            buckets.setdefault(("letters", spelled), []).append(index)
        if name:
            buckets.setdefault(("name", name[0]), []).append(index)
    used = Counter(word for words_of in described for word in words_of)
    for index, words_of in enumerate(described):
        if len(words_of) < MIN_DESCRIPTION_WORDS:
            continue
        shared = sorted(
            (word for word in words_of if 2 <= used[word] <= MAX_SHARED),
            key=lambda word: (used[word], word),
        )
        for word in shared[:RARE_WORDS]:
            buckets.setdefault(("word", word), []).append(index)
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
    """Why two tools' names do not tell them apart, when both have descriptions to
    compare (how alike those must be is checked by the caller): their names (words of
    one meaning as one) start alike and share half their words (DESCRIPTIONS), or one
    name holds every word of the other (PART); None when their names tell them apart."""
    if not a_name or not b_name:
        return None
    if len(a_described) < MIN_DESCRIPTION_WORDS or len(b_described) < MIN_DESCRIPTION_WORDS:
        return None
    a_words, b_words = frozenset(a_name), frozenset(b_name)
    if a_name[0] == b_name[0] and _share(a_words, b_words) >= MIN_NAME_OVERLAP:
        return DESCRIPTIONS
    if a_words <= b_words or b_words <= a_words:
        return PART
    return None


def _canonical_name(name: list[str]) -> list[str]:
    """A name's words with each word of a synonym group as the group's first word:
    `show_orders` is get, orders (plural and singular stay apart in names)."""
    return [SYNONYM_OF.get(word, word) for word in name]


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
    return frozenset(_canonical(word) for word in words(tool.description or ""))


def _share(a: frozenset[str], b: frozenset[str]) -> float:
    """Token Jaccard: the words both use over the words either uses."""
    either = a | b
    return len(a & b) / len(either) if either else 0.0
