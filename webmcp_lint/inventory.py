"""The tool manifest: every tool found, as plain JSON-ready data (`webmcp-lint tools`)."""

from __future__ import annotations

from typing import Any

from webmcp_lint.model import SourceFile, ToolDefinition, Value


def summarize(tool: ToolDefinition, source: SourceFile) -> dict[str, Any]:
    """A tool as `webmcp-lint tools --format json` lists it; unknown values are None."""

    def plain(value: Value | None) -> Any:
        if value is None or not value.known:
            return None
        return value.to_python(unknown_as=None)

    line, _ = source.position(tool.registration.start)
    return {
        "name": plain(tool.name),
        "title": plain(tool.title),
        "description": plain(tool.description),
        "inputSchema": plain(tool.input_schema),
        "annotations": plain(tool.annotations),
        "kind": tool.kind,
        "path": source.display_path,
        "line": line,
    }


def markdown_table(tools: list[dict[str, Any]]) -> str:
    """The manifest as a Markdown table a person would paste into docs."""
    if not tools:
        return "No WebMCP tools found.\n"
    lines = [
        "| Tool | Kind | Description | Parameters | Annotations | Defined at |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for tool in tools:
        name = f"`{tool['name']}`" if tool["name"] is not None else "(unknown)"
        if tool["title"]:
            name += f" ({tool['title']})"
        lines.append(
            "| "
            + " | ".join(
                _cell(part)
                for part in (
                    name,
                    tool["kind"],
                    tool["description"] if tool["description"] is not None else "(unknown)",
                    _parameters(tool["inputSchema"]),
                    _annotations(tool["annotations"]),
                    f"{tool['path']}:{tool['line']}",
                )
            )
            + " |"
        )
    return "\n".join(lines) + "\n"


def _parameters(schema: Any) -> str:
    if not isinstance(schema, dict) or not isinstance(schema.get("properties"), dict):
        return "(none)" if schema is None else "(see schema)"
    required = schema.get("required")
    if not isinstance(required, list):
        required = []
    parts = []
    for name, prop in schema["properties"].items():
        kind = prop.get("type") if isinstance(prop, dict) else None
        label = f"`{name}`" + (f": {kind}" if isinstance(kind, str) else "")
        parts.append(label + (" (required)" if name in required else ""))
    return ", ".join(parts) or "(none)"


def _annotations(annotations: Any) -> str:
    if not isinstance(annotations, dict):
        return ""
    return ", ".join(key for key, value in annotations.items() if value is True)


def _cell(text: str) -> str:
    return " ".join(str(text).split()).replace("|", "\\|")
