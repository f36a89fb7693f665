"""A description that repeats what the input schema already declares."""

from __future__ import annotations

import re

from webmcp_lint.checks import Context, check
from webmcp_lint.checks._metadata import TextSite, agent_text_sites, capital, text_span
from webmcp_lint.checks._schema_text import repeated_schema_facts
from webmcp_lint.model import FileModel, ToolDefinition
from webmcp_lint.workspace.source import SourceFile

MAX_SHOWN = 3


MESSAGES = {
    # `listed`: the repeats shown, `; and 2 more` after them when there are more
    "repeats-schema": (
        "{{what}} repeats what the input schema already declares ({{listed}}): the agent "
        "receives the schema too, so this only spends the budget and drifts out of date. "
        "Keep names, types, values and limits in the schema."
    ),
}


@check(messages=MESSAGES)
def description_repeats_schema(model: FileModel, ctx: Context) -> None:
    for tool in model.tools:
        for site in agent_text_sites(tool):
            if site.role == "parameter-description" and not _authored(tool, site, model.source):
                continue
            facts = repeated_schema_facts(tool, site)
            if not facts:
                continue
            # Every kind of repeat, values, types and limits before bare names, at most three.
            shown = sorted(facts, key=lambda fact: (fact.name_only, fact.start))[:MAX_SHOWN]
            listed = "; ".join(fact.what for fact in shown)
            if len(facts) > MAX_SHOWN:
                listed += f"; and {len(facts) - MAX_SHOWN} more"
            first = min(shown, key=lambda fact: fact.start)
            ctx.report(
                text_span(model.source, site.value, first.start, first.end),
                "repeats-schema",
                what=capital(site.what),
                listed=listed,
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
