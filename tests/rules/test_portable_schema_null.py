"""portable-schema-null: JSON `null` literals in an input schema, which the Prompt API
rejects."""

from __future__ import annotations

from tests.helpers import lint, rules_in
from tests.rule_tester import Finding, Invalid, RuleTester, Valid
from tests.rules.snippets import register

RULE = "portable-schema-null"


def null(what: str, where: str) -> str:
    return (
        f"{what} ({where}): Chrome's Prompt API refuses a schema with a JSON null in it, so an "
        "in-page agent built on it fails with this page's tools. Leave the null out (an "
        "optional parameter needs no null default), or use a value of the parameter's type."
    )


def test_off_unless_selected() -> None:
    code = register('{ type: "object", properties: { a: { type: "string", default: null } } }')
    assert RULE not in rules_in(lint(code))
    assert RULE in rules_in(lint(code, config={"extend-select": ["portability"]}))


tests = RuleTester(RULE)

test_valid = tests.valid(
    [
        # the type "null" is a string, not a null literal
        Valid(register('{ type: "object", properties: { a: { type: ["string", "null"] } } }')),
        Valid(register('{ type: "object", properties: { a: { type: "string", default: "" } } }')),
        Valid(
            register(
                '{ type: "object", properties: { a: { type: "string", default: undefined } } }'
            )
        ),
        Valid(register("schemaFor(kind)")),
        Valid(register('{ type: "object", properties: { a: { default: pick() } } }')),
    ]
)

test_invalid = tests.invalid(
    [
        Invalid(
            register('{ type: "object", properties: { note: { type: "string", default: null } } }'),
            [
                Finding(
                    "null-value",
                    4,
                    81,
                    4,
                    85,
                    data={"key": "default", "where": "at `inputSchema.properties.note`"},
                )
            ],
        ),
        Invalid(
            register(
                '{ type: "object", properties: { size: { enum: ["S", "M", null] },'
                " when: { const: null } } }"
            ),
            [
                Finding(
                    "null-in-list",
                    4,
                    73,
                    data={"key": "enum", "where": "at `inputSchema.properties.size`"},
                ),
                Finding(
                    "null-value",
                    4,
                    97,
                    data={"key": "const", "where": "at `inputSchema.properties.when`"},
                ),
            ],
        ),
        Invalid(
            register('{ type: "object", examples: [{ a: null }] }'),
            [Finding("null-inside", 4, 50, data={"key": "examples", "where": "at the root"})],
        ),
    ]
)
