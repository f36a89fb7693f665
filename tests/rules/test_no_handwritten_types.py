import json

from tests.rule_tester import Finding, Invalid, Project, RuleTester, Valid


def message(*names: str) -> str:
    shown = ", ".join(f"`{name}`" for name in names)
    return (
        f"Hand-written WebMCP types ({shown}) drift from the spec (the `execute` `signal`, new "
        "annotations, `executeTool`) and hide API changes from the type checker: install "
        "`webmcp-types` and delete them."
    )


DECLARE_GLOBAL = """declare global {
  interface Document {
    readonly modelContext?: ModelContext;
  }
  interface ModelContext {
    registerTool(tool: ModelContextTool): Promise<void>;
  }
  interface ModelContextTool {
    name: string;
  }
}
export {};
"""

tests = RuleTester("no-handwritten-types")

test_valid = tests.valid(
    [
        # the file installs its own shim, on a `navigator` handed in: the types are its own
        Valid(
            "export interface ModelContext { tools: ModelContextTool[] }\n"
            "export interface ModelContextTool { name: string }\n"
            "export function inject(deps: { navigator: Navigator }, context: ModelContext) {\n"
            "  Object.defineProperty(deps.navigator, 'modelContext', { value: context });\n"
            "}\n",
            "injector.ts",
        ),
        # a class implements the API (a polyfill); it is not a declaration of it
        Valid("export class ModelContext { registerTool() {} }", "polyfill.ts"),
        # other interfaces named Document, other members
        Valid(
            "interface Document { title: string }\n// document.modelContext comes later", "types.ts"
        ),
        # the official types in use
        Valid("const tool: WebMCP.ModelContextTool = makeTool();", "tools.ts"),
        # JavaScript has no declarations
        Valid(
            "/** @typedef {object} ModelContextTool */\nexport const ModelContext = {};", "types.js"
        ),
        # a `modelContext` property of something else
        Valid("interface AppState { modelContext: string }", "types.ts"),
        # code that uses the API and declares nothing
        Valid("document.modelContext?.registerTool(tool);", "app.ts"),
        # a library's own `ModelContext` (a chat runtime's), nothing of WebMCP's in it
        Valid(
            "export type ModelContext = {\n"
            "  priority?: number | undefined;\n"
            "  system?: string | undefined;\n"
            "  tools?: Record<string, Tool<any, any>> | undefined;\n"
            "};\n"
            "export interface ModelContextTool { name: string; run(): void }\n",
            "types.ts",
        ),
        # aliases computed from the installed declaration follow it
        Valid("type ModelContext = NonNullable<Document['modelContext']>;", "webmcp.ts"),
        Valid("export type ModelContextTool = WebMCP.ModelContextTool;", "webmcp.ts"),
    ]
)

test_invalid = tests.invalid(
    [
        # A `declare global` block is one finding naming each declaration.
        Invalid(
            DECLARE_GLOBAL,
            [
                Finding(
                    "handwritten-types",
                    3,
                    5,
                    3,
                    41,
                    data={"names": "`Document.modelContext`, `ModelContext`, `ModelContextTool`"},
                )
            ],
            filename="webmcp.d.ts",
        ),
        Invalid(
            "interface Navigator { modelContext: any }",
            [
                Finding(
                    "handwritten-types", 1, 23, 1, 40, data={"names": "`Navigator.modelContext`"}
                )
            ],
            filename="types.ts",
        ),
        # an alias to a hand-written shape is still hand-written
        Invalid(
            "type ModelContext = { registerTool(tool: unknown): void };",
            [Finding("handwritten-types", 1, 6, 1, 18, data={"names": "`ModelContext`"})],
            filename="types.ts",
        ),
        Invalid(
            "export interface ModelContextTool { name: string; inputSchema: object }",
            [Finding("handwritten-types", 1, 18, 1, 34, data={"names": "`ModelContextTool`"})],
            filename="types.ts",
        ),
        Invalid(
            "export type ModelContextRegisterToolOptions = { signal?: AbortSignal };",
            [
                Finding(
                    "handwritten-types",
                    1,
                    13,
                    1,
                    44,
                    data={"names": "`ModelContextRegisterToolOptions`"},
                )
            ],
            filename="types.ts",
        ),
        Invalid(
            "declare namespace WebMCP { interface ModelContextTool { name: string } }",
            [
                Finding(
                    "handwritten-types",
                    1,
                    19,
                    1,
                    25,
                    data={"names": "`namespace WebMCP`, `ModelContextTool`"},
                )
            ],
            filename="types.ts",
        ),
        # One finding per file: one block of copies is one thing to delete.
        Invalid(
            "interface ModelContext { getTools(): ModelContextTool[] }\n\n"
            "interface ModelContextTool {}\n",
            [
                Finding(
                    "handwritten-types",
                    1,
                    11,
                    1,
                    23,
                    related=[(3, 11, "`ModelContextTool` declared here too")],
                    data={"names": "`ModelContext`, `ModelContextTool`"},
                ),
            ],
            filename="types.ts",
        ),
        Invalid(
            '<script setup lang="ts">\ninterface ModelContextTool { name: string }\n'
            "document.modelContext?.registerTool(tool as ModelContextTool);\n</script>",
            [Finding("handwritten-types", 2, 11, 2, 27, data={"names": "`ModelContextTool`"})],
            filename="Cart.vue",
        ),
    ]
)


# A workspace whose published package installs a shim: its apps declare the shim's API.
test_on_the_workspace_shim = tests.projects(
    [
        Project(
            {
                "package.json": json.dumps(
                    {"name": "root", "private": True, "workspaces": ["packages/*"]}
                ),
                "packages/shim/package.json": json.dumps(
                    {"name": "my-shim", "version": "1.0.0", "main": "index.js"}
                ),
                "packages/shim/index.js": "if (!document.modelContext) "
                'Object.defineProperty(document, "modelContext", '
                "{ value: { registerTool() {}, getTools() {} } });\n",
                "packages/app/package.json": json.dumps({"name": "app", "private": True}),
                "packages/app/src/types.ts": DECLARE_GLOBAL,
            },
            name="workspace-shim",
        ),
    ]
)
