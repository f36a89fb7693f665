"""A description that mostly says what the tool does not do."""

from __future__ import annotations

import re

from webmcp_lint import KeywordPattern, LazyPattern
from webmcp_lint.checks import Context, check
from webmcp_lint.checks._metadata import sentences, shorten, text_span
from webmcp_lint.checks._util import head_span
from webmcp_lint.model import FileModel

# Every match holds a negation (ASCII text only: see `KeywordPattern`): "Cancels ..."
# starts as "can" and "cannot" do, but holds none, and compiles no pattern.
_NEGATIVE_SENTENCE = KeywordPattern(
    r"^(?:please\s+)?(?:"
    r"(?:do\s+not|don'?t|never|avoid)\b"
    r"|not\s+(?:for|to\s+be|intended|meant|suitable|used)\b"
    r"|(?:this\s+(?:tool|function)|it)\s+(?:does\s+not|doesn'?t|cannot|can'?t|can\s+not|will\s+not"
    r"|won'?t|should\s+not|shouldn'?t|must\s+not|is\s+not|isn'?t|never)\b"
    r"|(?:does\s+not|doesn'?t|cannot|can'?t|will\s+not|won'?t|should\s+not|shouldn'?t|must\s+not)\b"
    r")",
    re.IGNORECASE,
    needs=("not n't dont cant wont doesnt isnt shouldnt never avoid",),
)
# A warning that an action is permanent is useful information, not a prohibition.
_IRREVERSIBLE = LazyPattern(
    r"\b(?:cannot|can'?t|can\s+not)\s+be\s+(?:undone|reversed|recovered)\b", re.I
)


# Every match starts with one of these words, in any case: an ASCII sentence that starts
# with none is not negative, and the pattern is neither compiled nor run (`re`'s case
# folding goes past ASCII: other text goes to the pattern).
NEGATIVE_STARTS = (
    "please", "do", "never", "avoid", "not", "this", "it", "can", "will", "won", "should", "must",
)  # fmt: skip


def is_negative(sentence: str) -> bool:
    if sentence.isascii() and not sentence[:6].lower().startswith(NEGATIVE_STARTS):
        return False
    return bool(_NEGATIVE_SENTENCE.match(sentence)) and not (
        _IRREVERSIBLE.compiled.search(sentence)
    )


MESSAGES = {
    "mostly-negative": (
        'The description mainly says what the tool does not do ("{{sentence}}"): agents pick '
        "tools from what they do, and limits are better left implied. Say what the tool does "
        "and when to use it."
    ),
}


@check(messages=MESSAGES)
def description_negative(model: FileModel, ctx: Context) -> None:
    for tool in model.tools:
        description = tool.description
        if description is None or description.kind != "string":
            continue
        parts = sentences(str(description.data))
        negative = [part for part in parts if is_negative(part)]
        if not negative:
            continue
        mostly = 2 * len(negative) > len(parts)
        leads = is_negative(parts[0]) and 2 * len(negative) >= len(parts)
        if not (mostly or leads):
            continue
        first = negative[0]
        start = str(description.data).find(first)
        where = (
            text_span(model.source, description, start, start + len(first))
            if start >= 0
            else head_span(model.source, description.span)
        )
        ctx.report(where, "mostly-negative", sentence=shorten(first, 50))
