"""Helpers shared by checks."""

from __future__ import annotations

from tree_sitter import Node

from webmcp_lint.diagnostics import Location, Related
from webmcp_lint.model import FileModel, Script, ToolDefinition
from webmcp_lint.model.functions import Elsewhere
from webmcp_lint.syntax.nodes import (
    called_member,
    text,
    through_constant,
    typed_call_await,
    unwrap,
)
from webmcp_lint.workspace.source import SourceFile, Span

# Names authors give the function that should be `execute`; the browser ignores them.
HANDLER_ALIASES = ("handler", "run", "fn", "callback", "func", "function")
# Names authors give the member that should be `inputSchema`.
SCHEMA_MISTAKES = ("parameters", "input_schema", "inputschema", "schema")


def head_span(source: SourceFile, span: Span) -> Span:
    """The part of `span` on its first line: a multi-line object is reported where it starts.
    A line ends at LF, CR or CRLF (as the linter counts lines)."""
    ends = [source.text.find(mark, span.start, span.end) for mark in (b"\n", b"\r")]
    found = [end for end in ends if end != -1]
    return Span(span.start, min(found)) if found else span


def related_at(model: FileModel, file: Elsewhere | None, node: Node, message: str) -> Related:
    """A related location at `node` (its first line), written in the linted file or, for a
    fact of an imported helper, in `file`: positioned there, with that file's path."""
    if file is None or file.path == model.source.display_path:
        return Related(head_span(model.source, Span.of(node)), message)
    span = head_span(file.source, Span.of(node))
    line, column = file.source.position(span.start)
    end_line, end_column = file.source.position(span.end)
    return Related(span, message, Location(line, column, end_line, end_column), file.path)


def written_at(model: FileModel, file: Elsewhere | None, node: Node) -> str:
    """Where a fact is written, for a message: `line 12` in the linted file, else
    `src/api/client.ts:12`."""
    if file is None or file.path == model.source.display_path:
        return f"line {model.source.line_of(node.start_byte) + 1}"
    return f"{file.path}:{file.source.line_of(node.start_byte) + 1}"


def registered_tools(tools: list[ToolDefinition]) -> list[ToolDefinition]:
    """Tools handed to the browser's `registerTool`, directly or through an integration."""
    return [tool for tool in tools if tool.kind != "declarative"]


def is_json_stringify(node: Node, script: Script) -> bool:
    """`JSON.stringify(...)`, directly or through a same-file `const`."""
    found = through_constant(node, script.constant)
    if found is None or found.type != "call_expression":
        return False
    member = called_member(found)
    if member is None or member[1] != "stringify":
        return False
    target = unwrap(member[0])
    return target.type == "identifier" and text(target) == "JSON" and script.resolve(target) is None


def quoted(text: str, limit: int = 60) -> str:
    """`text` in double quotes for a message, cut to `limit` characters."""
    shown = text if len(text) <= limit else text[: limit - 3] + "..."
    return '"' + shown.replace('"', '\\"') + '"'


def callee_text(call: Node) -> str:
    """How a call names what it calls, for a message: `load`, `api.save`."""
    function = call.child_by_field_name("function")
    if function is None:
        return "helper"
    awaited = typed_call_await(call)  # `await api.get<T>(...)`
    if awaited is not None:
        function = next((c for c in awaited.named_children if c.type != "comment"), function)
    return text(unwrap(function))
