"""execute-params-match-schema: input properties `execute` reads that the schema lacks."""

from __future__ import annotations

from tests.rule_tester import Finding, Invalid, RuleTester, Valid
from tests.rules.tool_code import QUERY_SCHEMA as SCHEMA
from tests.rules.tool_code import tool_with_execute as tool

PAGE = "execute({ page }) { return page; }"

RULE_TESTS = RuleTester("execute-params-match-schema")

test_valid = RULE_TESTS.valid(
    [
        Valid(tool("execute({ query, limit }) { return 1; }", SCHEMA)),
        Valid(
            tool(
                "execute(input) { return input.hasOwnProperty('query') && input.toString(); }",
                SCHEMA,
            )
        ),
        Valid(tool("execute(input) { return input[key]; }", SCHEMA)),
        Valid(tool("execute({ query, ...rest }) { return rest.page; }", SCHEMA)),
        # schemas that are not fully known or that accept more
        Valid(tool(PAGE, "schema")),
        Valid(tool(PAGE, "{ ...base, properties: { query: {} } }")),
        Valid(tool(PAGE, "{ type: 'object', properties: props }")),
        Valid(tool(PAGE, "{ type: 'object' }")),
        Valid(tool(PAGE, "{ type: 'object', properties: { q: {} }, additionalProperties: true }")),
        Valid(
            tool(
                PAGE,
                "{ type: 'object', properties: { q: {} }, anyOf: [{ properties: { page: {} } }] }",
            )
        ),
        Valid(tool(PAGE)),
    ]
)

test_invalid = RULE_TESTS.invalid(
    [
        Invalid(
            tool("execute({ qeury, limit }) { return { qeury, limit }; }", SCHEMA),
            [
                Finding(
                    "undeclared-property-similar",
                    5,
                    13,
                    5,
                    18,
                    data={"key": "qeury", "similar": "query"},
                )
            ],
        ),
        Invalid(
            tool("execute(input) { return [input.query, input.page]; }", SCHEMA),
            [Finding("undeclared-property", 5, 41, 5, 51, data={"key": "page"})],
            filename="x.ts",
        ),
        Invalid(
            tool("execute(input) { return input['sort']; }", SCHEMA),
            [Finding("undeclared-property", 5, 27, 5, 40, data={"key": "sort"})],
            filename="x.ts",
        ),
        Invalid(
            tool("execute(args) { const { query, offset } = args; return offset; }", SCHEMA),
            [Finding("undeclared-property", 5, 34, 5, 40, data={"key": "offset"})],
            filename="x.ts",
        ),
        Invalid(
            tool("execute({ Query }) { return Query; }", SCHEMA),
            [
                Finding(
                    "undeclared-property-similar",
                    5,
                    13,
                    5,
                    18,
                    data={"key": "Query", "similar": "query"},
                )
            ],
            filename="x.ts",
        ),
        Invalid(
            tool("execute({ query, filters: { color } }) { return color; }", SCHEMA),
            [Finding("undeclared-property", 5, 20, 5, 27, data={"key": "filters"})],
            filename="x.ts",
        ),
        Invalid(
            tool("execute({ max = 5 }) { return max; }", SCHEMA),
            [Finding("undeclared-property", 5, 13, 5, 16, data={"key": "max"})],
            filename="x.ts",
        ),
        Invalid(
            tool("execute(input) { return (input as Input).cursor; }", SCHEMA),
            [Finding("undeclared-property", 5, 27, 5, 50, data={"key": "cursor"})],
            filename="x.ts",
        ),
        # the signal read from the input gets its own message
        Invalid(
            tool("async execute({ query, signal }) { return fetch('/s', { signal }); }", SCHEMA),
            [
                Finding(
                    "signal-in-input",
                    5,
                    26,
                    5,
                    32,
                )
            ],
        ),
        # `additionalProperties: false` closes the schema as well
        Invalid(
            tool(PAGE, "{ type: 'object', properties: { q: {} }, additionalProperties: false }"),
            [Finding("undeclared-property", 5, 13, 5, 17, data={"key": "page"})],
        ),
    ]
)
