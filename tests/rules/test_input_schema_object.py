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
        Invalid(tool('\'{"type": "object"}\''), [Finding(message("a JSON string"), 2, 80, 2, 100)]),
        # Safe: the schema that was serialized is what registerTool takes.
        Invalid(
            tool("JSON.stringify({ type: 'object' })"),
            [Finding(message("a JSON string"), 2, 80, 2, 114, applicability="safe")],
            output=tool("{ type: 'object' }"),
        ),
        Invalid(
            tool("JSON.stringify(zodToJsonSchema(Search))"),
            [Finding(message("a JSON string"), 2, 80)],
            output=tool("zodToJsonSchema(Search)"),
        ),
        # Through a constant: reported where its value is written.
        Invalid(tool("SCHEMA_JSON"), [Finding(message("a JSON string"), 1, 21, 1, 55)]),
        Invalid(tool("`{}`"), [Finding(message("a JSON string"), 2, 80, 2, 84)]),
        Invalid(tool("42"), [Finding(message("a number"), 2, 80, 2, 82)]),
        Invalid(tool("null"), [Finding(message("null"), 2, 80, 2, 84)]),
        Invalid(tool("true"), [Finding(message("a boolean"), 2, 80, 2, 84)]),
    ]
)
