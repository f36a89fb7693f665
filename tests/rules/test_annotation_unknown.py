from tests.rule_tester import Finding, Invalid, Placed, Project, RuleTester, Valid
from tests.runtime_projects import manifest

REGISTER = "document.modelContext.registerTool"


def tool(annotations: str) -> str:
    return f'{REGISTER}({{ name: "a", description: "d", annotations: {annotations}, execute() {{}} }});'


def did_you_mean(key: str, guess: str) -> str:
    return f"The browser drops the unknown annotation `{key}` silently: did you mean `{guess}`?"


def coerced(key: str, written: str, to: str) -> str:
    return (
        f"`{key}` is {written}, which the browser coerces to {to}: write `{key}: {to}` (a "
        "boolean), or leave it out."
    )


tests = RuleTester("annotation-unknown")

test_valid = tests.valid(
    [
        Valid(
            tool(
                "{ readOnlyHint: true, untrustedContentHint: false, "
                "consequentialHint: isRisky, debugging: true }"
            )
        ),
        Valid(tool("annotations")),
        Valid(tool("{ ...defaults, readOnlyHint: true }")),
    ]
)

test_invalid = tests.invalid(
    [
        Invalid(
            tool("{ destructiveHint: true }"),
            [
                Finding(
                    "`destructiveHint` is an MCP annotation that WebMCP drops silently: use "
                    "`consequentialHint: true` for actions with significant or irreversible "
                    "effects.",
                    1,
                    82,
                    1,
                    97,
                    applicability="unsafe",
                )
            ],
            output=tool("{ consequentialHint: true }"),
        ),
        Invalid(
            tool("{ openWorldHint: true }"),
            [
                Finding(
                    "`openWorldHint` is an MCP annotation that WebMCP drops silently: if the "
                    "tool returns third-party or user-generated content, use "
                    "`untrustedContentHint: true`.",
                    1,
                    82,
                    1,
                    95,
                )
            ],
        ),
        Invalid(
            tool("{ idempotentHint: true }"),
            [
                Finding(
                    "`idempotentHint` is an MCP annotation that WebMCP drops silently: remove it.",
                    1,
                    82,
                    1,
                    96,
                )
            ],
        ),
        Invalid(
            tool("{ title: 'Search' }"),
            [
                Finding(
                    "`title` is not an annotation in WebMCP and is dropped: move it to the "
                    "tool's top-level `title`.",
                    1,
                    82,
                    1,
                    87,
                )
            ],
        ),
        Invalid(
            tool("{ readonlyHint: true }"),
            [
                Finding(
                    did_you_mean("readonlyHint", "readOnlyHint"),
                    1,
                    82,
                    1,
                    94,
                    applicability="safe",
                )
            ],
            output=tool("{ readOnlyHint: true }"),
        ),
        Invalid(
            tool("{ consequential: true }"),
            [
                Finding(
                    did_you_mean("consequential", "consequentialHint"),
                    1,
                    82,
                    1,
                    95,
                    applicability="safe",
                )
            ],
            output=tool("{ consequentialHint: true }"),
        ),
        Invalid(
            tool("{ untrustedContent: true }"),
            [Finding(did_you_mean("untrustedContent", "untrustedContentHint"), 1, 82, 1, 98)],
            output=tool("{ untrustedContentHint: true }"),
        ),
        Invalid(
            tool("{ readOnlyHnt: true }"),
            [
                Finding(
                    did_you_mean("readOnlyHnt", "readOnlyHint"),
                    1,
                    82,
                    1,
                    93,
                    applicability="unsafe",
                )
            ],
            output=tool("{ readOnlyHint: true }"),
        ),
        Invalid(
            tool("{ colour: 1 }"),
            [
                Finding(
                    "The browser drops the unknown annotation `colour` silently. WebMCP "
                    "annotations are `readOnlyHint`, `untrustedContentHint`, "
                    "`consequentialHint`, `debugging`.",
                    1,
                    82,
                    1,
                    88,
                )
            ],
        ),
        Invalid(
            tool("{ readOnlyHint: 'false' }"),
            [Finding(coerced("readOnlyHint", "'false'", "true"), 1, 96, 1, 103)],
        ),
        Invalid(
            tool("{ consequentialHint: 0 }"),
            [Finding(coerced("consequentialHint", "0", "false"), 1, 101, 1, 102)],
        ),
        # Arrays and objects coerce to true even when empty (verified in Chromium).
        Invalid(
            tool("{ readOnlyHint: [] }"),
            [Finding(coerced("readOnlyHint", "[]", "true"), 1, 96, 1, 98)],
        ),
    ]
)


DESTRUCTIVE = (
    "The browser drops `destructiveHint` (MCP-B passes it only to MCP clients), so the "
    "browser's agent runs this tool without asking although it is marked destructive: add "
    "`consequentialHint: true` next to it if the user should confirm it."
)

MCP_B_TOOL = (
    'import {{ useWebMCP }} from "@mcp-b/react-webmcp";\n'
    "export function Tools() {{\n"
    '  useWebMCP({{ name: "a", description: "d", annotations: {annotations}, handler: run }});\n'
    "}}\n"
)

test_with_mcp_b = tests.valid(
    [
        # MCP-B documents MCP's annotations and hands them to MCP clients
        Valid(
            MCP_B_TOOL.format(
                annotations="{ title: 'A', readOnlyHint: true, idempotentHint: true, "
                "openWorldHint: false, destructiveHint: false }"
            ),
            filename="Tools.tsx",
        ),
    ]
)

test_with_mcp_b_destructive = tests.invalid(
    [
        # but the browser's agent never sees `destructiveHint`
        Invalid(
            MCP_B_TOOL.format(annotations="{ destructiveHint: true }"),
            [
                Finding(
                    DESTRUCTIVE,
                    3,
                    59,
                    3,
                    74,
                )
            ],
            filename="Tools.tsx",
        ),
        # a misspelled annotation is still a mistake
        Invalid(
            MCP_B_TOOL.format(annotations="{ readonlyHint: true }"),
            [Finding(did_you_mean("readonlyHint", "readOnlyHint"), 3, 59, 3, 71)],
            filename="Tools.tsx",
            output=MCP_B_TOOL.format(annotations="{ readOnlyHint: true }"),
        ),
    ]
)


def test_the_tools_manifest_lists_the_debugging_annotation() -> None:
    """`debugging` (spec PR #253) is known, kept in the manifest and shown in its table."""
    from tests.helpers import tools
    from webmcp_lint.inventory import markdown_table

    code = (
        "document.modelContext.registerTool({ name: 'dump_state', description: 'Dumps the "
        "store.', annotations: { debugging: true, readOnlyHint: false }, execute() {} });"
    )
    [tool] = tools(code)
    assert tool["annotations"] == {"debugging": True, "readOnlyHint": False}
    row = markdown_table([tool]).splitlines()[-1]
    assert "| debugging |" in row


# MCP-B keeps MCP's annotations for MCP clients (model/runtime.py); before 3.0 only its
# agents see the tool, from 3.0 Chrome's does too and drops `destructiveHint`.
DESTRUCTIVE_TOOL = (
    "navigator.modelContext.registerTool({\n"
    '  name: "delete_item",\n'
    '  description: "Deletes an item.",\n'
    "  annotations: { destructiveHint: true },\n"
    "  async execute() { return {}; },\n"
    "});\n"
)

test_runtimes = tests.projects(
    [
        Project(
            {
                "package.json": manifest(dependencies={"@mcp-b/global": "1.6.4"}),
                "src/main.js": 'import "@mcp-b/global";\n',
                "src/tools.js": DESTRUCTIVE_TOOL,
            },
            name="mcp-b-1-hands-it-to-mcp-clients",
        ),
        Project(
            {
                "package.json": manifest(dependencies={"@mcp-b/global": "4.0.0"}),
                "src/main.js": 'import "@mcp-b/global";\n',
                "src/tools.js": DESTRUCTIVE_TOOL,
            },
            [
                Placed(
                    "src/tools.js",
                    DESTRUCTIVE,
                    4,
                    18,
                )
            ],
            name="mcp-b-4-mirrors-it-into-chrome",
        ),
    ]
)


# MCP-B's hooks register on `navigator.modelContext` before 4.0: with `@mcp-b/global`
# before 3.0 only MCP clients see the tool, and they read `destructiveHint`.
HOOK_TOOL = (
    'import { useWebMCP } from "@mcp-b/react-webmcp";\n'
    "export function Tools() {\n"
    '  useWebMCP({ name: "delete_item", description: "Deletes an item.", '
    "annotations: { destructiveHint: true }, handler: run });\n"
    "}\n"
)

test_hooks_by_version = tests.projects(
    [
        Project(
            {
                "package.json": manifest(
                    dependencies={"@mcp-b/global": "2.1.0", "@mcp-b/react-webmcp": "2.1.0"}
                ),
                "src/main.tsx": 'import "@mcp-b/global";\n',
                "src/Tools.tsx": HOOK_TOOL,
            },
            name="react-webmcp-2-on-global-2",
        ),
        Project(
            {
                "package.json": manifest(
                    dependencies={"@mcp-b/global": "4.0.0", "@mcp-b/react-webmcp": "4.0.0"}
                ),
                "src/main.tsx": 'import "@mcp-b/global";\n',
                "src/Tools.tsx": HOOK_TOOL,
            },
            [
                Placed(
                    "src/Tools.tsx",
                    DESTRUCTIVE,
                    3,
                    84,
                )
            ],
            name="react-webmcp-4-on-global-4",
        ),
    ]
)
