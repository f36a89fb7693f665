"""An input schema that is not valid JSON Schema (checked against its draft's meta-schema)."""

from __future__ import annotations

import difflib
from collections.abc import Iterator
from typing import Any

from webmcp_lint.checks import Context, check
from webmcp_lint.checks._schema_json import (
    JSON_TYPES,
    TYPE_ALIASES,
    Instance,
    json_text,
    meta_validator,
    plainly_valid,
    pointer,
    validator_class,
    value_at,
)
from webmcp_lint.checks._util import head_span, registered_tools
from webmcp_lint.model import FileModel, Value
from webmcp_lint.source import Span

MAX_FINDINGS_PER_SCHEMA = 10


@check()
def input_schema_valid(model: FileModel, ctx: Context) -> None:
    seen: set[Span] = set()
    for schema in _candidate_schemas(model):
        if schema.span in seen:
            continue
        seen.add(schema.span)
        if schema.kind == "array":
            ctx.report(
                head_span(model.source, schema.span),
                "`inputSchema` is an array, not a JSON Schema: Chrome accepts it but the agent "
                'gets no parameters it can use. Write `{ type: "object", properties: { ... } }`.',
            )
            continue
        instance = Instance(schema)
        if schema.get("$schema") is None and plainly_valid(instance.data):
            continue  # the 2020-12 meta-schema, which validator_class would pick
        cls = validator_class(schema)
        if cls is None:
            continue
        reported: set[tuple[str | int, ...]] = set()
        for error in meta_validator(cls).iter_errors(instance.data):
            path = list(error.absolute_path)
            if tuple(path) in reported or not instance.path_is_known(path):
                continue
            reported.add(tuple(path))
            target = value_at(schema, path)
            ctx.report(
                head_span(model.source, target.span),
                f"{_invalid_message(error, path, target)} Chrome does not check the schema, so "
                "the agent receives it as written.",
            )
            if len(reported) >= MAX_FINDINGS_PER_SCHEMA:
                break


def _candidate_schemas(model: FileModel) -> Iterator[Value]:
    for tool in registered_tools(model.tools):
        schema = tool.input_schema
        if schema is not None and schema.kind in ("object", "array"):
            yield schema


def _invalid_message(error: Any, path: list[str | int], target: Value) -> str:
    where = pointer(path)
    instance = error.instance
    last = path[-1] if path else None
    if last == "type" and error.validator in ("anyOf", "enum"):
        return _bad_type_message(where, instance)
    if error.validator == "type":
        expected = error.validator_value
        expected_list = expected if isinstance(expected, list) else [expected]
        if "object" in expected_list and "boolean" in expected_list and len(path) >= 1:
            if isinstance(instance, str) and (instance in JSON_TYPES or instance in TYPE_ALIASES):
                fixed = TYPE_ALIASES.get(instance, instance)
                return (
                    f'`{where}` is the string "{instance}", but it must be a schema: write '
                    f'`{{ type: "{fixed}" }}`.'
                )
            if last == "items" and isinstance(instance, list):
                return (
                    f"`{where}` must be a single schema in JSON Schema 2020-12; for a tuple, "
                    "use `prefixItems` (or declare an older `$schema`)."
                )
            return f"`{where}` must be a schema (an object), not {_kind(instance)}."
        if last == "properties":
            return (
                f"`{where}` must be an object that maps each parameter name to its schema, "
                f"not {_kind(instance)}."
            )
        if last == "required":
            if isinstance(instance, bool):
                return (
                    f"`{where}` is {json_text(instance)}, an old draft-3 form: list the property's "
                    "name in its parent's `required` array instead."
                )
            return f"`{where}` must be a list of property names, not {_kind(instance)}."
        wanted = " or ".join(_article(kind) for kind in expected_list)
        return f"`{where}` must be {wanted}, not {_kind(instance)}."
    if error.validator == "uniqueItems" and isinstance(instance, list):
        repeated = next((item for i, item in enumerate(instance) if item in instance[:i]), None)
        return f"`{where}` lists {json_text(repeated)} more than once."
    if error.validator == "minimum" and isinstance(instance, (int, float)):
        return f"`{where}` is {json_text(instance)}, but it cannot be negative."
    return f"`{where}` is not valid JSON Schema: {error.message}."


def _bad_type_message(where: str, instance: Any) -> str:
    if isinstance(instance, list):
        bad = [item for item in instance if item not in JSON_TYPES]
        if bad:
            return _bad_type_message(where, bad[0])
        return f"`{where}` lists a type more than once."
    if not isinstance(instance, str):
        return f'`{where}` must be a type name such as "string", not {_kind(instance)}.'
    guess = TYPE_ALIASES.get(instance.lower())
    if guess is None:
        close = difflib.get_close_matches(instance.lower(), JSON_TYPES, n=1, cutoff=0.6)
        guess = close[0] if close else None
    hint = f': did you mean "{guess}"?' if guess else "."
    return (
        f'`{where}` is "{instance}", which is not a JSON Schema type (string, number, '
        f"integer, boolean, array, object, null){hint}"
    )


def _kind(item: Any) -> str:
    if isinstance(item, bool):
        return f"the boolean {json_text(item)}"
    if isinstance(item, (int, float)):
        return f"the number {json_text(item)}"
    if isinstance(item, str):
        return f'the string "{item}"' if len(item) <= 40 else "a string"
    if isinstance(item, list):
        return "an array"
    if isinstance(item, dict):
        return "an object"
    return "null"


def _article(kind: str) -> str:
    return f"an {kind}" if kind[0] in "aeiou" else f"a {kind}"
