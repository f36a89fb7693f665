import re

from tests.rule_tester import Finding, Invalid, RuleTester, Valid


def page(attributes: str, body: str = "") -> str:
    return f"<form {attributes}>\n{body}\n</form>"


def at_autosubmit(verb: str, evidence: str, column: int) -> Finding:
    """At the bare `toolautosubmit` attribute on the first line; `evidence` is
    `"word" in where`."""
    word, where = re.fullmatch(r'"(.+)" in (.+)', evidence).groups()  # type: ignore[union-attr]
    data = {"verb": verb, "word": word, "where": where}
    return Finding("autosubmit-consequential-form", 1, column, 1, column + 14, data=data)


tests = RuleTester("form-autosubmit-consequential")

test_valid = tests.valid(
    [
        # no autosubmit
        Valid(page('toolname="checkout" tooldescription="Completes the purchase."'), "page.html"),
        # a tool name that starts with a verb that reads
        Valid(
            page(
                'toolname="search_orders" tooldescription="Finds orders to delete." toolautosubmit',
                "<button>Find</button>",
            ),
            "page.html",
        ),
        Valid(
            page(
                'toolname="track_order" tooldescription="Shows where an order is." toolautosubmit'
            ),
            "page.html",
        ),
        # "order" as a noun
        Valid(
            page(
                'toolname="order_status" tooldescription="Shows the status of an order." '
                "toolautosubmit"
            ),
            "page.html",
        ),
        Valid(
            page(
                'toolname="sort_by" tooldescription="Sorts the list." toolautosubmit',
                "<select name='order'><option>asc</option></select>",
            ),
            "page.html",
        ),
        Valid(
            page(
                'toolname="subscribe" tooldescription="Subscribes to the newsletter." '
                "toolautosubmit",
                "<button>Subscribe</button>",
            ),
            "page.html",
        ),
    ]
)

test_invalid = tests.invalid(
    [
        Invalid(
            page('toolname="checkout" tooldescription="Completes the purchase." toolautosubmit'),
            [at_autosubmit("pays", '"checkout" in the tool name', 69)],
            filename="page.html",
        ),
        Invalid(
            page('toolname="pizza" tooldescription="Orders a pizza for delivery." toolautosubmit'),
            [at_autosubmit("orders", '"orders" in the description', 71)],
            filename="page.html",
        ),
        Invalid(
            page(
                'toolname="cart" tooldescription="Updates the cart." action="/cart/delete" '
                "toolautosubmit"
            ),
            [at_autosubmit("deletes", '"delete" in the action URL', 81)],
            filename="page.html",
        ),
        Invalid(
            page(
                'toolname="contact" tooldescription="Contacts support." toolautosubmit',
                "<button>Send message</button>",
            ),
            [at_autosubmit("sends", '"send" in the submit button', 62)],
            filename="page.html",
        ),
        Invalid(
            page(
                'toolname="move_money" tooldescription="Moves money." toolautosubmit',
                '<input type="submit" value="Transfer now">',
            ),
            [at_autosubmit("transfers", '"transfer" in the submit button', 60)],
            filename="page.html",
        ),
        Invalid(
            page(
                'toolname="pizza" tooldescription="Chooses toppings." toolautosubmit',
                "<button>Order now</button>",
            ),
            [at_autosubmit("orders", '"order" in the submit button', 60)],
            filename="page.html",
        ),
        Invalid(
            page('toolname="cart" tooldescription="Places the order." toolautosubmit'),
            [at_autosubmit("orders", '"places the order" in the description', 59)],
            filename="page.html",
        ),
        Invalid(
            '<form toolname="checkout_step" tooldescription="Pays for it." toolautosubmit>\n'
            "</form>",
            [at_autosubmit("pays", '"checkout" in the tool name', 63)],
            filename="page.html",
        ),
    ]
)
