"""What the agent reads about a tool: hidden characters, injected instructions, budgets,
negative phrasing, and descriptions that repeat the input schema."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator

from webmcp_lint.checks import Context as CheckContext
from webmcp_lint.checks import legacy_check as check
from webmcp_lint.checks._metadata import (
    CHROMIUM_DATE_DESCRIPTION,
    TextSite,
    sentences,
    shorten,
    text_sites,
    text_span,
)
from webmcp_lint.checks._schema_text import repeated_schema_facts
from webmcp_lint.checks._util import head_span
from webmcp_lint.diagnostics import Finding
from webmcp_lint.model import FileModel, ToolDefinition
from webmcp_lint.source import SourceFile


def _sites(tool: ToolDefinition) -> Iterator[TextSite]:
    """The texts of a tool, without what Chromium itself writes into a form tool."""
    for site in text_sites(tool):
        if tool.kind == "declarative" and site.text == CHROMIUM_DATE_DESCRIPTION:
            continue
        yield site


# -- description-hidden-text ------------------------------------------------------------

HIDDEN = "description-hidden-text"

# Unicode's Default_Ignorable_Code_Point (invisible by definition) plus the interlinear
# annotation controls, which hide the annotated text.
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
    candidates = [i for i, char in enumerate(text) if is_invisible(char)]
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


@check(HIDDEN)
def description_hidden_text(model: FileModel, context: CheckContext) -> Iterator[Finding]:
    for tool in model.tools:
        for site in _sites(tool):
            indices = hidden_characters(site.text)
            if not indices:
                continue
            count = len(indices)
            noun = "an invisible character" if count == 1 else f"{count} invisible characters"
            pronoun = "it" if count == 1 else "them"
            spelled = _tag_message(site.text, indices)
            hidden = f' They spell out hidden text: "{spelled}".' if spelled else ""
            yield Finding(
                HIDDEN,
                f"{_capital(site.what)} contains {noun} "
                f"({_describe_characters(site.text, indices)}): the agent reads {pronoun} but a "
                f"person reviewing the tool sees nothing, which is how hidden instructions "
                f"are smuggled in. Remove {pronoun}.{hidden}",
                text_span(model.source, site.value, indices[0], indices[0] + 1),
            )


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


# -- description-length ---------------------------------------------------------------------

LENGTH = "description-length"
MAX_NAME = 128  # longer names are rejected by the browser: tool-name-format reports them


@check(
    LENGTH,
    max_tool_description=500,
    max_parameter_description=150,
    max_tool_name=30,
    max_parameter_name=30,
)
def description_length(model: FileModel, context: CheckContext) -> Iterator[Finding]:
    options = context.options
    for tool in model.tools:
        name = tool.name
        limit = int(options["max-tool-name"])
        text = name.as_text() if name is not None else None
        if name is not None and text is not None and limit < len(text) <= MAX_NAME:
            yield Finding(
                LENGTH,
                f'The tool name "{shorten(text, 40)}" is {len(text)} characters long; Chrome\'s '
                f"guidance budgets {limit}. Agents weigh short, plain verb-object names best: "
                f"shorten it.",
                name.span,
            )
        for site in _sites(tool):
            budget = _budget(site, options)
            if budget is None:
                continue
            limit, advice = budget
            length = len(site.text)
            if length <= limit:
                continue
            span = site.span if site.key_span else head_span(model.source, site.value.span)
            yield Finding(
                LENGTH,
                f"{_capital(site.what)} is {length} characters long; Chrome's guidance budgets "
                f"{limit}, because every tool's text takes room in the agent's context. {advice}",
                span,
            )


def _budget(site: TextSite, options: dict[str, object]) -> tuple[int, str] | None:
    if site.role == "tool-description":
        limit = options["max-tool-description"]
        advice = "Say what the tool does and when to use it; leave details to the schema."
    elif site.role == "parameter-description" and site.subschema and not site.subschema.root:
        limit = options["max-parameter-description"]
        advice = "Describe the parameter in a phrase; the schema carries type and limits."
    elif site.role == "parameter-name":
        limit = options["max-parameter-name"]
        advice = "Shorten the name and explain it in the parameter's description."
    else:
        return None
    return int(limit), advice  # type: ignore[call-overload]


# -- description-prompt-injection ----------------------------------------------------------

INJECTION = "description-prompt-injection"
_I = re.IGNORECASE

_INJECTION_PATTERNS: tuple[re.Pattern[str], ...] = (
    # Overriding what the agent was told.
    re.compile(
        r"\b(?:ignore|disregard|forget|override|bypass)\s+(?:all\s+|any\s+)?(?:of\s+)?"
        r"(?:(?:the|your|my)\s+)?(?:previous|prior|above|earlier|preceding|former|original|"
        r"system|other)\s+(?:instructions?|prompts?|rules|directions|directives|guidelines|"
        r"messages)\b",
        _I,
    ),
    re.compile(r"\b(?:ignore|disregard)\s+(?:all|any)\s+(?:instructions|rules|guidelines)\b", _I),
    re.compile(r"\bnew\s+instructions?\s*:", _I),
    # Fake authority: SYSTEM headers, prompt-template tokens, pseudo-tags.
    re.compile(
        r"(?:^|(?<=[\s\[(<{*#]))SYSTEM(?:\s+(?:INSTRUCTIONS?|OVERRIDE|PROMPT|MESSAGE|NOTE))?\s*:"
    ),
    re.compile(r"\bSYSTEM\s+(?:INSTRUCTIONS?|OVERRIDE|PROMPT)\b"),
    re.compile(r"\[\s*(?:SYSTEM|INST)\b"),
    re.compile(r"<\|im_start\|>|<\|system\|>|<<SYS>>"),
    re.compile(r"</?\s*(?:important|system|instructions?|secret|hidden|system[-_]prompt)\s*>", _I),
    # Hiding things from the user.
    re.compile(
        r"\b(?:do\s+not|don'?t|never)\s+(?:tell|inform|notify|alert|let|warn|ask)\s+the\s+user\b",
        _I,
    ),
    re.compile(
        r"\b(?:do\s+not|don'?t|never)\s+(?:mention|reveal|show|disclose|say)\s+(?:this\s+|it\s+|"
        r"anything\s+)?to\s+the\s+user\b",
        _I,
    ),
    re.compile(r"\bwithout\s+(?:telling|informing)\s+the\s+user\b", _I),
    re.compile(r"\b(?:hide|keep)\s+(?:this|it)\s+(?:secret\s+|hidden\s+)?from\s+the\s+user\b", _I),
    re.compile(r"\bthe\s+user\s+(?:must|should)\s+(?:not|never)\s+(?:know|see|be\s+told)\b", _I),
    # Taking over the order of tool calls.
    re.compile(
        r"\b(?:call|use|invoke|run|execute)\s+this\s+(?:tool|function)\s+(?:first\b|before\s+"
        r"(?:any|all|every|using|calling|invoking)\b)",
        _I,
    ),
    re.compile(
        r"\bmust\s+(?:always\s+)?be\s+(?:called|used|invoked|run)\s+(?:first\b|before\s+(?:any|"
        r"all|every)\s+other\b)",
        _I,
    ),
    re.compile(r"\b(?:instead\s+of|rather\s+than)\s+(?:any|all|every)\s+other\s+tools?\b", _I),
    re.compile(
        r"\b(?:do\s+not|don'?t|never)\s+(?:call|use|invoke)\s+(?:any\s+)?other\s+tools\b", _I
    ),
    # Sending data elsewhere.
    re.compile(
        r"\b(?:after|before)\s+(?:using|calling|running)\s+this\s+tool,?\s+(?:navigate|go|visit|"
        r"open|send|email|post|fetch)\b",
        _I,
    ),
    re.compile(
        r"\b(?:send|e-?mail|forward|upload|post|transmit|exfiltrate|leak)(?:s|ed|ing)?\b"
        r"[^.!?\n]{0,80}?\bto\s+"
        r"(?:https?://|www\.|[\w.+-]+@[\w-]+\.[\w.-]+)",
        _I,
    ),
    re.compile(
        r"\b(?:send|e-?mail|forward|upload|transmit|exfiltrate|leak)(?:s|ed|ing)?\b"
        r"[^.!?\n]{0,60}?\b(?:browsing\s+history|system\s+prompt|cookies|credentials|"
        r"passwords|session\s+tokens?|auth(?:entication)?\s+tokens?|"
        r"(?:the\s+)?(?:user'?s\s+)?(?:conversation|chat)\s+history)\b",
        _I,
    ),
    re.compile(
        r"\balways\s+include\s+(?:the\s+)?user'?s?\s+(?:(?:current|precise|exact|home)\s+)?"
        r"(?:location|personal\s+(?:details|information|data)|browsing\s+history|contacts|"
        r"conversation|chat\s+history|credentials|passwords?)\b",
        _I,
    ),
    re.compile(
        r"\b(?:reveal|print|output|repeat|disclose)\s+(?:your|the)\s+(?:system\s+prompt|"
        r"instructions|hidden\s+instructions)\b",
        _I,
    ),
    # Re-casting the agent.
    re.compile(
        r"\byou\s+are\s+now\s+(?:in\s+)?(?:an?\s+)?(?:developer|debug|admin|god|jailbreak|"
        r"unrestricted|DAN)\b",
        _I,
    ),
    re.compile(r"\bfrom\s+now\s+on,?\s+you\s+(?:must|will|should|are)\b", _I),
)
_INSTRUCTION_ROLES = ("tool-description", "title", "parameter-description", "schema-title")


def injected_instruction(text: str) -> re.Match[str] | None:
    """The first match of an instruction to the agent, by position in the text."""
    matches = [m for p in _INJECTION_PATTERNS if (m := p.search(text)) is not None]
    return min(matches, key=lambda m: m.start()) if matches else None


@check(INJECTION)
def description_prompt_injection(model: FileModel, context: CheckContext) -> Iterator[Finding]:
    for tool in model.tools:
        for site in _sites(tool):
            if site.role not in _INSTRUCTION_ROLES:
                continue
            match = injected_instruction(site.text)
            if match is None:
                continue
            start = match.start()
            yield Finding(
                INJECTION,
                f"{_capital(site.what)} instructs the agent instead of describing the tool "
                f'("{shorten(site.text[start : match.end()], 50)}"): this is what tool poisoning '
                f"looks like, and agents may follow it. Describe what the tool does and when "
                f"to use it; enforce rules in execute.",
                text_span(model.source, site.value, start, match.end()),
            )


# -- description-negative ---------------------------------------------------------------------

NEGATIVE = "description-negative"

_NEGATIVE_SENTENCE = re.compile(
    r"^(?:please\s+)?(?:"
    r"(?:do\s+not|don'?t|never|avoid)\b"
    r"|not\s+(?:for|to\s+be|intended|meant|suitable|used)\b"
    r"|(?:this\s+(?:tool|function)|it)\s+(?:does\s+not|doesn'?t|cannot|can'?t|can\s+not|will\s+not"
    r"|won'?t|should\s+not|shouldn'?t|must\s+not|is\s+not|isn'?t|never)\b"
    r"|(?:does\s+not|doesn'?t|cannot|can'?t|will\s+not|won'?t|should\s+not|shouldn'?t|must\s+not)\b"
    r")",
    re.IGNORECASE,
)
# A warning that an action is permanent is useful information, not a prohibition.
_IRREVERSIBLE = re.compile(
    r"\b(?:cannot|can'?t|can\s+not)\s+be\s+(?:undone|reversed|recovered)\b", re.I
)


def is_negative(sentence: str) -> bool:
    return bool(_NEGATIVE_SENTENCE.match(sentence)) and not _IRREVERSIBLE.search(sentence)


@check(NEGATIVE)
def description_negative(model: FileModel, context: CheckContext) -> Iterator[Finding]:
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
        yield Finding(
            NEGATIVE,
            f'The description mainly says what the tool does not do ("{shorten(first, 50)}"): '
            "agents pick tools from what they do, and limits are better left implied. Say what "
            "the tool does and when to use it.",
            text_span(model.source, description, start, start + len(first))
            if start >= 0
            else head_span(model.source, description.span),
        )


# -- description-repeats-schema ------------------------------------------------------------

REPEATS = "description-repeats-schema"


@check(REPEATS)
def description_repeats_schema(model: FileModel, context: CheckContext) -> Iterator[Finding]:
    for tool in model.tools:
        for site in _sites(tool):
            if site.role == "parameter-description" and not _authored(tool, site, model.source):
                continue
            facts = repeated_schema_facts(tool, site)
            if not facts:
                continue
            listed = "; ".join(fact.what for fact in facts[:3])
            first = min(facts, key=lambda fact: fact.start)
            yield Finding(
                REPEATS,
                f"{_capital(site.what)} repeats what the input schema already declares "
                f"({listed}): the agent receives the schema too, so this only spends the budget "
                "and drifts out of date. Keep names, types, values and limits in the schema.",
                text_span(model.source, site.value, first.start, first.end),
            )


_PARAMETER_ATTRIBUTE = re.compile(rb"toolparamdescription\s*=\s*[\"']?\s*$", re.IGNORECASE)


def _authored(tool: ToolDefinition, site: TextSite, source: SourceFile) -> bool:
    """Whether a parameter description was written for the agent. In a form tool, Chromium
    also takes descriptions from labels written for people: only `toolparamdescription`
    counts."""
    if tool.kind != "declarative":
        return True
    before = source.text[max(0, site.value.span.start - 40) : site.value.span.start]
    return bool(_PARAMETER_ATTRIBUTE.search(before))
