from tests.rule_tester import Finding, Invalid, RuleTester, Valid

MESSAGE = (
    "Syntax error: webmcp-lint could not parse this code, so WebMCP findings in it may be "
    "missing. Fix the syntax, or report a parser gap."
)

tests = RuleTester("source-syntax-error")

test_valid = tests.valid(
    [
        Valid("document.modelContext.registerTool({ name: 'a' });"),
        Valid("const el = <label class='x' for='y'>Go</label>; document.modelContext;"),
        Valid("<script>document.modelContext;</script>", filename="page.html"),
    ]
)

test_invalid = tests.invalid(
    [
        Invalid("document.modelContext.registerTool({ name: 'a' ;", [Finding(MESSAGE, 1, 35)]),
        Invalid(
            "<p>x</p>\n<script>\ndocument.modelContext.registerTool(;\n</script>",
            [Finding(MESSAGE, 3, 36)],
            filename="page.html",
        ),
    ]
)
