"""input-schema-valid: the schema must be valid JSON Schema of its draft."""

from __future__ import annotations

import pytest

from tests.helpers import lint, only
from tests.rule_tester import Finding, Invalid, RuleTester, Valid
from tests.rules.snippets import register

VALID = "input-schema-valid"


def test_a_misspelled_type_is_reported_with_a_suggestion() -> None:
    code = register(
        '{ type: "object", properties: { guests: { type: "int" }, name: { type: "strnig" } } }'
    )
    found = only(lint(code), VALID)
    line = code.splitlines()[3]
    int_at, strnig_at = line.index('"int"') + 1, line.index('"strnig"') + 1
    assert [(f.line, f.column, f.end_column) for f in found] == [
        (4, int_at, int_at + 5),
        (4, strnig_at, strnig_at + 8),
    ]
    assert found[0].severity == "error"
    assert 'is "int", which is not a JSON Schema type' in found[0].message
    assert 'did you mean "integer"?' in found[0].message
    assert 'did you mean "string"?' in found[1].message
    assert "inputSchema.properties.name.type" in found[1].message


@pytest.mark.parametrize(
    ("schema", "expected"),
    [
        ('{ type: "object", properties: { time: "string" } }', 'write `{ type: "string" }`'),
        ('{ type: "object", properties: ["time"] }', "must be an object that maps each parameter"),
        ('{ type: "object", required: "time" }', "must be a list of property names"),
        ('{ type: "object", required: ["time", "time"] }', 'lists "time" more than once'),
        (
            '{ type: "object", properties: { n: { type: "integer", minimum: "1" } } }',
            "must be a number",
        ),
        ('{ type: "object", properties: { n: { enum: "a" } } }', "must be an array"),
        ('{ type: ["object", "objekt"] }', '"objekt", which is not a JSON Schema type'),
        ('[{ type: "string" }]', "`inputSchema` is an array"),
        (
            '{ type: "object", properties: { city: { type: "string", required: true } } }',
            "list the property's name in its parent's `required` array",
        ),
        (
            '{ type: "object", properties: { p: { type: "array", items: [{ type: "number" }] } } }',
            "use `prefixItems`",
        ),
    ],
)
def test_invalid_schemas(schema: str, expected: str) -> None:
    found = only(lint(register(schema)), VALID)
    assert len(found) == 1, [f.message for f in found]
    assert expected in found[0].message


@pytest.mark.parametrize(
    ("schema", "extra"),
    [
        # Chrome's own get_order_status example, with oneOf / const / title.
        (
            '{ "type": "object", "properties": { "timeframe": { "type": "string", "oneOf": ['
            '{ "type": "string", "const": "today", "title": "Today" },'
            '{ "type": "string", "const": "yesterday", "title": "Yesterday" }],'
            '"enum": ["today", "yesterday"], "description": "Timeframe for the order lookup." } },'
            '"required": ["timeframe"] }',
            "",
        ),
        ('{ type: "object", properties: { n: { type: kind() } } }', ""),  # a call: unknown
        ('{ type: "object", properties: { n: makeSchema() } }', ""),
        ('{ ...base, type: "strnig" }', ""),  # an unknown spread may replace it
        (
            '{ type: "object", required: [...names, "a"], properties: { a: { type: "string" } } }',
            "",
        ),
        (
            '{ type: "object", properties: { n: { type: TYPE } } }',
            'import { TYPE } from "./types";\n',
        ),
        ('{ type: "object", properties: { n: { type: "string", default: () => "x" } } }', ""),
        ('{ $schema: "https://example.com/house-schema", type: "strnig" }', ""),  # unknown dialect
        ('{ type: "object", properties: { d: { type: "string", format: "no-such-format" } } }', ""),
        ('{ type: "object", properties: { p: { type: "string", pattern: "^\\\\p{L}+$" } } }', ""),
    ],
)
def test_valid_or_unknown_schemas_are_not_reported(schema: str, extra: str) -> None:
    assert only(lint(register(schema, extra)), VALID) == []


def test_the_declared_draft_is_used() -> None:
    # `exclusiveMaximum: true` is draft-04 syntax: valid there, invalid in 2020-12.
    draft4 = '{ $schema: "http://json-schema.org/draft-04/schema#", type: "object", properties: { n: { type: "number", maximum: 5, exclusiveMaximum: true } } }'
    current = '{ type: "object", properties: { n: { type: "number", maximum: 5, exclusiveMaximum: true } } }'
    assert only(lint(register(draft4)), VALID) == []
    assert len(only(lint(register(current)), VALID)) == 1


def test_a_schema_from_a_constant_is_reported_once() -> None:
    extra = 'const SCHEMA = { type: "object", properties: { n: { type: "int" } } };\n'
    code = register("SCHEMA", extra) + register("SCHEMA").replace("book_table", "book_room")
    [finding] = only(lint(code), VALID)
    assert finding.line == 1


RULE_TESTS = RuleTester("input-schema-valid")

test_valid = RULE_TESTS.valid(
    [
        Valid(register('{ type: "object", properties: { n: { type: "string" } } }')),
        Valid(register("schema")),
    ]
)

test_invalid = RULE_TESTS.invalid(
    [
        Invalid(
            register('{ type: "object", properties: { n: { type: "strng" } } }'),
            [
                Finding(
                    "invalid-schema",
                    4,
                    59,
                    4,
                    66,
                    data={
                        "problem": '`inputSchema.properties.n.type` is "strng", which is not a JSON Schema type (string, number, integer, boolean, array, object, null): did you mean "string"?'
                    },
                )
            ],
        ),
        Invalid(
            register('{ type: "object", properties: { n: "string" } }'),
            [
                Finding(
                    "invalid-schema",
                    4,
                    51,
                    4,
                    59,
                    data={
                        "problem": '`inputSchema.properties.n` is the string "string", but it must be a schema: write `{ type: "string" }`.'
                    },
                )
            ],
        ),
        Invalid(
            register('[{ name: "n" }]'),
            [
                Finding(
                    "schema-is-array",
                    4,
                    16,
                    4,
                    31,
                )
            ],
        ),
        Invalid(
            register('{ type: "object", required: true }'),
            [
                Finding(
                    "invalid-schema",
                    4,
                    44,
                    4,
                    48,
                    data={
                        "problem": "`inputSchema.required` is true, an old draft-3 form: list the property's name in its parent's `required` array instead."
                    },
                )
            ],
        ),
    ]
)
