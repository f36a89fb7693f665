from tests.rule_tester import Finding, Invalid, RuleTester, Valid

REGISTER = "document.modelContext.registerTool"
SECOND_REJECTED = (
    'A tool named "{}" is already registered in this page: the browser rejects the second '
    "registration (InvalidStateError: Duplicate tool name). Give each tool its own name."
)


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
    ]
)

test_invalid = tests.invalid(
    [
        Invalid(
            f"{REGISTER}({tool('search')});\n{REGISTER}({tool('search')});\n",
            [
                Finding(
                    SECOND_REJECTED.format("search"),
                    2,
                    44,
                    2,
                    52,
                    related=[(1, 44, "first registered here")],
                )
            ],
        ),
        # One object registered twice from a loop: reported at the call.
        Invalid(
            f"const t = {tool('search')};\nfor (const x of [t, t]) {REGISTER}(x);",
            [
                Finding(
                    SECOND_REJECTED.format("search"),
                    2,
                    25,
                    2,
                    62,
                    related=[(2, 25, "first registered here")],
                )
            ],
        ),
    ]
)
