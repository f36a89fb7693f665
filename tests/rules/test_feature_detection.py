from tests.rule_tester import Finding, Invalid, Placed, Project, RuleTester, Valid
from tests.rules.snippets import WRAPPER_HOOK_COMPONENT
from tests.runtime_projects import manifest

TOOL = '{ name: "show_cart", description: "Shows the cart.", execute: async () => ({}) }'
REGISTER = f"document.modelContext.registerTool({TOOL})"


def message(shown: str = "document.modelContext.registerTool") -> str:
    return (
        f"`{shown}` runs without checking that the browser supports WebMCP: where "
        "`document.modelContext` is missing (most browsers today) this throws a TypeError. "
        'Test `if ("modelContext" in document)` first, or use `?.`.'
    )


def unguarded(line: int, column: int) -> Finding:
    """The registration's member expression, `document.modelContext.registerTool`."""
    return Finding(
        "unchecked-support",
        line,
        column,
        line,
        column + 34,
        data={"code": "document.modelContext.registerTool"},
    )


tests = RuleTester("feature-detection")

test_valid = tests.valid(
    [
        # wrapper hooks check for the API themselves
        Valid(WRAPPER_HOOK_COMPONENT, filename="Cart.jsx"),
        # guards that protect the use
        Valid(f'if ("modelContext" in document) {{ await {REGISTER}; }}'),
        Valid(f'if ("modelContext" in window.document && ready) await {REGISTER};'),
        Valid(f"if (document.modelContext) await {REGISTER};"),
        Valid(f"if (!!document.modelContext) await {REGISTER};"),
        Valid(f"if (Boolean(document.modelContext)) await {REGISTER};"),
        Valid(f"if (document.modelContext != null) await {REGISTER};"),
        Valid(f'if (typeof document.modelContext !== "undefined") await {REGISTER};'),
        Valid(f'if (typeof document.modelContext?.registerTool === "function") await {REGISTER};'),
        Valid(f"document.modelContext && {REGISTER};"),
        Valid(f"!document.modelContext || {REGISTER};"),
        Valid(f"const result = document.modelContext ? {REGISTER} : null;"),
        Valid(
            "if (!document.modelContext) { console.info('no WebMCP'); }\n"
            f"else {{ await {REGISTER}; }}"
        ),
        Valid(f"await document.modelContext?.registerTool({TOOL});"),
        Valid(f"await (document.modelContext ?? polyfill).registerTool({TOOL});"),
        Valid(f"try {{ await {REGISTER}; }} catch (error) {{ console.warn(error); }}"),
        Valid(f'const supported = "modelContext" in document;\nif (supported) await {REGISTER};'),
        Valid(
            f'function isSupported() {{ return "modelContext" in document; }}\n'
            f"if (isSupported()) await {REGISTER};"
        ),
        Valid(
            'async function init() {\n  if (!("modelContext" in document)) return;\n'
            f"  await {REGISTER};\n}}\ninit();"
        ),
        Valid(
            "async function init() {\n  if (document.modelContext == null) {\n"
            f"    log();\n    return;\n  }}\n  await {REGISTER};\n}}\ninit();"
        ),
        Valid(
            "const mc = document.modelContext;\nif (!mc) throw new Error('unsupported');\n"
            f"await mc.registerTool({TOOL});"
        ),
        Valid(
            "const { modelContext } = document;\n"
            f"if (modelContext) await modelContext.registerTool({TOOL});"
        ),
        Valid(
            f"function register() {{ return {REGISTER}; }}\n"
            'if ("modelContext" in document) register();\n'
            "function later() { if (document.modelContext) register(); }"
        ),
        Valid(
            f"async function helper() {{ await {REGISTER}; }}\n"
            'async function main() { if (!("modelContext" in document)) return; await helper(); }\n'
            "main();"
        ),
        Valid(
            'if ("modelContext" in document) {\n'
            f'  button.addEventListener("click", () => {REGISTER});\n}}'
        ),
        Valid(
            "async function init() {\n"
            '  if (typeof document.modelContext === "undefined") return;\n'
            f"  await {REGISTER};\n}}\ninit();"
        ),
        # a hand-rolled polyfill installed first
        Valid(
            "if (!document.modelContext) {\n  document.modelContext = createStandIn();\n}\n"
            f"await {REGISTER};"
        ),
        Valid(f"document.modelContext ??= createStandIn();\nawait {REGISTER};"),
        Valid(
            'Object.defineProperty(document, "modelContext", { value: createStandIn() });\n'
            f"await {REGISTER};"
        ),
        # feature tests imported from elsewhere, named like one
        Valid(
            'import { isWebMcpSupported } from "./support.js";\n'
            f"if (isWebMcpSupported()) await {REGISTER};"
        ),
        Valid(
            'import { HAS_MODEL_CONTEXT } from "./support.js";\n'
            f"if (!HAS_MODEL_CONTEXT) throw new Error('unsupported');\nawait {REGISTER};"
        ),
        Valid(f"if (features.supported()) await {REGISTER};"),
        # a browser-automation test runs this in a page it prepared
        Valid(f"await page.evaluate(async () => {{ await {REGISTER}; }});"),
        # code whose callers are out of sight is assumed guarded
        Valid(f"export async function registerCartTools() {{ await {REGISTER}; }}"),
        Valid(f"async function unused() {{ await {REGISTER}; }}"),
        Valid(f"export default async function () {{ await {REGISTER}; }}"),
        Valid(f"class CartTools {{ async register() {{ await {REGISTER}; }} }}"),
        # the support check is in a message handler; the API is reached later, through a
        # function it hands on or a wrapper it calls
        Valid(
            "const registerSoon = debounce(registerStatusTool, 200);\n"
            f"function registerStatusTool() {{ {REGISTER}; }}\n"
            'window.addEventListener("message", (event) => {\n'
            '  if (!("modelContext" in document)) return;\n'
            "  registerSoon();\n});"
        ),
        Valid(
            f"function registerStatusTool() {{ {REGISTER}; }}\n"
            'window.addEventListener("message", (event) => {\n'
            '  if (event.data?.type !== "ready" || !("modelContext" in document)) return;\n'
            "  setTimeout(registerStatusTool, 0);\n});"
        ),
        # handed on as a value (bound, assigned) only where the check has run
        Valid(
            "let timer;\n"
            "function refreshSoon(origins) {\n"
            "  clearTimeout(timer);\n"
            "  timer = setTimeout(() => listTools(origins), 100);\n"
            "}\n"
            "async function listTools(origins) {\n"
            "  for (const tool of await document.modelContext.getTools({ origins })) show(tool);\n"
            "}\n"
            "chrome.runtime.onMessage.addListener((message) => {\n"
            "  try {\n"
            "    if (!document.modelContext) throw new Error('WebMCP is off');\n"
            "    refreshSoon(message.origins);\n"
            "    document.modelContext.ontoolchange = refreshSoon.bind(null, message.origins);\n"
            "  } catch ({ message }) {\n"
            "    report(message);\n"
            "  }\n"
            "});\n"
        ),
        Valid(
            f"const registerOne = (tool) => {REGISTER.replace(TOOL, 'tool')};\n"
            'if ("modelContext" in document) {\n'
            "  tools.forEach(registerOne);\n  ready.then(registerOne);\n}"
        ),
        Valid(
            f"async function registerStatusTool() {{ await {REGISTER}; }}\n"
            'function isWebMcpAvailable() { return "modelContext" in document; }\n'
            "function onMessage(event) {\n  if (!isWebMcpAvailable()) return;\n"
            "  queueMicrotask(registerStatusTool);\n}\n"
            'window.addEventListener("message", onMessage);'
        ),
        # a polyfill installed by a call, or by importing a package that installs on import
        Valid(
            'import { initializeWebMCPPolyfill } from "@mcp-b/webmcp-polyfill";\n'
            f"initializeWebMCPPolyfill();\nawait {REGISTER};"
        ),
        Valid(
            f'import {{ installWebMCPPolyfill }} from "./setup.js";\ninstallWebMCPPolyfill();\nawait {REGISTER};'
        ),
        Valid(
            'import { initializeWebModelContext } from "@mcp-b/global";\n'
            f"initializeWebModelContext({{ transport: {{ tabServer: {{}} }} }});\nawait {REGISTER};"
        ),
        Valid(f'import "@mcp-b/webmcp-polyfill";\nawait {REGISTER};'),
        # a polyfill guards the whole file
        Valid(f'import "@mcp-b/global";\nawait {REGISTER};'),
        Valid(f'import {{ init }} from "./webmcp-polyfill.js";\nawait {REGISTER};'),
        Valid(f'require("@mcp-b/global");\nawait {REGISTER};'),
        Valid(
            '<script src="/shared/webmcp-polyfill.js"></script>\n'
            f"<script type=module>await {REGISTER};</script>",
            filename="page.html",
        ),
        # navigator uses are left to no-navigator-model-context
        Valid(f"navigator.modelContext.registerTool({TOOL});"),
        # reading the context itself does not throw
        Valid("const mc = document.modelContext;\nexport const supported = !!mc;"),
    ]
)

test_invalid = tests.invalid(
    [
        Invalid(f"const x = 1;\nawait {REGISTER};\n", [unguarded(2, 7)]),
        Invalid(f"function register() {{ return {REGISTER}; }}\nregister();", [unguarded(1, 30)]),
        Invalid(
            f"function register() {{ return {REGISTER}; }}\n"
            'if ("modelContext" in document) register();\nregister();',
            [unguarded(1, 30)],
        ),
        Invalid(f'window.addEventListener("load", () => {REGISTER});', [unguarded(1, 39)]),
        Invalid(
            f"function init() {{ {REGISTER}; }}\nwindow.addEventListener('load', init);",
            [unguarded(1, 19)],
        ),
        # the test itself reads a member of the missing context
        Invalid(
            f'if (typeof document.modelContext.registerTool === "function") {REGISTER};',
            [unguarded(1, 12)],
        ),
        Invalid(
            f'import {{ isReady }} from "./app.js";\nif (isReady()) {REGISTER};', [unguarded(2, 16)]
        ),
        Invalid(
            f"function isSupported() {{ return true; }}\nif (isSupported()) {REGISTER};",
            [unguarded(2, 20)],
        ),
        Invalid(
            f"await document.modelContext!.registerTool({TOOL});",
            [
                Finding(
                    "unchecked-support",
                    1,
                    7,
                    1,
                    42,
                    data={"code": "document.modelContext!.registerTool"},
                )
            ],
            filename="a.ts",
        ),
        Invalid(
            'import { useEffect } from "react";\n'
            f"export function Cart() {{ useEffect(() => {{ {REGISTER}; }}, []); return null; }}",
            [unguarded(2, 44)],
            filename="Cart.jsx",
        ),
        Invalid(
            f"export function useCartTools() {{ onMounted(() => {{ {REGISTER}; }}); }}",
            [unguarded(1, 52)],
        ),
        Invalid(
            f"class CartPanel extends HTMLElement {{ connectedCallback() {{ {REGISTER}; }} }}",
            [unguarded(1, 61)],
        ),
        Invalid(
            f"<script setup>\nonMounted(() => {REGISTER});\n</script>",
            [unguarded(2, 17)],
            filename="Cart.vue",
        ),
        Invalid(f"<script>\n  {REGISTER};\n</script>", [unguarded(2, 3)], filename="page.html"),
        # 5.x of @mcp-b/webmcp-polyfill installs nothing on import: the call is missing
        Invalid(
            'import { initializeWebMCPPolyfill } from "@mcp-b/webmcp-polyfill";\n'
            f"await {REGISTER};",
            [unguarded(2, 7)],
        ),
        Invalid(
            f'import type {{ ModelContext }} from "@mcp-b/global";\nawait {REGISTER};',
            [unguarded(2, 7)],
            filename="a.ts",
        ),
        # handed on or wrapped where no check runs first
        Invalid(
            f"function registerStatusTool() {{ {REGISTER}; }}\nsetTimeout(registerStatusTool, 0);",
            [unguarded(1, 33)],
        ),
        Invalid(
            "const registerSoon = debounce(registerStatusTool, 200);\n"
            f"function registerStatusTool() {{ {REGISTER}; }}\n"
            'if ("modelContext" in document) registerSoon();\n'
            'window.addEventListener("resize", registerSoon);',
            [unguarded(2, 33)],
        ),
        Invalid(
            f"function registerStatusTool() {{ {REGISTER}; }}\n"
            "button.onclick = registerStatusTool.bind(null);",
            [unguarded(1, 33)],
        ),
        # one finding per function (and one for the top level)
        Invalid(
            f"{REGISTER};\n{REGISTER};\nfunction f() {{ {REGISTER}; }}\nf();",
            [unguarded(1, 1), unguarded(3, 16)],
        ),
        # a file named like polyfills is not a WebMCP polyfill
        Invalid(f'import "./polyfills.js";\nawait {REGISTER};', [unguarded(2, 7)]),
    ]
)


def test_a_twenty_thousand_branch_else_if_chain_that_always_returns_is_a_guard() -> None:
    chain = "".join(f"if (mode === {i}) return;\n    else " for i in range(20_000))
    code = (
        "async function init(mode) {\n"
        f'  if (!("modelContext" in document)) {{\n    {chain}return;\n  }}\n'
        f"  await {REGISTER};\n}}\ninit(1);\n"
    )
    assert tests.lint(code, "example.js", {}) == []
    assert len(tests.lint(code.replace("else return;", "else log();"), "example.js", {})) == 1


# A runtime the page installs in every browser is the check (model/runtime.py): an
# app file of the package imports it; listing it in package.json, or importing it only
# in the tests' set-up, installs nothing in the browser.
test_runtimes = tests.projects(
    [
        Project(
            {
                "package.json": manifest(dependencies={"@mcp-b/global": "^3.0.0"}),
                "src/main.js": 'import "@mcp-b/global";\nimport "./tools.js";\n',
                "src/tools.js": f"await {REGISTER};\n",
            },
            name="imported-by-the-page",
        ),
        Project(
            {
                "package.json": manifest(dependencies={"@mcp-b/webmcp-polyfill": "^4.0.0"}),
                "src/main.js": 'import "@mcp-b/webmcp-polyfill";\n',
                "src/tools.js": f"await {REGISTER};\n",
            },
            name="a-polyfill-where-the-browser-has-none",
        ),
        Project(
            {
                "package.json": manifest(dependencies={"@mcp-b/global": "^3.0.0"}),
                "src/tools.js": f"await {REGISTER};\n",
            },
            [
                Placed(
                    "src/tools.js",
                    "unchecked-support",
                    1,
                    7,
                    data={"code": "document.modelContext.registerTool"},
                )
            ],
            name="listed-but-never-imported",
        ),
        Project(
            {
                "package.json": manifest(dependencies={"@mcp-b/global": "1.5.0"}),
                "src/main.js": 'import "@mcp-b/global";\n',
                "src/tools.js": f"await {REGISTER};\n",
            },
            [
                Placed(
                    "src/tools.js",
                    "unchecked-support",
                    1,
                    7,
                    data={"code": "document.modelContext.registerTool"},
                )
            ],
            name="mcp-b-1-installs-navigator-only",
        ),
    ]
)
