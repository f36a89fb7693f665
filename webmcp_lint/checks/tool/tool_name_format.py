"""A tool name Chrome rejects: empty, over 128 characters, or with other characters than
A-Z, a-z, 0-9, `_`, `-` and `.`."""

from __future__ import annotations

import re

from webmcp_lint.checks import Context, check
from webmcp_lint.checks._util import quoted, registered_tools
from webmcp_lint.model import FileModel
from webmcp_lint.model.tools import VALID_NAME


@check()
def tool_name_format(model: FileModel, ctx: Context) -> None:
    for tool in registered_tools(model.tools):
        name = tool.name
        text = name.as_text() if name is not None else None
        if name is None or text is None or VALID_NAME.fullmatch(text):
            continue
        if not text:
            problem = "is empty"
        elif len(text) > 128:
            problem = f"is {len(text)} characters long (the limit is 128)"
        else:
            bad = sorted({c for c in text if not VALID_NAME.fullmatch(c)})
            problem = "contains " + ", ".join(repr(c) for c in bad[:5])
        suggestion = suggest_name(text)
        hint = f' Try "{suggestion}".' if suggestion else ""
        ctx.report(
            name.span,
            f"Tool name {quoted(text)} {problem}: Chrome rejects it (InvalidStateError: "
            f"Invalid tool name). Use 1-128 characters of A-Z, a-z, 0-9, _, - and .{hint}",
        )


def suggest_name(name: str) -> str:
    cleaned = re.sub(r"[^A-Za-z0-9_.\-]+", "_", name.strip()).strip("_")
    return cleaned[:128]
