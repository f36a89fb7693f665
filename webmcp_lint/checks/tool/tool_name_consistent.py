"""The tool names of one project mix styles: `snake_case` beside `camelCase` beside
`kebab-case`, or verb-first names (`add_to_cart`) beside noun-first ones (`cart_add`).

One finding per project and aspect (how words are joined; which word comes first), on the
first name that departs from the style most names follow, with the other departing names
as related locations. A name of one word has no style; a project whose styles are equally
common has no majority to name and is left alone.
"""

from __future__ import annotations

from collections import Counter

from webmcp_lint.checks import PageContext, page_check
from webmcp_lint.checks._hints import CONSEQUENTIAL_VERBS, READ_VERBS
from webmcp_lint.checks._util import quoted
from webmcp_lint.checks._words import word_list, words
from webmcp_lint.checks.page_tools import PageTool, ToolPage

VERBS = (
    READ_VERBS
    | CONSEQUENTIAL_VERBS
    | word_list("committing-verbs")
    | word_list("action-verbs")
    | {verb for verb in word_list("view-verbs") if not verb.endswith("s")}
)
# Words that are verbs and nouns alike: `order_status` may start with either.
EITHER = word_list("ambiguous-verbs") | {"check", "lookup", "preview", "view", "log", "sign"}
VERB_FIRST = "verb-first"
NOUN_FIRST = "noun-first"
# A name departs from the style most names follow ({{style}} and {{majority}} are what
# `_case_style` or `_word_order` say).
_DEPARTS = (
    "{{name}} is {{style}}, but {{count}} of the {{total}} tool names {{where}} are "
    "{{majority}}: agents find and call tools more reliably when their names follow one "
    "pattern. "
)
MESSAGES = {
    "mixed-case-styles": _DEPARTS + "Write it in {{majority}} like the others.",
    "starts-with-noun": _DEPARTS + "Start it with its verb like the others (`add_to_cart`).",
    "starts-with-verb": _DEPARTS + "Start it with its noun like the others (`cart_add`).",
}


@page_check(group="project", messages=MESSAGES)
def tool_name_consistent(page: ToolPage, ctx: PageContext) -> None:
    tools = _distinct(page.tools)
    _report(page, ctx, [(tool, _case_style(tool.name)) for tool in tools])
    _report(page, ctx, [(tool, _word_order(tool.name)) for tool in tools])


def _report(page: ToolPage, ctx: PageContext, styled: list[tuple[PageTool, str | None]]) -> None:
    counts = Counter(style for _, style in styled if style is not None)
    if len(counts) < 2:
        return
    (majority, most), (_, next_most) = counts.most_common(2)
    if most == next_most:
        return
    departing = [(tool, style) for tool, style in styled if style is not None and style != majority]
    (head, head_style), *others = departing
    if majority == VERB_FIRST:
        message_id = "starts-with-noun"
    elif majority == NOUN_FIRST:
        message_id = "starts-with-verb"
    else:
        message_id = "mixed-case-styles"
    ctx.report(
        head,
        message_id,
        related=[(tool, f"also {style}: {quoted(tool.name)}") for tool, style in others],
        name=quoted(head.name),
        style=head_style,
        count=most,
        total=sum(counts.values()),
        where=page.described,
        majority=majority,
    )


def _distinct(tools: tuple[PageTool, ...]) -> list[PageTool]:
    """One tool a name: a name registered in two places is one name."""
    seen: set[str] = set()
    kept = []
    for tool in tools:
        if tool.name not in seen:
            seen.add(tool.name)
            kept.append(tool)
    return kept


def _case_style(name: str) -> str | None:
    """How a name joins its words (ASCII letters and digits, starting with a letter);
    None for one word or a mix."""
    if not name.isascii() or not name[:1].isalpha():
        return None
    lower, upper = name == name.lower(), name == name.upper()
    if _joined(name, "_"):
        return "snake_case" if lower else "SCREAMING_SNAKE_CASE" if upper else None
    if _joined(name, "-"):
        return "kebab-case" if lower else None
    if _joined(name, "."):
        return "dot.case" if lower else None
    if not name.isalnum() or lower or upper:
        return None
    if name[0].islower():
        return "camelCase"
    if not name[1].isupper() and any(c.isupper() for c in name[2:]):
        return "PascalCase"
    return None


def _joined(name: str, separator: str) -> bool:
    """Words of letters and digits joined by `separator` (at least two)."""
    parts = name.split(separator)
    return len(parts) > 1 and all(part.isalnum() for part in parts)


def _word_order(name: str) -> str | None:
    """verb-first (`add_to_cart`), noun-first (`cart_add`), or None (one word; a first
    word that can be either; no verb at either end)."""
    name_words = words(name)
    if len(name_words) < 2 or name_words[0] in EITHER:
        return None
    if name_words[0] in VERBS:
        return VERB_FIRST
    if name_words[-1] in VERBS and name_words[-1] not in EITHER:
        return NOUN_FIRST
    return None
