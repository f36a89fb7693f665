"""An input schema as the JSON the agent receives, and JSON Schema validation of it:
shared by the schema rules."""

from __future__ import annotations

import json
import math
from collections.abc import Iterator
from typing import Any

from webmcp_lint.checks._metadata import input_schema_of
from webmcp_lint.checks._util import is_json_stringify, registered_tools
from webmcp_lint.model import FileModel, Script, ToolDefinition, Value

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


# Values of an `inputSchema` (or `outputSchema`) that are not a schema object, as
# messages name them; registerTool rejects them with a TypeError (an `object` member).
NOT_A_SCHEMA = {
    "string": "a JSON string",
    "number": "a number",
    "boolean": "a boolean",
    "null": "null",
    "function": "a function",
}


def not_a_schema(schema: Value, script: Script) -> str | None:
    """What a schema member's value is when it is not a schema object (a string, a
    number, `JSON.stringify(...)`, directly or through a `const`), for a message."""
    if schema.node is not None and is_json_stringify(schema.node, script):
        return "a JSON string"
    return NOT_A_SCHEMA.get(schema.kind)


def type_names(declared: Value) -> list[str] | None:
    """The type names a schema's `type` declares (`"string"`, `["object", "null"]`), or
    None when they cannot all be known."""
    if declared.kind == "string":
        return [declared.data]
    if (
        declared.kind == "array"
        and declared.complete
        and all(i.kind == "string" for i in declared.items)
    ):
        return [item.data for item in declared.items]
    return None


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


def pointer(path: list[str | int], member: str = "inputSchema") -> str:
    shown = member
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


# -- what is wrong with a schema, in words ----------------------------------------------

MAX_FINDINGS_PER_SCHEMA = 10


def meta_errors(schema: Value, member: str = "inputSchema") -> Iterator[tuple[Value, str]]:
    """Each place of a schema (`inputSchema` or `outputSchema`, an object) that the
    meta-schema of its declared `$schema` (2020-12 when none) rejects, once per place and
    at most MAX_FINDINGS_PER_SCHEMA: the value there and what is wrong, in words. Parts
    that are not known statically, and what is inside them, are never judged."""
    instance = Instance(schema)
    if schema.get("$schema") is None and plainly_valid(instance.data):
        return  # the 2020-12 meta-schema, which validator_class would pick
    cls = validator_class(schema)
    if cls is None:
        return
    reported: set[tuple[str | int, ...]] = set()
    for error in meta_validator(cls).iter_errors(instance.data):
        path = list(error.absolute_path)
        if tuple(path) in reported or not instance.path_is_known(path):
            continue
        reported.add(tuple(path))
        yield value_at(schema, path), invalid_message(error, path, member)
        if len(reported) >= MAX_FINDINGS_PER_SCHEMA:
            return


def invalid_message(error: Any, path: list[str | int], member: str = "inputSchema") -> str:
    """What jsonschema's `error` at `path` of the schema `member` means, for a person."""
    where = pointer(path, member)
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
        import difflib  # only for a finding's suggestion

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
