"""The input schema: valid JSON Schema, an object root, consistent `required` and
`default`, members the browser would ignore, and a schema where `execute` reads input.

Chrome serves `inputSchema` to the agent as written (it checks only that it is an object),
so every mistake here reaches the agent. Forms are left out: Chromium writes their schema.
"""

from __future__ import annotations

import difflib
import json
import math
import re
from collections.abc import Iterator
from typing import Any

from tree_sitter import Node

from webmcp_lint.checks import Context as CheckContext
from webmcp_lint.checks import legacy_check as check
from webmcp_lint.checks._metadata import Subschema, input_schema_of, subschemas
from webmcp_lint.checks._util import HANDLER_ALIASES, head_span, registered_tools
from webmcp_lint.diagnostics import Edit, Finding, Fix
from webmcp_lint.model import FileModel, Script, ToolDefinition, Value
from webmcp_lint.source import Span
from webmcp_lint.syntax.nodes import (
    descendants,
    function_body,
    function_parameters,
    property_name,
    unwrap,
)
from webmcp_lint.syntax.nodes import text as node_text

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
DEFAULT_SCHEMA = "https://json-schema.org/draft/2020-12/schema"
MAX_FINDINGS_PER_SCHEMA = 10


def _schema_tools(model: FileModel) -> Iterator[tuple[ToolDefinition, Value]]:
    """Tools whose schema the page author wrote, with that schema when it is an object."""
    for tool in registered_tools(model.tools):
        schema = input_schema_of(tool)
        if schema is not None:
            yield tool, schema


# -- known parts of a schema as JSON -----------------------------------------------------------


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


def _json(item: Any) -> str:
    return json.dumps(item, ensure_ascii=False)


# -- input-schema-valid -----------------------------------------------------------------------

VALID = "input-schema-valid"
_META_VALIDATORS: dict[str, Any] = {}


def _validator_class(schema: Value) -> Any | None:
    """The jsonschema validator class for the schema's declared `$schema` (2020-12 when
    none is declared), or None when the declared one is unknown."""
    from jsonschema.validators import Draft202012Validator, validator_for

    declared = schema.get("$schema")
    if declared is None:
        return Draft202012Validator
    if declared.kind != "string":
        return None
    return validator_for({"$schema": declared.data}, default=None)


def _meta_validator(cls: Any) -> Any:
    key = cls.__name__
    if key not in _META_VALIDATORS:
        from jsonschema.validators import validator_for

        meta = cls.META_SCHEMA
        _META_VALIDATORS[key] = validator_for(meta, default=cls)(meta)
    return _META_VALIDATORS[key]


@check(VALID)
def input_schema_valid(model: FileModel, context: CheckContext) -> Iterator[Finding]:
    seen: set[Span] = set()
    for schema in _candidate_schemas(model):
        if schema.span in seen:
            continue
        seen.add(schema.span)
        if schema.kind == "array":
            yield Finding(
                VALID,
                "`inputSchema` is an array, not a JSON Schema: Chrome accepts it but the agent "
                'gets no parameters it can use. Write `{ type: "object", properties: { ... } }`.',
                head_span(model.source, schema.span),
            )
            continue
        cls = _validator_class(schema)
        if cls is None:
            continue
        instance = Instance(schema)
        reported: set[tuple[str | int, ...]] = set()
        for error in _meta_validator(cls).iter_errors(instance.data):
            path = list(error.absolute_path)
            if tuple(path) in reported or not instance.path_is_known(path):
                continue
            reported.add(tuple(path))
            target = value_at(schema, path)
            yield Finding(
                VALID,
                f"{_invalid_message(error, path, target)} Chrome does not check the schema, so "
                "the agent receives it as written.",
                head_span(model.source, target.span),
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
                    f"`{where}` is {_json(instance)}, an old draft-3 form: list the property's "
                    "name in its parent's `required` array instead."
                )
            return f"`{where}` must be a list of property names, not {_kind(instance)}."
        wanted = " or ".join(_article(kind) for kind in expected_list)
        return f"`{where}` must be {wanted}, not {_kind(instance)}."
    if error.validator == "uniqueItems" and isinstance(instance, list):
        repeated = next((item for i, item in enumerate(instance) if item in instance[:i]), None)
        return f"`{where}` lists {_json(repeated)} more than once."
    if error.validator == "minimum" and isinstance(instance, (int, float)):
        return f"`{where}` is {_json(instance)}, but it cannot be negative."
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
        return f"the boolean {_json(item)}"
    if isinstance(item, (int, float)):
        return f"the number {_json(item)}"
    if isinstance(item, str):
        return f'the string "{item}"' if len(item) <= 40 else "a string"
    if isinstance(item, list):
        return "an array"
    if isinstance(item, dict):
        return "an object"
    return "null"


def _article(kind: str) -> str:
    return f"an {kind}" if kind[0] in "aeiou" else f"a {kind}"


# -- input-schema-root -----------------------------------------------------------------------

ROOT = "input-schema-root"


@check(ROOT)
def input_schema_root(model: FileModel, context: CheckContext) -> Iterator[Finding]:
    seen: set[Span] = set()
    for _tool, schema in _schema_tools(model):
        if schema.span in seen:
            continue
        seen.add(schema.span)
        declared = schema.get("type")
        if declared is None:
            if not schema.complete:
                continue
            shaped = [
                k for k in ("properties", "required", "additionalProperties") if k in schema.entries
            ]
            if shaped:
                yield Finding(
                    ROOT,
                    f'The input schema has `{shaped[0]}` but no `type: "object"`: the tool\'s '
                    "input is always an object, and some agents only read `properties` under "
                    'an object type. Add `type: "object"`.',
                    head_span(model.source, schema.span),
                )
            continue
        types = _type_names(declared)
        if types is None or any(t not in JSON_TYPES for t in types) or "object" in types:
            continue  # unknown, or invalid (input-schema-valid reports it), or fine
        shown = types[0] if len(types) == 1 else ", ".join(types)
        yield Finding(
            ROOT,
            f"The input schema's root type is \"{shown}\", but a tool's input is always an "
            'object: agents cannot send a bare value. Use `type: "object"` and put the value '
            "in a named property.",
            declared.span,
        )


def _type_names(declared: Value) -> list[str] | None:
    if declared.kind == "string":
        return [declared.data]
    if (
        declared.kind == "array"
        and declared.complete
        and all(i.kind == "string" for i in declared.items)
    ):
        return [item.data for item in declared.items]
    return None


# -- input-schema-required -------------------------------------------------------------------

REQUIRED = "input-schema-required"
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


@check(REQUIRED)
def input_schema_required(model: FileModel, context: CheckContext) -> Iterator[Finding]:
    seen: set[Span] = set()
    for _tool, schema in _schema_tools(model):
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
                yield _required_finding(sub, item, defined)


def _required_finding(sub: Subschema, item: Value, defined: list[str]) -> Finding:
    where = f"of `{sub.label}` " if sub.label else ""
    close = difflib.get_close_matches(item.data, defined, n=1, cutoff=0.6)
    if close:
        hint = f'Did you mean "{close[0]}"?'
    elif not defined:
        hint = "Define it under `properties` with a type and a description."
    else:
        hint = "Define it under `properties`, or remove it from `required`."
    return Finding(
        REQUIRED,
        f'`required` {where}names "{item.data}", which `properties` does not define: the agent '
        f"must send a parameter it knows nothing about. {hint}",
        item.span,
    )


# -- input-schema-default --------------------------------------------------------------------

DEFAULT = "input-schema-default"
_REFERENCES = ("$ref", "$dynamicRef", "$recursiveRef")
_ASCII = re.compile(r"[ -~]*")


@check(DEFAULT)
def input_schema_default(model: FileModel, context: CheckContext) -> Iterator[Finding]:
    seen: set[Span] = set()
    for _tool, schema in _schema_tools(model):
        cls = None
        for sub in subschemas(schema):
            default = sub.schema.get("default")
            if default is None or default.span in seen:
                continue
            seen.add(default.span)
            if cls is None:
                cls = _validator_class(schema)
                if cls is None:
                    break
            finding = _default_finding(cls, sub, default)
            if finding is not None:
                yield finding


def _default_finding(cls: Any, sub: Subschema, default: Value) -> Finding | None:
    if default.kind in ("unknown", "function", "undefined", "null") or default.has_unknown():
        return None  # `default: null` is the common way to say "no default"
    instance = Instance(sub.schema)
    if instance.tainted(instance.data) or _has_reference(instance.data):
        return None
    constraints = {key: item for key, item in instance.data.items() if key != "default"}
    if not _meta_validator(cls).is_valid(constraints):
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
    return Finding(
        DEFAULT,
        f"The default {_short_json(value)} of {label} {_default_problem(error)}: agents read "
        "the default as a valid value and may send it, and the browser checks nothing. Make "
        "the default satisfy the schema, or remove it.",
        default.span,
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
        shown = ", ".join(_short_json(item) for item in expected[:6])
        return f"is not one of its allowed values ({shown}){inside}"
    if validator == "const":
        return f"is not its only allowed value {_short_json(expected)}{inside}"
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
        return f"{names[validator]} {_short_json(expected)}{inside}"
    return f"is rejected by its own schema ({validator}){inside}"


def _short_json(item: Any) -> str:
    shown = _json(item)
    return shown if len(shown) <= 40 else shown[:39] + "…"


# -- tool-unknown-member -------------------------------------------------------------------

UNKNOWN_MEMBER = "tool-unknown-member"
TOOL_MEMBERS = ("name", "title", "description", "inputSchema", "execute", "annotations")
# Options of the framework hooks (use-webmcp-tool, VueUse) that sit beside the tool members.
INTEGRATION_MEMBERS = frozenset({"enabled", "formatOutput", "onError", "document", "deps"})
SCHEMA_MISTAKES = ("parameters", "input_schema", "inputschema", "schema")
HANDLER_MISTAKES = ("handler", "run", "fn")
ANNOTATION_MEMBERS = frozenset(
    {
        "readOnlyHint",
        "untrustedContentHint",
        "consequentialHint",
        "debugging",
        "readOnly",
        "destructiveHint",
        "idempotentHint",
        "openWorldHint",
        "destructive",
    }
)
REGISTRATION_OPTIONS = frozenset({"signal", "exposedTo"})


@check(UNKNOWN_MEMBER)
def tool_unknown_member(model: FileModel, context: CheckContext) -> Iterator[Finding]:
    seen: set[Span] = set()
    for tool in registered_tools(model.tools):
        definition = tool.definition
        if definition.kind != "object" or definition.span in seen:
            continue
        seen.add(definition.span)
        entries = definition.entries
        named_by_required_members = (
            next((a for a in HANDLER_ALIASES if a in entries), None)
            if "execute" not in entries and definition.complete
            else None
        )
        for key, entry in entries.items():
            if key in TOOL_MEMBERS:
                continue
            if tool.kind == "integration" and key in INTEGRATION_MEMBERS:
                continue
            if key == named_by_required_members:
                continue  # tool-required-members already says to rename it to `execute`
            yield _unknown_member(key, entry.key_span, entries)


def _unknown_member(key: str, span: Span, entries: dict[str, Any]) -> Finding:
    lowered = key.lower()
    if lowered in SCHEMA_MISTAKES:
        fix = None
        if "inputSchema" not in entries:
            fix = Fix("Rename to inputSchema", (Edit(span, "inputSchema"),))
        return Finding(
            UNKNOWN_MEMBER,
            f"The browser ignores `{key}`: the member is `inputSchema`, so this tool has no "
            "schema and the agent sends no arguments. Rename it to `inputSchema`.",
            span,
            fix=fix,
        )
    if lowered in HANDLER_MISTAKES:
        return Finding(
            UNKNOWN_MEMBER,
            f"The browser only calls `execute`; `{key}` is never run. Remove it, or move its "
            "code into `execute`.",
            span,
        )
    return Finding(
        UNKNOWN_MEMBER,
        _other_member_message(key, entries),
        span,
        fix=_typo_fix(key, span, entries),
        severity="warning",
    )


def _other_member_message(key: str, entries: dict[str, Any]) -> str:
    if key == "outputSchema":
        return (
            "`outputSchema` is not part of WebMCP (it is only a proposal): the browser drops "
            "it, so agents never see it. Describe the result in the description, or remove it."
        )
    if key in ANNOTATION_MEMBERS:
        return (
            f"The browser drops `{key}` here: hints belong in `annotations` (e.g. "
            "`annotations: { readOnlyHint: true }`), so agents never see this one."
        )
    if key in REGISTRATION_OPTIONS:
        return (
            f"`{key}` is a registration option, not a tool member: the browser ignores it "
            "here. Pass it in the second argument, `registerTool(tool, { "
            f"{key} }})`."
        )
    guess = _typo_guess(key, entries)
    hint = f" Did you mean `{guess}`?" if guess else ""
    return (
        f"The browser ignores the unknown tool member `{key}`, so agents never see it.{hint} "
        f"Tool members are {', '.join(f'`{m}`' for m in TOOL_MEMBERS)}."
    )


def _typo_guess(key: str, entries: dict[str, Any]) -> str | None:
    close = difflib.get_close_matches(key, TOOL_MEMBERS, n=1, cutoff=0.75)
    if not close:
        close = [m for m in TOOL_MEMBERS if m.lower() == key.lower()]
    return close[0] if close and close[0] not in entries else None


def _typo_fix(key: str, span: Span, entries: dict[str, Any]) -> Fix | None:
    guess = _typo_guess(key, entries)
    return Fix(f"Rename to {guess}", (Edit(span, guess),)) if guess else None


# -- input-schema-missing ------------------------------------------------------------------

MISSING = "input-schema-missing"


@check(MISSING)
def input_schema_missing(model: FileModel, context: CheckContext) -> Iterator[Finding]:
    seen: set[Span] = set()
    for tool in registered_tools(model.tools):
        definition = tool.definition
        if definition.kind != "object" or not definition.complete or tool.script is None:
            continue
        schema = definition.get("inputSchema")
        if schema is not None and schema.kind != "undefined":
            continue
        if any(key.lower() in SCHEMA_MISTAKES for key in definition.entries):
            continue  # a misnamed schema: tool-unknown-member says to rename it
        execute = definition.get("execute")
        if execute is None or not execute.is_function or execute.node is None:
            continue
        if execute.span in seen:
            continue
        seen.add(execute.span)
        read = input_reads(execute.node, tool.script)
        if not read:
            continue
        names, where = read
        shown = ", ".join(f"`{name}`" for name in names[:4])
        yield Finding(
            MISSING,
            f"`execute` reads {shown} from its input, but the tool has no `inputSchema`: the "
            "agent is told of no parameters, so it sends none. Add an `inputSchema` that "
            "describes them.",
            where,
        )


def input_reads(function: Node, script: Script) -> tuple[list[str], Span] | None:
    """The input properties a function reads (by destructuring its first parameter, or
    `input.x` / `input["x"]` / `const { x } = input` in its body), and where."""
    parameters = function_parameters(function)
    if not parameters:
        return None
    first = parameters[0]
    if first.type == "assignment_pattern":
        first = first.child_by_field_name("left") or first
    if first.type == "object_pattern":
        destructured = _pattern_keys(first)
        return (destructured, Span.of(first)) if destructured else None
    if first.type != "identifier":
        return None
    body = function_body(function)
    if body is None:
        return None
    names: list[str] = []
    where: Span | None = None
    for node in descendants(
        body, frozenset({"member_expression", "subscript_expression", "variable_declarator"})
    ):
        if node.type == "variable_declarator":
            pattern, source = node.child_by_field_name("name"), node.child_by_field_name("value")
            if pattern is None or source is None or pattern.type != "object_pattern":
                continue
            if not _is_parameter(unwrap(source), first, function, script):
                continue
            found = _pattern_keys(pattern)
        else:
            target = node.child_by_field_name("object")
            name = property_name(node)
            if (
                target is None
                or name is None
                or not _is_parameter(unwrap(target), first, function, script)
            ):
                continue
            found = [name]
        for name in found:
            if name not in names:
                names.append(name)
        if where is None and found:
            where = Span.of(node)
    return (names, where) if names and where is not None else None


def _is_parameter(node: Node, parameter: Node, function: Node, script: Script) -> bool:
    if node.type != "identifier" or node_text(node) != node_text(parameter):
        return False
    binding = script.resolve(node)
    return binding is not None and binding.kind == "param" and binding.function == function


def _pattern_keys(pattern: Node) -> list[str]:
    names = []
    for child in pattern.named_children:
        if child.type == "shorthand_property_identifier_pattern":
            names.append(node_text(child))
        elif child.type == "object_assignment_pattern":
            left = child.child_by_field_name("left")
            if left is not None:
                names.append(node_text(left))
        elif child.type == "pair_pattern":
            key = child.child_by_field_name("key")
            if key is not None and key.type in ("property_identifier", "string"):
                names.append(node_text(key).strip("\"'"))
    return names
