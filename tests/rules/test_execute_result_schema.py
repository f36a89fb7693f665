"""execute-result-schema: `execute` returns a literal its `outputSchema` says it cannot."""

from __future__ import annotations

from tests.rule_tester import Finding, Invalid, RuleTester, Valid

RULE = "execute-result-schema"


def tool(output_type: str, execute: str) -> str:
    return (
        "document.modelContext.registerTool({\n"
        '  name: "get_cart",\n'
        '  description: "Gets the cart.",\n'
        f"  outputSchema: {{ type: {output_type}, description: 'The cart' }},\n"
        f"  {execute},\n"
        "});\n"
    )


def message(returned: str, expected: str) -> str:
    return (
        f"`execute` returns {returned} here, but its `outputSchema` says the result is "
        f"{expected}: an agent that reads the schema (Chrome 159 and later pass it on) "
        "misreads this result. Return what the schema describes, or make the schema say "
        "what is returned."
    )


SCHEMA_TYPE = (4, 25, "the output schema's type")

tests = RuleTester(RULE)

test_valid = tests.valid(
    [
        Valid(tool('"object"', "async execute() { return { items: [] }; }")),
        Valid(tool('"string"', "execute: () => `${count} items`")),
        Valid(tool('"integer"', "execute: () => 3")),
        Valid(tool('"number"', "execute() { return 2.5; }")),
        Valid(
            tool('["object", "null"]', "execute(input) { if (!input.id) return null; return {}; }")
        ),
        Valid(tool('"array"', "execute: async () => []")),
        # what cannot be known is not judged
        Valid(tool('"object"', "async execute() { return load(); }")),
        Valid(tool('"object"', "async execute() { const text = 'x'; return text; }")),
        Valid(tool('"object"', "async execute() { return undefined; }")),
        Valid(tool("KIND", "async execute() { return 'x'; }")),
        # an untyped schema, a spread, no schema
        Valid(
            'document.modelContext.registerTool({ name: "a", description: "A.", '
            "outputSchema: { anyOf: [{ type: 'string' }] }, execute: () => 1 });\n"
        ),
        Valid(
            'document.modelContext.registerTool({ name: "a", description: "A.", '
            "outputSchema: { ...base }, execute: () => 1 });\n"
        ),
        Valid(
            'document.modelContext.registerTool({ name: "a", description: "A.", '
            "execute: () => 1 });\n"
        ),
        # returns of callbacks inside execute are not its result
        Valid(tool('"object"', "async execute() { items.map((i) => 'x'); return {}; }")),
    ]
)

test_invalid = tests.invalid(
    [
        Invalid(
            tool('"object"', "async execute() { await save(); return 'Saved.'; }"),
            [
                Finding(
                    "result-type-mismatch",
                    5,
                    42,
                    5,
                    50,
                    related=[SCHEMA_TYPE],
                    data={"returned": "a string", "expected": "an object"},
                )
            ],
        ),
        Invalid(
            tool('"object"', "async execute() { return JSON.stringify({ items: [] }); }"),
            [
                Finding(
                    "result-type-mismatch",
                    5,
                    28,
                    related=[SCHEMA_TYPE],
                    data={"returned": "a JSON string", "expected": "an object"},
                )
            ],
        ),
        Invalid(
            tool(
                '"string"',
                "execute(input) { if (!input.id) return { error: 'No id' }; return 'ok'; }",
            ),
            [
                Finding(
                    "result-type-mismatch",
                    5,
                    42,
                    data={"returned": "an object", "expected": "a string"},
                )
            ],
        ),
        Invalid(
            tool('"integer"', "execute: () => 2.5"),
            [
                Finding(
                    "result-type-mismatch",
                    5,
                    18,
                    data={"returned": "the number 2.5", "expected": "an integer"},
                )
            ],
        ),
        Invalid(
            tool('["object", "null"]', "execute: () => [1, 2]"),
            [
                Finding(
                    "result-type-mismatch",
                    5,
                    18,
                    data={"returned": "an array", "expected": "an object or null"},
                )
            ],
        ),
        Invalid(
            tool('"array"', "execute: () => true"),
            [
                Finding(
                    "result-type-mismatch",
                    5,
                    18,
                    data={"returned": "a boolean", "expected": "an array"},
                )
            ],
        ),
    ]
)
