"""JSON `null` literals in an input schema (a null default, enum entry or const), which
the Prompt API refuses."""

from __future__ import annotations

from webmcp_lint.checks import Context, check
from webmcp_lint.checks._metadata import SCHEMA_LISTS, SCHEMA_MAPS, SCHEMA_SINGLE
from webmcp_lint.checks._schema_json import MAX_FINDINGS_PER_SCHEMA, pointer, schema_tools
from webmcp_lint.checks._util import head_span
from webmcp_lint.model import FileModel, Value
from webmcp_lint.workspace.source import Span

Path = list[str | int]
MAX_DEPTH = 64  # schema levels read; deeper values are not looked at


_REFUSED = (
    "Chrome's Prompt API refuses a schema with a JSON null in it, so an in-page agent built "
    "on it fails with this page's tools. Leave the null out (an optional parameter needs no "
    "null default), or use a value of the parameter's type."
)
# `where`: "at the root", or where in the schema ("at `inputSchema.properties.q`")
MESSAGES = {
    "null-value": "`{{key}}` is `null` ({{where}}): " + _REFUSED,
    "null-in-list": "`{{key}}` lists `null` ({{where}}): " + _REFUSED,
    "null-inside": "`{{key}}` holds `null` ({{where}}): " + _REFUSED,
}


@check(messages=MESSAGES)
def portable_schema_null(model: FileModel, ctx: Context) -> None:
    seen: set[Span] = set()
    for _tool, schema in schema_tools(model):
        if schema.span in seen:
            continue
        seen.add(schema.span)
        found = _nulls(schema)[:MAX_FINDINGS_PER_SCHEMA]
        for value, message_id, key, path in found:
            where = "at the root" if not path else f"at `{pointer(path)}`"
            ctx.report(head_span(model.source, value.span), message_id, key=key, where=where)


def _nulls(root: Value) -> list[tuple[Value, str, str, Path]]:
    """Each null in the schema: the null, its message (how its key holds it), the key,
    and the schema it is in."""
    found: list[tuple[Value, str, str, Path]] = []
    stack: list[tuple[Value, Path]] = [(root, [])]
    while stack and len(found) < MAX_FINDINGS_PER_SCHEMA:
        schema, path = stack.pop()
        if len(path) > MAX_DEPTH:
            continue
        children: list[tuple[Value, Path]] = []
        for key, entry in schema.entries.items():
            value = entry.value
            if value.kind == "null":
                found.append((value, "null-value", key, path))
            elif key in SCHEMA_MAPS and value.kind == "object":
                children.extend(
                    (e.value, [*path, key, name])
                    for name, e in value.entries.items()
                    if e.value.kind == "object"
                )
            elif key in SCHEMA_SINGLE and value.kind == "object":
                children.append((value, [*path, key]))
            elif key in SCHEMA_LISTS and value.kind == "array":
                children.extend(
                    (item, [*path, key, index])
                    for index, item in enumerate(value.items)
                    if item.kind == "object"
                )
            else:
                found.extend((null, _held(null, value), key, path) for null in _inside(value))
        stack.extend(reversed(children))
    return found


def _held(null: Value, value: Value) -> str:
    if value.kind == "array" and any(item is null for item in value.items):
        return "null-in-list"
    return "null-inside"


def _inside(value: Value) -> list[Value]:
    """The nulls inside a value (not a schema): an `enum`, `examples`, a default object."""
    found = []
    stack = [value]
    while stack:
        current = stack.pop()
        if current.kind == "null":
            found.append(current)
        elif current.kind == "array":
            stack.extend(reversed(current.items))
        elif current.kind == "object":
            stack.extend(reversed([e.value for e in current.entries.values()]))
    return found
