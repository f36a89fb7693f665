"""A tool text that instructs the agent instead of describing the tool."""

from __future__ import annotations

import re

from webmcp_lint import KeywordPattern, KeywordPatterns
from webmcp_lint.checks import Context, check
from webmcp_lint.checks._metadata import agent_text_sites, capital, shorten, text_span
from webmcp_lint.model import FileModel

_I = re.IGNORECASE

_INJECTION_PATTERNS: tuple[KeywordPattern, ...] = (
    # Overriding what the agent was told.
    KeywordPattern(
        r"\b(?:ignore|disregard|forget|override|bypass)\s+(?:all\s+|any\s+)?(?:of\s+)?"
        r"(?:(?:the|your|my)\s+)?(?:previous|prior|above|earlier|preceding|former|original|"
        r"system|other)\s+(?:instructions?|prompts?|rules|directions|directives|guidelines|"
        r"messages)\b",
        _I,
        needs=(
            "ignore disregard forget override bypass",
            "previous prior above earlier preceding former original system other",
            "instruction prompt rules direction directive guideline message",
        ),
    ),
    KeywordPattern(
        r"\b(?:ignore|disregard)\s+(?:all|any)\s+(?:instructions|rules|guidelines)\b",
        _I,
        needs=("ignore disregard", "all any", "instructions rules guidelines"),
    ),
    KeywordPattern(r"\bnew\s+instructions?\s*:", _I, needs=("new", "instruction", ":")),
    # Fake authority: SYSTEM headers, prompt-template tokens, pseudo-tags.
    KeywordPattern(
        r"(?:^|(?<=[\s\[(<{*#]))SYSTEM(?:\s+(?:INSTRUCTIONS?|OVERRIDE|PROMPT|MESSAGE|NOTE))?\s*:",
        needs=("SYSTEM", ":"),
    ),
    KeywordPattern(
        r"\bSYSTEM\s+(?:INSTRUCTIONS?|OVERRIDE|PROMPT)\b",
        needs=("SYSTEM", "INSTRUCTION OVERRIDE PROMPT"),
    ),
    KeywordPattern(r"\[\s*(?:SYSTEM|INST)\b", needs=("[", "SYSTEM INST")),
    KeywordPattern(
        r"<\|im_start\|>|<\|system\|>|<<SYS>>", needs=("<|im_start|> <|system|> <<SYS>>",)
    ),
    KeywordPattern(
        r"</?\s*(?:important|system|instructions?|secret|hidden|system[-_]prompt)\s*>",
        _I,
        needs=("<", ">", "important system instruction secret hidden"),
    ),
    # Hiding things from the user.
    KeywordPattern(
        r"\b(?:do\s+not|don'?t|never)\s+(?:tell|inform|notify|alert|let|warn|ask)\s+the\s+user\b",
        _I,
        needs=("do never", "tell inform notify alert let warn ask", "user"),
    ),
    KeywordPattern(
        r"\b(?:do\s+not|don'?t|never)\s+(?:mention|reveal|show|disclose|say)\s+(?:this\s+|it\s+|"
        r"anything\s+)?to\s+the\s+user\b",
        _I,
        needs=("do never", "mention reveal show disclose say", "user"),
    ),
    KeywordPattern(
        r"\bwithout\s+(?:telling|informing)\s+the\s+user\b",
        _I,
        needs=("without", "telling informing", "user"),
    ),
    KeywordPattern(
        r"\b(?:hide|keep)\s+(?:this|it)\s+(?:secret\s+|hidden\s+)?from\s+the\s+user\b",
        _I,
        needs=("hide keep", "from", "user"),
    ),
    KeywordPattern(
        r"\bthe\s+user\s+(?:must|should)\s+(?:not|never)\s+(?:know|see|be\s+told)\b",
        _I,
        needs=("user", "must should", "not never"),
    ),
    # Taking over the order of tool calls.
    KeywordPattern(
        r"\b(?:call|use|invoke|run|execute)\s+this\s+(?:tool|function)\s+(?:first\b|before\s+"
        r"(?:any|all|every|using|calling|invoking)\b)",
        _I,
        needs=("call use invoke run execute", "this", "tool function", "first before"),
    ),
    KeywordPattern(
        r"\bmust\s+(?:always\s+)?be\s+(?:called|used|invoked|run)\s+(?:first\b|before\s+(?:any|"
        r"all|every)\s+other\b)",
        _I,
        needs=("must", "called used invoked run", "first before"),
    ),
    KeywordPattern(
        r"\b(?:instead\s+of|rather\s+than)\s+(?:any|all|every)\s+other\s+tools?\b",
        _I,
        needs=("instead rather", "other", "tool"),
    ),
    KeywordPattern(
        r"\b(?:do\s+not|don'?t|never)\s+(?:call|use|invoke)\s+(?:any\s+)?other\s+tools\b",
        _I,
        needs=("do never", "call use invoke", "other", "tools"),
    ),
    # Sending data elsewhere.
    KeywordPattern(
        r"\b(?:after|before)\s+(?:using|calling|running)\s+this\s+tool,?\s+(?:navigate|go|visit|"
        r"open|send|email|post|fetch)\b",
        _I,
        needs=("after before", "using calling running", "this", "tool"),
    ),
    KeywordPattern(
        r"\b(?:send|e-?mail|forward|upload|post|transmit|exfiltrate|leak)(?:s|ed|ing)?\b"
        r"[^.!?\n]{0,80}?\bto\s+"
        r"(?:https?://|www\.|[\w.+-]+@[\w-]+\.[\w.-]+)",
        _I,
        needs=("send mail forward upload post transmit exfiltrate leak", "to", "http www @"),
    ),
    KeywordPattern(
        r"\b(?:send|e-?mail|forward|upload|transmit|exfiltrate|leak)(?:s|ed|ing)?\b"
        r"[^.!?\n]{0,60}?\b(?:browsing\s+history|system\s+prompt|cookies|credentials|"
        r"passwords|session\s+tokens?|auth(?:entication)?\s+tokens?|"
        r"(?:the\s+)?(?:user'?s\s+)?(?:conversation|chat)\s+history)\b",
        _I,
        needs=(
            "send mail forward upload transmit exfiltrate leak",
            "history prompt cookies credentials passwords token",
        ),
    ),
    KeywordPattern(
        r"\balways\s+include\s+(?:the\s+)?user'?s?\s+(?:(?:current|precise|exact|home)\s+)?"
        r"(?:location|personal\s+(?:details|information|data)|browsing\s+history|contacts|"
        r"conversation|chat\s+history|credentials|passwords?)\b",
        _I,
        needs=("always", "include", "user"),
    ),
    KeywordPattern(
        r"\b(?:reveal|print|output|repeat|disclose)\s+(?:your|the)\s+(?:system\s+prompt|"
        r"instructions|hidden\s+instructions)\b",
        _I,
        needs=("reveal print output repeat disclose", "prompt instructions"),
    ),
    # Re-casting the agent.
    KeywordPattern(
        r"\byou\s+are\s+now\s+(?:in\s+)?(?:an?\s+)?(?:developer|debug|admin|god|jailbreak|"
        r"unrestricted|DAN)\b",
        _I,
        needs=("you", "now", "developer debug admin god jailbreak unrestricted dan"),
    ),
    KeywordPattern(
        r"\bfrom\s+now\s+on,?\s+you\s+(?:must|will|should|are)\b", _I, needs=("from", "now", "you")
    ),
)
_INSTRUCTION_ROLES = ("tool-description", "title", "parameter-description", "schema-title")


_INJECTIONS = KeywordPatterns(_INJECTION_PATTERNS)


def injected_instruction(text: str) -> re.Match[str] | None:
    """The first match of an instruction to the agent, by position in the text."""
    if not _INJECTIONS.may_match(text):
        return None
    matches = [m for p in _INJECTION_PATTERNS if (m := p.search(text)) is not None]
    return min(matches, key=lambda m: m.start()) if matches else None


MESSAGES = {
    "instructs-agent": (
        "{{what}} instructs the agent instead of describing the tool "
        '("{{instruction}}"): this is what tool poisoning looks like, and agents may follow '
        "it. Describe what the tool does and when to use it; enforce rules in execute."
    ),
}


@check(messages=MESSAGES)
def description_prompt_injection(model: FileModel, ctx: Context) -> None:
    for tool in model.tools:
        for site in agent_text_sites(tool):
            if site.role not in _INSTRUCTION_ROLES:
                continue
            match = injected_instruction(site.text)
            if match is None:
                continue
            start, end = match.start(), match.end()
            ctx.report(
                text_span(model.source, site.value, start, end),
                "instructs-agent",
                what=capital(site.what),
                instruction=shorten(site.text[start:end], 50),
            )
