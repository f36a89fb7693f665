import random

import msgspec
import pytest

from tests.rule_tester import Finding, Invalid, PageRuleTester, Placed, Project, Valid
from webmcp_lint.checks.page_tools import Anchor, PageTool
from webmcp_lint.checks.tool import tool_near_duplicate as near_duplicate

REGISTER = "document.modelContext.registerTool"
SEARCH = "Searches the catalog for products matching the words the user typed."


def tool(name: str, description: str = "Does it.") -> str:
    return f'{REGISTER}({{ name: "{name}", description: "{description}", execute() {{}} }});\n'


def message(names: str, where: str, why: str) -> str:
    return (
        f"{names} {where} are near duplicates: {why}, so an agent cannot tell which to "
        "call. Merge them into one tool, or make the names and descriptions say when to "
        "use each."
    )


LISTS = "Lists the customer's recent orders with their status."
SHOWS = "Shows the customer's recent orders and their status."

tests = PageRuleTester("tool-near-duplicate")

test_valid = tests.valid(
    [
        # Names that start differently tell tools apart, however alike the descriptions.
        Valid(
            tool("add_to_cart", "Adds the given product to the shopping cart of the user.")
            + tool(
                "remove_from_cart", "Removes the given product from the shopping cart of the user."
            )
        ),
        # One word apart in a short description is below the threshold (5/7 = 71%).
        Valid(
            tool("get_weather", "Get the weather for a city.")
            + tool("get_forecast", "Get the forecast for a city.")
        ),
        # Same first word, but fewer than half of the name's words shared.
        Valid(tool("search_products", SEARCH) + tool("search_help_articles_index", SEARCH)),
        # Singular and plural are different names (one order, a list of orders).
        Valid(
            tool("get_order", "Gets one order by its id.")
            + tool("get_orders", "Lists the orders the user placed this year.")
        ),
        # One name twice is tool-name-unique's finding.
        Valid(tool("search", SEARCH) + tool("search", SEARCH)),
        # A name that is not known is never compared.
        Valid(
            f"{REGISTER}({{ name: pick(), description: {SEARCH!r}, execute() {{}} }});\n"
            + tool("search_products", SEARCH)
        ),
        # Descriptions of fewer than four words are not compared.
        Valid(tool("open_cart", "Opens the cart.") + tool("open_cart_page", "Opens the cart.")),
        Valid(tool("getUser") + tool("get_users")),
        # A name the browser rejects is no tool on the page (tool-name-format says so).
        Valid(tool("search products") + tool("search_products")),
        # Synonyms make names start alike only when the descriptions say the same too.
        Valid(
            tool("list_orders", LISTS)
            + tool("show_orders", "Opens the order page so the user can look at it.")
        ),
        # Names that start with words of other meanings tell the tools apart, however
        # alike the descriptions (long ones differ by one word in ten).
        Valid(
            tool(
                "add_to_cart",
                "Adds the product the user picked, with its size and colour, to the shopping "
                "cart of the signed-in user.",
            )
            + tool(
                "remove_from_cart",
                "Removes the product the user picked, with its size and colour, from the "
                "shopping cart of the signed-in user.",
            )
        ),
        # The same description, but the names say what differs.
        Valid(
            tool("get_theme", "Returns the current value of this user setting.")
            + tool("get_language", "Returns the current value of this user setting.")
        ),
        Valid(
            tool("recent_orders", LISTS)
            + tool("order_status", "Gives the status of one order by its number.")
        ),
    ]
)

test_invalid = tests.invalid(
    [
        Invalid(
            tool("search_products") + tool("searchProducts"),
            [
                Finding(
                    "names-spelled-alike",
                    1,
                    44,
                    related=[(2, 44, 'near duplicate "searchProducts"')],
                    data={
                        "name": '"search_products"',
                        "others": '"searchProducts"',
                        "where": "in the project at ./",
                    },
                )
            ],
        ),
        Invalid(
            tool("search_products", SEARCH)
            + tool("search_products_catalog", SEARCH.replace("typed", "wrote")),
            [
                Finding(
                    "descriptions-alike",
                    1,
                    44,
                    severity="warning",
                    data={
                        "name": '"search_products"',
                        "others": '"search_products_catalog"',
                        "where": "in the project at ./",
                    },
                )
            ],
        ),
        # Three tools, one group, one finding on the first.
        Invalid(
            tool("get_user") + tool("getUser") + tool("get-user"),
            [
                Finding(
                    "names-spelled-alike",
                    1,
                    44,
                    related=[
                        (2, 44, 'near duplicate "getUser"'),
                        (3, 44, 'near duplicate "get-user"'),
                    ],
                    data={
                        "name": '"get_user"',
                        "others": '"getUser", "get-user"',
                        "where": "in the project at ./",
                    },
                )
            ],
        ),
        # A form and a script on one HTML page.
        Invalid(
            '<form toolname="search_products" tooldescription="Finds products by keyword.">\n'
            '  <input name="q" toolparamdescription="Words">\n</form>\n'
            f"<script>{tool('searchProducts')}</script>\n",
            [
                Finding(
                    "names-spelled-alike",
                    1,
                    17,
                    data={
                        "name": '"search_products"',
                        "others": '"searchProducts"',
                        "where": "on the page example.html",
                    },
                )
            ],
            filename="example.html",
        ),
        # Names that start with synonyms, descriptions that say the same with synonyms:
        # compared now (list_orders and show_orders were not).
        Invalid(
            tool("list_orders", LISTS) + tool("show_orders", SHOWS),
            [
                Finding(
                    "descriptions-alike-synonym-names",
                    1,
                    44,
                    related=[(2, 44, 'near duplicate "show_orders"')],
                    data={
                        "name": '"list_orders"',
                        "others": '"show_orders"',
                        "where": "in the project at ./",
                    },
                )
            ],
        ),
        Invalid(
            tool("find_recipes", "Finds recipes that use the ingredient the user named.")
            + tool("search_recipes", "Searches recipes that use the ingredient the user named."),
            [
                Finding(
                    "descriptions-alike-synonym-names",
                    1,
                    44,
                    data={
                        "name": '"find_recipes"',
                        "others": '"search_recipes"',
                        "where": "in the project at ./",
                    },
                )
            ],
        ),
        # Names that start differently, found by the rare words their descriptions share:
        # one name holds every word of the other.
        Invalid(
            tool("orders", LISTS)
            + tool("get_weather", "Get the weather for a city.")
            + tool("recent_orders", SHOWS),
            [
                Finding(
                    "descriptions-alike-name-within-name",
                    1,
                    44,
                    related=[(3, 44, 'near duplicate "recent_orders"')],
                    data={
                        "name": '"orders"',
                        "others": '"recent_orders"',
                        "where": "in the project at ./",
                    },
                )
            ],
        ),
        # The threshold is an option.
        Invalid(
            tool("get_weather", "Get the weather for a city.")
            + tool("get_weather_forecast", "Get the forecast for a city."),
            [
                Finding(
                    "descriptions-alike",
                    1,
                    44,
                    data={
                        "name": '"get_weather"',
                        "others": '"get_weather_forecast"',
                        "where": "in the project at ./",
                    },
                )
            ],
            options={"similarity": 70},
        ),
    ]
)

test_projects = tests.projects(
    [
        # Tools of two scripts that one HTML page loads: compared, reported on the first
        # with the other file as related.
        Project(
            {
                "index.html": '<script src="a.js"></script>\n<script src="/lib/b.js"></script>\n',
                "a.js": tool("search_products"),
                "lib/b.js": "\n" + tool("searchProducts"),
            },
            [
                Placed(
                    "a.js",
                    "names-spelled-alike",
                    1,
                    44,
                    [("lib/b.js", 2, 44, 'near duplicate "searchProducts"')],
                    data={
                        "name": '"search_products"',
                        "others": '"searchProducts"',
                        "where": "on the page index.html",
                    },
                )
            ],
            name="html-page",
        ),
        # Two HTML pages that each load one of the scripts: never on one page.
        Project(
            {
                "shop.html": '<script src="a.js"></script>\n',
                "help.html": '<script src="b.js"></script>\n',
                "a.js": tool("search_products"),
                "b.js": tool("searchProducts"),
            },
            name="two-pages",
        ),
        # No HTML file loads them: the project is the page, and packages are projects.
        Project(
            {
                "package.json": "{}",
                "a.js": tool("search_products"),
                "admin/package.json": "{}",
                "admin/b.js": tool("searchProducts"),
            },
            name="two-projects",
        ),
        Project(
            {"src/a.js": tool("search_products"), "src/b/c.js": tool("searchProducts")},
            [
                Placed(
                    "src/a.js",
                    "names-spelled-alike",
                    1,
                    44,
                    [("src/b/c.js", 1, 44, 'near duplicate "searchProducts"')],
                    data={
                        "name": '"search_products"',
                        "others": '"searchProducts"',
                        "where": "in the project at ./",
                    },
                )
            ],
            name="project",
        ),
        # The file the finding lands in suppresses it.
        Project(
            {
                "a.js": "// webmcp-lint-disable-next-line tool-near-duplicate\n"
                + tool("search_products"),
                "b.js": tool("searchProducts"),
            },
            name="suppressed",
        ),
    ]
)


def test_only_pairs_told_apart_by_their_names_are_left_uncompared() -> None:
    """The pairs compared are every pair the brute-force comparison could report."""
    spelled = ["get_user", "getUser", "get-user-info", "user_get", "getuser", "GetUser"]
    spelled += ["add_item", "add-items", "remove_item", "search", "search_all", "x1", "_"]
    spelled += ["fetch_user", "show_user_info", "user", "find_all", "info_user"]
    # Three descriptions, each used by at most eight tools: their words are rare on the
    # page. (Pairs whose descriptions share only words most tools use are compared only
    # when their names start alike: that is the bound.)
    kinds = [
        frozenset({"find", "one", "user", "by", "id"}),
        frozenset({"open", "the", "page", "now"}),
        frozenset({"get", "every", "user", "info", "field"}),
    ]
    compared = [_compared(name, kinds[i % 3]) for i, name in enumerate(spelled)]
    pairs = near_duplicate._candidate_pairs(compared, 100)
    for i, a in enumerate(compared):
        for j in range(i + 1, len(spelled)):
            b = compared[j]
            same = bool(a.letters) and a.letters == b.letters
            if same or near_duplicate._near(a, b, 1.0) is not None:
                assert (i, j) in pairs, (spelled[i], spelled[j])
    assert (spelled.index("add_item"), spelled.index("remove_item")) not in pairs


@pytest.mark.parametrize("similarity", [50, 80, 93, 100])
def test_names_that_start_alike_are_compared_whenever_their_descriptions_can_be_alike(
    similarity: int,
) -> None:
    """Tools whose names start alike are compared through a few of their descriptions'
    rarest words only: every pair near enough to report is still compared (a brute-force
    comparison over random pages of names and descriptions of a few words)."""
    rng = random.Random(similarity)
    verbs = ["get", "show", "list", "search", "find", "add"]
    nouns = ["user", "order", "item", "cart", "status"]
    vocabulary = [f"w{n}" for n in range(14)]
    for _ in range(20):
        compared = [
            _compared(
                "_".join([rng.choice(verbs), *rng.sample(nouns, rng.randint(0, 2))]),
                frozenset(rng.sample(vocabulary, rng.randint(3, 9))),
            )
            for _ in range(40)
        ]
        pairs = near_duplicate._candidate_pairs(compared, similarity)
        for i, a in enumerate(compared):
            for j in range(i + 1, len(compared)):
                b = compared[j]
                if a.name_words[0] != b.name_words[0]:
                    continue  # compared through rare words only: a bound, not exact
                if near_duplicate._near(a, b, similarity / 100) is not None:
                    assert (i, j) in pairs, (a, b)


ANCHOR = Anchor(1, 1, 1, 1, (), 1, 0, None, frozenset())


def _compared(name: str, described: frozenset[str]) -> near_duplicate._Compared:
    """A tool as the comparisons see it, with the description's words given."""
    tool = PageTool("a.js", 0, name, None, "imperative", ANCHOR, None, None)
    return msgspec.structs.replace(near_duplicate._compared(tool), described=described)


def test_a_large_page_is_not_compared_pair_by_pair() -> None:
    """Descriptions are compared through the rare words they share: 3,000 tools whose
    descriptions share their common words and differ in one rare word each give a
    bounded number of pairs."""
    count = 3000
    compared = [
        _compared(
            f"tool{i}_thing",
            frozenset({"return", "the", "value", "of", "setting", f"rare{i // 2}"}),
        )
        for i in range(count)
    ]
    pairs = near_duplicate._candidate_pairs(compared, 80)
    assert len(pairs) <= count * 2
    assert (0, 1) in pairs and (2, 3) in pairs
