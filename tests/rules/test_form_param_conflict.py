from tests.rule_tester import Finding, Invalid, RuleTester, Valid
from tests.rules.snippets import tool_form as form

FIRST = "first control with this name"


def message(name: str, kinds: str, count: int = 2) -> str:
    return (
        f'{count} controls are named "{name}" ({kinds}): Chromium drops the "{name}" parameter '
        "from the tool, so the agent cannot fill it. Give each control its own name (only "
        "radio buttons, or only checkboxes, may share one)."
    )


tests = RuleTester("form-param-conflict")

test_valid = tests.valid(
    [
        Valid(
            form('<input type="radio" name="a" value="1"><input type="radio" name="a" value="2">'),
            "page.html",
        ),
        Valid(
            form(
                '<input type="checkbox" name="a" value="1">'
                '<input type="checkbox" name="a" value="2">'
            ),
            "page.html",
        ),
        Valid(form('<input name="a"><input name="a" disabled>'), "page.html"),
        Valid(form('<input name="a"><input name="a" readonly>'), "page.html"),
        Valid(form("<input><input>"), "page.html"),  # unnamed: form-param-name
        # only in registered forms
        Valid('<form toolname="t"><input name="a"><input name="a"></form>', "page.html"),
    ]
)

test_invalid = tests.invalid(
    [
        # at the second control, the first one related
        Invalid(
            form('<input name="qty">\n<input name="qty" type="number">'),
            [
                Finding(
                    "conflicting-control-names",
                    3,
                    1,
                    3,
                    33,
                    related=[(2, 1, FIRST)],
                    data={"count": 2, "name": "qty", "kinds": "a text input and a number input"},
                )
            ],
            filename="page.html",
        ),
        # Rails writes a hidden input before a checkbox of the same name
        Invalid(
            form(
                '<input type="hidden" name="agree" value="0">'
                '<input type="checkbox" name="agree" value="1">'
            ),
            [
                Finding(
                    "conflicting-control-names",
                    2,
                    45,
                    2,
                    91,
                    related=[(2, 1, FIRST)],
                    data={"count": 2, "name": "agree", "kinds": "a hidden input and a checkbox"},
                )
            ],
            filename="page.html",
        ),
    ]
)
