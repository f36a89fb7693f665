"""input-schema-required: `required` names only defined properties."""

from __future__ import annotations

import pytest

from tests.helpers import lint, only
from tests.rule_tester import Finding, Invalid, RuleTester, Valid
from tests.rules.snippets import register

REQUIRED = "input-schema-required"


def test_a_required_typo_is_reported_with_a_suggestion() -> None:
    schema = (
        '{ type: "object", properties: { productId: { type: "string" } }, required: ["productID"] }'
    )
    code = register(schema)
    [finding] = only(lint(code), REQUIRED)
    at = code.splitlines()[3].index('"productID"') + 1
    assert (finding.line, finding.column, finding.end_column) == (4, at, at + 11)
    assert 'Did you mean "productId"?' in finding.message


def test_nested_required_is_checked() -> None:
    schema = (
        '{ type: "object", properties: { address: { type: "object", '
        'properties: { city: { type: "string" } }, required: ["zip"] } } }'
    )
    [finding] = only(lint(register(schema)), REQUIRED)
    assert '`required` of `address` names "zip"' in finding.message


def test_required_without_properties_is_reported() -> None:
    [finding] = only(lint(register('{ type: "object", required: ["q"] }')), REQUIRED)
    assert "Define it under `properties`" in finding.message


@pytest.mark.parametrize(
    "schema",
    [
        '{ type: "object", properties: { q: { type: "string" } }, required: ["q"] }',
        '{ type: "object", allOf: [{ properties: { q: { type: "string" } } }], required: ["q"] }',
        '{ type: "object", properties: { ...shared }, required: ["q"] }',
        '{ ...base, required: ["q"] }',
        '{ type: "object", properties: { a: { type: "string" } }, required: [name()] }',
        '{ type: "object", properties: { n: { type: "string" }, e: { type: "string" } }, '
        'oneOf: [{ required: ["n"] }, { required: ["e"] }] }',
        '{ type: "object", properties: { n: { type: "string" } }, '
        'anyOf: [{ allOf: [{ required: ["n"] }] }] }',
        '{ type: "object", properties: { n: { type: "string" }, m: { type: "string" } }, '
        'if: { required: ["n"] }, then: { required: ["m"] }, not: { required: ["n", "m"] } }',
        '{ type: "object", properties: { ...shared }, oneOf: [{ required: ["n"] }] }',
    ],
)
def test_required_that_is_defined_or_unknown(schema: str) -> None:
    assert only(lint(register(schema)), REQUIRED) == []


def test_a_branch_may_name_only_what_its_object_defines() -> None:
    schema = (
        '{ type: "object", properties: { number: { type: "string" } }, '
        'oneOf: [{ required: ["number"] }, { required: ["emial"] }] }'
    )
    [finding] = only(lint(register(schema)), REQUIRED)
    assert '"emial"' in finding.message


RULE_TESTS = RuleTester("input-schema-required")

test_valid = RULE_TESTS.valid(
    [
        Valid(
            register(
                '{ type: "object", properties: { date: { type: "string" } }, required: ["date"] }'
            )
        )
    ]
)

test_invalid = RULE_TESTS.invalid(
    [
        Invalid(
            register(
                '{ type: "object", properties: { party_size: { type: "integer" } }, '
                'required: ["partysize"] }'
            ),
            [
                Finding(
                    "required-misspelled",
                    4,
                    94,
                    4,
                    105,
                    data={"where": "", "name": "partysize", "meant": "party_size"},
                )
            ],
        ),
        Invalid(
            register('{ type: "object", required: ["date"] }'),
            [
                Finding(
                    "required-without-properties",
                    4,
                    45,
                    4,
                    51,
                    data={"where": "", "name": "date"},
                )
            ],
        ),
    ]
)
