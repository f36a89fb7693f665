"""`required` names a property that `properties` does not define."""

from __future__ import annotations

from webmcp_lint.checks import Context, check
from webmcp_lint.checks._metadata import Subschema, subschemas
from webmcp_lint.checks._schema_json import schema_tools
from webmcp_lint.model import FileModel, Value
from webmcp_lint.workspace.source import Span

_COMPOSING = (
    "allOf",
    "anyOf",
    "oneOf",
    "$ref",
    "$dynamicRef",
    "patternProperties",
    "dependentSchemas",
    "if",
    "then",
    "else",
    "unevaluatedProperties",
)


# A branch of these constrains the object it is part of: its `required` may name the
# properties the object defines (`oneOf: [{required: ["a"]}, {required: ["b"]}]`).
_BRANCHES = ("allOf", "anyOf", "oneOf", "not", "if", "then", "else")


# `where` says whose `required` it is (`` of `address` ``), empty for the input's own.
_UNDEFINED = (
    '`required` {{where}}names "{{name}}", which `properties` does not define: the agent must '
    "send a parameter it knows nothing about. "
)
MESSAGES = {
    "required-misspelled": _UNDEFINED + 'Did you mean "{{meant}}"?',
    "required-without-properties": (
        _UNDEFINED + "Define it under `properties` with a type and a description."
    ),
    "required-undefined": (
        _UNDEFINED + "Define it under `properties`, or remove it from `required`."
    ),
}


@check(messages=MESSAGES)
def input_schema_required(model: FileModel, ctx: Context) -> None:
    seen: set[Span] = set()
    for _tool, schema in schema_tools(model):
        enclosing: dict[Span, Value] = {}  # each branch schema, the object it is part of
        for sub in subschemas(schema):  # parents first: a branch's object is known by then
            _note_branches(sub.schema, enclosing)
            required = sub.schema.get("required")
            if required is None or required.kind != "array" or required.span in seen:
                continue
            seen.add(required.span)
            if not sub.schema.complete or any(k in sub.schema.entries for k in _COMPOSING):
                continue
            defined = _defined(sub.schema)
            parent = enclosing.get(sub.schema.span)
            if parent is not None and defined is not None:
                above = _defined(parent)
                defined = None if above is None else [*defined, *above]
            if defined is None:
                continue
            for item in required.items:
                if item.kind != "string" or item.data in defined:
                    continue
                _report(ctx, sub, item, defined)


def _defined(schema: Value) -> list[str] | None:
    """The property names a schema defines; None when they cannot all be known."""
    properties = schema.get("properties")
    if properties is None:
        return []
    if properties.kind != "object" or not properties.complete:
        return None
    return list(properties.entries)


def _note_branches(schema: Value, enclosing: dict[Span, Value]) -> None:
    """Record the object each branch of `schema` (`oneOf`, `allOf`, `if`, ...) is part of."""
    owner = enclosing.get(schema.span, schema)
    entries = schema.entries  # not `schema.get` for each keyword: one left out is no branch
    for keyword in _BRANCHES:
        entry = entries.get(keyword)
        if entry is None:
            continue
        branch = entry.value
        for item in branch.items if branch.kind == "array" else [branch]:
            if item.kind == "object":
                enclosing[item.span] = owner


def _report(ctx: Context, sub: Subschema, item: Value, defined: list[str]) -> None:
    where = f"of `{sub.label}` " if sub.label else ""
    name = str(item.data)
    import difflib  # only for a finding's suggestion

    close = difflib.get_close_matches(item.data, defined, n=1, cutoff=0.6)
    if close:
        ctx.report(item.span, "required-misspelled", where=where, name=name, meant=close[0])
    elif not defined:
        ctx.report(item.span, "required-without-properties", where=where, name=name)
    else:
        ctx.report(item.span, "required-undefined", where=where, name=name)
