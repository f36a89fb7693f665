"""input-schema-root: a tool's input is an object, so the schema's root is one."""

from __future__ import annotations

import pytest

from tests.helpers import lint, only
from tests.rule_tester import Finding, Invalid, RuleTester, Valid
from tests.rules.snippets import register

ROOT = "input-schema-root"


def test_a_primitive_root_is_reported_at_its_type() -> None:
    code = register('{ type: "string", description: "Text" }')
    [finding] = only(lint(code), ROOT)
    at = code.splitlines()[3].index('"string"') + 1
    assert (finding.line, finding.column, finding.end_column) == (4, at, at + 8)
    assert finding.severity == "warning"


def test_properties_without_a_type_are_reported() -> None:
    [finding] = only(lint(register('{ properties: { n: { type: "string" } } }')), ROOT)
    assert 'has `properties` but no `type: "object"`' in finding.message


@pytest.mark.parametrize(
    "schema",
    [
        '{ type: "object", properties: {} }',
        "{}",
        '{ type: ["object", "null"] }',
        '{ anyOf: [{ type: "object" }] }',
        '{ type: "strnig" }',  # input-schema-valid's
        "{ type: kind() }",
        '{ ...base, properties: { n: { type: "string" } } }',
    ],
)
def test_roots_that_are_fine_or_unknown(schema: str) -> None:
    assert only(lint(register(schema)), ROOT) == []


RULE_TESTS = RuleTester(ROOT)


def bare(shown: str) -> str:
    return (
        f'The input schema\'s root type is "{shown}", a bare value no agent can send: Chromium '
        "refuses every input that is not an object (`TypeError: invalid input object`). Use "
        '`type: "object"` and put the value in a named property.'
    )


def array(shown: str) -> str:
    return (
        f'The input schema\'s root type is "{shown}": `executeTool` passes an array on to '
        "`execute`, but DevTools' `WebMCP.invokeTool` refuses one and MCP tool calls carry an "
        'object, so agents on those routes cannot call this tool. Use `type: "object"` and put '
        "the list in a named property."
    )


test_valid = RULE_TESTS.valid([Valid(register('{ type: "object", properties: {} }'))])

test_invalid = RULE_TESTS.invalid(
    [
        Invalid(
            register('{ type: "string", description: "Text" }'),
            [Finding("bare-value-root-type", 4, 24, 4, 32, data={"types": "string"})],
        ),
        Invalid(
            register('{ type: ["string", "number"] }'),
            [Finding("bare-value-root-type", 4, 24, 4, 44, data={"types": "string, number"})],
        ),
        Invalid(
            register('{ type: "array", items: { type: "string" } }'),
            [Finding("array-root-type", 4, 24, 4, 31, data={"types": "array"})],
        ),
        Invalid(
            register('{ type: ["array", "null"] }'),
            [Finding("array-root-type", 4, 24, 4, 41, data={"types": "array, null"})],
        ),
        Invalid(
            register('{ properties: { n: { type: "string" } } }'),
            [
                Finding(
                    "object-keyword-without-object-type",
                    4,
                    16,
                    4,
                    57,
                    data={"keyword": "properties"},
                )
            ],
        ),
    ]
)
