"""Invisible characters in a tool's texts: the agent reads them, a reviewer does not."""

from __future__ import annotations

import re
import unicodedata

from webmcp_lint import LazyPattern
from webmcp_lint.checks import Context, check
from webmcp_lint.checks._metadata import agent_text_sites, capital, shorten, text_span
from webmcp_lint.model import FileModel

_INVISIBLE_RANGES = (
    (0x00AD, 0x00AD),
    (0x034F, 0x034F),
    (0x061C, 0x061C),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x200B, 0x200F),
    (0x202A, 0x202E),
    (0x2060, 0x206F),
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFFB),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)
# The same ranges as one character class: the characters of a text are looked at in C.
# None is ASCII: an ASCII text (most) needs no look, and the class is not compiled.
_INVISIBLE = LazyPattern(
    "["
    + "".join(f"{re.escape(chr(low))}-{re.escape(chr(high))}" for low, high in _INVISIBLE_RANGES)
    + "]"
)
_VARIATION_SELECTORS = ((0xFE00, 0xFE0F), (0xE0100, 0xE01EF), (0x180B, 0x180D), (0x180F, 0x180F))
_JOINERS = (0x200C, 0x200D)
_DIRECTION_MARKS = (0x200E, 0x200F, 0x061C)
_BLACK_FLAG = 0x1F3F4
_CANCEL_TAG = 0xE007F


def _in(code: int, ranges: tuple[tuple[int, int], ...]) -> bool:
    return any(low <= code <= high for low, high in ranges)


def is_invisible(char: str) -> bool:
    return _in(ord(char), _INVISIBLE_RANGES)


def _visible(char: str) -> bool:
    return not is_invisible(char) and not char.isspace()


def _allowed(text: str, index: int, has_rtl: bool) -> bool:
    """Whether the invisible character at `index` does a visible job where it stands."""
    code = ord(text[index])
    before = text[index - 1] if index > 0 else ""
    after = text[index + 1] if index + 1 < len(text) else ""
    if _in(code, _VARIATION_SELECTORS):
        # One selector picks the glyph of the character before it (emoji, CJK, Mongolian);
        # a run of them carries data, which is how "emoji smuggling" works.
        return bool(before) and _visible(before)
    if code in _JOINERS:
        # Joiners shape emoji sequences and scripts such as Arabic or Devanagari.
        look = index - 1
        while look >= 0 and _in(ord(text[look]), _VARIATION_SELECTORS):
            look -= 1
        previous = text[look] if look >= 0 else ""
        return bool(previous and after) and all(
            ord(c) > 0x7F and _visible(c) for c in (previous, after)
        )
    if code in _DIRECTION_MARKS:
        return has_rtl  # marks (not overrides) are how mixed-direction text is written
    if 0xE0000 <= code <= 0xE007F:
        return _in_flag_sequence(text, index)
    if code in (0x115F, 0x1160):
        return bool(after) and 0x1160 <= ord(after) <= 0x11FF  # old Hangul syllables
    return False


def _in_flag_sequence(text: str, index: int) -> bool:
    """Tag characters that spell a subdivision flag: 🏴 + tag letters/digits + cancel tag."""
    start = index
    while start > 0 and 0xE0000 <= ord(text[start - 1]) <= 0xE007F:
        start -= 1
    end = index
    while end + 1 < len(text) and 0xE0000 <= ord(text[end + 1]) <= 0xE007F:
        end += 1
    if start == 0 or ord(text[start - 1]) != _BLACK_FLAG or ord(text[end]) != _CANCEL_TAG:
        return False
    inner = text[start:end]
    return 1 <= len(inner) <= 6 and all(
        0xE0030 <= ord(c) <= 0xE0039 or 0xE0061 <= ord(c) <= 0xE007A for c in inner
    )


def hidden_characters(text: str) -> list[int]:
    """Indices of the invisible characters in `text` that do no visible job."""
    if text.isascii():
        return []
    candidates = [match.start() for match in _INVISIBLE.compiled.finditer(text)]
    if not candidates:
        return []
    has_rtl = any(unicodedata.bidirectional(c) in ("R", "AL") for c in text if not is_invisible(c))
    return [i for i in candidates if not _allowed(text, i, has_rtl)]


def _describe_characters(text: str, indices: list[int]) -> str:
    counts: dict[str, int] = {}
    for index in indices:
        code = ord(text[index])
        if 0xE0000 <= code <= 0xE007F:
            name = "Unicode tag characters (U+E0000 to U+E007F)"
        else:
            name = f"U+{code:04X} {unicodedata.name(text[index], '')}".rstrip()
        counts[name] = counts.get(name, 0) + 1
    parts = [f"{name}, {count} times" if count > 1 else name for name, count in counts.items()]
    return ", ".join(parts[:3]) + (", …" if len(parts) > 3 else "")


def _tag_message(text: str, indices: list[int]) -> str:
    """The ASCII text that tag characters spell, if any."""
    spelled = "".join(
        chr(ord(text[i]) - 0xE0000) for i in indices if 0xE0020 <= ord(text[i]) <= 0xE007E
    )
    return shorten(spelled) if spelled.strip() else ""


_ONE = (
    "{{what}} contains an invisible character ({{characters}}): the agent reads it but a "
    "person reviewing the tool sees nothing, which is how hidden instructions are smuggled "
    "in. Remove it."
)
_SEVERAL = (
    "{{what}} contains {{count}} invisible characters ({{characters}}): the agent reads them "
    "but a person reviewing the tool sees nothing, which is how hidden instructions are "
    "smuggled in. Remove them."
)
_SPELLED = ' They spell out hidden text: "{{spelled}}".'
MESSAGES = {
    "invisible-character": _ONE,
    "invisible-characters": _SEVERAL,
    # tag characters that spell ASCII text
    "invisible-character-spells-text": _ONE + _SPELLED,
    "invisible-characters-spell-text": _SEVERAL + _SPELLED,
}


@check(messages=MESSAGES)
def description_hidden_text(model: FileModel, ctx: Context) -> None:
    for tool in model.tools:
        for site in agent_text_sites(tool):
            indices = hidden_characters(site.text)
            if not indices:
                continue
            at = text_span(model.source, site.value, indices[0], indices[0] + 1)
            what, count = capital(site.what), len(indices)
            characters = _describe_characters(site.text, indices)
            spelled = _tag_message(site.text, indices)
            if count == 1 and spelled:
                ctx.report(
                    at,
                    "invisible-character-spells-text",
                    what=what,
                    characters=characters,
                    spelled=spelled,
                )
            elif count == 1:
                ctx.report(at, "invisible-character", what=what, characters=characters)
            elif spelled:
                ctx.report(
                    at,
                    "invisible-characters-spell-text",
                    what=what,
                    count=count,
                    characters=characters,
                    spelled=spelled,
                )
            else:
                ctx.report(
                    at, "invisible-characters", what=what, count=count, characters=characters
                )
