"""portable-tool-name: names Chrome accepts that models' tool APIs refuse."""

from __future__ import annotations

from tests.helpers import lint, only, rules_in
from tests.rule_tester import Finding, Invalid, RuleTester, Valid

RULE = "portable-tool-name"
AFTER = (
    ": an agent that hands the page's tools to such a model has its whole request refused, "
    "or drops the tool. Use letters, digits, _ and -, starting with a letter, such as "
)


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
            [
                Finding(
                    "unportable-name",
                    1,
                    44,
                    1,
                    54,
                    data={
                        "name": '"cart.add"',
                        "problems": "has a dot, which OpenAI's and Anthropic's tool names forbid",
                        "suggestion": "cart_add",
                    },
                )
            ],
        ),
        Invalid(
            named('"3d_view"'),
            [
                Finding(
                    "unportable-name",
                    1,
                    44,
                    data={
                        "name": '"3d_view"',
                        "problems": "starts with a digit or a dash, which Gemini's function names forbid",
                        "suggestion": "tool_3d_view",
                    },
                )
            ],
        ),
        Invalid(
            named('"-search.all"'),
            [
                Finding(
                    "unportable-name",
                    1,
                    44,
                    data={
                        "name": '"-search.all"',
                        "problems": "has a dot, which OpenAI's and Anthropic's tool names forbid, and starts with a digit or a dash, which Gemini's function names forbid",
                        "suggestion": "tool_search_all",
                    },
                )
            ],
        ),
        Invalid(
            named('"' + "a" * 70 + '"'),
            [
                Finding(
                    "unportable-name",
                    1,
                    44,
                    data={
                        "name": '"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa..."',
                        "problems": "is 70 characters long (OpenAI, Anthropic and Gemini allow 64)",
                        "suggestion": "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
                    },
                )
            ],
        ),
        # a form tool, by its toolname
        Invalid(
            '<form toolname="flights.search" tooldescription="d"><input name="q"></form>',
            [
                Finding(
                    "unportable-name",
                    1,
                    17,
                    1,
                    31,
                    data={
                        "name": '"flights.search"',
                        "problems": "has a dot, which OpenAI's and Anthropic's tool names forbid",
                        "suggestion": "flights_search",
                    },
                )
            ],
            filename="a.html",
        ),
    ]
)
