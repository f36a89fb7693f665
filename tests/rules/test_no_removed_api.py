from tests.rule_tester import Finding, Invalid, Placed, Project, RuleTester, Valid
from tests.runtime_projects import manifest, npm_lock, pnpm_lock, yarn_lock
from webmcp_lint.checks.api.no_removed_api import REMOVED

# What every finding on `unregisterTool()` says to do instead.
HOW = REMOVED["unregisterTool"][1]

tests = RuleTester("no-removed-api")

test_valid = tests.valid(
    [
        Valid('const mc = document.modelContext;\nregistry.unregisterTool("a");'),
        Valid("const mc = document.modelContext;\nserver.clearContext();"),
        Valid("document.modelContext.registerTool(tool, { signal: controller.signal });"),
        # Reading a removed member is not using it: tests assert it is gone.
        Valid("expect(document.modelContext.unregisterTool).toBeUndefined();"),
        Valid("const gone = !('unregisterTool' in document.modelContext);"),
        Valid("assert_equals(navigator.modelContextTesting, undefined);"),
        # Calls a test expects to throw are wrong on purpose.
        Valid(
            "assert_throws_js(TypeError, () => document.modelContext.unregisterTool('a'));",
            "conformance/removed.js",
        ),
        Valid("expect(() => document.modelContext.provideContext({})).toThrow(TypeError);"),
        Valid(
            "const mc = () => document.modelContext;\n"
            "await expect(async () => mc().clearContext()).rejects.toThrow();"
        ),
        # a type test (vitest's *.test-d.ts is type-checked, never run) asserting it is gone
        Valid(
            "// @ts-expect-error provideContext was removed\n"
            "document.modelContext?.provideContext({ tools: [] });",
            "types.test-d.ts",
        ),
        # A fallback for the old trial after the abort that removes the tool today: dead
        # on current browsers, but nothing is left registered.
        Valid(
            "export function setup(tool) {\n"
            "const mc = document.modelContext;\n"
            "const controller = new AbortController();\n"
            "mc.registerTool(tool, { signal: controller.signal });\n"
            "return () => {\n"
            "  controller.abort();\n"
            "  if (typeof mc.unregisterTool === 'function') mc.unregisterTool(tool.name);\n"
            "};\n}"
        ),
    ]
)

test_invalid = tests.invalid(
    [
        # in code that runs, @ts-expect-error only silences the type checker
        Invalid(
            "// @ts-expect-error provideContext is not in the types\n"
            "document.modelContext.provideContext({ tools: [] });",
            [
                Finding(
                    "method-removed",
                    2,
                    1,
                    2,
                    37,
                    data={
                        "name": "provideContext",
                        "how": "Register each tool with `registerTool(tool, { signal })` instead.",
                    },
                )
            ],
            filename="types.ts",
        ),
        Invalid(
            'document.modelContext.unregisterTool("a");',
            [
                Finding(
                    "method-removed",
                    1,
                    1,
                    1,
                    37,
                    data={
                        "name": "unregisterTool",
                        "how": HOW,
                    },
                )
            ],
        ),
        Invalid(
            "document.modelContext.provideContext({ tools });",
            [
                Finding(
                    "method-removed",
                    1,
                    1,
                    1,
                    37,
                    data={
                        "name": "provideContext",
                        "how": "Register each tool with `registerTool(tool, { signal })` instead.",
                    },
                )
            ],
        ),
        Invalid(
            "const mc = document.modelContext; mc.clearContext();",
            [
                Finding(
                    "method-removed",
                    1,
                    35,
                    1,
                    50,
                    data={
                        "name": "clearContext",
                        "how": "Give each registration a `signal` and abort it to remove the tool.",
                    },
                )
            ],
        ),
        Invalid(
            "navigator.modelContextTesting.listTools();", [Finding("testing-removed", 1, 1, 1, 30)]
        ),
        # A guarded call does not throw: it never runs. One finding, at the call.
        Invalid(
            "const mc = document.modelContext;\n"
            "if (typeof mc.unregisterTool === 'function') mc.unregisterTool(name);",
            [
                Finding(
                    "check-always-false",
                    2,
                    46,
                    2,
                    63,
                    related=[(2, 12, "the check that is always false")],
                    data={
                        "name": "unregisterTool",
                        "effect": "the tool is never unregistered",
                        "how": HOW,
                    },
                )
            ],
        ),
        Invalid(
            "document.modelContext.unregisterTool?.(name);",
            [
                Finding(
                    "optional-call-never-happens",
                    1,
                    1,
                    1,
                    37,
                    data={
                        "name": "unregisterTool",
                        "effect": "the tool is never unregistered",
                        "how": HOW,
                    },
                )
            ],
        ),
        Invalid(
            "const mc = document.modelContext;\nmc.unregisterTool && mc.unregisterTool(name);",
            [
                Finding(
                    "check-always-false",
                    2,
                    22,
                    2,
                    39,
                    related=[(2, 1, "the check that is always false")],
                    data={
                        "name": "unregisterTool",
                        "effect": "the tool is never unregistered",
                        "how": HOW,
                    },
                )
            ],
        ),
    ]
)


# The rule is about what the code does: it runs on test files too, where a removed call
# breaks the test (an e2e test still listing tools through modelContextTesting).
test_in_test_files = tests.invalid(
    [
        Invalid(
            "const tools = await page.evaluate(() => navigator.modelContextTesting.listTools());",
            [Finding("testing-removed", 1, 41, 1, 70)],
            filename="e2e/tools.spec.ts",
        ),
    ]
)


def cleanup(register: str, unregister: str, before: str = "") -> str:
    """A React effect that registers a tool and unregisters it in its cleanup."""
    return (
        f"{before}useEffect(() => {{\n"
        f"  {register};\n"
        "  return () => {\n"
        f"    {unregister};\n"
        "  };\n"
        "}, []);\n"
    )


REGISTER = 'document.modelContext.registerTool({ name: "search_products", execute })'
UNREGISTER = 'document.modelContext.unregisterTool("search_products")'

# The fix: an AbortController declared before the registration, its signal passed to
# registerTool, and `abort()` in place of the removed call (unsafe: other code may still
# unregister or re-register the tool by its name).
test_abort_controller_fix = tests.invalid(
    [
        Invalid(
            cleanup(REGISTER, UNREGISTER),
            [
                Finding(
                    "method-removed",
                    4,
                    5,
                    applicability="unsafe",
                    data={
                        "name": "unregisterTool",
                        "how": HOW,
                    },
                )
            ],
            output=(
                "useEffect(() => {\n"
                "  const controller = new AbortController();\n"
                '  document.modelContext.registerTool({ name: "search_products", execute }, '
                "{ signal: controller.signal });\n"
                "  return () => {\n"
                "    controller.abort();\n"
                "  };\n"
                "}, []);\n"
            ),
        ),
        # In an arrow function's expression body, and a name through a constant.
        Invalid(
            'const NAME = "search_products";\n'
            "const mc = document.modelContext;\n"
            "mc.registerTool({ name: NAME, execute });\n"
            "export const stop = () => mc.unregisterTool(NAME);\n",
            [
                Finding(
                    "method-removed",
                    4,
                    27,
                    applicability="unsafe",
                    data={
                        "name": "unregisterTool",
                        "how": HOW,
                    },
                )
            ],
            output=(
                'const NAME = "search_products";\n'
                "const mc = document.modelContext;\n"
                "const controller = new AbortController();\n"
                "mc.registerTool({ name: NAME, execute }, { signal: controller.signal });\n"
                "export const stop = () => controller.abort();\n"
            ),
        ),
        # `controller` is taken in that scope: the tool's own name is used.
        Invalid(
            cleanup(f"const controller = useRef();\n  {REGISTER}", UNREGISTER),
            [
                Finding(
                    "method-removed",
                    5,
                    5,
                    applicability="unsafe",
                    data={
                        "name": "unregisterTool",
                        "how": HOW,
                    },
                )
            ],
            output=(
                "useEffect(() => {\n"
                "  const controller = useRef();\n"
                "  const searchProductsController = new AbortController();\n"
                '  document.modelContext.registerTool({ name: "search_products", execute }, '
                "{ signal: searchProductsController.signal });\n"
                "  return () => {\n"
                "    searchProductsController.abort();\n"
                "  };\n"
                "}, []);\n"
            ),
        ),
    ]
)

# No fix where it is not certain to work: the finding stays, without a fix.
test_no_fix_out_of_reach = tests.invalid(
    [
        # registered in another function: a controller there is out of reach
        Invalid(
            f"function mount() {{ {REGISTER}; }}\nfunction unmount() {{ {UNREGISTER}; }}\n",
            [
                Finding(
                    "method-removed",
                    2,
                    22,
                    data={
                        "name": "unregisterTool",
                        "how": HOW,
                    },
                )
            ],
        ),
        # the registration already has options
        Invalid(
            cleanup(REGISTER.replace("execute })", "execute }, { exposedTo: [] })"), UNREGISTER),
            [
                Finding(
                    "method-removed",
                    4,
                    5,
                    data={
                        "name": "unregisterTool",
                        "how": HOW,
                    },
                )
            ],
        ),
        # two registrations of the name, or two unregistrations
        Invalid(
            cleanup(f"{REGISTER}; {REGISTER}", UNREGISTER),
            [
                Finding(
                    "method-removed",
                    4,
                    5,
                    data={
                        "name": "unregisterTool",
                        "how": HOW,
                    },
                )
            ],
        ),
        Invalid(
            cleanup(REGISTER, f"{UNREGISTER}; {UNREGISTER}"),
            # one finding per member and file, the other calls related
            [
                Finding(
                    "method-removed",
                    4,
                    5,
                    related=[(4, 62, "used here too")],
                    data={
                        "name": "unregisterTool",
                        "how": HOW,
                    },
                ),
            ],
        ),
        # the name is not known, or no tool of that name is registered here
        Invalid(
            cleanup(REGISTER, "document.modelContext.unregisterTool(name)"),
            [
                Finding(
                    "method-removed",
                    4,
                    5,
                    data={
                        "name": "unregisterTool",
                        "how": HOW,
                    },
                )
            ],
        ),
        Invalid(
            cleanup(REGISTER, 'document.modelContext.unregisterTool("other")'),
            [
                Finding(
                    "method-removed",
                    4,
                    5,
                    data={
                        "name": "unregisterTool",
                        "how": HOW,
                    },
                )
            ],
        ),
        # the registration is not a statement of its own
        Invalid(
            cleanup(f"if (ready) {REGISTER}", UNREGISTER),
            [
                Finding(
                    "method-removed",
                    4,
                    5,
                    data={
                        "name": "unregisterTool",
                        "how": HOW,
                    },
                )
            ],
        ),
        # guarded: replacing the call would leave the dead check
        Invalid(
            cleanup(
                REGISTER,
                f"if (typeof document.modelContext.unregisterTool === 'function') {UNREGISTER}",
            ),
            [
                Finding(
                    "check-always-false",
                    4,
                    69,
                    related=[(4, 16, "the check that is always false")],
                    data={
                        "name": "unregisterTool",
                        "effect": "the tool is never unregistered",
                        "how": HOW,
                    },
                )
            ],
        ),
    ]
)


# What the code runs on decides (model/runtime.py): the version of @mcp-b/global a
# lockfile resolves, a polyfill installed only where Chrome has no WebMCP, a shim, a
# polyfill package's own tests, a test's set-up fake, an e2e lane on a page that loads
# the polyfill from a CDN.
MAIN_IMPORTS_GLOBAL = 'import "@mcp-b/global";\nimport "./tools.js";\n'
UNREGISTER_ON_NAVIGATOR = (
    'export function teardown() {\n  navigator.modelContext.unregisterTool("search_products");\n}\n'
)

test_runtimes = tests.projects(
    [
        Project(
            {
                "package.json": manifest(dependencies={"@mcp-b/global": "^1.5.0"}),
                "package-lock.json": npm_lock({"@mcp-b/global": "1.5.0"}),
                "src/main.js": MAIN_IMPORTS_GLOBAL,
                "src/tools.js": UNREGISTER_ON_NAVIGATOR,
            },
            name="mcp-b-1.5-has-unregisterTool",
        ),
        Project(
            {
                "package.json": manifest(dependencies={"@mcp-b/global": "^5.0.0"}),
                "pnpm-lock.yaml": pnpm_lock(".", {"@mcp-b/global": ("^5.0.0", "5.1.0")}),
                "src/main.js": MAIN_IMPORTS_GLOBAL,
                "src/tools.js": UNREGISTER_ON_NAVIGATOR,
            },
            [
                Placed(
                    "src/tools.js",
                    "method-missing-on-runtime",
                    2,
                    3,
                    [
                        ("src/main.js", 1, 1, "imports @mcp-b/global for its effect"),
                        ("pnpm-lock.yaml", 7, 1, "pnpm-lock.yaml resolves @mcp-b/global 5.1.0"),
                    ],
                    data={
                        "where": "On @mcp-b/global 5.1.0",
                        "name": "unregisterTool",
                        "how": HOW,
                    },
                )
            ],
            name="mcp-b-5-has-no-unregisterTool",
        ),
        Project(
            {
                "package.json": manifest(dependencies={"@mcp-b/webmcp-polyfill": "^4.0.0"}),
                "yarn.lock": yarn_lock({"@mcp-b/webmcp-polyfill": ("^4.0.0", "4.0.0")}),
                "src/main.js": 'import "@mcp-b/webmcp-polyfill";\n',
                "src/tools.js": 'document.modelContext.unregisterTool("search_products");\n',
            },
            [
                Placed(
                    "src/tools.js",
                    "method-missing-on-runtime",
                    1,
                    1,
                    [
                        ("src/main.js", 1, 1, "imports @mcp-b/webmcp-polyfill for its effect"),
                        ("yarn.lock", 4, 1, "yarn.lock resolves @mcp-b/webmcp-polyfill 4.0.0"),
                    ],
                    data={
                        "where": "On Chrome with WebMCP, where @mcp-b/webmcp-polyfill 4.0.0 installs nothing",
                        "name": "unregisterTool",
                        "how": HOW,
                    },
                )
            ],
            name="polyfill-installed-only-where-missing",
        ),
        Project(
            {
                "index.html": (
                    '<script src="https://unpkg.com/@mcp-b/global@1.6.4/dist/index.iife.js">'
                    '</script>\n<script type="module" src="./app.js"></script>\n'
                ),
                "app.js": UNREGISTER_ON_NAVIGATOR,
            },
            name="cdn-script-of-mcp-b-1",
        ),
        Project(
            {
                "package.json": manifest("@mcp-b/webmcp-polyfill"),
                "src/index.test.ts": (
                    'it("lists tools", async () => {\n'
                    "  expect(await navigator.modelContextTesting.listTools()).toEqual([]);\n"
                    "});\n"
                ),
            },
            name="polyfill-package-tests-its-testing-shim",
        ),
        Project(
            {
                "src/shim.js": (
                    "Object.defineProperty(navigator, 'modelContext', {\n"
                    "  value: { registerTool() {}, unregisterTool() {} },\n"
                    "});\n"
                ),
                "src/tools.js": UNREGISTER_ON_NAVIGATOR,
            },
            name="shim-installed-always",
        ),
        Project(
            {
                "src/shim.js": (
                    "if (!('modelContext' in document)) {\n"
                    "  document.modelContext = { registerTool() {}, getTools() { return []; } };\n"
                    "}\n"
                ),
                "src/tools.js": 'document.modelContext.unregisterTool("search_products");\n',
            },
            [
                Placed(
                    "src/tools.js",
                    "method-missing-on-runtime",
                    1,
                    1,
                    [("src/shim.js", 2, 1, "defines document.modelContext")],
                    data={
                        "where": "On Chrome with WebMCP, where the project's shim installs nothing",
                        "name": "unregisterTool",
                        "how": HOW,
                    },
                )
            ],
            name="shim-installed-only-where-missing",
        ),
        Project(
            {
                "package.json": manifest(devDependencies={"vitest": "^3.0.0"}),
                "vitest.config.ts": (
                    'export default { test: { setupFiles: ["./test/setup.ts"] } };\n'
                ),
                "test/setup.ts": (
                    'vi.stubGlobal("navigator", {\n'
                    "  modelContext: { registerTool: vi.fn(), unregisterTool: vi.fn() },\n"
                    "});\n"
                ),
                "src/teardown.test.ts": (
                    'it("unregisters", () => {\n'
                    '  navigator.modelContext.unregisterTool("search_products");\n'
                    "});\n"
                ),
            },
            name="set-up-fake-for-tests",
        ),
        Project(
            {
                "src/tools.test.ts": (
                    "const fake = { registerTool: vi.fn(), unregisterTool: vi.fn() };\n"
                    'Object.defineProperty(document, "modelContext", { value: fake });\n'
                    'document.modelContext.unregisterTool("search_products");\n'
                ),
            },
            name="fake-in-the-test-itself",
        ),
        Project(
            {
                "demo/index.html": (
                    '<script src="https://cdn.jsdelivr.net/npm/@mcp-b/global@latest"></script>\n'
                ),
                "e2e/shim.spec.ts": (
                    "const tools = await page.evaluate(() =>\n"
                    "  navigator.modelContextTesting.listTools());\n"
                ),
            },
            name="e2e-on-a-page-with-the-polyfill",
        ),
        Project(
            {
                "package.json": manifest(devDependencies={"@mcp-b/global": "^1.5.0"}),
                "src/tools.test.ts": (
                    'navigator.modelContextTesting.executeTool("search", "{}");\n'
                ),
            },
            name="runtime-of-a-test-without-set-up-cannot-be-known",
        ),
    ]
)

test_guarded_on_a_runtime_with_the_member = tests.valid(
    [
        # A feature test is not a use.
        Valid("if (navigator?.modelContextTesting) { log('testing'); }"),
        Valid("const ok = typeof navigator.modelContextTesting?.listTools === 'function';"),
        # A fallback after a working registerTool branch is never taken in Chrome.
        Valid(
            "const mc = document.modelContext;\n"
            "if (mc.registerTool) { mc.registerTool(tool, { signal }); }\n"
            "else if (mc.provideContext) { mc.provideContext({ tools: [tool] }); }"
        ),
    ]
)


# Shapes seen in public code: a check that leaves early, a `?:` on the member, an optional
# call beside an abort, a provideContext branch beside a registerTool one, and the calls
# of one file are one finding.
test_guards_and_fallbacks = tests.valid(
    [
        Valid(
            "const mc = document.modelContext;\n"
            "export function dispose(controller) {\n"
            "  controller.abort();\n"
            '  mc.unregisterTool?.("search");\n'
            "}"
        ),
        Valid(
            "const mc = document.modelContext;\n"
            "export function start(tools) {\n"
            '  if (typeof mc.provideContext === "function") {\n'
            "    mc.provideContext({ tools });\n"
            "    return;\n"
            "  }\n"
            "  for (const tool of tools) mc.registerTool(tool);\n"
            "}"
        ),
        Valid(
            "const mc = document.modelContext;\n"
            "export function stop(controller) {\n"
            "  controller.abort();\n"
            "  mc.clearContext ? mc.clearContext() : null;\n"
            "}"
        ),
        # On Chrome the navigator reach fails first: no-navigator-model-context's finding.
        Valid("navigator.modelContext?.provideContext({ tools: [] });"),
        # A checked branch for older runtimes beside another way the code goes on: an
        # `else`, code after a branch that returns, a `?:` with another arm. What that other
        # way does is not this rule's question.
        Valid(
            "export function provide(tools) {\n"
            "  const context = document.modelContext;\n"
            '  if (typeof context.provideContext === "function") {\n'
            "    try {\n"
            "      context.provideContext({ tools });\n"
            "    } catch (error) {\n"
            "      report(error);\n"
            "      return () => {};\n"
            "    }\n"
            "    return () => {\n"
            "      context.clearContext ? context.clearContext() : context.provideContext?.({ tools: [] });\n"
            "    };\n"
            "  }\n"
            "  const unregisters = tools.map((tool) => registerOne(tool));\n"
            "  return () => unregisters.forEach((unregister) => unregister());\n"
            "}"
        ),
        Valid(
            "const mc = document.modelContext;\n"
            "if (mc.provideContext) {\n"
            "  mc.provideContext({ tools });\n"
            "} else {\n"
            "  tools.forEach(registerOne);\n"
            "}"
        ),
        # ... also in a function made in that branch, which is only made there
        Valid(
            "export function register(tool) {\n"
            "  const mc = document.modelContext;\n"
            "  let unregister = () => {};\n"
            '  if (typeof mc.registerTool === "function") {\n'
            "    const controller = new AbortController();\n"
            "    mc.registerTool(tool, { signal: controller.signal });\n"
            "    unregister = () => controller.abort();\n"
            '  } else if (typeof mc.register === "function") {\n'
            "    mc.register([tool]);\n"
            "    unregister = function () { mc.unregisterTool && mc.unregisterTool(tool.name); };\n"
            "  }\n"
            "  return unregister;\n"
            "}"
        ),
        Valid(
            "const mc = document.modelContext;\n"
            "export function start(tools) {\n"
            '  if (typeof mc.provideContext !== "function") {\n'
            "    tools.forEach(registerOne);\n"
            "    return;\n"
            "  }\n"
            "  mc.provideContext({ tools });\n"
            "}"
        ),
    ]
)

test_one_finding_per_member = tests.invalid(
    [
        # the checked branch is the only way: on Chrome nothing is registered
        Invalid(
            "const mc = document.modelContext;\n"
            "export function start(tools) {\n"
            "  if (mc.provideContext) {\n"
            "    mc.provideContext({ tools });\n"
            "  }\n"
            "}",
            [
                Finding(
                    "check-always-false",
                    4,
                    5,
                    related=[(3, 7, "the check that is always false")],
                    data={
                        "name": "provideContext",
                        "effect": "the tools are never registered",
                        "how": "Register each tool with `registerTool(tool, { signal })` instead.",
                    },
                )
            ],
        ),
        Invalid(
            "const t = navigator.modelContextTesting;\n"
            "async function list() { return document.modelContextTesting.listTools(); }",
            [Finding("testing-removed", 1, 11, related=[(2, 32, "used here too")])],
        ),
        Invalid(
            "const mc = document.modelContext;\n"
            "export function stop(name) {\n"
            '  if (typeof mc.unregisterTool !== "function") return;\n'
            "  mc.unregisterTool(name);\n"
            "}",
            [
                Finding(
                    "check-always-false",
                    4,
                    3,
                    related=[(3, 14, "the check that is always false")],
                    data={
                        "name": "unregisterTool",
                        "effect": "the tool is never unregistered",
                        "how": HOW,
                    },
                )
            ],
        ),
    ]
)
