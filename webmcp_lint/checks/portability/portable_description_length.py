"""A tool description over 1,024 characters, the most OpenAI's tool API accepts."""

from __future__ import annotations

from webmcp_lint.checks import Context, check
from webmcp_lint.checks._util import head_span
from webmcp_lint.model import FileModel

OPENAI_MAX_DESCRIPTION = 1024


MESSAGES = {
    "description-too-long": (
        "The tool description is {{length}} characters long; OpenAI's tool API refuses "
        "descriptions over {{limit}} (`string_above_max_length`), so an agent built on it "
        "fails with this page's tools. Shorten it to {{limit}} characters or fewer."
    ),
}


@check(messages=MESSAGES)
def portable_description_length(model: FileModel, ctx: Context) -> None:
    for tool in model.tools:
        description = tool.description
        text = description.as_text() if description is not None else None
        if description is None or text is None or len(text) <= OPENAI_MAX_DESCRIPTION:
            continue
        ctx.report(
            head_span(model.source, description.span),
            "description-too-long",
            length=len(text),
            limit=OPENAI_MAX_DESCRIPTION,
        )
