from tests.rule_tester import Finding, Invalid, Placed, Project, RuleTester, Valid
from tests.runtime_projects import manifest, npm_lock

tests = RuleTester("no-navigator-model-context")

test_valid = tests.valid(
    [
        Valid("document.modelContext.registerTool(tool);"),
        Valid("if ('modelContext' in document) start();"),
        Valid("const navigator = useNavigator();\nnavigator.modelContext.go();"),
        Valid("function f(navigator) { return navigator.modelContext; }"),
        Valid('const note = "navigator.modelContext was removed";'),
        Valid("router.navigator.modelContext;"),
        # Installing or removing a fake (tests, polyfills) does not use the removed API.
        Valid("navigator.modelContext = createFakeModelContext();"),
        Valid("delete navigator.modelContext;"),
        Valid("delete (navigator as any).modelContext;", filename="setup.ts"),
        # A file that installs navigator.modelContext (a polyfill, a fake) provides it.
        Valid(
            "if (!('modelContext' in navigator)) {\n"
            "  Object.defineProperty(navigator, 'modelContext', { value: shim });\n}\n"
            "navigator.modelContext.registerTool(tool);"
        ),
        Valid("navigator.modelContext = fake;\nnavigator.modelContext.registerTool(tool);"),
    ]
)

test_invalid = tests.invalid(
    [
        Invalid(
            "navigator.modelContext.registerTool(tool);",
            [Finding("call-throws", 1, 1, 1, 23)],
            output="document.modelContext.registerTool(tool);",
        ),
        Invalid(
            "navigator.modelContext?.registerTool(tool);",
            [Finding("reach-undefined", 1, 1, 1, 23)],
            output="document.modelContext?.registerTool(tool);",
        ),
        Invalid(
            "x = navigator.modelContext;",
            [Finding("reach-undefined", 1, 5, 1, 27)],
            output="x = document.modelContext;",
        ),
        Invalid(
            "window.navigator.modelContext?.getTools();",
            [Finding("reach-undefined", 1, 1, 1, 30)],
            output="window.document.modelContext?.getTools();",
        ),
        Invalid(
            "(navigator as any).modelContext.registerTool(tool);",
            [Finding("call-throws", 1, 1, 1, 32)],
            output="(document as any).modelContext.registerTool(tool);",
            filename="x.ts",
        ),
        Invalid(
            'navigator["modelContext"].registerTool(tool);',
            [Finding("call-throws", 1, 1, 1, 26)],
            output='document["modelContext"].registerTool(tool);',
        ),
        # One root cause, one finding: every reach in one condition and the code it
        # guards is one mistake, fixed in one go.
        Invalid(
            "if ('modelContext' in navigator && navigator.modelContext != null && "
            "typeof navigator.modelContext.registerTool === 'function') {\n"
            "  navigator.modelContext.registerTool(tool);\n}",
            [
                Finding(
                    "in-check-false",
                    1,
                    5,
                    1,
                    32,
                    related=[
                        (1, 36, "`navigator.modelContext` here too"),
                        (1, 77, "`navigator.modelContext` here too"),
                        (2, 3, "`navigator.modelContext` here too"),
                    ],
                    applicability="safe",
                )
            ],
            output="if ('modelContext' in document && document.modelContext != null && "
            "typeof document.modelContext.registerTool === 'function') {\n"
            "  document.modelContext.registerTool(tool);\n}",
        ),
        Invalid(
            "if (!('modelContext' in navigator)) return;",
            [Finding("negated-in-check-false", 1, 7, 1, 34)],
            output="if (!('modelContext' in document)) return;",
        ),
        # A fallback after `document.modelContext` loses nothing: a warning, and the fix
        # removes it.
        Invalid(
            "const mc = document.modelContext ?? navigator.modelContext;",
            [Finding("dead-fallback", 1, 37, 1, 59, severity="warning")],
            output="const mc = document.modelContext;",
        ),
        Invalid(
            "const mc = document.modelContext || (navigator as any).modelContext;",
            [Finding("dead-fallback", 1, 37, 1, 68, severity="warning")],
            output="const mc = document.modelContext;",
            filename="mc.ts",
        ),
    ]
)


EARLY_RETURN = """export function getModelContext() {
  const fromDocument = (document as any).modelContext;
  if (fromDocument) return fromDocument;
  return (navigator as any).modelContext;
}"""

test_fallbacks = tests.invalid(
    [
        # A fallback after an early return of the document's context is dead too.
        Invalid(
            EARLY_RETURN,
            [Finding("dead-fallback", 4, 10, 4, 41, severity="warning")],
            filename="mc.ts",
        ),
        # ...and one inside a longer right-hand side (no fix: it is not a plain operand).
        Invalid(
            "const mc = ('modelContext' in document && document.modelContext) ||\n"
            "  ('modelContext' in navigator ? navigator.modelContext : null);",
            [
                Finding(
                    "dead-fallback",
                    2,
                    4,
                    2,
                    31,
                    severity="warning",
                    related=[(2, 34, "`navigator.modelContext` here too")],
                )
            ],
        ),
    ]
)

# A `return` in a callback inside the document's branch returns from the callback: the
# code after the `if` runs where the document has a context too, so the call throws.
RETURN_IN_CALLBACK = """export function start(tools) {
  if (document.modelContext) {
    tools.forEach((tool) => {
      if (!tool) return;
      document.modelContext.registerTool(tool);
    });
  }
  navigator.modelContext.registerTool(fallbackTool);
}"""

test_return_in_callback = tests.invalid(
    [
        Invalid(
            RETURN_IN_CALLBACK,
            [Finding("call-throws", 8, 3, 8, 25)],
            output=RETURN_IN_CALLBACK.replace("navigator.", "document.", 1),
            filename="start.js",
        )
    ]
)


# What the code runs on decides (model/runtime.py).
REGISTER = "export function start(tool) {\n  navigator.modelContext.registerTool(tool);\n}\n"

test_runtimes = tests.projects(
    [
        # Behind another module's check: what it reads is not known here; a check on
        # `navigator` is reported in its own file, once.
        Project(
            {
                "src/support.ts": "export function isWebMCPSupported() {\n"
                "  return 'modelContext' in navigator;\n}\n",
                "src/tools.ts": 'import { isWebMCPSupported } from "./support";\n'
                "export function register(tool) {\n"
                "  if (isWebMCPSupported()) {\n"
                "    navigator.modelContext!.registerTool(tool);\n"
                "  }\n}\n",
            },
            [Placed("src/support.ts", "in-check-false", 2, 10)],
            name="behind-another-module-check",
        ),
        # A published library: its users' pages may install a navigator-only polyfill
        # (MCP-B before 3.0) in browsers without WebMCP, where the fallback serves.
        Project(
            {
                "package.json": '{"name": "tiny-tools", "version": "1.0.0", '
                '"main": "src/index.js"}\n',
                "src/index.js": "export const context = () => "
                "document.modelContext ?? navigator.modelContext;\n",
            },
            name="a-library-keeps-its-fallback",
        ),
        Project(
            {
                "package.json": '{"name": "site", "private": true}\n',
                "src/index.js": "export const context = () => "
                "document.modelContext ?? navigator.modelContext;\n",
            },
            [Placed("src/index.js", "dead-fallback", 1, 55, severity="warning")],
            name="an-app-does-not",
        ),
        Project(
            {
                "package.json": manifest(dependencies={"@mcp-b/global": "^1.5.0"}),
                "package-lock.json": npm_lock({"@mcp-b/global": "1.6.4"}),
                "src/main.js": 'import "@mcp-b/global";\n',
                "src/tools.js": REGISTER,
            },
            name="mcp-b-puts-navigator-modelContext-in-Chrome-too",
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
            name="a-navigator-shim-installs-in-Chrome",
        ),
        Project(
            {
                "package.json": manifest(devDependencies={"@mcp-b/global": "^1.5.0"}),
                "vitest.config.ts": "export default { test: { setupFiles: ['./test/setup.ts'] } };\n",
                "test/setup.ts": 'import "@mcp-b/global";\n',
                "src/tools.js": REGISTER,
            },
            [Placed("src/tools.js", "call-throws", 2, 3)],
            name="a-dependency-imported-only-by-tests-does-not-run-in-the-browser",
        ),
        Project(
            {
                "package.json": manifest(dependencies={"@mcp-b/webmcp-polyfill": "4.0.0"}),
                "src/main.js": 'import "@mcp-b/webmcp-polyfill";\n',
                "src/tools.js": REGISTER,
            },
            [
                Placed(
                    "src/tools.js",
                    "call-throws-on-chrome",
                    2,
                    3,
                    [
                        ("src/main.js", 1, 1, "imports @mcp-b/webmcp-polyfill for its effect"),
                        (
                            "package.json",
                            5,
                            1,
                            "package.json asks for @mcp-b/webmcp-polyfill 4.0.0",
                        ),
                    ],
                    data={"absent": "@mcp-b/webmcp-polyfill 4.0.0"},
                )
            ],
            name="a-polyfill-installed-only-where-missing-leaves-it-undefined-in-Chrome",
        ),
        Project(
            {
                "package.json": manifest(dependencies={"@mcp-b/webmcp-polyfill": "2.3.2"}),
                "src/main.js": 'import "@mcp-b/webmcp-polyfill";\n',
                "src/tools.js": (
                    "const mc = document.modelContext ?? navigator.modelContext;\n"
                    "mc?.registerTool(tool);\n"
                ),
            },
            name="the-fallback-runs-where-the-polyfill-installs-navigator",
        ),
    ]
)

test_navigator_first = tests.valid(
    [
        # Where navigator's is undefined, document's is used: this works in Chrome.
        Valid("const mc = navigator.modelContext || document.modelContext;"),
        Valid("(navigator.modelContext ?? document.modelContext).registerTool(tool);"),
    ]
)


# Shapes seen in public code: a fallback written as an early return, an `else`, or a list
# of candidates works in Chrome (at most a dead fallback); the reaches of one file that
# Chrome needs are one mistake.
test_fallback_shapes = tests.invalid(
    [
        Invalid(
            "export function getModelContext() {\n"
            '  if (typeof document !== "undefined") {\n'
            "    const mc = document.modelContext;\n"
            '    if (typeof mc?.registerTool === "function") return mc;\n'
            "  }\n"
            "  if (navigator.modelContext) {\n"
            "    return navigator.modelContext;\n"
            "  }\n"
            "  return null;\n"
            "}\n",
            [
                Finding(
                    "dead-fallback",
                    6,
                    7,
                    severity="warning",
                    related=[(7, 12, "`navigator.modelContext` here too")],
                )
            ],
        ),
        # a host chosen by a chain of `in` tests, the document's first
        Invalid(
            "export const host = ('modelContext' in document) ? document\n"
            "  : ('modelContext' in navigator) ? navigator\n"
            "  : document;\n",
            [Finding("dead-fallback", 2, 6, severity="warning")],
        ),
        Invalid(
            "const mc = document.modelContext ? document.modelContext.tools : navigator.modelContext;\n",
            [Finding("dead-fallback", 1, 66, severity="warning")],
        ),
        Invalid(
            "const mc = document.modelContext ? document.modelContext : null;\n"
            "if (document.modelContext) { use(document.modelContext); }\n"
            "else { use(navigator.modelContext); }\n",
            [Finding("dead-fallback", 3, 12, severity="warning")],
        ),
        Invalid(
            "export class Adapter {\n"
            "  static isSupported() {\n"
            "    return 'modelContext' in navigator && navigator.modelContext != null;\n"
            "  }\n"
            "  add(tool) {\n"
            "    if (Adapter.isSupported()) navigator.modelContext.registerTool(tool);\n"
            "  }\n"
            "}\n",
            [
                Finding(
                    "in-check-false",
                    3,
                    12,
                    related=[
                        (3, 43, "`navigator.modelContext` here too"),
                        (6, 32, "`navigator.modelContext` here too"),
                    ],
                )
            ],
            output=(
                "export class Adapter {\n"
                "  static isSupported() {\n"
                "    return 'modelContext' in document && document.modelContext != null;\n"
                "  }\n"
                "  add(tool) {\n"
                "    if (Adapter.isSupported()) document.modelContext.registerTool(tool);\n"
                "  }\n"
                "}\n"
            ),
        ),
    ]
)

test_candidates = tests.valid(
    [
        Valid(
            "const found = [navigator.modelContext, document.modelContext].find(Boolean);",
        ),
        # A polyfill the project imports by a polyfill's name: what it installs is unknown.
        Valid('import "webmcp-polyfill";\nnavigator.modelContext.registerTool(tool);'),
    ]
)

test_reports_of_what_the_browser_has = tests.valid(
    [
        Valid(
            "results.push('navigator.modelContext: ' + (typeof navigator.modelContext !== 'undefined'));"
        ),
    ]
)
