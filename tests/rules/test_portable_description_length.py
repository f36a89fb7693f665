"""portable-description-length: OpenAI's tool API refuses descriptions over 1,024."""

from __future__ import annotations

from tests.helpers import lint, rules_in
from tests.rule_tester import Finding, Invalid, RuleTester, Valid
from tests.rules.snippets import described

RULE = "portable-description-length"


def message(length: int) -> str:
    return (
        f"The tool description is {length} characters long; OpenAI's tool API refuses "
        "descriptions over 1024 (`string_above_max_length`), so an agent built on it fails "
        "with this page's tools. Shorten it to 1024 characters or fewer."
    )


def test_off_unless_selected() -> None:
    code = described('"' + "x" * 1025 + '"')
    assert RULE not in rules_in(lint(code))
    assert RULE in rules_in(lint(code, config={"extend-select": ["portability"]}))


tests = RuleTester(RULE)

test_valid = tests.valid(
    [
        Valid(described('"' + "x" * 1024 + '"')),
        Valid(described('"é" + "' + "x" * 1023 + '"')),  # characters, not bytes
        Valid(described("text()")),
        Valid(described('"x".repeat(2000)')),  # unknown
    ]
)

test_invalid = tests.invalid(
    [
        Invalid(
            described('"' + "x" * 1025 + '"'),
            [Finding("description-too-long", 3, 16, 3, 1043, data={"length": 1025, "limit": 1024})],
        ),
        # folded from constants, reported where the description is written
        Invalid(
            described("PART + PART + PART", extra=f'const PART = "{"y" * 400}";\n'),
            [Finding("description-too-long", 4, 16, 4, 34, data={"length": 1200, "limit": 1024})],
        ),
        # reported on the description's first line, whatever the line breaks
        Invalid(
            described('"' + "x" * 1025 + '" +\r\n    ""'),
            [Finding("description-too-long", 3, 16, 3, 1045, data={"length": 1025, "limit": 1024})],
        ),
        Invalid(
            f'<form toolname="s" tooldescription="{"z" * 1100}"><input name="q"></form>',
            [Finding("description-too-long", 1, 37, data={"length": 1100, "limit": 1024})],
            filename="a.html",
        ),
    ]
)
