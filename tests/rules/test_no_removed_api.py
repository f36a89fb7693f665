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
    ]
)

test_invalid = tests.invalid(
    [
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
