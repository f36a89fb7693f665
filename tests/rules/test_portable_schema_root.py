"""portable-schema-root: root combinators (Anthropic) and untyped enum/not roots (OpenAI)."""

from __future__ import annotations

from tests.helpers import lint, rules_in
from tests.rule_tester import Finding, Invalid, RuleTester, Valid
from tests.rules.snippets import register

RULE = "portable-schema-root"


def combinator(key: str) -> str:
    return (
        f"`{key}` at the root of the input schema: Anthropic's Messages API refuses a tool "
        "whose input schema has oneOf, allOf or anyOf at the top level, so an agent built on "
        'it fails with this page\'s tools. Keep the root `type: "object"` with `properties`, '
        "and describe the alternatives in a property or the description."
    )


def untyped(key: str) -> str:
    return (
        f'`{key}` at the root of an input schema without `type: "object"`: OpenAI\'s tool API '
        'refuses a parameters schema whose type is not "object", so an agent built on it '
        'fails with this page\'s tools. Make the root `type: "object"` and move the '
        "constraint into a property."
    )


def test_off_unless_selected() -> None:
    code = register('{ anyOf: [{ type: "object" }] }')
    assert RULE not in rules_in(lint(code))
    assert RULE in rules_in(lint(code, config={"extend-select": ["portability"]}))


tests = RuleTester(RULE)

test_valid = tests.valid(
    [
        Valid(register('{ type: "object", properties: { a: { anyOf: [{ type: "string" }] } } }')),
        Valid(register('{ type: "object", properties: { a: { enum: ["x"] } } }')),
        Valid(register('{ type: "object", enum: [{}] }')),  # typed: not this rule's
        Valid(register('{ type: "string", enum: ["a"] }')),  # input-schema-root's
        Valid(register('{ ...base, enum: ["a"] }')),  # a type may come from base
        Valid(register("schemaFor(kind)")),
        Valid(register('{ "oneOf": undefined }'.replace('"oneOf": undefined', "properties: {}"))),
    ]
)

test_invalid = tests.invalid(
    [
        Invalid(
            register('{ anyOf: [{ type: "object" }] }'),
            [Finding("combinator-at-root", 4, 18, 4, 23, data={"keyword": "anyOf"})],
        ),
        Invalid(
            register('{ type: "object", properties: {}, allOf: [base], oneOf: [a, b] }'),
            [
                Finding("combinator-at-root", 4, 50, data={"keyword": "allOf"})
            ],  # one finding per schema
        ),
        Invalid(
            register("{ ...base, oneOf: [a, b] }"),
            [Finding("combinator-at-root", 4, 27, data={"keyword": "oneOf"})],
        ),
        Invalid(
            register('{ enum: ["a", "b"] }'),
            [Finding("untyped-root-keyword", 4, 18, data={"keyword": "enum"})],
        ),
        Invalid(
            register('{ not: { type: "null" } }'),
            [Finding("untyped-root-keyword", 4, 18, data={"keyword": "not"})],
        ),
    ]
)
