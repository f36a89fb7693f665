"""Keywords of an input schema outside the JSON Schema subset proposed for WebMCP (spec
PR #289), under which registerTool would throw."""

from __future__ import annotations

from webmcp_lint.checks import Context, check
from webmcp_lint.checks._schema_json import MAX_FINDINGS_PER_SCHEMA, pointer, schema_tools
from webmcp_lint.checks.portability.portable_schema_root import COMBINATORS, NOT_OBJECT
from webmcp_lint.model import FileModel, Value
from webmcp_lint.workspace.source import Span

# The subset of spec PR #289; `additionalProperties` only as `false`.
SUBSET = frozenset(
    {
        "type",
        "properties",
        "required",
        "enum",
        "minimum",
        "maximum",
        "exclusiveMinimum",
        "exclusiveMaximum",
        "minLength",
        "maxLength",
        "minItems",
        "maxItems",
        "pattern",
        "items",
        "prefixItems",
        "additionalProperties",
        "default",
        "description",
    }
)

Path = list[str | int]


MESSAGES = {
    # `where`: "at the root", or where in the schema ("at `inputSchema.properties.q`")
    "outside-subset": (
        "`{{keyword}}` ({{where}}) is outside the JSON Schema subset proposed for WebMCP "
        "(spec PR #289, not shipped): a browser that adopts it rejects this schema and "
        "registerTool throws a TypeError. Use the subset's keywords (type, properties, "
        "required, enum, numeric and length limits, pattern, items, prefixItems, "
        "additionalProperties: false, default, description), or say it in a description."
    ),
}


@check(messages=MESSAGES)
def portable_schema_subset(model: FileModel, ctx: Context) -> None:
    def written_by_a_library(span: Span) -> bool:
        """A keyword a library builds from markup (react-webmcp's `<WebMCP.Tool>` makes a
        `<select>` a `oneOf`): the page wrote an element, not the keyword."""
        return model.source.slice(span).lstrip().startswith("<")

    seen: set[Span] = set()
    for _tool, schema in schema_tools(model):
        if schema.span in seen:
            continue
        seen.add(schema.span)
        reported = 0
        stack: list[tuple[Value, Path]] = [(schema, [])]
        while stack and reported < MAX_FINDINGS_PER_SCHEMA:
            current, path = stack.pop()
            children: list[tuple[Value, Path]] = []
            for key, entry in current.entries.items():
                value = entry.value
                if key == "additionalProperties":
                    if not value.known or (value.kind == "boolean" and value.data is False):
                        continue
                    shown = (
                        f"additionalProperties: {value.as_text()}"
                        if value.kind == "boolean"
                        else "additionalProperties with a schema"
                    )
                elif key in SUBSET:
                    children.extend(_subschemas(key, value, path))
                    continue
                elif not path and _root_keyword(key, current):
                    continue  # portable-schema-root's: one finding for one cause
                else:
                    shown = key
                if written_by_a_library(entry.key_span):
                    continue
                where = "at the root" if not path else f"at `{pointer(path)}`"
                ctx.report(entry.key_span, "outside-subset", keyword=shown, where=where)
                reported += 1
                if reported >= MAX_FINDINGS_PER_SCHEMA:
                    break
            stack.extend(reversed(children))


def _root_keyword(key: str, root: Value) -> bool:
    """What portable-schema-root reports at the root: a combinator, or `enum`/`not` where
    the root has no `type`."""
    if key in COMBINATORS:
        return True
    return key in NOT_OBJECT and "type" not in root.entries and root.complete


def _subschemas(key: str, value: Value, path: Path) -> list[tuple[Value, Path]]:
    """The schemas a keyword of the subset holds: each property's, `items`, and each of
    `prefixItems`."""
    if key == "properties" and value.kind == "object":
        return [
            (entry.value, [*path, "properties", name])
            for name, entry in value.entries.items()
            if entry.value.kind == "object"
        ]
    if key == "items" and value.kind == "object":
        return [(value, [*path, "items"])]
    if key == "prefixItems" and value.kind == "array":
        return [
            (item, [*path, "prefixItems", index])
            for index, item in enumerate(value.items)
            if item.kind == "object"
        ]
    return []
