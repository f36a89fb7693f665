"""What `registerTool` accepts: names, required members, input schemas, duplicates.

Each table row is a tool literal, what Chromium 156 does with it (`ok`, or the error name
and a part of its message), and whether the rule flags it. The browser tests check the
table against Chromium; the linter tests check the rule against the table, without a
browser. A row the browser rejects and the rule does not flag is a miss the table names;
a row the browser accepts must never be flagged.
"""

from __future__ import annotations

import json
from typing import NamedTuple

import pytest

from tests.browser.harness import Chromium, Outcome, register
from tests.helpers import lint, rules_in


class Row(NamedTuple):
    label: str
    members: str  # the tool literal's members; NAME stands for a name unique to the row
    browser: str  # "ok", or "ErrorName: part of the message"
    flagged: bool  # whether the rule under test reports it


def check_in_chromium(rule: str, row: Row, outcome: Outcome) -> None:
    if row.browser == "ok":
        assert outcome.ok, f"{rule}: Chromium now rejects {{{row.members}}}: {outcome}"
        return
    name, _, message = row.browser.partition(": ")
    assert not outcome.ok and outcome.name == name and message in outcome.message, (
        f"{rule}: Chromium no longer fails {{{row.members}}} with {row.browser}: {outcome}"
    )


def check_linter(rule: str, row: Row, name: str) -> None:
    assert not (row.flagged and row.browser == "ok"), f"{rule}: the table flags accepted code"
    code = f"document.modelContext.registerTool({{ {row.members.replace('NAME', name)} }});"
    flagged = rule in rules_in(lint(code))
    assert flagged == row.flagged, (
        f"{rule}: Chromium gives {row.browser} for {{{row.members}}}, and the rule "
        f"{'flags' if flagged else 'does not flag'} it"
    )


def outcomes_of(chromium: Chromium, rows: list[Row]) -> dict[str, Outcome]:
    calls = [
        "document.modelContext.registerTool({ "
        + row.members.replace("NAME", json.dumps(f"row_{index}"))
        + " })"
        for index, row in enumerate(rows)
    ]
    return dict(zip([row.label for row in rows], chromium.outcomes(calls), strict=True))


def params(rows: list[Row]) -> list[object]:
    return [pytest.param(row, id=row.label) for row in rows]


# --- tool-name-format: the name grammar ------------------------------------------------

INVALID = "InvalidStateError: Invalid tool name"


def name_row(label: str, literal: str, browser: str) -> Row:
    return Row(
        label, f'name: {literal}, description: "d", execute: () => 1', browser, browser != "ok"
    )


NAME_ROWS = [
    name_row("letters digits _ - .", '"Search_products-2.v1"', "ok"),
    name_row("one character", '"a"', "ok"),
    name_row("leading digit", '"9lives"', "ok"),
    name_row("leading dash", '"-tool"', "ok"),
    name_row("leading dot", '".tool"', "ok"),
    name_row("128 characters", json.dumps("x" * 128), "ok"),
    name_row("a number", "123", "ok"),
    name_row("a fraction", "1.5", "ok"),
    name_row("null becomes 'null'", "null", "ok"),
    name_row("true becomes 'true'", "true", "ok"),
    name_row("a template", "`search_products`", "ok"),
    name_row("129 characters", json.dumps("x" * 129), INVALID),
    name_row("empty", '""', INVALID),
    name_row("space", '"search products"', INVALID),
    name_row("slash", '"a/b"', INVALID),
    name_row("colon", '"a:b"', INVALID),
    name_row("exclamation mark", '"a!"', INVALID),
    name_row("plus", '"a+b"', INVALID),
    name_row("at", '"a@b"', INVALID),
    name_row("accented letter", '"café"', INVALID),
    name_row("non-Latin script", '"検索"', INVALID),
    name_row("tab", '"a\\tb"', INVALID),
    name_row("newline", '"a\\nb"', INVALID),
    name_row("1e21 becomes '1e+21'", "1e21", INVALID),
    name_row("template with a space", "`with space`", INVALID),
]


@pytest.fixture(scope="module")
def name_outcomes(chromium: Chromium) -> dict[str, Outcome]:
    return outcomes_of(chromium, NAME_ROWS)


@pytest.mark.parametrize("row", params(NAME_ROWS))
def test_tool_name_format_grammar_in_chromium(name_outcomes: dict[str, Outcome], row: Row) -> None:
    check_in_chromium("tool-name-format", row, name_outcomes[row.label])


@pytest.mark.parametrize("row", params(NAME_ROWS))
def test_tool_name_format_linter_agrees_with_chromium(row: Row) -> None:
    check_linter("tool-name-format", row, '"unused"')


# --- tool-required-members --------------------------------------------------------------

NOT_A_FUNCTION = "TypeError: Failed to read the 'execute' property"

MEMBER_ROWS = [
    Row("all three", 'name: NAME, description: "d", execute: () => 1', "ok", False),
    Row("whitespace description", 'name: NAME, description: "   ", execute: () => 1', "ok", False),
    Row("number description", "name: NAME, description: 5, execute: () => 1", "ok", False),
    Row(
        "100,000-character description",
        f"name: NAME, description: {json.dumps('d' * 100_000)}, execute: () => 1",
        "ok",
        False,
    ),
    Row("method execute", 'name: NAME, description: "d", execute() {}', "ok", False),
    Row(
        "no name",
        'description: "d", execute: () => 1',
        "TypeError: Failed to read the 'name' property",
        True,
    ),
    Row(
        "no description",
        "name: NAME, execute: () => 1",
        "TypeError: Failed to read the 'description' property",
        True,
    ),
    Row(
        "description undefined",
        "name: NAME, description: undefined, execute: () => 1",
        "TypeError: Failed to read the 'description' property",
        True,
    ),
    Row(
        "no execute",
        'name: NAME, description: "d"',
        "TypeError: Required member is undefined",
        True,
    ),
    Row(
        "handler instead of execute",
        'name: NAME, description: "d", handler: () => 1',
        NOT_A_FUNCTION,
        True,
    ),
    Row(
        "execute undefined",
        'name: NAME, description: "d", execute: undefined',
        NOT_A_FUNCTION,
        True,
    ),
    Row("execute a string", 'name: NAME, description: "d", execute: "run"', NOT_A_FUNCTION, True),
    Row("execute an object", 'name: NAME, description: "d", execute: {}', NOT_A_FUNCTION, True),
    Row(
        "empty description",
        'name: NAME, description: "", execute: () => 1',
        "InvalidStateError: Description is required",
        True,
    ),
]


@pytest.fixture(scope="module")
def member_outcomes(chromium: Chromium) -> dict[str, Outcome]:
    return outcomes_of(chromium, MEMBER_ROWS)


@pytest.mark.parametrize("row", params(MEMBER_ROWS))
def test_tool_required_members_in_chromium(member_outcomes: dict[str, Outcome], row: Row) -> None:
    check_in_chromium("tool-required-members", row, member_outcomes[row.label])


@pytest.mark.parametrize("row", params(MEMBER_ROWS))
def test_tool_required_members_linter_agrees_with_chromium(row: Row) -> None:
    check_linter("tool-required-members", row, '"get_weather"')


# --- input-schema-object ----------------------------------------------------------------

NOT_AN_OBJECT = "TypeError: Failed to read the 'inputSchema' property"
SCHEMA = '{ type: "object", properties: { q: { type: "string" } } }'


def schema_row(label: str, schema: str, browser: str, flagged: bool | None = None) -> Row:
    members = f'name: NAME, description: "d", inputSchema: {schema}, execute: () => 1'
    return Row(label, members, browser, browser != "ok" if flagged is None else flagged)


SCHEMA_ROWS = [
    schema_row("an object", SCHEMA, "ok"),
    schema_row("undefined (no schema)", "undefined", "ok"),
    schema_row("an array", "[]", "ok"),
    # Not validated as JSON Schema: served as written.
    schema_row("a string type", '{ type: "string" }', "ok"),
    schema_row("an unknown type", '{ type: "object", properties: { a: { type: "nope" } } }', "ok"),
    schema_row("JSON.stringify", f"JSON.stringify({SCHEMA})", NOT_AN_OBJECT),
    schema_row("a JSON string", '\'{"type": "object"}\'', NOT_AN_OBJECT),
    schema_row("a template", '`{"type": "object"}`', NOT_AN_OBJECT),
    schema_row("a number", "5", NOT_AN_OBJECT),
    schema_row("a boolean", "true", NOT_AN_OBJECT),
    schema_row("null", "null", NOT_AN_OBJECT),
    schema_row("a function", "() => ({})", "TypeError: invalid input schema"),
    # Circular objects cannot be written as a literal; Chromium rejects them.
    schema_row(
        "circular",
        "(() => { const s = { type: 'object' }; s.self = s; return s; })()",
        "TypeError",
        flagged=False,
    ),
]


@pytest.fixture(scope="module")
def schema_outcomes(chromium: Chromium) -> dict[str, Outcome]:
    return outcomes_of(chromium, SCHEMA_ROWS)


@pytest.mark.parametrize("row", params(SCHEMA_ROWS))
def test_input_schema_object_in_chromium(schema_outcomes: dict[str, Outcome], row: Row) -> None:
    check_in_chromium("input-schema-object", row, schema_outcomes[row.label])


@pytest.mark.parametrize("row", params(SCHEMA_ROWS))
def test_input_schema_object_linter_agrees_with_chromium(row: Row) -> None:
    check_linter("input-schema-object", row, '"find_store"')


def test_input_schema_object_is_served_as_written(chromium: Chromium) -> None:
    """Chromium neither validates nor rewrites the schema: the agent gets it verbatim."""
    schema = {"type": "object", "properties": {"a": {"type": "nope", "default": 3}}}
    served = chromium.evaluate(
        """async (schema) => {
            await document.modelContext.registerTool(
                { name: "t", description: "d", inputSchema: schema, execute: () => 1 });
            return (await document.modelContext.getTools())[0].inputSchema;
        }""",
        schema,
    )
    assert served == schema, f"input-schema-object: Chromium now serves {served!r}"


# --- tool-name-unique -------------------------------------------------------------------


def test_tool_name_unique_second_registration_is_rejected(chromium: Chromium) -> None:
    first, second, tools = chromium.outcomes(
        [
            register('name: "search", description: "one", execute: () => 1'),
            register('name: "search", description: "two", execute: () => 2'),
            "document.modelContext.getTools().then((tools) => tools.map((t) => t.description))",
        ]
    )
    assert first.ok, f"tool-name-unique: {first}"
    assert second.error == "InvalidStateError: Duplicate tool name", f"tool-name-unique: {second}"
    assert tools.value == ["one"], "tool-name-unique: the first registration no longer wins"


def test_tool_name_unique_names_are_case_sensitive(chromium: Chromium) -> None:
    both = chromium.outcomes(
        [
            register('name: "Search", description: "d", execute: () => 1'),
            register('name: "search", description: "d", execute: () => 1'),
        ]
    )
    assert all(outcome.ok for outcome in both), f"tool-name-unique: {both}"
    code = (
        'document.modelContext.registerTool({ name: "Search", description: "d", execute: f });\n'
        'document.modelContext.registerTool({ name: "search", description: "d", execute: f });\n'
    )
    assert "tool-name-unique" not in rules_in(lint(code))


def test_tool_name_unique_abort_frees_the_name(chromium: Chromium) -> None:
    """The page's fix: abort the first registration's signal, then register again."""
    outcomes = chromium.outcomes(
        [
            register(
                'name: "search", description: "one", execute: () => 1',
                "{ signal: controller.signal }",
            ),
            "controller.abort()",
            register('name: "search", description: "two", execute: () => 2'),
            "document.modelContext.getTools().then((tools) => tools.map((t) => t.description))",
        ],
        setup="const controller = new AbortController();",
    )
    assert [outcome.ok for outcome in outcomes] == [True] * 4, f"tool-name-unique: {outcomes}"
    assert outcomes[-1].value == ["two"]


def test_tool_name_unique_a_rejected_registration_does_not_take_the_name(
    chromium: Chromium,
) -> None:
    failed, retried = chromium.outcomes(
        [
            register('name: "search", description: "", execute: () => 1'),
            register('name: "search", description: "d", execute: () => 1'),
        ]
    )
    assert failed.name == "InvalidStateError" and retried.ok, f"tool-name-unique: {retried}"
