from tests.rule_tester import Finding, Invalid, RuleTester, Valid
from tests.rules.snippets import tool_form as form


def message(what: str, name: str) -> str:
    return (
        f"This field takes {what}, and Chromium exposes it to the agent as the tool parameter "
        f'"{name}": the agent would be asked to supply (or could read back) the user\'s '
        "secret. Leave it out of the tool form and let the user enter it."
    )


tests = RuleTester("form-sensitive-field")

test_valid = tests.valid(
    [
        Valid(form('<input name="email" type="email" autocomplete="email">'), "page.html"),
        Valid(form('<input name="pw" type="password" disabled>'), "page.html"),
        Valid(form('<input type="hidden" name="cc" autocomplete="cc-number">'), "page.html"),
        # not a tool form (on a page with WebMCP code, so the rule decides)
        Valid(
            '<form><input name="pw" type="password"></form>\n'
            '<form toolname="search" tooldescription="Search."><input name="q"></form>',
            "page.html",
        ),
        Valid(  # not registered
            '<form toolname="t"><input name="pw" type="password"></form>', "page.html"
        ),
    ]
)

test_invalid = tests.invalid(
    [
        Invalid(
            form(
                '<input name="pw" type="password">\n'
                '<input name="otp" autocomplete="one-time-code">\n'
                '<input name="cc" autocomplete="billing cc-number">'
            ),
            [
                Finding(
                    "sensitive-parameter", 2, 1, 2, 34, data={"what": "a password", "name": "pw"}
                ),
                Finding(
                    "sensitive-parameter",
                    3,
                    1,
                    3,
                    48,
                    data={"what": "a one-time code", "name": "otp"},
                ),
                Finding(
                    "sensitive-parameter",
                    4,
                    1,
                    4,
                    51,
                    data={"what": "a payment card number", "name": "cc"},
                ),
            ],
            filename="page.html",
        ),
    ]
)
