from tests.rule_tester import Finding, Invalid, RuleTester, Valid

REMOVED = (
    "`navigator.modelContext` was removed in Chrome 152, so this code silently registers "
    "nothing: use `document.modelContext`."
)
IN_CHECK = (
    "`'modelContext' in navigator` is always false since Chrome 152, so the guarded code "
    "never runs: test `'modelContext' in document` instead."
)

tests = RuleTester("no-navigator-model-context")

test_valid = tests.valid(
    [
        Valid("document.modelContext.registerTool(tool);"),
        Valid("if ('modelContext' in document) start();"),
        Valid("const navigator = useNavigator();\nnavigator.modelContext.go();"),
        Valid("function f(navigator) { return navigator.modelContext; }"),
        Valid('const note = "navigator.modelContext was removed";'),
        Valid("router.navigator.modelContext;"),
    ]
)

test_invalid = tests.invalid(
    [
        Invalid(
            "navigator.modelContext.registerTool(tool);",
            [Finding(REMOVED, 1, 1, 1, 23)],
            output="document.modelContext.registerTool(tool);",
        ),
        Invalid(
            "x = navigator.modelContext;",
            [Finding(REMOVED, 1, 5, 1, 27)],
            output="x = document.modelContext;",
        ),
        Invalid(
            "if ('modelContext' in navigator) start();",
            [Finding(IN_CHECK, 1, 5, 1, 32)],
            output="if ('modelContext' in document) start();",
        ),
        Invalid(
            "window.navigator.modelContext?.getTools();",
            [Finding(REMOVED, 1, 1, 1, 30)],
            output="window.document.modelContext?.getTools();",
        ),
        Invalid(
            "(navigator as any).modelContext.registerTool(tool);",
            [Finding(REMOVED, 1, 1, 1, 32)],
            output="(document as any).modelContext.registerTool(tool);",
            filename="x.ts",
        ),
        Invalid(
            'navigator["modelContext"].registerTool(tool);',
            [Finding(REMOVED, 1, 1, 1, 26)],
            output='document["modelContext"].registerTool(tool);',
        ),
        Invalid(
            "const mc = document.modelContext ?? navigator.modelContext;",
            [Finding(REMOVED, 1, 37, 1, 59)],
            output="const mc = document.modelContext ?? document.modelContext;",
        ),
    ]
)
