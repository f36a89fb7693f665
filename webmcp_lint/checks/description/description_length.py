"""Tool and parameter names and descriptions over Chrome's character budgets."""

from __future__ import annotations

from msgspec import Struct

from webmcp_lint.checks import Context, check
from webmcp_lint.checks._metadata import TextSite, agent_text_sites, capital, shorten
from webmcp_lint.checks._util import head_span
from webmcp_lint.model import FileModel

MAX_NAME = 128  # longer names are rejected by the browser: tool-name-format reports them


class Options(Struct, frozen=True):
    max_tool_description: int
    max_parameter_description: int
    max_tool_name: int
    max_parameter_name: int


_TOO_LONG = (
    "{{what}} is {{length}} characters long; Chrome's guidance budgets {{limit}}, because "
    "every tool's text takes room in the agent's context."
)
MESSAGES = {
    "tool-name-too-long": (
        'The tool name "{{name}}" is {{length}} characters long; Chrome\'s guidance budgets '
        "{{limit}}. Agents weigh short, plain verb-object names best: shorten it."
    ),
    "tool-description-too-long": (
        _TOO_LONG + " Say what the tool does and when to use it; leave details to the schema."
    ),
    "parameter-description-too-long": (
        _TOO_LONG + " Describe the parameter in a phrase; the schema carries type and limits."
    ),
    "parameter-name-too-long": (
        _TOO_LONG + " Shorten the name and explain it in the parameter's description."
    ),
}


@check(Options, MESSAGES)
def description_length(model: FileModel, ctx: Context) -> None:
    options: Options = ctx.options
    for tool in model.tools:
        name = tool.name
        limit = options.max_tool_name
        text = name.as_text() if name is not None else None
        if name is not None and text is not None and limit < len(text) <= MAX_NAME:
            ctx.report(
                name.span,
                "tool-name-too-long",
                name=shorten(text, 40),
                length=len(text),
                limit=limit,
            )
        for site in agent_text_sites(tool):
            budget = _budget(site, options)
            if budget is None:
                continue
            limit, message_id = budget
            length = len(site.text)
            if length <= limit:
                continue
            span = site.span if site.key_span else head_span(model.source, site.value.span)
            what = capital(site.what)
            ctx.report(span, message_id, what=what, length=length, limit=limit)


def _budget(site: TextSite, options: Options) -> tuple[int, str] | None:
    """The budget of a text, and the message for one over it."""
    if site.role == "tool-description":
        return options.max_tool_description, "tool-description-too-long"
    if site.role == "parameter-description" and site.subschema and not site.subschema.root:
        return options.max_parameter_description, "parameter-description-too-long"
    if site.role == "parameter-name":
        return options.max_parameter_name, "parameter-name-too-long"
    return None
