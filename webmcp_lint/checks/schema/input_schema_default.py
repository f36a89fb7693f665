"""A `default` that its own schema rejects."""

from __future__ import annotations

import re
from typing import Any

from webmcp_lint import LazyPattern
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
_ASCII = LazyPattern(r"[ -~]*")

# `label` is the property (`` `name` ``) or "the input"; `inside` is where in the default
# the value fails (" (at items[0])"), empty when it is the default itself.
_DEFAULT = "The default {{value}} of {{label}} "
_ENDING = (
    "{{inside}}: agents read the default as a valid value and may send it, and the browser "
    "checks nothing. Make the default satisfy the schema, or remove it."
)
MESSAGES = {
    "default-not-allowed": _DEFAULT + "is not one of its allowed values ({{allowed}})" + _ENDING,
    "default-not-const": _DEFAULT + "is not its only allowed value {{expected}}" + _ENDING,
    "default-wrong-type": _DEFAULT + "is not of its type {{type}}" + _ENDING,
    "default-below-minimum": _DEFAULT + "is below its minimum {{limit}}" + _ENDING,
    "default-above-maximum": _DEFAULT + "is above its maximum {{limit}}" + _ENDING,
    "default-not-above-exclusive-minimum": (
        _DEFAULT + "is not above its exclusive minimum {{limit}}" + _ENDING
    ),
    "default-not-below-exclusive-maximum": (
        _DEFAULT + "is not below its exclusive maximum {{limit}}" + _ENDING
    ),
    "default-too-short": _DEFAULT + "is shorter than its minLength {{limit}}" + _ENDING,
    "default-too-long": _DEFAULT + "is longer than its maxLength {{limit}}" + _ENDING,
    "default-too-few-items": _DEFAULT + "has fewer items than its minItems {{limit}}" + _ENDING,
    "default-too-many-items": _DEFAULT + "has more items than its maxItems {{limit}}" + _ENDING,
    "default-not-multiple": _DEFAULT + "is not a multiple of {{limit}}" + _ENDING,
    "default-pattern-mismatch": _DEFAULT + "does not match its pattern {{limit}}" + _ENDING,
    "default-rejected": _DEFAULT + "is rejected by its own schema ({{keyword}})" + _ENDING,
}
# The message for a default that a keyword with a limit rejects.
_LIMITED = {
    "minimum": "default-below-minimum",
    "maximum": "default-above-maximum",
    "exclusiveMinimum": "default-not-above-exclusive-minimum",
    "exclusiveMaximum": "default-not-below-exclusive-maximum",
    "minLength": "default-too-short",
    "maxLength": "default-too-long",
    "minItems": "default-too-few-items",
    "maxItems": "default-too-many-items",
    "multipleOf": "default-not-multiple",
    "pattern": "default-pattern-mismatch",
}


@check(messages=MESSAGES)
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
            rejected = _rejected(cls, sub, default)
            if rejected is not None:
                _report(ctx, default.span, sub, *rejected)


def _rejected(cls: Any, sub: Subschema, default: Value) -> tuple[Any, Any] | None:
    """The default's value as JSON data, and the error of the schema's own keywords that
    rejects it (the one nearest its root); None when they accept it or cannot be trusted
    to judge it."""
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
    return value, min(errors, key=lambda e: len(list(e.absolute_path)))


def _trusted(error: Any, value: Any) -> bool:
    """Errors from keywords whose meaning Python and JavaScript share."""
    if error.validator == "pattern":
        pattern = error.validator_value
        return bool(_ASCII.compiled.fullmatch(str(pattern))) and _ascii_strings(value)
    return error.validator not in ("format", "patternProperties")


def _ascii_strings(value: Any) -> bool:
    stack = [value]
    while stack:
        current = stack.pop()
        if isinstance(current, str) and not _ASCII.compiled.fullmatch(current):
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


def _report(ctx: Context, at: Span, sub: Subschema, value: Any, error: Any) -> None:
    """The default's finding, by the keyword that rejects it."""
    validator, expected = error.validator, error.validator_value
    where = "".join(
        f"[{step}]" if isinstance(step, int) else f".{step}" for step in error.absolute_path
    )
    inside = f" (at {where.lstrip('.')})" if where else ""
    shown = short_json(value)
    label = f"`{sub.label}`" if sub.label else "the input"
    if validator == "enum":
        allowed = ", ".join(short_json(item) for item in expected[:6])
        ctx.report(
            at, "default-not-allowed", value=shown, label=label, allowed=allowed, inside=inside
        )
    elif validator == "const":
        only = short_json(expected)
        ctx.report(at, "default-not-const", value=shown, label=label, expected=only, inside=inside)
    elif validator == "type":
        wanted = " or ".join(expected) if isinstance(expected, list) else str(expected)
        ctx.report(at, "default-wrong-type", value=shown, label=label, type=wanted, inside=inside)
    elif validator in _LIMITED:
        limit = short_json(expected)
        ctx.report(at, _LIMITED[validator], value=shown, label=label, limit=limit, inside=inside)
    else:
        keyword = str(validator)
        ctx.report(at, "default-rejected", value=shown, label=label, keyword=keyword, inside=inside)
