"""A tool description over 1,024 characters, the most OpenAI's tool API accepts."""

from __future__ import annotations

from webmcp_lint.checks import Context, check
from webmcp_lint.checks._util import head_span
from webmcp_lint.model import FileModel

OPENAI_MAX_DESCRIPTION = 1024


@check()
def portable_description_length(model: FileModel, ctx: Context) -> None:
    for tool in model.tools:
        description = tool.description
        text = description.as_text() if description is not None else None
        if description is None or text is None or len(text) <= OPENAI_MAX_DESCRIPTION:
            continue
        ctx.report(
            head_span(model.source, description.span),
            f"The tool description is {len(text)} characters long; OpenAI's tool API refuses "
            f"descriptions over {OPENAI_MAX_DESCRIPTION} (`string_above_max_length`), so an "
            "agent built on it fails with this page's tools. Shorten it to "
            f"{OPENAI_MAX_DESCRIPTION} characters or fewer.",
        )
