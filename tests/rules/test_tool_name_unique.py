from tests.rule_tester import Finding, Invalid, RuleTester, Valid

REGISTER = "document.modelContext.registerTool"


def tool(name: str) -> str:
    return f'{{ name: "{name}", description: "d", execute() {{}} }}'


tests = RuleTester("tool-name-unique")

test_valid = tests.valid(
    [
        # Registrations that cannot both be live are not duplicates.
        Valid(f"if (admin) {REGISTER}({tool('panel')});\nelse {REGISTER}({tool('panel')});"),
        Valid(
            f"if (a) {{ {REGISTER}({tool('panel')}); }} "
            f"else if (b) {{ {REGISTER}({tool('panel')}); }}"
        ),
        Valid(
            f"switch (view) {{ case 'a': {REGISTER}({tool('panel')}); break; "
            f"case 'b': {REGISTER}({tool('panel')}); }}"
        ),
        Valid(
            f"function cartView() {{ {REGISTER}({tool('panel')}); }}\n"
            f"function wishlistView() {{ {REGISTER}({tool('panel')}); }}"
        ),
        Valid(f"const t = {tool('panel')};\nfunction show() {{ {REGISTER}(t); }}"),
        Valid(f"{REGISTER}({tool('search_products')});\n{REGISTER}({tool('search_articles')});"),
        # the first tool is unregistered (its controller aborted) before the second
        Valid(
            "const controller = new AbortController();\n"
            f"{REGISTER}({tool('search')}, {{ signal: controller.signal }});\n"
            "controller.abort();\n"
            f"{REGISTER}({tool('search')});"
        ),
        Valid(
            "function refresh(state) {\n"
            "  let ac = new AbortController();\n"
            f"  {REGISTER}({tool('search')}, {{ signal: ac.signal }});\n"
            "  if (state.changed) {\n    ac.abort();\n    ac = new AbortController();\n"
            f"    {REGISTER}({tool('search')}, {{ signal: ac.signal }});\n  }}\n}}"
        ),
        Valid(
            "class Panel {\n  show() {\n"
            f"    {REGISTER}({tool('search')}, {{ signal: this.ac.signal }});\n"
            "    this.ac.abort();\n"
            f"    {REGISTER}({tool('search')});\n  }}\n}}"
        ),
        # the first registration fails: its signal is already aborted
        Valid(
            "const controller = new AbortController();\ncontroller.abort();\n"
            f"await {REGISTER}({tool('search')}, {{ signal: controller.signal }}).catch(() => {{}});\n"
            f"{REGISTER}({tool('search')});"
        ),
        Valid(
            f"{REGISTER}({tool('search')}, {{ signal: AbortSignal.abort() }});\n"
            f"{REGISTER}({tool('search')});"
        ),
    ]
)

test_invalid = tests.invalid(
    [
        # a controller aborted before it is replaced: the registration after gets a
        # fresh signal, so both registrations stand
        Invalid(
            "let ac = new AbortController();\nac.abort();\nac = new AbortController();\n"
            f"{REGISTER}({tool('search')}, {{ signal: ac.signal }});\n"
            f"{REGISTER}({tool('search')});",
            [
                Finding(
                    "duplicate-registration",
                    5,
                    44,
                    5,
                    52,
                    related=[(4, 44, "first registered here")],
                    data={"name": "search"},
                )
            ],
        ),
        # another controller aborted, or this one aborted only after the second
        Invalid(
            "const a = new AbortController();\nconst b = new AbortController();\n"
            f"{REGISTER}({tool('search')}, {{ signal: a.signal }});\n"
            "b.abort();\n"
            f"{REGISTER}({tool('search')});\na.abort();",
            [
                Finding(
                    "duplicate-registration",
                    5,
                    44,
                    5,
                    52,
                    related=[(3, 44, "first registered here")],
                    data={"name": "search"},
                )
            ],
        ),
        Invalid(
            f"{REGISTER}({tool('search')});\n{REGISTER}({tool('search')});\n",
            [
                Finding(
                    "duplicate-registration",
                    2,
                    44,
                    2,
                    52,
                    related=[(1, 44, "first registered here")],
                    data={"name": "search"},
                )
            ],
        ),
        # One object registered twice from a loop: reported at the call.
        Invalid(
            f"const t = {tool('search')};\nfor (const x of [t, t]) {REGISTER}(x);",
            [
                Finding(
                    "duplicate-registration",
                    2,
                    25,
                    2,
                    62,
                    related=[(2, 25, "first registered here")],
                    data={"name": "search"},
                )
            ],
        ),
    ]
)
