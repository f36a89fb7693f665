"""get-tools-fields: code that reads getTools() results as Chrome before 160 gave them."""

from __future__ import annotations

from tests.rule_tester import Finding, Invalid, RuleTester, Valid

RULE = "get-tools-fields"
GET = "const tools = await document.modelContext.getTools();\n"


def copy(what: str) -> str:
    return (
        f"`{what}` sees none of a tool's fields from Chrome 160: `getTools()` returns `Tool` "
        "objects whose fields are getters on their prototype, so a copy is `{}`. Read the "
        "fields by name: `const { name, description, inputSchema } = tool`."
    )


def default(name: str) -> str:
    return (
        f"A default for `{name}` applies only when it is undefined, but from Chrome 160 "
        f"`getTools()` gives `null` for a tool without one: `{name}` is then `null`. Write "
        f"`tool.{name} ?? {{}}` instead."
    )


def within(name: str) -> str:
    return (
        f"From Chrome 160 `{name}` is an attribute of every tool `getTools()` returns (on its "
        f'prototype): `"{name}" in tool` is always true there, and `hasOwnProperty`/'
        f"`Object.hasOwn` always false. Test `tool.{name} != null`."
    )


tests = RuleTester(RULE)

test_valid = tests.valid(
    [
        Valid(GET + "const frames = tools.map((tool) => tool.source ?? tool.window);\n"),
        Valid(GET + "for (const tool of tools) { const schema = tool.inputSchema ?? {}; }\n"),
        Valid(GET + "for (const tool of tools) { if (tool.inputSchema == null) skip(); }\n"),
        Valid(GET + "for (const { name, description } of tools) show(name, description);\n"),
        # not a tool
        Valid(
            "const options = { window: w };\nconst { window: frame } = options;\n"
            "document.modelContext?.registerTool(tool);\n"
        ),
        Valid(GET + "const { length } = tools;\n"),
        Valid(GET + "const copy = [...tools];\nconst n = copy.length;\n"),
    ]
)

test_invalid = tests.invalid(
    [
        Invalid(
            GET + "const mine = tools.filter((tool) => tool.window === window);\n",
            [Finding("window-renamed", 2, 37, 2, 48, severity="warning")],
        ),
        Invalid(
            GET + "for (const { name, window: frame } of tools) log(name, frame);\n",
            [Finding("window-renamed", 2, 20, 2, 33)],
        ),
        # one statement reading `window` twice is one mistake: the first read is reported
        Invalid(
            "async function frames() {\n"
            "  for (const tool of await document.modelContext.getTools()) {\n"
            "    const id = tool.window == window ? 0 : await frameOf(tool.window);\n"
            "    const again = tool.window;\n"
            "  }\n"
            "}\n",
            [Finding("window-renamed", 3, 16, 3, 27), Finding("window-renamed", 4, 19, 4, 30)],
        ),
        Invalid(
            GET + "const rows = tools.map((tool) => ({ ...tool, kind: 'page' }));\n",
            [Finding("copy-sees-no-fields", 2, 37, data={"name": "{ ...tool }"})],
        ),
        Invalid(
            GET + "tools.forEach((tool) => console.table(Object.entries(tool)));\n",
            [Finding("copy-sees-no-fields", 2, 39, data={"name": "Object.entries(tool)"})],
        ),
        Invalid(
            GET
            + "for (const { name, inputSchema = {} } of tools) render(name, inputSchema.properties);\n",
            [Finding("default-misses-null", 2, 20, 2, 36, data={"name": "inputSchema"})],
        ),
        Invalid(
            GET + "tools.forEach(({ annotations: hints = {} }) => show(hints.readOnlyHint));\n",
            [Finding("default-misses-null", 2, 18, data={"name": "annotations"})],
        ),
        Invalid(
            GET + "const described = tools.filter((t) => t.inputSchema !== undefined);\n"
            "const [first] = tools;\n"
            'if (typeof first.outputSchema === "undefined") log("no output schema");\n',
            [
                Finding("undefined-test-misses-null", 2, 39, data={"name": "inputSchema"}),
                Finding("undefined-test-misses-null", 4, 12, data={"name": "outputSchema"}),
            ],
        ),
        Invalid(
            GET + 'const typed = tools.filter((t) => "inputSchema" in t);\n'
            'const own = tools.filter((t) => t.hasOwnProperty("outputSchema"));\n',
            [
                Finding("in-test-always-true", 2, 35, data={"name": "inputSchema"}),
                Finding("in-test-always-true", 3, 33, data={"name": "outputSchema"}),
            ],
        ),
    ]
)
