"""A tool name Chrome accepts but models' tool APIs reject: a dot, more than 64
characters, or a first character other than a letter or an underscore."""

from __future__ import annotations

from webmcp_lint import LazyPattern
from webmcp_lint.checks import Context, check
from webmcp_lint.checks._util import quoted
from webmcp_lint.model import FileModel
from webmcp_lint.model.tools import VALID_NAME

# OpenAI's and Anthropic's function names; Gemini's first character.
OPENAI_NAME = LazyPattern(r"[a-zA-Z0-9_-]{1,64}")
GEMINI_FIRST = LazyPattern(r"[A-Za-z_]")


MESSAGES = {
    # `problems`: what is wrong with the name, the problems joined with `, and `
    "unportable-name": (
        "Tool name {{name}} {{problems}}: an agent that hands the page's tools to such a "
        "model has its whole request refused, or drops the tool. Use letters, digits, _ and "
        '-, starting with a letter, such as "{{suggestion}}".'
    ),
}


@check(messages=MESSAGES)
def portable_tool_name(model: FileModel, ctx: Context) -> None:
    for tool in model.tools:
        name = tool.name
        text = name.as_text() if name is not None else None
        if name is None or text is None or not VALID_NAME.fullmatch(text):
            continue  # unknown, or rejected by Chrome itself (tool-name-format)
        problems = []
        if "." in text:
            problems.append("has a dot, which OpenAI's and Anthropic's tool names forbid")
        if len(text) > 64:
            limit = "(OpenAI, Anthropic and Gemini allow 64)"
            problems.append(f"is {len(text)} characters long {limit}")
        if not GEMINI_FIRST.compiled.match(text):
            problems.append("starts with a digit or a dash, which Gemini's function names forbid")
        if not problems:
            continue
        ctx.report(
            name.span,
            "unportable-name",
            name=quoted(text),
            problems=", and ".join(problems),
            suggestion=_suggest(text),
        )


def _suggest(name: str) -> str:
    cleaned = name.replace(".", "_")
    if not GEMINI_FIRST.compiled.match(cleaned):
        cleaned = "tool_" + cleaned.lstrip("-")
    return cleaned[:64]
