"""The claim syntax of rule pages and how claims are judged (no browser needed)."""

from __future__ import annotations

import pytest

from tests.browser.claims import (
    ClaimError,
    Clause,
    Observation,
    ObservedError,
    parse_claims,
    sample_input,
    unmet,
)


def test_clauses_are_separated_by_semicolons() -> None:
    claims = parse_claims(
        "given-tool search; error InvalidStateError: Duplicate tool name; registers a b"
    )
    assert claims.clauses == (
        Clause("given-tool", ("search",)),
        Clause("error", ("InvalidStateError",), "Duplicate tool name"),
        Clause("registers", ("a", "b")),
    )
    assert claims.given_tools == ["search"]
    assert (
        str(claims)
        == "given-tool search; error InvalidStateError: Duplicate tool name; registers a b"
    )


def test_an_error_message_may_contain_colons_and_quotes() -> None:
    (clause,) = parse_claims(
        "error TypeError: Failed to read the 'x' property from 'Y': Required"
    ).clauses
    assert clause.text == "Failed to read the 'x' property from 'Y': Required"


@pytest.mark.parametrize(
    ("value", "complaint"),
    [
        ("rejects TypeError", "unknown clause 'rejects'"),
        ("error", "`error` takes 1 argument(s), got 0"),
        ("error TypeError:", "empty message"),
        ("missing-tool", "`missing-tool` takes 1 argument(s)"),
        ("missing-tool a b", "`missing-tool` takes 1 argument(s), got 2"),
        ("missing-parameter search", "`missing-parameter` takes 2 argument(s), got 1"),
        ("registers", "`registers` takes at least 1 argument(s), got 0"),
        ("no-tools search", "`no-tools` takes no argument(s), got 1"),
    ],
)
def test_a_malformed_claim_says_what_is_wrong(value: str, complaint: str) -> None:
    with pytest.raises(ClaimError, match=complaint.replace("(", r"\(").replace(")", r"\)")):
        parse_claims(value)


def seen(**fields: object) -> Observation:
    return Observation(**fields)  # type: ignore[arg-type]


DUPLICATE = ObservedError("unhandled rejection", "InvalidStateError", "Duplicate tool name")


def test_errors_are_matched_both_ways() -> None:
    observed = seen(errors=[DUPLICATE])
    assert unmet(parse_claims("error InvalidStateError"), observed) == []
    assert unmet(parse_claims("error InvalidStateError: Duplicate"), observed) == []
    assert unmet(parse_claims("error InvalidStateError: Invalid tool name"), observed) == [
        "no InvalidStateError with a message containing 'Invalid tool name' was raised",
        "an unclaimed error was raised: InvalidStateError: Duplicate tool name "
        "(unhandled rejection)",
    ]
    assert unmet(
        parse_claims("registers search"), seen(errors=[DUPLICATE], tools=[{"name": "search"}])
    ) == [
        "an unclaimed error was raised: InvalidStateError: Duplicate tool name "
        "(unhandled rejection)"
    ]


def test_registers_counts_only_the_examples_own_tools() -> None:
    observed = seen(tools=[{"name": "search"}, {"name": "helper"}], given=["helper"])
    assert unmet(parse_claims("registers search"), observed) == []
    assert unmet(parse_claims("registers search helper"), observed) == [
        "expected exactly search, helper registered, got search"
    ]


def test_no_tools() -> None:
    assert unmet(parse_claims("no-tools"), seen(tools=[{"name": "given"}], given=["given"])) == []
    assert unmet(parse_claims("no-tools"), seen(tools=[{"name": "search"}])) == [
        "expected no tool, got search"
    ]


def test_missing_tool_and_missing_parameter() -> None:
    schema = {"type": "object", "properties": {"query": {"type": "string"}}}
    observed = seen(tools=[{"name": "search", "inputSchema": schema}])
    assert unmet(parse_claims("missing-tool checkout"), observed) == []
    assert unmet(parse_claims("missing-tool search"), observed) == ["tool search is registered"]
    assert unmet(parse_claims("missing-parameter search sort"), observed) == []
    assert unmet(parse_claims("missing-parameter search query"), observed) == [
        "tool search has the parameter query"
    ]
    assert unmet(parse_claims("missing-parameter checkout query"), observed) == [
        "tool checkout is not registered at all"
    ]


def test_executes_needs_an_object_input() -> None:
    claims = parse_claims("given-tool search; executes search")
    assert unmet(claims, seen(given=["search"], given_inputs={"search": [{"q": "x"}]})) == []
    assert unmet(claims, seen(given=["search"], given_inputs={"search": []})) == [
        "tool search was never executed"
    ]
    assert unmet(claims, seen(given=["search"], given_inputs={"search": [["x"]]})) == [
        "tool search received inputs [['x']], not objects"
    ]


def test_sample_input_fills_required_properties_only() -> None:
    schema = {
        "type": "object",
        "properties": {
            "query": {"type": "string"},
            "size": {"type": "integer", "minimum": 2},
            "sort": {"type": "string", "enum": ["price", "name"]},
            "gift": {"type": "boolean"},
            "tags": {"type": "array"},
            "where": {"type": "object", "properties": {"city": {}}, "required": ["city"]},
            "optional": {"type": "string"},
        },
        "required": ["query", "size", "sort", "gift", "tags", "where"],
    }
    assert sample_input(schema) == {
        "query": "example",
        "size": 2,
        "sort": "price",
        "gift": True,
        "tags": [],
        "where": {"city": "example"},
    }
    assert sample_input(None) == {}
    assert sample_input({"type": "object", "required": "query"}) == {}
