"""input-schema-default: a default must satisfy its own schema."""

from __future__ import annotations

import pytest

from tests.helpers import lint, only
from tests.rule_tester import Finding, Invalid, RuleTester, Valid
from tests.rules.snippets import register

DEFAULT = "input-schema-default"


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        (
            '{ type: "string", enum: ["price", "rating"], default: "newest" }',
            'is not one of its allowed values ("price", "rating")',
        ),
        ('{ type: "integer", minimum: 1, maximum: 50, default: 100 }', "is above its maximum 50"),
        ('{ type: "integer", minimum: 1, default: 0 }', "is below its minimum 1"),
        ('{ type: "integer", default: "10" }', "is not of its type integer"),
        ('{ type: "string", maxLength: 3, default: "abcd" }', "is longer than its maxLength 3"),
        (
            '{ type: "array", items: { type: "string", enum: ["a", "b"] }, default: ["a", "c"] }',
            "(at [1])",
        ),
        ('{ type: "string", pattern: "^[A-Z]{3}$", default: "usd" }', "does not match its pattern"),
    ],
)
def test_defaults_their_schema_rejects(body: str, expected: str) -> None:
    code = register(f'{{ type: "object", properties: {{ x: {body} }} }}')
    [finding] = only(lint(code), DEFAULT)
    assert expected in finding.message
    assert finding.message.startswith("The default")


def test_the_finding_points_at_the_default() -> None:
    code = register(
        '{ type: "object", properties: { x: { type: "integer", maximum: 5, default: 9 } } }'
    )
    [finding] = only(lint(code), DEFAULT)
    at = code.splitlines()[3].index("default: 9") + len("default: ") + 1
    assert (finding.line, finding.column, finding.end_column) == (4, at, at + 1)


@pytest.mark.parametrize(
    ("body", "extra"),
    [
        ('{ type: "integer", minimum: 1, maximum: 50, default: 20 }', ""),
        ('{ type: "string", format: "date", default: "tomorrow" }', ""),  # format: not checked
        ('{ type: "string", enum: SIZES, default: "xl" }', 'import { SIZES } from "./sizes";\n'),
        ('{ type: "string", enum: ["a", "b"], default: pick() }', ""),
        ('{ $ref: "#/$defs/size", default: "xl" }', ""),
        ('{ type: "string", pattern: "^\\\\p{Lu}+$", default: "abc" }', ""),  # a JS-only regex
        ('{ type: "string", pattern: "^é+$", default: "e" }', ""),  # non-ASCII pattern
        ('{ type: "strnig", default: 1 }', ""),  # the schema itself is invalid
        ('{ type: "string", default: null }', ""),  # "no default"
    ],
)
def test_defaults_that_fit_or_cannot_be_judged(body: str, extra: str) -> None:
    code = register(f'{{ type: "object", properties: {{ x: {body} }} }}', extra)
    assert only(lint(code), DEFAULT) == []


RULE_TESTS = RuleTester("input-schema-default")

test_valid = RULE_TESTS.valid(
    [Valid(register('{ type: "object", properties: { size: { type: "integer", default: 2 } } }'))]
)

test_invalid = RULE_TESTS.invalid(
    [
        Invalid(
            register(
                '{ type: "object", properties: { size: { type: "integer", minimum: 1, default: 0 } } }'
            ),
            [
                Finding(
                    "default-below-minimum",
                    4,
                    94,
                    4,
                    95,
                    data={"value": "0", "label": "`size`", "limit": "1", "inside": ""},
                )
            ],
        ),
        Invalid(
            register(
                '{ type: "object", properties: { mode: { enum: ["a", "b"], default: "c" } } }'
            ),
            [
                Finding(
                    "default-not-allowed",
                    4,
                    83,
                    4,
                    86,
                    data={"value": '"c"', "label": "`mode`", "allowed": '"a", "b"', "inside": ""},
                )
            ],
        ),
    ]
)
