from tests.rule_tester import Finding, Invalid, RuleTester, Valid
from tests.rules.snippets import tool_form as form

tests = RuleTester("form-param-description")

test_valid = tests.valid(
    [
        Valid(form('<input name="a" toolparamdescription="A">'), "page.html"),
        Valid(form('<label for="a">A</label><input id="a" name="a">'), "page.html"),
        Valid(form('<label>A <input name="a"></label>'), "page.html"),
        Valid(form('<input name="a" aria-description="A">'), "page.html"),
        Valid(
            form(
                '<fieldset toolparamdescription="Area"><input type="radio" name="r" value="1">'
                '<input type="radio" name="r" value="2"></fieldset>'
            ),
            "page.html",
        ),
        Valid(form('<input type="hidden" name="token">'), "page.html"),
        Valid(form('<input name="a"><input name="a">'), "page.html"),  # form-param-conflict
        # a label from a component counts
        Valid(
            """
export const F = () => (
  <form toolName="t" toolDescription="Finds flights.">
    <Label htmlFor="email">Email</Label>
    <input id="email" name="email" />
    <Field><input name="wrapped" /></Field>
  </form>
);
""",
            "F.tsx",
        ),
    ]
)

test_invalid = tests.invalid(
    [
        Invalid(
            form(
                '<input name="guests" type="number">\n'
                '<input type="radio" name="area" value="in">'
                '<input type="radio" name="area" value="out">'
            ),
            [
                Finding(
                    "parameter-without-description",
                    2,
                    1,
                    2,
                    36,
                    data={"name": "guests"},
                ),
                # at the group's first control
                Finding(
                    "group-without-description",
                    3,
                    1,
                    3,
                    44,
                    data={"kind": "radio button", "name": "area"},
                ),
            ],
            filename="page.html",
        ),
        # a title is not a description: Chromium 156 does not pass `toolparamtitle` on
        Invalid(
            form('<input name="q" toolparamtitle="Search words">'),
            [
                Finding(
                    "parameter-title-not-description",
                    2,
                    1,
                    data={"name": "q"},
                )
            ],
            filename="page.html",
        ),
    ]
)
