"""execute-validate-input: enum and required input `execute` uses unchecked."""

from __future__ import annotations

from tests.rule_tester import Finding, Invalid, RuleTester, Valid
from tests.rules.tool_code import DEFAULTS_SCHEMA as DEFAULTS
from tests.rules.tool_code import QUERY_SCHEMA as SCHEMA
from tests.rules.tool_code import tool_with_execute as tool

VALIDATE = "function validate() {}\n"

RULE_TESTS = RuleTester("execute-validate-input")

test_valid = RULE_TESTS.valid(
    [
        # webmcp-react parses the input with the zod schema before calling the handler
        Valid(
            'import { z } from "zod";\nimport { useMcpTool } from "webmcp-react";\n'
            'useMcpTool({ name: "search", description: "Search.", '
            "input: z.object({ query: z.string() }), "
            "handler: async ({ query }) => fetch(`/s?q=${query}`) });\n"
        ),
        Valid(
            VALIDATE
            + tool(
                "execute({ query }) { if (!query) return { error: 'x' }; return query; }", SCHEMA
            )
        ),
        Valid(
            VALIDATE
            + tool(
                "execute({ query }) { if (typeof query !== 'string') return 0; return query; }",
                SCHEMA,
            )
        ),
        Valid(VALIDATE + tool("execute({ query }) { return query?.trim(); }", SCHEMA)),
        Valid(VALIDATE + tool("execute({ query }) { return query ? run(query) : null; }", SCHEMA)),
        Valid(VALIDATE + tool("execute({ query }) { return validate(query); }", SCHEMA)),
        # a global of another script
        Valid(VALIDATE + tool("execute({ query }) { return searchCatalog(query); }", SCHEMA)),
        Valid(
            VALIDATE
            + tool("execute({ query }) { return api.isValidQuery(query) ? 1 : 0; }", SCHEMA)
        ),
        Valid(
            VALIDATE + tool("execute(input) { schema.parse(input); return input.query; }", SCHEMA)
        ),
        Valid(VALIDATE + tool("execute({ limit }) { return limit; }", SCHEMA)),  # optional, no enum
        Valid(VALIDATE + tool("execute() { return 1; }", SCHEMA)),
        # membership in the enum's values is a check
        Valid(
            tool(
                "execute({ query, sort = 'price' }) {\n"
                "  if (!query || !SORTS.includes(sort)) return { error: 'x' };\n"
                "  return [query, sort]; }",
                DEFAULTS,
            )
        ),
    ]
)

test_invalid = RULE_TESTS.invalid(
    [
        Invalid(
            tool(
                "execute({ query, sort = 'price' }) { if (!query) return 0; return api.get(sort); }",
                DEFAULTS,
            ),
            [
                Finding(
                    "enum-unchecked",
                    5,
                    20,
                    5,
                    24,
                    severity="info",
                    data={"key": "sort"},
                )
            ],
        ),
        Invalid(
            tool("execute({ query }) { return fetch(`/s?q=${query}`); }", SCHEMA),
            [Finding("required-unchecked", 5, 13, 5, 18, data={"key": "query"})],
        ),
        Invalid(
            tool("execute(input) { return input.query.trim(); }", SCHEMA),
            [Finding("required-unchecked", 5, 27, 5, 38, data={"key": "query"})],
        ),
        Invalid(
            tool("execute({ query }) { return { results: api.search(query) }; }", SCHEMA),
            [Finding("required-unchecked", 5, 13, 5, 18, data={"key": "query"})],
        ),
    ]
)
