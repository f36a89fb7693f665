from tests.rule_tester import Finding, Invalid, RuleTester, Valid

tests = RuleTester("source-syntax-error")

test_valid = tests.valid(
    [
        Valid("document.modelContext.registerTool({ name: 'a' });"),
        Valid("const el = <label class='x' for='y'>Go</label>; document.modelContext;"),
        Valid("<script>document.modelContext;</script>", filename="page.html"),
        # Valid JSX the grammars reject: a bare `&` in text and attribute strings.
        Valid(
            "export const Plans = () => (\n"
            '  <form toolname="pick_plan" tooldescription="Picks a plan.">\n'
            "    <h2>Plans & Pricing</h2>\n"
            '    <a href="/signup?plan=team&trial=1">Team & more</a>\n'
            "  </form>\n"
            ");",
            filename="Plans.tsx",
        ),
        # A form attribute's word inside a longer name is not WebMCP code (the error is a
        # gap of the TypeScript grammar: an `import("…")` type).
        Valid(
            'declare const McpServerPrimitiveToolName: import("react").FC<{ a?: boolean }>;\n',
            filename="api-surface.ts",
        ),
        # A syntax error in code that holds no WebMCP code hides nothing a rule reads.
        Valid(
            "function unrelated() { total(; }\n"
            "document.modelContext.registerTool({ name: 'a', description: 'b', execute() {} });"
        ),
        Valid(
            "document.modelContext.registerTool({\n"
            "  name: 'a', description: 'b',\n"
            "  execute() { return x + ; },\n"
            "});\n",
        ),
    ]
)

test_invalid = tests.invalid(
    [
        Invalid(
            "document.modelContext.registerTool({ name: 'a' ;",
            [
                Finding(
                    "unparsable-code",
                    1,
                    35,
                    data={"code": "({ name: 'a'", "line": 1, "word": "modelContext"},
                )
            ],
        ),
        Invalid(
            "<p>x</p>\n<script>\ndocument.modelContext.registerTool(;\n</script>",
            [
                Finding(
                    "missing-token",
                    3,
                    36,
                    data={"line": 3, "expected": ")", "word": "modelContext"},
                )
            ],
            filename="page.html",
        ),
        Invalid(
            "document.modelContext.registerTool({\n"
            "  name: 'a',\n"
            "  description: 'Finds' 'things',\n"
            "  execute() {},\n"
            "});",
            [
                Finding(
                    "unparsable-code",
                    3,
                    16,
                    data={"code": "'Finds'", "line": 3, "word": "modelContext"},
                )
            ],
        ),
        # A real error next to a bare `&` of JSX text: the real one is reported.
        Invalid(
            "export const Form = () => (\n"
            "  <form toolname='a' tooldescription='b'>\n"
            "    <p>Terms & conditions</p>\n"
            "    <input name='q' toolparamdescription={'Search' +} />\n"
            "  </form>\n"
            ");",
            [
                Finding(
                    "missing-value",
                    4,
                    53,
                    data={"line": 4, "word": "toolname"},
                )
            ],
            filename="Form.tsx",
        ),
    ]
)
