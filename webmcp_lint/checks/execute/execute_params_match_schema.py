"""`execute` reads an input property the schema does not define: the agent never fills it."""

from __future__ import annotations

from webmcp_lint.checks import Context, check
from webmcp_lint.checks._util import registered_tools
from webmcp_lint.model import FileModel, ToolDefinition, Value
from webmcp_lint.workspace.source import Span

# Schema keywords under which properties can come from somewhere else than `properties`.
OPEN_SCHEMA_KEYWORDS = (
    "allOf",
    "anyOf",
    "oneOf",
    "not",
    "if",
    "then",
    "else",
    "$ref",
    "$dynamicRef",
    "dependentSchemas",
    "patternProperties",
    "unevaluatedProperties",
)


MESSAGES = {
    "signal-in-input": (
        "`signal` is not part of the input, so this is always undefined: the execution "
        "signal comes in execute's second argument, `execute(input, { signal })`."
    ),
    "undeclared-property": (
        "`execute` reads the input property `{{key}}`, but `inputSchema` does not define it: "
        "the agent is never told about it, so it is always undefined. Add `{{key}}` to "
        "`inputSchema.properties` or stop reading it."
    ),
    "undeclared-property-similar": (
        "`execute` reads the input property `{{key}}`, but `inputSchema` does not define it: "
        "the agent is never told about it, so it is always undefined. Did you mean "
        "`{{similar}}`?"
    ),
}


@check(messages=MESSAGES)
def execute_params_match_schema(model: FileModel, ctx: Context) -> None:
    for tool in registered_tools(model.tools):
        properties = _closed_properties(tool)
        facts = model.functions.of_tool(tool) if properties is not None else None
        if properties is None or facts is None:
            continue
        for key, read in facts.input_reads.reads.items():
            if key in properties:
                continue
            if key == "signal":
                ctx.report(Span.of(read.node), "signal-in-input")
                continue
            similar = _did_you_mean(key, list(properties))
            if similar:
                ctx.report(
                    Span.of(read.node), "undeclared-property-similar", key=key, similar=similar
                )
            else:
                ctx.report(Span.of(read.node), "undeclared-property", key=key)


def _closed_properties(tool: ToolDefinition) -> dict[str, Value] | None:
    """The schema's `properties` when they are known to be all the input it accepts."""
    schema = tool.input_schema
    if schema is None or schema.kind != "object" or not schema.complete:
        return None
    if any(schema.entry(keyword) is not None for keyword in OPEN_SCHEMA_KEYWORDS):
        return None
    extra = schema.get("additionalProperties")
    if extra is not None and not (extra.kind == "boolean" and extra.data is False):
        return None
    properties = schema.get("properties")
    if properties is None or properties.kind != "object" or not properties.complete:
        return None
    return {key: entry.value for key, entry in properties.entries.items()}


def _did_you_mean(key: str, candidates: list[str]) -> str | None:
    lowered = {candidate.lower(): candidate for candidate in candidates}
    if key.lower() in lowered:
        return lowered[key.lower()]
    import difflib  # only for a finding's suggestion

    close = difflib.get_close_matches(key, candidates, n=1, cutoff=0.7)
    return close[0] if close else None
