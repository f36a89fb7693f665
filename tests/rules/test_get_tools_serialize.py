"""get-tools-serialize: what getTools() returns cannot be serialized, cloned or posted."""

from __future__ import annotations

from tests.rule_tester import Finding, Invalid, Placed, Project, RuleTester, Valid
from tests.runtime_projects import manifest

RULE = "get-tools-serialize"
GET = "const tools = await document.modelContext.getTools();\n"
PLAIN = "`tools.map(({ name, description, inputSchema }) => ({ name, description, inputSchema }))`"


def cloned(what: str) -> str:
    return (
        f"`{what}` of what `getTools()` returns throws a DataCloneError: each tool holds its "
        "`window` (Chrome before 160), and Chrome 160's `Tool` objects cannot be cloned. Pass "
        f"plain objects: {PLAIN}."
    )


tests = RuleTester(RULE)

test_valid = tests.valid(
    [
        # the fields copied first
        Valid(
            GET + "const listed = JSON.stringify(tools.map(({ name, description }) => "
            "({ name, description })));\n"
        ),
        # a replacer that keeps named keys only
        Valid(GET + 'const listed = JSON.stringify(tools, ["name", "description"]);\n'),
        Valid(
            GET
            + "const listed = JSON.stringify(tools, (key, value) => key === 'window' ? undefined : value);\n"
        ),
        # a field of a tool, not the tool
        Valid(GET + "for (const tool of tools) log(JSON.stringify(tool.inputSchema));\n"),
        Valid(GET + "port.postMessage(tools.length);\n"),
        # out of sight: passed to a function, returned
        Valid(GET + "send(tools);\nexport { tools };\n"),
        # a variable that is given something else before it is serialized
        Valid(
            "let tools = await document.modelContext.getTools();\n"
            "tools = tools.map(({ name }) => ({ name }));\n"
            "JSON.stringify(tools);\n"
        ),
        # `for ... in` gives indexes
        Valid(GET + "for (const i in tools) JSON.stringify(i);\n"),
        # a local function named like the global
        Valid(GET + "const structuredClone = (x) => x;\nstructuredClone(tools);\n"),
        # getTools of a polyfill that installs on navigator: its tools are its own objects
        Valid("const tools = await navigator.modelContext.getTools();\nJSON.stringify(tools);\n"),
    ]
)

test_invalid = tests.invalid(
    [
        Invalid(
            GET + "const listed = JSON.stringify(tools);\n",
            [Finding("stringify-fails", 2, 16, 2, 37)],
        ),
        Invalid(
            GET + "console.log(JSON.stringify(tools, null, 2));\n",
            [Finding("stringify-fails", 2, 13)],
        ),
        Invalid(
            "document.modelContext.getTools().then((tools) => {\n"
            "  window.parent.postMessage({ type: 'tools', tools }, '*');\n"
            "});\n",
            [Finding("clone-fails", 2, 3, data={"what": "window.parent.postMessage()"})],
        ),
        Invalid(
            GET + "for (const tool of tools) {\n  const copy = structuredClone(tool);\n}\n",
            [Finding("clone-fails", 3, 16, data={"what": "structuredClone()"})],
        ),
        Invalid(
            "const [first] = await document.modelContext.getTools();\n"
            "localStorage.setItem('tool', JSON.stringify(first));\n",
            [Finding("stringify-fails", 2, 30)],
        ),
        Invalid(
            GET + "const found = tools.find((t) => t.name === 'search');\n"
            "const text = JSON.stringify({ found });\n",
            [Finding("stringify-fails", 3, 14)],
        ),
        Invalid(
            "async function inspect() {\n"
            "  const list = (await document.modelContext.getTools()).filter((t) => t.name);\n"
            "  return JSON.stringify(list);\n"
            "}\n",
            [Finding("stringify-fails", 3, 10)],
        ),
        # in a test helper too (in-tests: true)
        Invalid(
            "test('lists tools', async () => {\n"
            "  const tools = await document.modelContext.getTools();\n"
            "  expect(JSON.stringify(tools)).toContain('search');\n"
            "});\n",
            [Finding("stringify-fails", 3, 10)],
            filename="tools.test.js",
        ),
    ]
)

# On a page where @mcp-b/global 5 replaces document.modelContext, getTools() returns its
# own plain objects: nothing is said.
test_runtimes = tests.projects(
    [
        Project(
            {
                "package.json": manifest(dependencies={"@mcp-b/global": "5.1.0"}),
                "src/main.js": 'import "@mcp-b/global";\n',
                "src/inspect.js": GET + "JSON.stringify(tools);\n",
            },
            name="mcp-b-replaces-the-api",
        ),
        Project(
            {
                "package.json": manifest(dependencies={"@mcp-b/webmcp-polyfill": "4.0.0"}),
                "src/main.js": 'import "@mcp-b/webmcp-polyfill";\n',
                "src/inspect.js": GET + "JSON.stringify(tools);\n",
            },
            [Placed("src/inspect.js", "stringify-fails", 2, 1)],
            name="a-polyfill-only-where-chrome-has-none",
        ),
    ]
)
