from tests.rule_tester import Finding, Invalid, RuleTester, Valid
from webmcp_lint.checks.api.no_removed_api import REMOVED_METHODS

TESTING = (
    "`modelContextTesting` was removed in Chrome 152, so this code throws or does nothing: "
    "use `document.modelContext.getTools()` and `executeTool()`."
)

tests = RuleTester("no-removed-api")

test_valid = tests.valid(
    [
        Valid('registry.unregisterTool("a");'),
        Valid("server.clearContext();"),
        Valid("document.modelContext.registerTool(tool, { signal: controller.signal });"),
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
    ]
)
