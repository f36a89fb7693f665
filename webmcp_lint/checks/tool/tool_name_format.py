"""A tool name Chrome rejects: empty, over 128 characters, or with other characters than
A-Z, a-z, 0-9, `_`, `-` and `.`."""

from __future__ import annotations

import re

from webmcp_lint.checks import Context, check
from webmcp_lint.checks._util import quoted, registered_tools
from webmcp_lint.model import FileModel
from webmcp_lint.model.tools import VALID_NAME

_REJECTED = (
    ": Chrome rejects it (InvalidStateError: Invalid tool name). Use 1-128 characters of "
    "A-Z, a-z, 0-9, _, - and ."
)
_TRY = ' Try "{{suggestion}}".'
MESSAGES = {
    "empty-name": "Tool name {{name}} is empty" + _REJECTED,
    "name-too-long": (
        "Tool name {{name}} is {{length}} characters long (the limit is 128)" + _REJECTED
    ),
    "name-too-long-try": (
        "Tool name {{name}} is {{length}} characters long (the limit is 128)" + _REJECTED + _TRY
    ),
    "invalid-characters": "Tool name {{name}} contains {{characters}}" + _REJECTED,
    "invalid-characters-try": "Tool name {{name}} contains {{characters}}" + _REJECTED + _TRY,
}


@check(messages=MESSAGES)
def tool_name_format(model: FileModel, ctx: Context) -> None:
    for tool in registered_tools(model.tools):
        name = tool.name
        text = name.as_text() if name is not None else None
        if name is None or text is None or VALID_NAME.fullmatch(text):
            continue
        shown, suggestion = quoted(text), suggest_name(text)
        if not text:
            ctx.report(name.span, "empty-name", name=shown)
        elif len(text) > 128 and suggestion:
            ctx.report(
                name.span, "name-too-long-try", name=shown, length=len(text), suggestion=suggestion
            )
        elif len(text) > 128:
            ctx.report(name.span, "name-too-long", name=shown, length=len(text))
        else:
            bad = sorted({c for c in text if not VALID_NAME.fullmatch(c)})
            characters = ", ".join(repr(c) for c in bad[:5])
            if suggestion:
                ctx.report(
                    name.span,
                    "invalid-characters-try",
                    name=shown,
                    characters=characters,
                    suggestion=suggestion,
                )
            else:
                ctx.report(name.span, "invalid-characters", name=shown, characters=characters)


def suggest_name(name: str) -> str:
    cleaned = re.sub(r"[^A-Za-z0-9_.\-]+", "_", name.strip()).strip("_")
    return cleaned[:128]
