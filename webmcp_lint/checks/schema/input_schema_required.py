"""`required` names a property that `properties` does not define."""

from __future__ import annotations

import difflib

from webmcp_lint.checks import Context, check
from webmcp_lint.checks._metadata import Subschema, subschemas
from webmcp_lint.checks._schema_json import schema_tools
from webmcp_lint.model import FileModel, Value
from webmcp_lint.source import Span

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


@check()
def input_schema_required(model: FileModel, ctx: Context) -> None:
    seen: set[Span] = set()
    for _tool, schema in schema_tools(model):
        for sub in subschemas(schema):
            required = sub.schema.get("required")
            if required is None or required.kind != "array" or required.span in seen:
                continue
            seen.add(required.span)
            if not sub.schema.complete or any(k in sub.schema.entries for k in _COMPOSING):
                continue
            properties = sub.schema.get("properties")
            if properties is not None and (properties.kind != "object" or not properties.complete):
                continue
            defined = list(properties.entries) if properties is not None else []
            for item in required.items:
                if item.kind != "string" or item.data in defined:
                    continue
                ctx.report(item.span, _message(sub, item, defined))


def _message(sub: Subschema, item: Value, defined: list[str]) -> str:
    where = f"of `{sub.label}` " if sub.label else ""
    close = difflib.get_close_matches(item.data, defined, n=1, cutoff=0.6)
    if close:
        hint = f'Did you mean "{close[0]}"?'
    elif not defined:
        hint = "Define it under `properties` with a type and a description."
    else:
        hint = "Define it under `properties`, or remove it from `required`."
    return (
        f'`required` {where}names "{item.data}", which `properties` does not define: the agent '
        f"must send a parameter it knows nothing about. {hint}"
    )
