"""description-negative: descriptions that mostly say what the tool does not do."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.helpers import lint, only
from tests.rule_tester import Finding, Invalid, RuleTester, Valid
from tests.rules.snippets import described, js, schema_with
from webmcp_lint.checks.description.description_negative import (
    _NEGATIVE_SENTENCE,
    NEGATIVE_STARTS,
    is_negative,
)

NEGATIVE = "description-negative"


def test_a_description_of_prohibitions_is_flagged() -> None:
    [finding] = only(lint(described(js("Don't use this tool for weather."))), NEGATIVE)
    assert finding.severity == "info"
    assert (finding.line, finding.column, finding.end_column) == (3, 17, 49)


@pytest.mark.parametrize(
    ("text", "flagged"),
    [
        ("Don't use this tool for weather.", True),
        ("Never use it for reminders. Does not handle weather. Creates events.", True),
        ("Not for refunds. Cancels an order.", True),  # opens with the limit, half of it
        ("Creates a calendar event. Does not send invitations.", False),
        ("Deletes the account. It cannot be undone.", False),
        ("Lists the orders that have not shipped yet.", False),
        ("Creates an event. Use it when the user wants to meet. It won't send e-mail.", False),
    ],
)
def test_negative_means_mainly_negative(text: str, flagged: bool) -> None:
    assert bool(only(lint(described(js(text))), NEGATIVE)) is flagged


def test_parameter_descriptions_may_state_limits() -> None:
    schema = schema_with(
        {"phone": '{ type: "string", description: "Do not include the country code." }'}
    )
    assert only(lint(described(js("Calls a number."), schema)), NEGATIVE) == []
    assert is_negative("Do not include the country code.")


@settings(max_examples=200)
@given(st.from_regex(_NEGATIVE_SENTENCE.compiled, alphabet=st.characters(codec="ascii")))
def test_every_negative_ascii_sentence_starts_with_a_negative_start(sentence: str) -> None:
    assert _NEGATIVE_SENTENCE.compiled.match(sentence) is not None
    assert sentence[:6].lower().startswith(NEGATIVE_STARTS)


def test_other_text_goes_to_the_pattern_whose_case_folding_goes_past_ascii() -> None:
    # The long s (U+017F) matches `s` when case is ignored.
    assert is_negative("\u017fhould not be used for refunds.")


RULE_TESTS = RuleTester(NEGATIVE)

test_valid = RULE_TESTS.valid([Valid(described(js("Finds orders. Do not use for refunds.")))])

test_invalid = RULE_TESTS.invalid(
    [
        Invalid(
            described(js("Do not use for refunds. Never call twice. Finds orders.")),
            [
                Finding(
                    "mostly-negative",
                    3,
                    17,
                    3,
                    40,
                    data={"sentence": "Do not use for refunds."},
                )
            ],
        ),
    ]
)
