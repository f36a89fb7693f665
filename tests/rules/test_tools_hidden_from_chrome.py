from tests.rule_tester import Placed, Project, RuleTester, Valid
from tests.runtime_projects import manifest, npm_lock

tests = RuleTester("tools-hidden-from-chrome")

REGISTER = "export function start(tool) {\n  navigator.modelContext.registerTool(tool);\n}\n"

test_valid = tests.valid(
    [
        # On Chrome alone, navigator.modelContext is undefined: no-navigator-model-context.
        Valid(REGISTER),
        Valid("document.modelContext.registerTool(tool);"),
    ]
)

test_runtimes = tests.projects(
    [
        Project(
            {
                "package.json": manifest(dependencies={"@mcp-b/global": "^1.5.0"}),
                "package-lock.json": npm_lock({"@mcp-b/global": "1.6.4"}),
                "src/main.js": 'import "@mcp-b/global";\n',
                "src/tools.js": REGISTER + "export const again = (t) => "
                "navigator.modelContext.registerTool(t);\n",
            },
            [
                Placed(
                    "src/tools.js",
                    "registered-on-package",
                    2,
                    3,
                    [
                        ("src/tools.js", 4, 29, "registered there too"),
                        ("src/main.js", 1, 1, "imports @mcp-b/global for its effect"),
                        (
                            "package-lock.json",
                            9,
                            1,
                            "package-lock.json resolves @mcp-b/global 1.6.4",
                        ),
                    ],
                    data={
                        "surface": "navigator",
                        "label": "@mcp-b/global 1.6.4",
                        "package": "@mcp-b/global",
                        "advice": "Upgrade @mcp-b/global to 3.0 or later and register on `document.modelContext`, which then reaches Chrome's registry.",
                    },
                )
            ],
            name="mcp-b-before-3-keeps-navigator-tools",
        ),
        Project(
            {
                "package.json": manifest(dependencies={"@mcp-b/global": "^3.0.0"}),
                "package-lock.json": npm_lock({"@mcp-b/global": "3.0.0"}),
                "src/main.js": 'import "@mcp-b/global";\n',
                "src/tools.js": REGISTER,
            },
            name="mcp-b-3-mirrors-into-chrome",
        ),
        Project(
            {
                "src/shim.js": (
                    "if (!navigator.modelContext) {\n"
                    "  navigator.modelContext = { registerTool() {} };\n"
                    "}\n"
                ),
                "src/tools.js": REGISTER,
            },
            [
                Placed(
                    "src/tools.js",
                    "registered-on-shim",
                    2,
                    3,
                    [("src/shim.js", 2, 1, "defines navigator.modelContext")],
                    data={"surface": "navigator", "shim": "the project's shim"},
                )
            ],
            name="a-navigator-shim",
        ),
        Project(
            {
                "package.json": manifest(dependencies={"@mcp-b/global": "*"}),
                "src/main.js": 'import "@mcp-b/global";\n',
                "src/tools.js": REGISTER,
            },
            name="an-unknown-version-says-nothing",
        ),
    ]
)


# MCP-B's hooks before 4.0 register on `navigator.modelContext`: with `@mcp-b/global`
# before 3.0 the tools stay there.
HOOK = (
    'import { useWebMCP } from "@mcp-b/react-webmcp";\n'
    "export function Tools() {\n"
    '  useWebMCP({ name: "list_tasks", description: "Lists the tasks.", handler: run });\n'
    "}\n"
)

test_hooks = tests.projects(
    [
        Project(
            {
                "package.json": manifest(
                    dependencies={"@mcp-b/global": "1.6.4", "@mcp-b/react-webmcp": "1.6.4"}
                ),
                "src/main.tsx": 'import "@mcp-b/global";\n',
                "src/Tools.tsx": HOOK,
            },
            [
                Placed(
                    "src/Tools.tsx",
                    "hook-registers-on-package",
                    3,
                    3,
                    [
                        ("src/main.tsx", 1, 1, "imports @mcp-b/global for its effect"),
                        ("package.json", 5, 1, "package.json asks for @mcp-b/global 1.6.4"),
                    ],
                    data={
                        "api": "useWebMCP",
                        "integration": "@mcp-b/react-webmcp",
                        "version": "1.6.4",
                        "surface": "navigator",
                        "label": "@mcp-b/global 1.6.4",
                        "package": "@mcp-b/global",
                        "advice": "Upgrade @mcp-b/global to 3.0 or later and use its hooks from 4.0, which register on `document.modelContext`, which then reaches Chrome's registry.",
                    },
                )
            ],
            name="react-webmcp-1",
        ),
        Project(
            {
                "package.json": manifest(
                    dependencies={"@mcp-b/global": "4.0.0", "@mcp-b/react-webmcp": "4.0.0"}
                ),
                "src/main.tsx": 'import "@mcp-b/global";\n',
                "src/Tools.tsx": HOOK,
            },
            name="react-webmcp-4",
        ),
    ]
)


# One cause (the project's MCP-B version) behind every file's tools: one finding per run,
# in the first file, with the other files' registrations related.
test_once_per_project = tests.projects(
    [
        Project(
            {
                "package.json": manifest(
                    dependencies={"@mcp-b/global": "2.3.1", "@mcp-b/react-webmcp": "2.3.1"}
                ),
                "src/main.tsx": 'import "@mcp-b/global";\n',
                "src/A.tsx": HOOK,
                "src/B.tsx": HOOK.replace("list_tasks", "add_task"),
            },
            [
                Placed(
                    "src/A.tsx",
                    "hook-registers-on-package",
                    3,
                    3,
                    [
                        ("src/main.tsx", 1, 1, "imports @mcp-b/global for its effect"),
                        ("package.json", 5, 1, "package.json asks for @mcp-b/global 2.3.1"),
                        ("src/B.tsx", 3, 3, "the same here"),
                    ],
                    data={
                        "api": "useWebMCP",
                        "integration": "@mcp-b/react-webmcp",
                        "version": "2.3.1",
                        "surface": "navigator",
                        "label": "@mcp-b/global 2.3.1",
                        "package": "@mcp-b/global",
                        "advice": "Upgrade @mcp-b/global to 3.0 or later and use its hooks from 4.0, which register on `document.modelContext`, which then reaches Chrome's registry.",
                    },
                )
            ],
            name="two-files",
        ),
    ]
)
