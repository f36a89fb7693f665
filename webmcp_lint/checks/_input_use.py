"""What `execute` does with the properties its input schema declares."""

from __future__ import annotations

from collections.abc import Iterator

from webmcp_lint.checks._util import registered_tools
from webmcp_lint.model import FileModel, ToolDefinition, Value
from webmcp_lint.model.functions import InputReads


def tools_reading_properties(
    model: FileModel,
) -> Iterator[tuple[dict[str, Value], InputReads, set[str]]]:
    """For each registered tool with schema properties and an analysable `execute`: its
    properties, what `execute` reads from the input, and the required keys."""
    for tool in registered_tools(model.tools):
        if tool.wrapper is not None and tool.wrapper.parses_input:
            continue  # the library validates the input and applies zod's defaults
        properties = _properties(tool)
        facts = model.functions.of_tool(tool) if properties else None
        if properties and facts is not None:
            yield properties, facts.input_reads, _required_keys(tool)


def _properties(tool: ToolDefinition) -> dict[str, Value] | None:
    schema = tool.input_schema
    properties = schema.get("properties") if schema is not None else None
    if properties is None or properties.kind != "object":
        return None
    return {key: entry.value for key, entry in properties.entries.items()}


def _required_keys(tool: ToolDefinition) -> set[str]:
    schema = tool.input_schema
    required = schema.get("required") if schema is not None else None
    if required is None:
        return set()
    return {item.data for item in required.items if item.kind == "string" and item.complete}
