"""Tool and parameter names and descriptions over Chrome's character budgets."""

from __future__ import annotations

from dataclasses import dataclass

from webmcp_lint.checks import Context, check
from webmcp_lint.checks._metadata import TextSite, agent_text_sites, capital, shorten
from webmcp_lint.checks._util import head_span
from webmcp_lint.model import FileModel

MAX_NAME = 128  # longer names are rejected by the browser: tool-name-format reports them


@dataclass(frozen=True)
class Options:
    max_tool_description: int
    max_parameter_description: int
    max_tool_name: int
    max_parameter_name: int


@check(Options)
def description_length(model: FileModel, ctx: Context) -> None:
    options: Options = ctx.options
    for tool in model.tools:
        name = tool.name
        limit = options.max_tool_name
        text = name.as_text() if name is not None else None
        if name is not None and text is not None and limit < len(text) <= MAX_NAME:
            ctx.report(
                name.span,
                f'The tool name "{shorten(text, 40)}" is {len(text)} characters long; Chrome\'s '
                f"guidance budgets {limit}. Agents weigh short, plain verb-object names best: "
                f"shorten it.",
            )
        for site in agent_text_sites(tool):
            budget = _budget(site, options)
            if budget is None:
                continue
            limit, advice = budget
            length = len(site.text)
            if length <= limit:
                continue
            span = site.span if site.key_span else head_span(model.source, site.value.span)
            ctx.report(
                span,
                f"{capital(site.what)} is {length} characters long; Chrome's guidance budgets "
                f"{limit}, because every tool's text takes room in the agent's context. {advice}",
            )


def _budget(site: TextSite, options: Options) -> tuple[int, str] | None:
    if site.role == "tool-description":
        limit = options.max_tool_description
        advice = "Say what the tool does and when to use it; leave details to the schema."
    elif site.role == "parameter-description" and site.subschema and not site.subschema.root:
        limit = options.max_parameter_description
        advice = "Describe the parameter in a phrase; the schema carries type and limits."
    elif site.role == "parameter-name":
        limit = options.max_parameter_name
        advice = "Shorten the name and explain it in the parameter's description."
    else:
        return None
    return limit, advice
