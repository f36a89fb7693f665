from tests.helpers import lint
from tests.rule_tester import Finding, Invalid, PageRuleTester, Placed, Project, Valid

REGISTER = "document.modelContext.registerTool"
REVIEWS = (
    f'{REGISTER}({{ name: "get_reviews", description: "Gets the reviews of a product.", '
    "annotations: { readOnlyHint: true }, execute() {} });\n"
)
ORDER = (
    f'{REGISTER}({{ name: "place_order", description: "Places the order.", '
    "annotations: { consequentialHint: true }, execute() {} });\n"
)
SEND = f'{REGISTER}({{ name: "send_message", description: "Sends a message.", execute() {{}} }});\n'
REVIEWS_WORDS = "returns reviews, content written by users or third parties"


def message(
    where: str, acting: str, returns: str = REVIEWS_WORDS, name: str = "get_reviews"
) -> str:
    return (
        f'"{name}" {returns}, without `untrustedContentHint: true`, {where} with tools '
        f"that act for the user ({acting}): instructions hidden in that content can make "
        "the agent call them. Add `untrustedContentHint: true` so agents keep the content "
        "apart from their instructions."
    )


tests = PageRuleTester("injection-triangle")

test_valid = tests.valid(
    [
        Valid(
            REVIEWS.replace("readOnlyHint: true", "readOnlyHint: true, untrustedContentHint: true")
            + ORDER
        ),
        # Nothing on the page acts for the user.
        Valid(REVIEWS),
        Valid(
            REVIEWS
            + ORDER.replace("place_order", "show_cart").replace("consequentialHint", "readOnlyHint")
        ),
        # The author says the tool does not commit anything.
        Valid(
            REVIEWS
            + SEND.replace("execute()", "annotations: { consequentialHint: false }, execute()")
        ),
        Valid(
            REVIEWS + SEND.replace("execute()", "annotations: { readOnlyHint: true }, execute()")
        ),
        # Annotations that are not known: not flagged.
        Valid(REVIEWS.replace("{ readOnlyHint: true }", "hints") + ORDER),
        # Data from another origin, the user's own messages, notes or tickets: left to
        # untrusted-content-hint.
        Valid(
            f'{REGISTER}({{ name: "get_weather", description: "Gets the weather.", '
            "annotations: { readOnlyHint: true }, "
            'async execute() { return (await fetch("https://api.weather.example/now")).json(); } });\n'
            + ORDER
        ),
        Valid(REVIEWS.replace("get_reviews", "list_my_messages") + ORDER),
        Valid(REVIEWS.replace("get_reviews", "list_notes") + ORDER),
        Valid(REVIEWS.replace("get_reviews", "list_tickets") + ORDER),
        # A form has no annotations: untrusted-content-hint leaves forms alone.
        Valid(
            '<form toolname="get_reviews" tooldescription="Gets reviews.">\n'
            '<input name="q" toolparamdescription="Words"></form>\n'
            f"<script>{ORDER}</script>\n",
            filename="example.html",
        ),
    ]
)

test_invalid = tests.invalid(
    [
        Invalid(
            REVIEWS + ORDER,
            [
                Finding(
                    "untrusted-content-beside-actions",
                    1,
                    44,
                    severity="warning",
                    related=[(2, 44, '"place_order" has `consequentialHint: true`')],
                    data={
                        "name": '"get_reviews"',
                        "untrusted": "returns reviews, content written by users or third parties",
                        "where": "in the project at ./",
                        "tools": '"place_order"',
                    },
                )
            ],
        ),
        # A consequential tool without its hint counts too (consequential-hint reads it).
        Invalid(
            REVIEWS + SEND,
            [
                Finding(
                    "untrusted-content-beside-actions",
                    1,
                    44,
                    related=[(2, 44, '"send_message" says it will send')],
                    data={
                        "name": '"get_reviews"',
                        "untrusted": "returns reviews, content written by users or third parties",
                        "where": "in the project at ./",
                        "tools": '"send_message"',
                    },
                )
            ],
        ),
    ]
)

test_projects = tests.projects(
    [
        Project(
            {
                "index.html": '<script src="reviews.js"></script>\n<script src="checkout.js"></script>\n',
                "reviews.js": REVIEWS,
                "checkout.js": ORDER + SEND,
            },
            [
                Placed(
                    "reviews.js",
                    "untrusted-content-beside-actions",
                    1,
                    44,
                    [
                        ("checkout.js", 1, 44, '"place_order" has `consequentialHint: true`'),
                        ("checkout.js", 2, 44, '"send_message" says it will send'),
                    ],
                    data={
                        "name": '"get_reviews"',
                        "untrusted": "returns reviews, content written by users or third parties",
                        "where": "on the page index.html",
                        "tools": '"place_order", "send_message"',
                    },
                )
            ],
            name="html-page",
        ),
        # Reviews on one page, checkout on another.
        Project(
            {
                "reviews.html": '<script src="reviews.js"></script>\n',
                "checkout.html": '<script src="checkout.js"></script>\n',
                "reviews.js": REVIEWS,
                "checkout.js": ORDER,
            },
            name="two-pages",
        ),
    ]
)


def test_it_replaces_untrusted_content_hint_on_the_same_tool() -> None:
    both = {"select": ["injection-triangle", "untrusted-content-hint"]}
    found = [(d.rule, d.line) for d in lint(REVIEWS + ORDER, config=both)]
    assert found == [("injection-triangle", 1)]
    # Without a consequential tool on the page, untrusted-content-hint reports it.
    found = [(d.rule, d.line) for d in lint(REVIEWS, config=both)]
    assert found == [("untrusted-content-hint", 1)]
