from tests.rule_tester import Finding, Invalid, RuleTester, Valid

THROWS = (
    "`navigator.modelContext` is undefined since Chrome 152, so this call throws a "
    "TypeError and the tools are never registered: use `document.modelContext`."
)
UNDEFINED = (
    "`navigator.modelContext` is undefined since Chrome 152, so code that reaches WebMCP "
    "through it silently does nothing: use `document.modelContext`."
)
IN_CHECK = (
    "`'modelContext' in navigator` is always false since Chrome 152, so the guarded code "
    "never runs: test `'modelContext' in document` instead."
)
DEAD_FALLBACK = (
    "The `navigator.modelContext` fallback is dead code: Chrome 152 removed it and every "
    "browser with WebMCP has `document.modelContext`. Remove the fallback."
)
POLYFILLED = (
    "`navigator.modelContext` comes from the WebMCP polyfill this project loads "
    "(@mcp-b/global); Chrome's own API is `document.modelContext`, which the polyfill also "
    "sets from version 3.0: use it, so the tools reach Chrome's agent without the polyfill."
)
IN_NEGATED_CHECK = (
    "`'modelContext' in navigator` is always false since Chrome 152, so this code always "
    "takes the path for browsers without WebMCP: test `'modelContext' in document` instead."
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
            [Finding(THROWS, 1, 1, 1, 23)],
            output="document.modelContext.registerTool(tool);",
        ),
        Invalid(
            "navigator.modelContext?.registerTool(tool);",
            [Finding(UNDEFINED, 1, 1, 1, 23)],
            output="document.modelContext?.registerTool(tool);",
        ),
        Invalid(
            "x = navigator.modelContext;",
            [Finding(UNDEFINED, 1, 5, 1, 27)],
            output="x = document.modelContext;",
        ),
        Invalid(
            "window.navigator.modelContext?.getTools();",
            [Finding(UNDEFINED, 1, 1, 1, 30)],
            output="window.document.modelContext?.getTools();",
        ),
        Invalid(
            "(navigator as any).modelContext.registerTool(tool);",
            [Finding(THROWS, 1, 1, 1, 32)],
            output="(document as any).modelContext.registerTool(tool);",
            filename="x.ts",
        ),
        Invalid(
            'navigator["modelContext"].registerTool(tool);',
            [Finding(THROWS, 1, 1, 1, 26)],
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
                    IN_CHECK,
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
            [Finding(IN_NEGATED_CHECK, 1, 7, 1, 34)],
            output="if (!('modelContext' in document)) return;",
        ),
        # A fallback after `document.modelContext` loses nothing: a warning, and the fix
        # removes it.
        Invalid(
            "const mc = document.modelContext ?? navigator.modelContext;",
            [Finding(DEAD_FALLBACK, 1, 37, 1, 59, severity="warning")],
            output="const mc = document.modelContext;",
        ),
        Invalid(
            "const mc = document.modelContext || (navigator as any).modelContext;",
            [Finding(DEAD_FALLBACK, 1, 37, 1, 68, severity="warning")],
            output="const mc = document.modelContext;",
            filename="mc.ts",
        ),
        # With a polyfill loaded, navigator.modelContext works: a migration warning.
        Invalid(
            'import "@mcp-b/global";\nnavigator.modelContext.registerTool(tool);',
            [Finding(POLYFILLED, 2, 1, 2, 23, severity="warning", applicability="unsafe")],
            output='import "@mcp-b/global";\ndocument.modelContext.registerTool(tool);',
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
            [Finding(DEAD_FALLBACK, 4, 10, 4, 41, severity="warning")],
            filename="mc.ts",
        ),
        # ...and one inside a longer right-hand side (no fix: it is not a plain operand).
        Invalid(
            "const mc = ('modelContext' in document && document.modelContext) ||\n"
            "  ('modelContext' in navigator ? navigator.modelContext : null);",
            [
                Finding(
                    DEAD_FALLBACK,
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
