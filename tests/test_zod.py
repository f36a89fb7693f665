"""zod schemas become the JSON Schema the wrapper libraries register.

Every expected schema below is what the converters produce for the same expression:
zod 4.6.7's `z.toJSONSchema(z.object({ v }), { io })` ("zod4-input" and "zod4-output")
and zod-to-json-schema 3.25 with zod 3.25 ("zod3"), run in Node, `$schema` left out.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from webmcp_lint.extract import extract
from webmcp_lint.extract.zod import MAX_SCHEMAS, Flavor, ZodReader
from webmcp_lint.model import Value
from webmcp_lint.syntax.nodes import descendants
from webmcp_lint.workspace.source import SourceFile

MAX = 9007199254740991
PREAMBLE = 'import { z } from "zod";\nconst DAYS = ["mon", "tue"] as const;\n'


def convert(expression: str, flavor: Flavor = "zod4-input") -> Any:
    """The schema of `expression` (a zod chain or a raw shape); UNKNOWN parts "?"."""
    code = PREAMBLE + f"const SUBJECT = {expression};\n"
    model = extract(SourceFile(Path("s.ts"), "s.ts", "typescript", code.encode()))
    script = model.scripts[0]
    declarators = list(descendants(script.root, frozenset({"variable_declarator"})))
    node = declarators[-1].child_by_field_name("value")
    assert node is not None
    reader = ZodReader(script.evaluator, flavor)  # type: ignore[arg-type]
    value = reader.convert(node) if reader.is_schema(node) else reader.shape(node)
    return value.to_python(unknown_as="?")


def member(expression: str, flavor: Flavor = "zod4-input") -> tuple[Any, bool]:
    """The property schema of `v: expression` and whether `v` is required."""
    schema = convert(f"{{ v: {expression} }}", flavor)
    required = schema.get("required", [])
    return schema["properties"]["v"], "v" in required if required != "?" else "?"


@pytest.mark.parametrize(
    ("expression", "expected", "required"),
    [
        ("z.string()", {"type": "string"}, True),
        ("z.number().int().min(1)", {"type": "integer", "minimum": 1, "maximum": MAX}, True),
        ("z.number().int()", {"type": "integer", "minimum": -MAX, "maximum": MAX}, True),
        (
            "z.number().int().positive()",
            {"type": "integer", "exclusiveMinimum": 0, "maximum": MAX},
            True,
        ),
        ("z.number().nonnegative().max(5)", {"type": "number", "minimum": 0, "maximum": 5}, True),
        ('z.enum(["a", "b"])', {"type": "string", "enum": ["a", "b"]}, True),
        ("z.enum(DAYS)", {"type": "string", "enum": ["mon", "tue"]}, True),
        (
            "z.array(z.string()).min(1).max(3)",
            {"type": "array", "items": {"type": "string"}, "minItems": 1, "maxItems": 3},
            True,
        ),
        (
            "z.object({ x: z.string(), y: z.number().optional() })",
            {
                "type": "object",
                "properties": {"x": {"type": "string"}, "y": {"type": "number"}},
                "required": ["x"],
            },
            True,
        ),
        ("z.string().optional()", {"type": "string"}, False),
        (
            "z.number().int().optional()",
            {"type": "integer", "minimum": -MAX, "maximum": MAX},
            False,
        ),
        ("z.number().default(5)", {"type": "number", "default": 5}, False),
        (
            'z.string().describe("A described string")',
            {"type": "string", "description": "A described string"},
            True,
        ),
        ('z.string().optional().describe("d")', {"type": "string", "description": "d"}, False),
        ("z.string().nullable()", {"type": ["string", "null"]}, True),
        (
            "z.string().min(2).nullable()",
            {"anyOf": [{"type": "string", "minLength": 2}, {"type": "null"}]},
            True,
        ),
        (
            'z.string().describe("x").nullable()',
            {"anyOf": [{"type": "string", "description": "x"}, {"type": "null"}]},
            True,
        ),
        (
            'z.string().nullable().describe("y")',
            {"type": ["string", "null"], "description": "y"},
            True,
        ),
        (
            'z.enum(["a", "b"]).nullable()',
            {"anyOf": [{"type": "string", "enum": ["a", "b"]}, {"type": "null"}]},
            True,
        ),
        ("z.boolean()", {"type": "boolean"}, True),
        ('z.literal("x")', {"type": "string", "const": "x"}, True),
        ("z.literal(3)", {"type": "number", "const": 3}, True),
        ("z.literal(null)", {"type": "null", "const": None}, True),
        ("z.union([z.string(), z.number()])", {"type": ["string", "number"]}, True),
        (
            "z.union([z.string(), z.number()]).nullable()",
            {"type": ["string", "number", "null"]},
            True,
        ),
        (
            'z.union([z.literal("a"), z.literal("b")])',
            {"anyOf": [{"type": "string", "const": "a"}, {"type": "string", "const": "b"}]},
            True,
        ),
        (
            "z.union([z.string(), z.union([z.number(), z.boolean()])])",
            {"type": ["string", "number", "boolean"]},
            True,
        ),
        ("z.string().regex(/^[A-Z]+$/)", {"type": "string", "pattern": "^[A-Z]+$"}, True),
        (
            'z.string().default("x").nullable()',
            {"anyOf": [{"type": "string", "default": "x"}, {"type": "null"}]},
            False,
        ),
    ],
)
def test_zod_4_input_mode(expression: str, expected: Any, required: bool) -> None:
    assert member(expression) == (expected, required)


def test_output_mode_requires_defaults_and_closes_objects() -> None:
    shape = "{ a: z.number().default(1), b: z.string().optional(), c: z.object({ d: z.string() }) }"
    assert convert(shape, "zod4-output") == {
        "type": "object",
        "properties": {
            "a": {"type": "number", "default": 1},
            "b": {"type": "string"},
            "c": {
                "type": "object",
                "properties": {"d": {"type": "string"}},
                "required": ["d"],
                "additionalProperties": False,
            },
        },
        "required": ["a", "c"],
        "additionalProperties": False,
    }
    assert member("z.number().optional().default(1)", "zod4-output")[1] is True
    assert member("z.number().default(1).optional()", "zod4-output")[1] is False


@pytest.mark.parametrize(
    ("expression", "expected"),
    [
        ("z.number().int().min(1)", {"type": "integer", "minimum": 1}),
        ("z.number().int().nullable()", {"anyOf": [{"type": "integer"}, {"type": "null"}]}),
        ('z.string().describe("x").nullable()', {"type": ["string", "null"], "description": "x"}),
        (
            "z.union([z.string(), z.number()]).nullable()",
            {"anyOf": [{"type": ["string", "number"]}, {"type": "null"}]},
        ),
        ('z.union([z.string().describe("d"), z.number()])', {"type": ["string", "number"]}),
        (
            "z.union([z.string(), z.union([z.number(), z.boolean()])])",
            {"anyOf": [{"type": "string"}, {"type": ["number", "boolean"]}]},
        ),
        ("z.object({})", {"type": "object", "properties": {}, "additionalProperties": False}),
    ],
)
def test_zod_3_through_zod_to_json_schema(expression: str, expected: Any) -> None:
    assert member(expression, "zod3")[0] == expected


@pytest.mark.parametrize(
    "expression",
    # zod-to-json-schema's quirks are not imitated: an enum from literals, `{type:
    # "object"}` for a null literal, `anyOf: [{not: {}}, ...]` for optional-nullable.
    [
        'z.union([z.literal("a"), z.literal("b")])',
        "z.literal(null)",
        "z.string().optional().nullable()",
    ],
)
def test_zod_3_quirks_are_unknown(expression: str) -> None:
    assert member(expression, "zod3")[0] == "?"


def test_a_raw_shape_is_an_object_schema_and_consts_are_followed() -> None:
    code = '{ q: Q, diet: z.enum(["vegan", "keto"]).optional() }'
    schema = convert(code.replace("Q", "z.string().min(2)"))
    assert schema == {
        "type": "object",
        "properties": {
            "q": {"type": "string", "minLength": 2},
            "diet": {"type": "string", "enum": ["vegan", "keto"]},
        },
        "required": ["q"],
    }


@pytest.mark.parametrize(
    "expression",
    [
        "z.string().refine((s) => s.length > 2)",
        "z.string().transform((s) => s.trim())",
        "z.string().email()",
        "Imported",
        "z.string().min(limit)",
        "z.number().optional().int()",  # zod has no `.int()` after `.optional()`
        "z.string().regex(/a/i)",
        "z.enum(choices)",
    ],
)
def test_anything_else_is_unknown_and_leaves_required_open(expression: str) -> None:
    schema = convert(f"{{ a: z.string(), v: {expression} }}")
    if expression == "z.string().min(limit)":  # the bound alone is unknown
        assert schema["properties"]["v"] == {"type": "string", "minLength": "?"}
        return
    assert schema["properties"] == {"a": {"type": "string"}, "v": "?"}
    assert schema["required"] == ["a"]


def shape_value(code: str) -> Value:
    """The schema of the raw shape in the last `const` of `code`, as a model value."""
    model = extract(SourceFile(Path("s.ts"), "s.ts", "typescript", code.encode()))
    script = model.scripts[0]
    node = list(descendants(script.root, frozenset({"variable_declarator"})))[-1]
    return ZodReader(script.evaluator, "zod4-input").shape(node.child_by_field_name("value"))  # type: ignore[arg-type]


def test_unknown_parts_make_the_schema_incomplete_for_the_rules() -> None:
    value = shape_value(
        PREAMBLE + "const SUBJECT = { a: z.string(), ...base, v: z.string().refine(ok) };\n"
    )
    properties = value.get("properties")
    required = value.get("required")
    assert properties is not None and not properties.complete  # the spread
    assert required is not None and not required.complete  # `v` may be required
    assert value.has_unknown()


def test_descriptions_keep_their_place_in_the_code() -> None:
    code = PREAMBLE + 'const SUBJECT = { q: z.string().describe("Search words") };\n'
    value = shape_value(code)
    description = value.get("properties").get("q").get("description")  # type: ignore[union-attr]
    assert code.encode()[description.span.start : description.span.end] == b'"Search words"'


def test_shapes_used_many_times_are_read_once_and_bounded() -> None:
    """Each level uses the one below ten times: twelve levels would be 10^12 schemas to
    walk for every rule, so a part that would hold more than a few thousand is unknown."""
    levels = ["const L0 = z.object({ v: z.string() });"]
    for level in range(1, 13):
        members = ", ".join(f"m{i}: L{level - 1}" for i in range(10))
        levels.append(f"const L{level} = z.object({{ {members} }});")
    levels.append("const SELF = { again: z.object(SELF) };")
    levels.append("const SUBJECT = { small: L2, top: L12, self: z.object(SELF) };")
    schema = shape_value(PREAMBLE + "\n".join(levels) + "\n").to_python(unknown_as="?")
    small = schema["properties"]["small"]
    assert small["properties"]["m9"]["properties"]["m0"] == {
        "type": "object",
        "properties": {"v": {"type": "string"}},
        "required": ["v"],
    }
    assert 0 < schemas_in(schema["properties"]["top"]) <= MAX_SCHEMAS
    assert schema["properties"]["self"]["properties"]["again"] == "?"  # contains itself


def schemas_in(schema: Any) -> int:
    """How many schema objects a converted schema holds, shared parts counted each time."""
    if not isinstance(schema, dict):
        return 0
    inner = schema.get("properties", {})
    return 1 + sum(schemas_in(member) for member in inner.values())
