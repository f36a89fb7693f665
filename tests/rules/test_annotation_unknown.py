import pytest

from tests.rule_tester import Finding, Invalid, Placed, Project, RuleTester, Valid
from tests.runtime_projects import manifest
from webmcp_lint.extract.implementations import maps_annotation_strings

REGISTER = "document.modelContext.registerTool"


def tool(annotations: str) -> str:
    return f'{REGISTER}({{ name: "a", description: "d", annotations: {annotations}, execute() {{}} }});'


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
                    "mcp-destructive-hint",
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
                    "mcp-open-world-hint",
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
                    "mcp-idempotent-hint",
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
                    "mcp-title",
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
                    "misspelled-annotation",
                    1,
                    82,
                    1,
                    94,
                    applicability="safe",
                    data={"key": "readonlyHint", "guess": "readOnlyHint"},
                )
            ],
            output=tool("{ readOnlyHint: true }"),
        ),
        Invalid(
            tool("{ consequential: true }"),
            [
                Finding(
                    "misspelled-annotation",
                    1,
                    82,
                    1,
                    95,
                    applicability="safe",
                    data={"key": "consequential", "guess": "consequentialHint"},
                )
            ],
            output=tool("{ consequentialHint: true }"),
        ),
        Invalid(
            tool("{ untrustedContent: true }"),
            [
                Finding(
                    "misspelled-annotation",
                    1,
                    82,
                    1,
                    98,
                    data={"key": "untrustedContent", "guess": "untrustedContentHint"},
                )
            ],
            output=tool("{ untrustedContentHint: true }"),
        ),
        Invalid(
            tool("{ readOnlyHnt: true }"),
            [
                Finding(
                    "misspelled-annotation",
                    1,
                    82,
                    1,
                    93,
                    applicability="unsafe",
                    data={"key": "readOnlyHnt", "guess": "readOnlyHint"},
                )
            ],
            output=tool("{ readOnlyHint: true }"),
        ),
        Invalid(
            tool("{ colour: 1 }"),
            [
                Finding(
                    "unknown-annotation",
                    1,
                    82,
                    1,
                    88,
                    data={"key": "colour"},
                )
            ],
        ),
        Invalid(
            tool("{ readOnlyHint: 'false' }"),
            [
                Finding(
                    "string-coerced-to-opposite",
                    1,
                    96,
                    1,
                    103,
                    applicability="unsafe",
                    data={
                        "key": "readOnlyHint",
                        "written": "'false'",
                        "where": "the browser",
                        "verb": "coerces",
                        "to": "true",
                        "meant": "false",
                    },
                )
            ],
            output=tool("{ readOnlyHint: false }"),
        ),
        Invalid(
            tool("{ consequentialHint: 0 }"),
            [
                Finding(
                    "non-boolean-annotation",
                    1,
                    101,
                    1,
                    102,
                    data={"key": "consequentialHint", "written": "0", "to": "false"},
                )
            ],
        ),
        # Arrays and objects coerce to true even when empty (verified in Chromium).
        Invalid(
            tool("{ readOnlyHint: [] }"),
            [
                Finding(
                    "non-boolean-annotation",
                    1,
                    96,
                    1,
                    98,
                    data={"key": "readOnlyHint", "written": "[]", "to": "true"},
                )
            ],
        ),
    ]
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
                    "destructive-hint-dropped",
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
            [
                Finding(
                    "misspelled-annotation",
                    3,
                    59,
                    3,
                    71,
                    data={"key": "readonlyHint", "guess": "readOnlyHint"},
                )
            ],
            filename="Tools.tsx",
            output=MCP_B_TOOL.format(annotations="{ readOnlyHint: true }"),
        ),
    ]
)


def test_the_tools_manifest_lists_the_debugging_annotation() -> None:
    """`debugging` (spec PR #253) is known, kept in the manifest and shown in its table."""
    from tests.helpers import tools
    from webmcp_lint.output.inventory import markdown_table

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

test_string_values = tests.invalid(
    [
        # unsafe: Chrome turned the hint on, the boolean turns it off
        Invalid(
            tool("{ consequentialHint: 'no' }"),
            [
                Finding(
                    "string-coerced-to-opposite",
                    1,
                    101,
                    applicability="unsafe",
                    data={
                        "key": "consequentialHint",
                        "written": "'no'",
                        "where": "the browser",
                        "verb": "coerces",
                        "to": "true",
                        "meant": "false",
                    },
                )
            ],
            output=tool("{ consequentialHint: false }"),
        ),
        # safe: what the string already becomes
        Invalid(
            tool('{ untrustedContentHint: "true" }'),
            [
                Finding(
                    "string-coerced",
                    1,
                    104,
                    applicability="safe",
                    data={
                        "key": "untrustedContentHint",
                        "written": '"true"',
                        "where": "the browser",
                        "verb": "coerces",
                        "to": "true",
                    },
                )
            ],
            output=tool("{ untrustedContentHint: true }"),
        ),
        Invalid(
            tool('{ readOnlyHint: "" }'),
            [
                Finding(
                    "string-coerced",
                    1,
                    96,
                    data={
                        "key": "readOnlyHint",
                        "written": '""',
                        "where": "the browser",
                        "verb": "coerces",
                        "to": "false",
                    },
                )
            ],
            output=tool("{ readOnlyHint: false }"),
        ),
        # a string that says neither: no fix
        Invalid(
            tool('{ debugging: "dev" }'),
            [
                Finding(
                    "string-says-neither",
                    1,
                    93,
                    data={
                        "key": "debugging",
                        "written": '"dev"',
                        "where": "the browser",
                        "verb": "coerces",
                        "to": "true",
                    },
                )
            ],
        ),
        # a constant other code may read is not rewritten
        Invalid(
            "const OFF = 'false';\n" + tool("{ readOnlyHint: OFF }"),
            [
                Finding(
                    "string-coerced-to-opposite",
                    1,
                    13,
                    data={
                        "key": "readOnlyHint",
                        "written": "'false'",
                        "where": "the browser",
                        "verb": "coerces",
                        "to": "true",
                        "meant": "false",
                    },
                )
            ],
        ),
    ]
)

# Strings are coerced with `Boolean()` by Chrome and by MCP-B 5.x; MCP-B's polyfill up to
# 4.x maps readOnlyHint's "true" and "false" to booleans first (docs/runtimes.md, "What your code
# runs on"). Where the tool reaches Chrome's registry, Chrome's coercion decides.
STRING_TOOL = (
    "{surface}.modelContext.registerTool({{\n"
    '  name: "list_items",\n'
    '  description: "Lists the items.",\n'
    "  annotations: {{ readOnlyHint: 'false' }},\n"
    "  async execute() {{ return {{}}; }},\n"
    "}});\n"
)


def runs_on(package: str, version: str, surface: str, main: str) -> dict[str, str]:
    return {
        "package.json": manifest(dependencies={package: version}),
        "src/main.js": main,
        "src/tools.js": STRING_TOOL.format(surface=surface),
    }


@pytest.mark.parametrize(
    ("package", "version", "maps"),
    [
        ("@mcp-b/webmcp-polyfill", "0.3.0", None),  # before normalizeAnnotations
        ("@mcp-b/webmcp-polyfill", "0.3.1", True),
        ("@mcp-b/webmcp-polyfill", "2.3.1", True),
        ("@mcp-b/webmcp-polyfill", "4.0.0", True),
        ("@mcp-b/webmcp-polyfill", "5.0.1", False),  # MCP SDK v2: Boolean()
        ("@mcp-b/global", "3.0.0", None),
        ("@mcp-b/global", "4.0.0", True),  # through the polyfill it installs
        ("@mcp-b/global", "5.1.0", False),
        ("webmcp-nexus-sdk", "0.1.0", None),
        ("@mcp-b/global", None, None),
    ],
)
def test_which_releases_map_strings(package: str, version: str | None, maps: bool | None) -> None:
    assert maps_annotation_strings(package, version) is maps


test_string_runtimes = tests.projects(
    [
        Project(
            runs_on(
                "@mcp-b/webmcp-polyfill", "2.3.1", "navigator", 'import "@mcp-b/webmcp-polyfill";\n'
            ),
            [
                Placed(
                    "src/tools.js",
                    "string-mapped-until-upgrade",
                    4,
                    32,
                    data={
                        "key": "readOnlyHint",
                        "written": "'false'",
                        "label": "@mcp-b/webmcp-polyfill 2.3.1",
                        "meant": "false",
                        "package": "@mcp-b/webmcp-polyfill",
                        "to": "true",
                    },
                )
            ],
            name="polyfill-2-maps-false",
        ),
        Project(
            runs_on(
                "@mcp-b/webmcp-polyfill",
                "5.1.0",
                "document",
                'import { initializeWebMCPPolyfill } from "@mcp-b/webmcp-polyfill";\n'
                "initializeWebMCPPolyfill();\n",
            ),
            [
                Placed(
                    "src/tools.js",
                    "string-coerced-to-opposite",
                    4,
                    32,
                    data={
                        "key": "readOnlyHint",
                        "written": "'false'",
                        "where": "Chrome and @mcp-b/webmcp-polyfill 5.1.0",
                        "verb": "coerce",
                        "to": "true",
                        "meant": "false",
                    },
                )
            ],
            name="polyfill-5-coerces-as-chrome",
        ),
        Project(
            runs_on("@mcp-b/global", "4.0.0", "document", 'import "@mcp-b/global";\n'),
            [
                Placed(
                    "src/tools.js",
                    "string-coerced-to-opposite-also-mapped",
                    4,
                    32,
                    data={
                        "key": "readOnlyHint",
                        "written": "'false'",
                        "where": "Chrome",
                        "verb": "coerces",
                        "to": "true",
                        "label": "@mcp-b/global 4.0.0",
                        "meant": "false",
                        "place": "where Chrome has no WebMCP",
                    },
                )
            ],
            name="global-4-mirrors-into-chrome",
        ),
    ]
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
                    "destructive-hint-dropped",
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
                    "destructive-hint-dropped",
                    3,
                    84,
                )
            ],
            name="react-webmcp-4-on-global-4",
        ),
    ]
)
