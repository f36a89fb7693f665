"""portable-schema-subset: keywords outside the JSON Schema subset proposed for WebMCP
(spec PR #289)."""

from __future__ import annotations

from tests.helpers import lint, rules_in
from tests.rule_tester import Finding, Invalid, RuleTester, Valid
from tests.rules.snippets import register

RULE = "portable-schema-subset"


def outside(keyword: str, where: str) -> str:
    return (
        f"`{keyword}` ({where}) is outside the JSON Schema subset proposed for WebMCP (spec "
        "PR #289, not shipped): a browser that adopts it rejects this schema and registerTool "
        "throws a TypeError. Use the subset's keywords (type, properties, required, enum, "
        "numeric and length limits, pattern, items, prefixItems, additionalProperties: "
        "false, default, description), or say it in a description."
    )


def test_off_unless_selected() -> None:
    code = register(
        '{ type: "object", properties: { email: { type: "string", format: "email" } } }'
    )
    assert RULE not in rules_in(lint(code))
    assert RULE in rules_in(lint(code, config={"extend-select": ["portability"]}))
    assert RULE in rules_in(lint(code, config={"extend-select": [RULE]}))


tests = RuleTester(RULE)

SUBSET = (
    '{ type: "object", properties: {'
    ' q: { type: "string", minLength: 1, maxLength: 80, pattern: "^\\\\w", description: "Words" },'
    ' n: { type: "integer", minimum: 1, maximum: 9, exclusiveMaximum: 10, default: 1 },'
    ' kind: { type: "string", enum: ["a", "b"] },'
    ' tags: { type: "array", items: { type: "string" }, minItems: 1, maxItems: 5 },'
    ' pair: { type: "array", prefixItems: [{ type: "number" }, { type: "number" }] },'
    ' "format": { type: "string" } },'  # a parameter named like a keyword
    ' required: ["q"], additionalProperties: false }'
)

test_valid = tests.valid(
    [
        Valid(register(SUBSET)),
        Valid(register("schemaFor(kind)")),
        Valid(register('{ type: "object", ...extra }')),  # the known part is in the subset
        # at the root, portable-schema-root's (one finding for one cause)
        Valid(register('{ anyOf: [{ type: "object" }, { type: "object" }] }')),
        Valid(register("{ enum: [{ a: 1 }] }")),
        # react-webmcp's <WebMCP.Tool> builds the schema from its children (a select gives
        # `oneOf`): the library's keywords, not the page's (tech-sumit/react-webmcp demos)
        Valid(
            'import { WebMCP } from "react-webmcp";\n'
            "export const Feedback = () => (\n"
            '  <WebMCP.Tool name="rate_meal" description="Rates the meal." onExecute={send}>\n'
            '    <select name="rating"><option value="5">Great</option><option value="1">Bad</option></select>\n'
            "  </WebMCP.Tool>\n"
            ");\n",
            filename="Feedback.jsx",
        ),
        # a form's schema is Chromium's, not the page's
        Valid(
            '<form toolname="pick" tooldescription="Picks a date."><input type="date" '
            'name="day"><button>Go</button></form>',
            filename="page.html",
        ),
    ]
)

test_invalid = tests.invalid(
    [
        Invalid(
            register(
                '{ type: "object", properties: { email: { type: "string", format: "email" } } }'
            ),
            [
                Finding(
                    "outside-subset",
                    4,
                    73,
                    4,
                    79,
                    data={"keyword": "format", "where": "at `inputSchema.properties.email`"},
                )
            ],
        ),
        Invalid(
            register(
                '{ $schema: "https://json-schema.org/draft/2020-12/schema", type: "object", '
                "additionalProperties: true }"
            ),
            [
                Finding(
                    "outside-subset", 4, 18, data={"keyword": "$schema", "where": "at the root"}
                ),
                Finding(
                    "outside-subset",
                    4,
                    91,
                    data={"keyword": "additionalProperties: true", "where": "at the root"},
                ),
            ],
        ),
        Invalid(
            register(
                '{ type: "object", $defs: { id: { type: "string" } }, properties: '
                '{ a: { $ref: "#/$defs/id" }, b: { anyOf: [{ type: "string" }, { type: "null" }] } } }'
            ),
            [
                Finding("outside-subset", 4, 34, data={"keyword": "$defs", "where": "at the root"}),
                Finding(
                    "outside-subset",
                    4,
                    88,
                    data={"keyword": "$ref", "where": "at `inputSchema.properties.a`"},
                ),
                Finding(
                    "outside-subset",
                    4,
                    115,
                    data={"keyword": "anyOf", "where": "at `inputSchema.properties.b`"},
                ),
            ],
        ),
        Invalid(
            register(
                '{ type: "object", properties: { items: { type: "array", items: { type: "object",'
                " unevaluatedProperties: false } } } }"
            ),
            [
                Finding(
                    "outside-subset",
                    4,
                    97,
                    data={
                        "keyword": "unevaluatedProperties",
                        "where": "at `inputSchema.properties.items.items`",
                    },
                )
            ],
        ),
    ]
)
