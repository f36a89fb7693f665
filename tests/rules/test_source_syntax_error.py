from tests.rule_tester import Finding, Invalid, RuleTester, Valid

TAIL = (
    "findings about this WebMCP code may be missing. If the code is valid, "
    "please report this gap in webmcp-lint's parser."
)

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
                    "webmcp-lint could not parse `({ name: 'a'` on line 1, in code that uses "
                    f"`modelContext`: {TAIL}",
                    1,
                    35,
                )
            ],
        ),
        Invalid(
            "<p>x</p>\n<script>\ndocument.modelContext.registerTool(;\n</script>",
            [
                Finding(
                    "webmcp-lint could not parse line 3, where it expected `)`, in code that "
                    f"uses `modelContext`: {TAIL}",
                    3,
                    36,
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
                    "webmcp-lint could not parse `'Finds'` on line 3, in code that uses "
                    f"`modelContext`: {TAIL}",
                    3,
                    16,
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
                    "webmcp-lint could not parse line 4, where a name or value is missing, in "
                    f"code that uses `toolname`: {TAIL}",
                    4,
                    53,
                )
            ],
            filename="Form.tsx",
        ),
    ]
)
