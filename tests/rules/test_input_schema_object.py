from tests.rule_tester import Finding, Invalid, RuleTester, Valid


def tool(schema: str) -> str:
    return (
        "const SCHEMA_JSON = JSON.stringify({ type: 'object' });\n"
        'document.modelContext.registerTool({ name: "a", description: "d", '
        f"inputSchema: {schema}, execute() {{}} }});"
    )


def message(shown: str) -> str:
    return (
        f"`inputSchema` is {shown}, but it must be a JSON Schema object: registerTool rejects "
        "it with a TypeError. Pass the schema object itself (not `JSON.stringify(...)`)."
    )


tests = RuleTester("input-schema-object")

test_valid = tests.valid(
    [
        Valid(tool("{ type: 'object' }")),
        Valid(tool("schema")),
        Valid(tool("z.toJSONSchema(s)")),
        Valid(tool("JSON.parse(text)")),
    ]
)

test_invalid = tests.invalid(
    [
        Invalid(
            tool('\'{"type": "object"}\''),
            [Finding("schema-not-an-object", 2, 80, 2, 100, data={"what": "a JSON string"})],
        ),
        # Safe: the schema that was serialized is what registerTool takes.
        Invalid(
            tool("JSON.stringify({ type: 'object' })"),
            [
                Finding(
                    "schema-not-an-object",
                    2,
                    80,
                    2,
                    114,
                    applicability="safe",
                    data={"what": "a JSON string"},
                )
            ],
            output=tool("{ type: 'object' }"),
        ),
        Invalid(
            tool("JSON.stringify(zodToJsonSchema(Search))"),
            [Finding("schema-not-an-object", 2, 80, data={"what": "a JSON string"})],
            output=tool("zodToJsonSchema(Search)"),
        ),
        # Through a constant: reported where its value is written.
        Invalid(
            tool("SCHEMA_JSON"),
            [Finding("schema-not-an-object", 1, 21, 1, 55, data={"what": "a JSON string"})],
        ),
        Invalid(
            tool("`{}`"),
            [Finding("schema-not-an-object", 2, 80, 2, 84, data={"what": "a JSON string"})],
        ),
        Invalid(
            tool("42"), [Finding("schema-not-an-object", 2, 80, 2, 82, data={"what": "a number"})]
        ),
        Invalid(
            tool("null"), [Finding("schema-not-an-object", 2, 80, 2, 84, data={"what": "null"})]
        ),
        Invalid(
            tool("true"),
            [Finding("schema-not-an-object", 2, 80, 2, 84, data={"what": "a boolean"})],
        ),
    ]
)
