"""A `default` that its own schema rejects."""

from __future__ import annotations

import re
from typing import Any

from webmcp_lint.checks import Context, check
from webmcp_lint.checks._metadata import Subschema, subschemas
from webmcp_lint.checks._schema_json import (
    Instance,
    meta_validator,
    schema_tools,
    short_json,
    validator_class,
)
from webmcp_lint.model import FileModel, Value
from webmcp_lint.workspace.source import Span

_REFERENCES = ("$ref", "$dynamicRef", "$recursiveRef")
_ASCII = re.compile(r"[ -~]*")


@check()
def input_schema_default(model: FileModel, ctx: Context) -> None:
    seen: set[Span] = set()
    for _tool, schema in schema_tools(model):
        cls = None
        for sub in subschemas(schema):
            default = sub.schema.get("default")
            if default is None or default.span in seen:
                continue
            seen.add(default.span)
            if cls is None:
                cls = validator_class(schema)
                if cls is None:
                    break
            problem = _default_message(cls, sub, default)
            if problem is not None:
                ctx.report(default.span, problem)


def _default_message(cls: Any, sub: Subschema, default: Value) -> str | None:
    if default.kind in ("unknown", "function", "undefined", "null") or default.has_unknown():
        return None  # `default: null` is the common way to say "no default"
    instance = Instance(sub.schema)
    if instance.tainted(instance.data) or _has_reference(instance.data):
        return None
    constraints = {key: item for key, item in instance.data.items() if key != "default"}
    if not meta_validator(cls).is_valid(constraints):
        return None  # input-schema-valid reports the schema itself
    value = Instance(default).data
    try:
        errors = [error for error in cls(constraints).iter_errors(value) if _trusted(error, value)]
    except re.error:
        return None  # a JavaScript-only regular expression
    if not errors:
        return None
    error = min(errors, key=lambda e: len(list(e.absolute_path)))
    label = f"`{sub.label}`" if sub.label else "the input"
    return (
        f"The default {short_json(value)} of {label} {_default_problem(error)}: agents read "
        "the default as a valid value and may send it, and the browser checks nothing. Make "
        "the default satisfy the schema, or remove it."
    )


def _trusted(error: Any, value: Any) -> bool:
    """Errors from keywords whose meaning Python and JavaScript share."""
    if error.validator == "pattern":
        pattern = error.validator_value
        return bool(_ASCII.fullmatch(str(pattern))) and _ascii_strings(value)
    return error.validator not in ("format", "patternProperties")


def _ascii_strings(value: Any) -> bool:
    stack = [value]
    while stack:
        current = stack.pop()
        if isinstance(current, str) and not _ASCII.fullmatch(current):
            return False
        if isinstance(current, dict):
            stack.extend(current.values())
        elif isinstance(current, list):
            stack.extend(current)
    return True


def _has_reference(data: Any) -> bool:
    stack = [data]
    while stack:
        current = stack.pop()
        if isinstance(current, dict):
            if any(key in current for key in _REFERENCES):
                return True
            stack.extend(current.values())
        elif isinstance(current, list):
            stack.extend(current)
    return False


def _default_problem(error: Any) -> str:
    validator, expected = error.validator, error.validator_value
    where = "".join(
        f"[{step}]" if isinstance(step, int) else f".{step}" for step in error.absolute_path
    )
    inside = f" (at {where.lstrip('.')})" if where else ""
    if validator == "enum":
        shown = ", ".join(short_json(item) for item in expected[:6])
        return f"is not one of its allowed values ({shown}){inside}"
    if validator == "const":
        return f"is not its only allowed value {short_json(expected)}{inside}"
    if validator == "type":
        wanted = " or ".join(expected) if isinstance(expected, list) else expected
        return f"is not of its type {wanted}{inside}"
    names = {
        "minimum": "is below its minimum",
        "maximum": "is above its maximum",
        "exclusiveMinimum": "is not above its exclusive minimum",
        "exclusiveMaximum": "is not below its exclusive maximum",
        "minLength": "is shorter than its minLength",
        "maxLength": "is longer than its maxLength",
        "minItems": "has fewer items than its minItems",
        "maxItems": "has more items than its maxItems",
        "multipleOf": "is not a multiple of",
        "pattern": "does not match its pattern",
    }
    if validator in names:
        return f"{names[validator]} {short_json(expected)}{inside}"
    return f"is rejected by its own schema ({validator}){inside}"
