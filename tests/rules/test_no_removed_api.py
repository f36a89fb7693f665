from tests.rule_tester import Finding, Invalid, RuleTester, Valid
from webmcp_lint.checks.api.no_removed_api import REMOVED_METHODS

TESTING = (
    "`modelContextTesting` was removed in Chrome 152, so this code throws or does nothing: "
    "use `document.modelContext.getTools()` and `executeTool()`."
)
NEVER_RUNS = (
    "`unregisterTool()` was removed from WebMCP, so the check in front of this call is "
    "always false and the tool is never unregistered. Register with `registerTool(tool, "
    "{ signal })` and call `abort()` on its AbortController to unregister."
)

tests = RuleTester("no-removed-api")

test_valid = tests.valid(
    [
        Valid('registry.unregisterTool("a");'),
        Valid("server.clearContext();"),
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
        Valid("await expect(async () => mc().clearContext()).rejects.toThrow();"),
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
            [Finding(REMOVED_METHODS["provideContext"], 2, 1, 2, 37)],
            filename="types.ts",
        ),
        Invalid(
            'document.modelContext.unregisterTool("a");',
            [Finding(REMOVED_METHODS["unregisterTool"], 1, 1, 1, 37)],
        ),
        Invalid(
            "document.modelContext.provideContext({ tools });",
            [Finding(REMOVED_METHODS["provideContext"], 1, 1, 1, 37)],
        ),
        Invalid(
            "const mc = document.modelContext; mc.clearContext();",
            [Finding(REMOVED_METHODS["clearContext"], 1, 35, 1, 50)],
        ),
        Invalid("navigator.modelContextTesting.listTools();", [Finding(TESTING, 1, 1, 1, 30)]),
        # A guarded call does not throw: it never runs. One finding, at the call.
        Invalid(
            "const mc = document.modelContext;\n"
            "if (typeof mc.unregisterTool === 'function') mc.unregisterTool(name);",
            [
                Finding(
                    NEVER_RUNS, 2, 46, 2, 63, related=[(2, 12, "the check that is always false")]
                )
            ],
        ),
        Invalid(
            "document.modelContext.unregisterTool?.(name);",
            [
                Finding(
                    NEVER_RUNS.replace(
                        "the check in front of this call is always false",
                        "the optional call never happens",
                    ),
                    1,
                    1,
                    1,
                    37,
                )
            ],
        ),
        Invalid(
            "const mc = document.modelContext;\nmc.unregisterTool && mc.unregisterTool(name);",
            [Finding(NEVER_RUNS, 2, 22, 2, 39, related=[(2, 1, "the check that is always false")])],
        ),
    ]
)


# The rule is about what the code does: it runs on test files too, where a removed call
# breaks the test (an e2e test still listing tools through modelContextTesting).
test_in_test_files = tests.invalid(
    [
        Invalid(
            "const tools = await page.evaluate(() => navigator.modelContextTesting.listTools());",
            [Finding(TESTING, 1, 41, 1, 70)],
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
            [Finding(REMOVED_METHODS["unregisterTool"], 4, 5, applicability="unsafe")],
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
            [Finding(REMOVED_METHODS["unregisterTool"], 4, 27, applicability="unsafe")],
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
            [Finding(REMOVED_METHODS["unregisterTool"], 5, 5, applicability="unsafe")],
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
            [Finding(REMOVED_METHODS["unregisterTool"], 2, 22)],
        ),
        # the registration already has options
        Invalid(
            cleanup(REGISTER.replace("execute })", "execute }, { exposedTo: [] })"), UNREGISTER),
            [Finding(REMOVED_METHODS["unregisterTool"], 4, 5)],
        ),
        # two registrations of the name, or two unregistrations
        Invalid(
            cleanup(f"{REGISTER}; {REGISTER}", UNREGISTER),
            [Finding(REMOVED_METHODS["unregisterTool"], 4, 5)],
        ),
        Invalid(
            cleanup(REGISTER, f"{UNREGISTER}; {UNREGISTER}"),
            [
                Finding(REMOVED_METHODS["unregisterTool"], 4, 5),
                Finding(REMOVED_METHODS["unregisterTool"], 4, 62),
            ],
        ),
        # the name is not known, or no tool of that name is registered here
        Invalid(
            cleanup(REGISTER, "document.modelContext.unregisterTool(name)"),
            [Finding(REMOVED_METHODS["unregisterTool"], 4, 5)],
        ),
        Invalid(
            cleanup(REGISTER, 'document.modelContext.unregisterTool("other")'),
            [Finding(REMOVED_METHODS["unregisterTool"], 4, 5)],
        ),
        # the registration is not a statement of its own
        Invalid(
            cleanup(f"if (ready) {REGISTER}", UNREGISTER),
            [Finding(REMOVED_METHODS["unregisterTool"], 4, 5)],
        ),
        # guarded: replacing the call would leave the dead check
        Invalid(
            cleanup(
                REGISTER,
                f"if (typeof document.modelContext.unregisterTool === 'function') {UNREGISTER}",
            ),
            [Finding(NEVER_RUNS, 4, 69, related=[(4, 16, "the check that is always false")])],
        ),
    ]
)
