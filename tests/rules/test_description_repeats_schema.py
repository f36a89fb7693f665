"""description-repeats-schema: descriptions that restate the input schema."""

from __future__ import annotations

import pytest

from tests.helpers import lint, only
from tests.rule_tester import Finding, Invalid, Placed, Project, RuleTester, Valid
from tests.rules.snippets import described, js, schema_with
from tests.runtime_projects import react_webmcp_project

REPEATS = "description-repeats-schema"

CATALOG_SCHEMA = schema_with(
    {
        "query": '{ type: "string", description: "Keywords" }',
        "category_id": '{ type: "string", description: "Category" }',
        "brand_id": '{ type: "string", description: "Brand" }',
        "tags": '{ type: "array", items: { type: "string" }, description: "Tags" }',
        "price_range": '{ type: "object", description: "Price range" }',
    }
)


def test_the_guidance_bad_example_is_flagged_at_the_first_name() -> None:
    description = js(
        "Searches items with query string, category_id string, brand_id string, tags array, "
        "and price_range object."
    )
    [finding] = only(lint(described(description, CATALOG_SCHEMA)), REPEATS)
    assert (finding.line, finding.column, finding.end_column) == (3, 37, 42)
    assert "names parameter `query`; names parameter `category_id`" in finding.message


def test_the_guidance_good_example_is_not_flagged() -> None:
    description = js(
        "Searches the product catalog by keyword, category, or brand attributes. Use when "
        "locating products, comparing options, or filtering inventory."
    )
    assert only(lint(described(description, CATALOG_SCHEMA)), REPEATS) == []


@pytest.mark.parametrize(
    ("description", "schema"),
    [
        # Chrome's own example: `timeframe` is an English word here.
        (
            "Search orders in a given timeframe. Returns order number, shipping status and location",
            schema_with(
                {"timeframe": '{ type: "string", description: "Timeframe for the lookup." }'}
            ),
        ),
        # `order` is a sort order parameter; the description means a purchase.
        (
            "Looks up an order by its number. Use when the user asks where a parcel is.",
            schema_with(
                {
                    "number": '{ type: "string", description: "Order reference" }',
                    "order": '{ type: "string", enum: ["asc", "desc"], description: "Sort direction" }',
                }
            ),
        ),
        (
            "Searches the product catalog. Use when the user wants to find products by keyword, "
            "optionally within a category.",
            schema_with(
                {"category": '{ type: "string", description: "Optional category filter" }'}
            ),
        ),
        # Two enum values as plain English, joined by "and".
        (
            "Searches new and used cars for sale nearby.",
            schema_with(
                {"condition": '{ type: "string", enum: ["new", "used"], description: "Condition" }'}
            ),
        ),
        # A hyphenated English word as a parameter name.
        (
            "Sends the receipt by e-mail once the payment is through.",
            schema_with({'"e-mail"': '{ type: "string", description: "Where the receipt goes" }'}),
        ),
        # A number equal to another parameter's bound, by coincidence.
        (
            "Finds restaurants up to 5 km away.",
            schema_with(
                {"rating": '{ type: "integer", minimum: 1, maximum: 5, description: "Stars" }'}
            ),
        ),
    ],
)
def test_words_that_are_parameter_names_in_another_sense_are_not_flagged(
    description: str, schema: str
) -> None:
    assert only(lint(described(js(description), schema)), REPEATS) == []


@pytest.mark.parametrize(
    ("description", "what"),
    [
        ("Finds hotels in the given `city`.", "names parameter `city`"),
        ("Finds hotels; the city parameter is the destination.", "names parameter `city`"),
        ("Finds hotels by city (string).", "names parameter `city`"),
        ("Finds hotels; set maxPrice to limit the results.", "names parameter `maxPrice`"),
        ('Sorts with "price_asc" or "rating".', "lists the values of `sort`"),
        ("Sorts by price_asc, price_desc or rating.", "lists the values of `sort`"),
        ("Shows results in price_asc/price_desc/rating order.", "lists the values of `sort`"),
        ("Returns hotels. Defaults to 10 results.", "states the default of `limit` (10)"),
        ("Returns up to 50 hotels per page.", "states the maximum of `limit` (50)"),
        ("Shows hotels rated 1 to 5.", "states the range of `stars` (1 to 5)"),
    ],
)
def test_repeated_schema_facts_in_the_tool_description(description: str, what: str) -> None:
    schema = (
        "{ type: 'object', properties: {"
        " city: { type: 'string', description: 'Destination' },"
        " maxPrice: { type: 'number', description: 'Highest nightly price' },"
        " sort: { type: 'string', enum: SORT_ORDERS, description: 'Result order' },"
        " limit: { type: 'integer', maximum: 50, default: 10, description: 'Hotels per page' },"
        " stars: { type: 'integer', minimum: 1, maximum: 5, description: 'Hotel class' } } }"
    )
    extra = 'const SORT_ORDERS = ["price_asc", "price_desc", "rating"];\n'
    [finding] = only(lint(described(js(description), schema, extra)), REPEATS)
    assert what in finding.message


@pytest.mark.parametrize(
    ("body", "what"),
    [
        (
            '{ type: "string", description: "City name (string)" }',
            "states its own type (string)",
        ),
        (
            '{ type: "array", items: { type: "string" }, description: "An array of strings." }',
            "states its own type (array)",
        ),
        (
            '{ type: "string", description: "The city to search. Must be a string." }',
            "states its own type (string)",
        ),
        (
            '{ type: "string", description: "Type: string; the city name" }',
            "states its own type (string)",
        ),
        (
            '{ type: "integer", description: "Guest count (integer)" }',
            "states its own type (integer)",
        ),
        (
            '{ type: "boolean", description: "Include archived: true or false" }',
            "states its own type",
        ),
        (
            '{ type: "string", enum: ["asc", "desc"], description: "Sort order: asc or desc" }',
            "lists its allowed values",
        ),
        (
            '{ type: "integer", minimum: 1, maximum: 10, description: "Guests, 1-10" }',
            "states the range (1 to 10)",
        ),
        (
            '{ type: "integer", maximum: 12, description: "Party size, up to 12 people" }',
            "states the maximum (12)",
        ),
        (
            '{ type: "integer", maximum: 10, description: "Party size, no more than 10" }',
            "states the maximum (10)",
        ),
        (
            '{ type: "integer", minimum: 2, description: "At least 2 guests" }',
            "states the minimum (2)",
        ),
        # The values with a gloss each (site-analytics-dashboard/src/components/FilterBar.tsx)
        (
            '{ type: "string", enum: ["count", "bytes", "unique_ips"], '
            'description: "count (requests), bytes (bandwidth) or unique_ips" }',
            "lists its allowed values",
        ),
        (
            '{ type: "integer", default: 2, description: "Party size (default 2)" }',
            "states its default (2)",
        ),
        (
            '{ type: "array", items: { type: "string", enum: ["wifi", "pool", "gym"] }, '
            "description: \"Amenities such as 'pool' or 'gym'\" }",
            "lists its allowed values",
        ),
    ],
)
def test_parameter_descriptions_that_restate_their_schema(body: str, what: str) -> None:
    [finding] = only(lint(described(js("Books a table."), schema_with({"x": body}))), REPEATS)
    assert finding.message.startswith("The description of parameter `x` repeats")
    assert what in finding.message


@pytest.mark.parametrize(
    "body",
    [
        '{ type: "integer", description: "The number of guests" }',
        '{ type: "string", description: "Phone number with area code" }',
        '{ type: "string", description: "The search string as the user typed it" }',
        '{ type: "boolean", description: "Set to true to include archived tickets" }',
        '{ type: "string", enum: ["asc", "desc"], description: "Sort direction" }',
        '{ type: "integer", maximum: 12, description: "Party size" }',
        # A type word as an ordinary noun, not a clause restating the type
        # (site-analytics-dashboard/src/webmcp/tools.ts)
        '{ type: "array", items: { type: "string" }, '
        'description: "Array of component ids to keep visible" }',
        '{ type: "string", description: "A string with the city name" }',
        '{ type: "object", description: "Object to compare the draft with" }',
        # What to do past the limit, which the schema cannot say
        # (site-bistro-declarative/index.html)
        '{ type: "integer", maximum: 10, description: "Party size; for more than 10 people call us" }',
        '{ type: "integer", minimum: 1, description: "Nights; for less than 1 night use day_pass" }',
        # When to use each value, which the schema cannot say (a public Angular demo)
        '{ type: "string", enum: ["ALL", "adult", "child"], '
        "description: \"Product size. Use 'child' for kids/children, 'adult' for adults.\" }",
        '{ type: "string", enum: ["asc", "desc"], '
        "description: \"Set to 'asc' to show the cheapest first and 'desc' for the dearest\" }",
    ],
)
def test_parameter_descriptions_that_only_describe(body: str) -> None:
    assert only(lint(described(js("Books a table."), schema_with({"x": body}))), REPEATS) == []


def test_chromium_date_hint_is_not_a_repetition() -> None:
    schema = schema_with(
        {
            "date": '{ type: "string", format: "date", description: "Dates MUST be provided in \'YYYY-MM-DD\' format." }'
        }
    )
    assert only(lint(described(js("Books a table."), schema)), REPEATS) == []


def test_the_message_names_every_kind_of_repeat_before_names() -> None:
    # Three quoted enum lists and the three names before them: the lists are what repeats.
    schema = schema_with(
        {
            "metric": '{ type: "string", enum: ["count", "bytes", "unique_ips"] }',
            "granularity": '{ type: "string", enum: ["hour", "day", "week"] }',
            "range": '{ type: "string", enum: ["24h", "7d", "30d"] }',
        }
    )
    description = js(
        'Changes the dashboard: `metric` ("count", "bytes" or "unique_ips"), `granularity` '
        '("hour", "day" or "week") and `range` ("24h", "7d" or "30d").'
    )
    [finding] = only(lint(described(description, schema)), REPEATS)
    assert (
        "(lists the values of `metric`; lists the values of `granularity`; lists the values "
        "of `range`; and 3 more):" in finding.message
    )


RULE_TESTS = RuleTester(REPEATS)
QUERY_LIMIT = schema_with({"query": '{ type: "string" }', "limit": '{ type: "integer" }'})

test_valid = RULE_TESTS.valid([Valid(described(js("Finds things by keyword."), QUERY_LIMIT))])

test_invalid = RULE_TESTS.invalid(
    [
        Invalid(
            described(js("Finds things. Takes query (string) and limit."), QUERY_LIMIT),
            [
                Finding(
                    "repeats-schema",
                    3,
                    37,
                    3,
                    42,
                    data={"what": "The tool's description", "listed": "names parameter `query`"},
                )
            ],
        ),
    ]
)


def test_a_few_examples_of_many_values_are_not_the_list() -> None:
    languages = ", ".join(f'"{code}"' for code in ("de", "fr", "es", "it", "nl", "pt", "pl"))
    schema = schema_with(
        {
            "language": (
                f'{{ type: "string", enum: [{languages}], '
                'description: "Language code, e.g. `de`, `fr` or `es`." }'
            )
        }
    )
    assert only(lint(described(js("Translates a text."), schema)), REPEATS) == []
    listed = schema.replace("Language code, e.g. `de`, `fr` or `es`.", "One of `de`, `fr` or `es`.")
    assert len(only(lint(described(js("Translates a text."), listed)), REPEATS)) == 1


# `@mcp-b/react-webmcp` before 0.1.6 converts a zod shape with its own function, which
# keeps each key's base type and `.describe()` text only: no `enum` reaches the agent,
# and the description is its only list of the values.
SECTION_TOOL = (
    'import { useWebMCP } from "@mcp-b/react-webmcp";\n'
    'import { z } from "zod";\n'
    "export function Page() {\n"
    "  useWebMCP({\n"
    '    name: "scroll_to_section",\n'
    '    description: "Scrolls the page to a section: hero, features, pricing or faq.",\n'
    '    inputSchema: { section: z.enum(["hero", "features", "pricing", "faq"]) },\n'
    "    handler: async ({ section }) => ({ section }),\n"
    "  });\n"
    "  return null;\n"
    "}\n"
)


LISTS_SECTIONS = {"what": "The tool's description", "listed": "lists the values of `section`"}


def _hook_project(version: str) -> dict[str, str]:
    return react_webmcp_project(version, "src/Page.tsx", SECTION_TOOL)


test_a_zod_enum_repeats_only_where_the_hook_registers_it = RULE_TESTS.projects(
    [
        Project(_hook_project("0.1.5"), name="react-webmcp-0.1.5-drops-enums"),
        Project(_hook_project("^0.1.1"), name="a-range-of-0.1-installs-0.1.5"),
        Project(
            _hook_project("0.2.0"),
            [Placed("src/Page.tsx", "repeats-schema", 6, 50, data=LISTS_SECTIONS)],
            name="react-webmcp-0.2-keeps-enums",
        ),
        Project(
            _hook_project("4.0.0"),
            [Placed("src/Page.tsx", "repeats-schema", 6, 50, data=LISTS_SECTIONS)],
            name="react-webmcp-4-keeps-enums",
        ),
        Project(
            {"src/Page.tsx": SECTION_TOOL},
            [Placed("src/Page.tsx", "repeats-schema", 6, 50, data=LISTS_SECTIONS)],
            name="no-package-json-reads-the-current-converter",
        ),
    ]
)
