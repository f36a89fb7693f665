import pytest

from tests.rule_tester import Finding, Invalid, PageRuleTester, Placed, Project, Valid
from webmcp_lint.checks.tool.tool_name_consistent import _case_style

REGISTER = "document.modelContext.registerTool"


def tool(name: str) -> str:
    return f'{REGISTER}({{ name: "{name}", description: "Does it.", execute() {{}} }});\n'


def tools(*names: str) -> str:
    return "".join(tool(name) for name in names)


def message(name: str, style: str, most: int, total: int, majority: str, advice: str) -> str:
    return (
        f'"{name}" is {style}, but {most} of the {total} tool names in the project at ./ '
        f"are {majority}: agents find and call tools more reliably when their names follow "
        f"one pattern. {advice}"
    )


tests = PageRuleTester("tool-name-consistent")

test_valid = tests.valid(
    [
        Valid(tools("search_products", "add_to_cart", "checkout")),
        Valid(tools("searchProducts", "addToCart", "search")),
        # As many of each style: no majority to name.
        Valid(tools("search_products", "addToCart")),
        Valid(tools("search_products", "add_to_cart", "addItem", "getCart")),
        # One-word names have no style.
        Valid(tools("search", "checkout", "cart", "add_to_cart")),
        # A first word that is a noun as often as a verb says no word order.
        Valid(tools("add_to_cart", "remove_from_cart", "order_status")),
        # Nothing but nouns: no order either way.
        Valid(tools("add_to_cart", "remove_from_cart", "cart_summary")),
        # A name registered twice counts once.
        Valid(tools("search_products", "searchTool", "searchTool")),
    ]
)

test_invalid = tests.invalid(
    [
        Invalid(
            tools("search_products", "show_cart", "applyCoupon"),
            [
                Finding(
                    "mixed-case-styles",
                    3,
                    44,
                    related=[],
                    severity="info",
                    data={
                        "name": '"applyCoupon"',
                        "style": "camelCase",
                        "count": 2,
                        "total": 3,
                        "where": "in the project at ./",
                        "majority": "snake_case",
                    },
                )
            ],
        ),
        Invalid(
            tools("search-products", "show-cart", "add_to_cart", "clearCart", "remove-item"),
            [
                Finding(
                    "mixed-case-styles",
                    3,
                    44,
                    related=[(4, 44, 'also camelCase: "clearCart"')],
                    data={
                        "name": '"add_to_cart"',
                        "style": "snake_case",
                        "count": 3,
                        "total": 5,
                        "where": "in the project at ./",
                        "majority": "kebab-case",
                    },
                )
            ],
        ),
        Invalid(
            tools("add_to_cart", "remove_from_cart", "cart_clear"),
            [
                Finding(
                    "starts-with-noun",
                    3,
                    44,
                    data={
                        "name": '"cart_clear"',
                        "style": "noun-first",
                        "count": 2,
                        "total": 3,
                        "where": "in the project at ./",
                        "majority": "verb-first",
                    },
                )
            ],
        ),
        # Both aspects: one finding each.
        Invalid(
            tools("cart_add", "cart_remove", "product_search", "clearCart"),
            [
                Finding(
                    "mixed-case-styles",
                    4,
                    44,
                    data={
                        "name": '"clearCart"',
                        "style": "camelCase",
                        "count": 3,
                        "total": 4,
                        "where": "in the project at ./",
                        "majority": "snake_case",
                    },
                ),
                Finding(
                    "starts-with-verb",
                    4,
                    44,
                    data={
                        "name": '"clearCart"',
                        "style": "verb-first",
                        "count": 3,
                        "total": 4,
                        "where": "in the project at ./",
                        "majority": "noun-first",
                    },
                ),
            ],
        ),
    ]
)

test_projects = tests.projects(
    [
        # The whole project, across files and HTML pages.
        Project(
            {
                "index.html": '<script src="a.js"></script>\n',
                "a.js": tools("search_products", "show_cart"),
                "admin.js": tool("resetPassword"),
            },
            [
                Placed(
                    "admin.js",
                    "mixed-case-styles",
                    1,
                    44,
                    data={
                        "name": '"resetPassword"',
                        "style": "camelCase",
                        "count": 2,
                        "total": 3,
                        "where": "in the project at ./",
                        "majority": "snake_case",
                    },
                )
            ],
            name="project",
        ),
        # Test code takes no part (the rule does not apply there).
        Project(
            {
                "a.js": tools("search_products", "show_cart"),
                "tests/tools.test.js": tools("fakeTool", "otherFake", "thirdFake"),
            },
            name="tests",
        ),
    ]
)


@pytest.mark.parametrize(
    ("name", "style"),
    [
        ("search_products", "snake_case"),
        ("x1_y2", "snake_case"),
        ("search-products", "kebab-case"),
        ("searchProducts", "camelCase"),
        ("getUserID", "camelCase"),
        ("SearchProducts", "PascalCase"),
        ("SEARCH_PRODUCTS", "SCREAMING_SNAKE_CASE"),
        ("cart.add", "dot.case"),
        ("search", None),
        ("Search", None),
        ("get_userName", None),
        ("_private", None),
        ("trailing_", None),
        ("déjà_vu", None),
    ],
)
def test_case_styles(name: str, style: str | None) -> None:
    assert _case_style(name) == style
