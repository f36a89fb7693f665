from tests.rule_tester import Finding, Invalid, RuleTester, Valid
from tests.rules.snippets import tool_form as form


def message(opening: str) -> str:
    return (
        f"This control {opening}: Chromium makes it a parameter with an empty name (or drops "
        "it when another control has no name either), so the agent cannot fill it "
        "meaningfully. Add a `name` that says what it holds."
    )


tests = RuleTester("form-param-name")

test_valid = tests.valid(
    [
        Valid(form('<input name="city">'), "F.vue"),
        Valid(form("<input type='hidden'><input type='submit'><button>Go</button>"), "F.vue"),
        Valid(form("<input disabled><input readonly>"), "F.vue"),
        Valid(form("<input :name='field'>"), "F.vue"),
    ]
)

test_invalid = tests.invalid(
    [
        Invalid(
            form('<input toolparamdescription="City">\n<select><option>1</option></select>'),
            [
                Finding("described-control-without-name", 2, 1, 2, 36),
                Finding("control-without-name", 3, 1, 3, 9),
            ],
            filename="page.html",
        ),
    ]
)


# Card fields left without a name on purpose: the description says the user enters them,
# and naming them would hand the card data to the agent.
test_secrets_left_unnamed = tests.valid(
    [
        Valid(
            '<form toolname="pay" tooldescription="Pays the order. The user enters the card.">\n'
            '  <input name="order" toolparamdescription="The order id">\n'
            '  <input id="card-number" placeholder="Card number">\n'
            '  <input placeholder="MM/YY" autocomplete="cc-exp">\n'
            '  <input placeholder="CVV">\n'
            "</form>",
            filename="pay.html",
        ),
    ]
)
