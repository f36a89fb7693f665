"""An input schema as the JSON the agent receives, and JSON Schema validation of it:
shared by the schema rules."""

from __future__ import annotations

import json
import math
from collections.abc import Iterator
from typing import Any

from webmcp_lint.checks._metadata import input_schema_of
from webmcp_lint.checks._util import registered_tools
from webmcp_lint.model import FileModel, ToolDefinition, Value

JSON_TYPES = ("string", "number", "integer", "boolean", "array", "object", "null")
TYPE_ALIASES = {
    "str": "string",
    "text": "string",
    "int": "integer",
    "long": "integer",
    "float": "number",
    "double": "number",
    "decimal": "number",
    "bool": "boolean",
    "list": "array",
    "dict": "object",
    "map": "object",
    "record": "object",
}


def schema_tools(model: FileModel) -> Iterator[tuple[ToolDefinition, Value]]:
    """Tools whose schema the page author wrote, with that schema when it is an object."""
    for tool in registered_tools(model.tools):
        schema = input_schema_of(tool)
        if schema is not None:
            yield tool, schema


class Hole:
    """An unknown part of a schema. Equal to nothing, of no JSON type: whatever jsonschema
    says about it is dropped."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "<unknown>"


class Instance:
    """A schema `Value` as the JSON the agent receives (`JSON.stringify`: functions and
    `undefined` members dropped), with its unknown parts marked."""

    def __init__(self, value: Value) -> None:
        self.uncertain: set[int] = set()  # ids of holes and of incomplete objects/arrays
        self._keep: list[Any] = []  # keeps marked objects alive so their ids stay unique
        self.data = self._convert(value)

    def _mark(self, item: Any) -> Any:
        self.uncertain.add(id(item))
        self._keep.append(item)
        return item

    def _convert(self, value: Value) -> Any:
        kind = value.kind
        if kind == "unknown":
            return self._mark(Hole())
        if kind == "object":
            result: dict[str, Any] = {}
            for key, entry in value.entries.items():
                if entry.value.kind not in ("function", "undefined"):
                    result[key] = self._convert(entry.value)
            return self._mark(result) if not value.complete else result
        if kind == "array":
            items = [
                None if item.kind in ("function", "undefined") else self._convert(item)
                for item in value.items
            ]
            return self._mark(items) if not value.complete else items
        if kind == "number" and isinstance(value.data, float) and not math.isfinite(value.data):
            return None
        if kind in ("function", "undefined"):
            return None
        return value.data

    def tainted(self, item: Any) -> bool:
        """Whether `item` is, or holds, something unknown."""
        stack = [item]
        while stack:
            current = stack.pop()
            if id(current) in self.uncertain:
                return True
            if isinstance(current, dict):
                stack.extend(current.values())
            elif isinstance(current, list):
                stack.extend(current)
        return False

    def path_is_known(self, path: list[str | int]) -> bool:
        """Whether every container on `path` and the value at its end are fully known."""
        current = self.data
        for step in path:
            if id(current) in self.uncertain:
                return False
            try:
                current = current[step]
            except (KeyError, IndexError, TypeError):
                return False
        return not self.tainted(current)


def value_at(value: Value, path: list[str | int]) -> Value:
    """The `Value` at a JSON path, as far as it can be followed."""
    current = value
    for step in path:
        if isinstance(step, int) and current.kind == "array" and step < len(current.items):
            current = current.items[step]
        elif isinstance(step, str) and current.kind == "object" and step in current.entries:
            current = current.entries[step].value
        else:
            break
    return current


def pointer(path: list[str | int]) -> str:
    shown = "inputSchema"
    for step in path:
        shown += f"[{step}]" if isinstance(step, int) else f".{step}"
    return shown


def json_text(item: Any) -> str:
    return json.dumps(item, ensure_ascii=False)


_META_VALIDATORS: dict[str, Any] = {}


def validator_class(schema: Value) -> Any | None:
    """The jsonschema validator class for the schema's declared `$schema` (2020-12 when
    none is declared), or None when the declared one is unknown."""
    from jsonschema.validators import Draft202012Validator, validator_for

    declared = schema.get("$schema")
    if declared is None:
        return Draft202012Validator
    if declared.kind != "string":
        return None
    return validator_for({"$schema": declared.data}, default=None)


def meta_validator(cls: Any) -> Any:
    key = cls.__name__
    if key not in _META_VALIDATORS:
        from jsonschema.validators import validator_for

        meta = cls.META_SCHEMA
        _META_VALIDATORS[key] = validator_for(meta, default=cls)(meta)
    return _META_VALIDATORS[key]


def short_json(item: Any) -> str:
    shown = json_text(item)
    return shown if len(shown) <= 40 else shown[:39] + "…"


# -- a schema plainly valid against the 2020-12 meta-schema -------------------------------
#
# Most input schemas use a handful of keywords with values of the right shape. For them
# the meta-schema has nothing to say, which this tells without jsonschema (importing it
# and walking its meta-schema cost more than the rest of the rules on such a schema).
# Anything else (another keyword, a `$`-keyword, a value of another shape, an unknown
# part) is left to jsonschema: "plainly valid" is a sufficient condition, never a verdict.

_SIMPLE_TYPES = frozenset(JSON_TYPES)
_SCHEMA_KEYWORDS = frozenset({"properties", "items", "additionalProperties"})
_ANYTHING = frozenset({"default", "const", "enum", "examples"})
_STRINGS = frozenset({"title", "description", "pattern", "format"})
_NUMBERS = frozenset({"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"})
_COUNTS = frozenset({"minLength", "maxLength", "minItems", "maxItems"})


def _is_number(item: Any) -> bool:
    return type(item) in (int, float)


def _is_count(item: Any) -> bool:
    """A JSON Schema integer (a float with no fraction counts) that is not negative."""
    return _is_number(item) and float(item).is_integer() and item >= 0


def _unique_strings(item: Any, allowed: frozenset[str] | None = None) -> bool:
    return (
        type(item) is list
        and all(type(entry) is str for entry in item)
        and len(set(item)) == len(item)
        and (allowed is None or set(item) <= allowed)
    )


def _plain_keyword(key: str, item: Any) -> bool:
    if key in _ANYTHING:
        return key in ("default", "const") or type(item) is list
    if key in _STRINGS:
        return type(item) is str
    if key in _NUMBERS:
        return _is_number(item)
    if key in _COUNTS:
        return _is_count(item)
    if key == "type":
        if type(item) is str:
            return item in _SIMPLE_TYPES
        return _unique_strings(item, _SIMPLE_TYPES) and len(item) >= 1
    if key == "required":
        return _unique_strings(item)
    if key == "uniqueItems":
        return type(item) is bool
    return False


def plainly_valid(data: Any) -> bool:
    """Whether a schema (as `Instance.data`) is valid JSON Schema 2020-12 for reasons
    this function can see: True means jsonschema would find no error; False means ask
    jsonschema."""
    stack = [data]
    while stack:
        schema = stack.pop()
        if type(schema) is bool:
            continue
        if type(schema) is not dict:
            return False
        for key, item in schema.items():
            if key in _SCHEMA_KEYWORDS:
                if key == "properties":
                    if type(item) is not dict:
                        return False
                    stack.extend(item.values())
                else:
                    stack.append(item)
            elif not _plain_keyword(key, item):
                return False
    return True
