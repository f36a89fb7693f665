"""portable-tool-name: names Chrome accepts that models' tool APIs refuse."""

from __future__ import annotations

from tests.helpers import lint, only, rules_in
from tests.rule_tester import Finding, Invalid, RuleTester, Valid

RULE = "portable-tool-name"
AFTER = (
    ": an agent that hands the page's tools to such a model has its whole request refused, "
    "or drops the tool. Use letters, digits, _ and -, starting with a letter, such as "
)
DOT = "has a dot, which OpenAI's and Anthropic's tool names forbid"
FIRST = "starts with a digit or a dash, which Gemini's function names forbid"


def named(name: str) -> str:
    return (
        f'document.modelContext.registerTool({{ name: {name}, description: "d", execute() {{}} }});'
    )


def message(name: str, problems: list[str], suggestion: str) -> str:
    return f'Tool name "{name}" {", and ".join(problems)}{AFTER}"{suggestion}".'


def test_off_unless_selected() -> None:
    code = named('"cart.add"')
    assert RULE not in rules_in(lint(code))
    assert RULE in rules_in(lint(code, config={"extend-select": ["portability"]}))
    assert RULE in rules_in(lint(code, config={"select": [RULE]}))
    assert not only(lint(code, config={"select": ["ALL"], "ignore": [RULE]}), RULE)


tests = RuleTester(RULE)

test_valid = tests.valid(
    [
        Valid(named('"add_to_cart"')),
        Valid(named('"_private-tool"')),
        Valid(named('"a" + "b"')),
        Valid(named('"x".repeat(64)')),  # unknown: no finding
        Valid(named('"bad name!"')),  # Chrome rejects it: tool-name-format's
        Valid(named("nameOf(tool)")),
        Valid(
            '<form toolname="search_flights" tooldescription="d"><input name="q"></form>', "a.html"
        ),
    ]
)

test_invalid = tests.invalid(
    [
        Invalid(
            named('"cart.add"'),
            [Finding(message("cart.add", [DOT], "cart_add"), 1, 44, 1, 54)],
        ),
        Invalid(
            named('"3d_view"'),
            [Finding(message("3d_view", [FIRST], "tool_3d_view"), 1, 44)],
        ),
        Invalid(
            named('"-search.all"'),
            [Finding(message("-search.all", [DOT, FIRST], "tool_search_all"), 1, 44)],
        ),
        Invalid(
            named('"' + "a" * 70 + '"'),
            [
                Finding(
                    message(
                        "a" * 57 + "...",
                        ["is 70 characters long (OpenAI, Anthropic and Gemini allow 64)"],
                        "a" * 64,
                    ),
                    1,
                    44,
                )
            ],
        ),
        # a form tool, by its toolname
        Invalid(
            '<form toolname="flights.search" tooldescription="d"><input name="q"></form>',
            [Finding(message("flights.search", [DOT], "flights_search"), 1, 17, 1, 31)],
            filename="a.html",
        ),
    ]
)
