"""execute-empty-result-hint: a search tool's bare empty result."""

from __future__ import annotations

from tests.rule_tester import Finding, Invalid, RuleTester, Valid
from tests.rules.tool_code import tool_named

RULE = "execute-empty-result-hint"


def message(name: str) -> str:
    return (
        f'"{name}" returns an empty list and nothing else: the agent cannot tell "nothing '
        'matched" from a failure, and may retry, give up or make results up. Say what the '
        'emptiness means: `{ results: [], message: "Nothing matches; try a broader word." }`.'
    )


tests = RuleTester(RULE)

test_valid = tests.valid(
    [
        # a hint next to the empty list
        Valid(
            tool_named("search_products", "execute() { return { results: [], message: 'None' }; }")
        ),
        Valid(tool_named("find_flights", "execute(i) { return { flights: [], query: i.q }; }")),
        # not a literal empty list
        Valid(tool_named("search_products", "execute(i) { return items.filter((x) => x.ok); }")),
        Valid(tool_named("list_orders", "execute() { return [1]; }")),
        Valid(tool_named("list_orders", "execute() { return { orders: [], ...more }; }")),
        # not a search tool by its name
        Valid(tool_named("clear_cart", "execute() { return { removed: [] }; }")),
        Valid(tool_named("get_listing", "execute() { return []; }")),
        # an empty list in a callback is not the result
        Valid(tool_named("search_products", "execute() { return load().then(() => []); }")),
    ]
)

test_invalid = tests.invalid(
    [
        Invalid(
            tool_named(
                "search_products", "execute(i) { if (!i.q) return [];\n  return find(i.q); }"
            ),
            [Finding("empty-result-unexplained", 4, 33, 4, 35, data={"name": "search_products"})],
        ),
        Invalid(
            tool_named("findFlights", "execute: () => ({ flights: [], total: 0 })"),
            [Finding("empty-result-unexplained", 4, 19, 4, 44, data={"name": "findFlights"})],
        ),
        Invalid(
            tool_named("list-orders", "async execute() { return { orders: [] }; }"),
            [Finding("empty-result-unexplained", 4, 28, data={"name": "list-orders"})],
        ),
    ]
)
