from tests.rule_tester import Finding, Invalid, Placed, Project, RuleTester, Valid
from tests.runtime_projects import manifest


def message(shown: str) -> str:
    return (
        f"`executeTool()` takes the input as an object, and this is {shown}: Chrome rejects "
        "it with a TypeError (a string such as `JSON.stringify(...)` too). Pass the object "
        "itself."
    )


def call(argument: str) -> str:
    return (
        "const INPUT_JSON = JSON.stringify({ q: 1 });\n"
        f"await document.modelContext.executeTool(tool, {argument});"
    )


tests = RuleTester("execute-tool-object-input")

test_valid = tests.valid(
    [
        Valid(call("{ q: 1 }")),
        Valid(call("args")),
        Valid(call("JSON.parse(text)")),
        Valid(call("")),
        Valid(call("[1, 2]")),
        # A test that expects the rejection is right.
        Valid(
            "await expect(document.modelContext.executeTool(tool, '{}')).rejects.toThrow(TypeError);",
            filename="tools.test.ts",
        ),
    ]
)

test_invalid = tests.invalid(
    [
        # Safe: the object that was serialized is what executeTool takes.
        Invalid(
            call("JSON.stringify(args)"),
            [
                Finding(
                    "input-not-an-object",
                    2,
                    47,
                    2,
                    67,
                    applicability="safe",
                    data={"shown": "a string"},
                )
            ],
            output=call("args"),
        ),
        Invalid(
            call("JSON.stringify({ q: 1, page }, null, 2)"),
            [Finding("input-not-an-object", 2, 47, data={"shown": "a string"})],
            output=call("{ q: 1, page }"),
        ),
        Invalid(
            call("'{\"q\": 1}'"),
            [Finding("input-not-an-object", 2, 47, 2, 57, data={"shown": "a string"})],
        ),
        Invalid(
            call("`{}`"), [Finding("input-not-an-object", 2, 47, 2, 51, data={"shown": "a string"})]
        ),
        Invalid(
            call("INPUT_JSON"),
            [Finding("input-not-an-object", 2, 47, 2, 57, data={"shown": "a string"})],
        ),
        Invalid(
            call("42"), [Finding("input-not-an-object", 2, 47, 2, 49, data={"shown": "a number"})]
        ),
        Invalid(
            call("true"),
            [Finding("input-not-an-object", 2, 47, 2, 51, data={"shown": "a boolean"})],
        ),
        Invalid(
            call("null"), [Finding("input-not-an-object", 2, 47, 2, 51, data={"shown": "null"})]
        ),
    ]
)


# A test that passes a string passes for the wrong reason: the rule runs on test files.
test_in_test_files = tests.invalid(
    [
        Invalid(
            "await document.modelContext.executeTool(tool, JSON.stringify(args));",
            [Finding("input-not-an-object", 1, 47, 1, 67, data={"shown": "a string"})],
            output="await document.modelContext.executeTool(tool, args);",
            filename="e2e/checkout.spec.ts",
        ),
    ]
)


# MCP-B's executeTool takes a JSON string from 3.0 (model/runtime.py): judged by what the
# `modelContext` the call is made on is, in each environment.
RUN = 'const [tool] = await document.modelContext.getTools();\nawait document.modelContext.executeTool(tool, JSON.stringify({ query: "shoes" }));\n'

test_runtimes = tests.projects(
    [
        Project(
            {
                "package.json": manifest(dependencies={"@mcp-b/global": "4.0.0"}),
                "src/main.js": 'import "@mcp-b/global";\n',
                "src/run.js": RUN,
            },
            name="mcp-b-takes-a-json-string",
        ),
        Project(
            {
                "package.json": manifest(dependencies={"@mcp-b/webmcp-polyfill": "4.0.0"}),
                "src/main.js": 'import "@mcp-b/webmcp-polyfill";\n',
                "src/run.js": RUN,
            },
            [
                Placed(
                    "src/run.js",
                    "input-not-an-object-on-runtime",
                    2,
                    47,
                    data={
                        "where": "On Chrome with WebMCP, where @mcp-b/webmcp-polyfill 4.0.0 installs nothing",
                        "shown": "a string",
                    },
                )
            ],
            name="chrome-is-used-where-the-polyfill-installs-nothing",
        ),
    ]
)

test_testing_api = tests.valid(
    [Valid('await navigator.modelContextTesting.executeTool("search", "{}");')]
)
