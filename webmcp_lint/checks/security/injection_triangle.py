"""A tool returns content written by other people without `untrustedContentHint`, on the
same page as tools that commit things (buy, pay, send, delete): text injected into that
content can make the agent call them.

Of the tools untrusted-content-hint flags, only those whose name names content others
write count (`others-content-words.txt`): a fetch from another origin, or the user's own
notes and tickets, are left to that rule.

It replaces untrusted-content-hint's finding on the same tool: one root cause (the
missing hint), made worse by what else the page offers.
"""

from __future__ import annotations

from webmcp_lint.checks import PageContext, page_check
from webmcp_lint.checks._util import quoted
from webmcp_lint.checks._words import singular, word_list, words
from webmcp_lint.checks.page_tools import PageTool, ToolPage

MAX_LISTED = 3  # consequential tools a message names; every one is a related location
OTHERS_WRITE = word_list("others-content-words")
OWN = frozenset({"my", "own", "mine"})  # `list_my_messages`: the user's own


_BESIDE = (
    "{{name}} {{untrusted}}, without `untrustedContentHint: true`, {{where}} with tools that "
    "act for the user ({{tools}}"
)
_HIDDEN = (
    "): instructions hidden in that content can make the agent call them. Add "
    "`untrustedContentHint: true` so agents keep the content apart from their instructions."
)
MESSAGES = {
    "untrusted-content-beside-actions": _BESIDE + _HIDDEN,
    "untrusted-content-beside-many-actions": _BESIDE + " and {{more}} more" + _HIDDEN,
}


@page_check(replaces=("untrusted-content-hint",), messages=MESSAGES)
def injection_triangle(page: ToolPage, ctx: PageContext) -> None:
    consequential: dict[str, PageTool] = {}  # the first tool of each name
    for tool in page.tools:
        if tool.consequential:
            consequential.setdefault(tool.name, tool)
    for tool in page.tools:
        if tool.untrusted is None or not _written_by_others(tool):
            continue
        acting = [other for name, other in consequential.items() if name != tool.name]
        if not acting:
            continue
        listed = ", ".join(quoted(other.name) for other in acting[:MAX_LISTED])
        related = [(other, f"{quoted(other.name)} {other.consequential}") for other in acting]
        name, where = quoted(tool.name), page.described
        if len(acting) > MAX_LISTED:
            more = len(acting) - MAX_LISTED
            ctx.report(
                tool,
                "untrusted-content-beside-many-actions",
                related=related,
                name=name,
                untrusted=tool.untrusted,
                where=where,
                tools=listed,
                more=more,
            )
        else:
            ctx.report(
                tool,
                "untrusted-content-beside-actions",
                related=related,
                name=name,
                untrusted=tool.untrusted,
                where=where,
                tools=listed,
            )


def _written_by_others(tool: PageTool) -> bool:
    """The tool's name names content other people write (reviews, comments, messages),
    not the user's own (`list_my_messages`)."""
    named = {singular(word) for word in words(tool.name)}
    return not named & OWN and bool(named & OTHERS_WRITE)
