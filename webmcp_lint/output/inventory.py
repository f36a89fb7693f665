"""The tool manifest: every tool found, as plain JSON-ready data (`webmcp-lint tools`)."""

from __future__ import annotations

import html
import re
from typing import Any

from webmcp_lint.model import ToolDefinition, Value
from webmcp_lint.model.values import PartialArray, PartialObject, PartialText
from webmcp_lint.output.inert import printable
from webmcp_lint.workspace.source import SourceFile


def summarize(
    tool: ToolDefinition, source: SourceFile, runtime: list[str] | None = None
) -> dict[str, Any]:
    """A tool as `webmcp-lint tools --format json` lists it: a member that cannot be
    known is None, an unknown part inside one is left out. `runtime` is what provides
    the `modelContext` it is registered on, in each environment (docs/runtimes.md, "What your
    code runs on"), None where that cannot be known."""

    def plain(value: Value | None) -> Any:
        if value is None or not value.known:
            return None
        found = _known_parts(value)
        return None if found is _GONE else found  # `description: undefined` is none

    # Where the tool's name is written: for tools registered in a loop or made by a
    # factory that is each tool's own line, where the registration call is shared. A
    # tool whose name is not known is where it is registered (where Chromium's stack
    # trace of the registration points too: `webmcp-lint verify`).
    name = tool.name
    named = name is not None and tool.known_name is not None
    anchor = name.span if named and name is not None else tool.registration
    line, _ = source.position(anchor.start)
    return {
        "name": tool.known_name,  # a name with unknown parts is not a name
        "title": plain(tool.title),
        "description": plain(tool.description),
        "inputSchema": plain(tool.input_schema),
        "outputSchema": plain(tool.output_schema),
        "annotations": plain(tool.annotations),
        "kind": tool.kind,
        "library": tool.integration,
        "path": source.display_path,
        "line": line,
        "runtime": runtime,
    }


_GONE = object()


def _known_parts(value: Value) -> Any:
    """A value as JSON with its unknown members left out (never `null` for them: a
    schema member `"enum": null` would be a different schema). What is known in part is
    a `PartialObject`, `PartialArray` or `PartialText`, which serialize as their plain
    kind: whoever compares the value with another (`webmcp-lint verify`) can tell."""
    if value.kind == "object":
        found = {key: _known_parts(entry.value) for key, entry in value.entries.items()}
        known = {key: item for key, item in found.items() if item is not _GONE}
        # A function or `undefined` member is left out by JSON as well; an unknown one
        # may be anything.
        lost = any(entry.value.kind == "unknown" for entry in value.entries.values())
        return PartialObject(known) if lost or not value.complete else known
    if value.kind == "array":
        items = [_known_parts(item) for item in value.items]
        kept = [item for item in items if item is not _GONE]
        # JSON writes a function or `undefined` item as null: the positions change too.
        partial = len(kept) < len(items) or not value.complete
        return PartialArray(kept) if partial else kept
    if value.kind in ("unknown", "function", "undefined"):
        return _GONE
    if value.kind == "string" and not value.complete:
        return PartialText(value.data)
    return value.data


def markdown_table(tools: list[dict[str, Any]]) -> str:
    """The manifest as a Markdown table a person would paste into docs. Every value from
    the code is escaped (see `_text`): it cannot add HTML, break the table or drive a
    terminal."""
    if not tools:
        return "No WebMCP tools found.\n"
    lines = [
        "| Tool | Kind | Description | Parameters | Annotations | Defined at |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for tool in tools:
        name = _code(tool["name"]) if tool["name"] is not None else "(unknown)"
        if tool["title"]:
            name += f" ({_text(tool['title'])})"
        description = tool["description"]
        cells = (
            name,
            _kind(tool),
            _text(description) if description is not None else "(unknown)",
            _parameters(tool["inputSchema"]),
            _annotations(tool["annotations"]),
            _text(f"{tool['path']}:{tool['line']}"),
        )
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def _kind(tool: dict[str, Any]) -> str:
    """`integration (@mcp-b/react-webmcp)`: the kind, and the library when there is one."""
    library = tool.get("library")
    return f"{tool['kind']} (`{library}`)" if library else str(tool["kind"])


def _parameters(schema: Any) -> str:
    """One line per parameter: `name` (type, required, choices): description."""
    if not isinstance(schema, dict) or not isinstance(schema.get("properties"), dict):
        return "(none)" if schema is None else "(see schema)"
    listed = schema.get("required")
    required = listed if isinstance(listed, list) else []
    lines = []
    for name, prop in schema["properties"].items():
        prop = prop if isinstance(prop, dict) else {}
        kind = _type_of(prop)
        facts = [_text(kind)] if kind else []
        if name in required:
            facts.append("required")
        choices = _choices(prop)
        if choices:
            facts.append(f"one of {choices}")
        line = _code(name) + (f" ({', '.join(facts)})" if facts else "")
        description = prop.get("description")
        if isinstance(description, str) and description.strip():
            line += f": {_text(description)}"
        lines.append(line)
    return "<br>".join(lines) or "(none)"


def _type_of(prop: dict[str, Any]) -> str | None:
    kind = prop.get("type")
    items = prop.get("items")
    if kind == "array" and isinstance(items, dict) and isinstance(items.get("type"), str):
        return f"array of {items['type']}"
    return kind if isinstance(kind, str) else None


def _choices(prop: dict[str, Any]) -> str:
    items = prop.get("items")
    values = (items if isinstance(items, dict) else prop).get("enum")
    if not isinstance(values, list) or not values:
        return ""
    shown = ", ".join(_code(v) for v in values[:6])
    return shown + (", ..." if len(values) > 6 else "")


def _annotations(annotations: Any) -> str:
    if not isinstance(annotations, dict):
        return ""
    return _text(", ".join(key for key, value in annotations.items() if value is True))


def _text(value: Any) -> str:
    """A value as one line of a table cell: whitespace runs as one space, control
    characters escaped, HTML and pipes escaped."""
    text = printable(" ".join(str(value).split()))
    return html.escape(text, quote=False).replace("|", "\\|")


def _code(value: Any) -> str:
    """A value as a code span, fenced with more backticks than it holds in a row."""
    text = _text(value)
    fence = "`" * (max((len(run) for run in re.findall("`+", text)), default=0) + 1)
    padded = f" {text} " if text.startswith("`") or text.endswith("`") else text
    return f"{fence}{padded}{fence}"
