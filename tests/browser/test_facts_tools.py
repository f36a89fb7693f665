"""What `registerTool` accepts: names, required members, input schemas, duplicates.

Each table row is a tool literal, what Chromium 156 does with it (`ok`, or the error name
and a part of its message), and whether the rule flags it. The browser tests check the
table against Chromium; the linter tests check the rule against the table, without a
browser. A row the browser rejects and the rule does not flag is a miss the table names;
a row the browser accepts must never be flagged.
"""

from __future__ import annotations

import json
import time
from typing import Any, NamedTuple

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


# --- output-schema-valid ----------------------------------------------------------------
# Chrome 159 reads `outputSchema` (spec PR #254); Chromium 156 drops it like any unknown
# member, whatever it holds. So the rule's findings stay warnings about Chrome 159+: what
# 156 does is pinned here, so a Chromium that starts reading the member fails this test
# (and the rule's claims can then be checked in the browser).

OUTPUT_SCHEMAS = [
    ("an object", '{ type: "object", properties: { total: { type: "number" } } }'),
    ("a JSON string", "JSON.stringify({ type: 'object' })"),
    ("a number", "5"),
    ("null", "null"),
    ("a string root", '{ type: "string" }'),
]


def test_output_schema_valid_chromium_156_ignores_the_member(chromium: Chromium) -> None:
    members = 'name: "out{}", description: "d", outputSchema: {}, execute: () => 1'
    calls = [
        f"document.modelContext.registerTool({{ {members.format(index, schema)} }})"
        for index, (_, schema) in enumerate(OUTPUT_SCHEMAS)
    ]
    calls.append(
        "document.modelContext.getTools().then((tools) => tools.map((tool) => "
        "[tool.name, 'outputSchema' in tool]))"
    )
    *registered, listed = chromium.outcomes(calls)
    for (label, _), outcome in zip(OUTPUT_SCHEMAS, registered, strict=True):
        assert outcome.ok, f"output-schema-valid: Chromium now rejects outputSchema {label}"
    assert listed.ok
    assert sorted(listed.value) == [[f"out{i}", False] for i in range(len(OUTPUT_SCHEMAS))], (
        f"output-schema-valid: Chromium now lists an outputSchema: {listed.value}"
    )
    flagged = [
        "output-schema-valid" in rules_in(lint(f"document.modelContext.registerTool({{ {m} }});"))
        for m in (members.format(i, schema) for i, (_, schema) in enumerate(OUTPUT_SCHEMAS))
    ]
    assert flagged == [False, True, True, True, True]


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


# --- input-schema-root ------------------------------------------------------------------
# Registration accepts any object as the schema and serves it verbatim, whatever its root
# says. What reaches execute depends on the way in: `executeTool()` (an agent in the page,
# an extension) passes an array through, while the DevTools protocol's
# `WebMCP.invokeTool` takes an object only. Neither sends a string or a number.

ROOTS = {
    "array": {"type": "array", "items": {"type": "string"}},
    "string": {"type": "string"},
    "number": {"type": "number"},
    "anyOf": {
        "anyOf": [{"type": "object", "properties": {"q": {"type": "string"}}}, {"type": "string"}]
    },
    "oneOf": {"oneOf": [{"type": "string"}, {"type": "number"}]},
    "enum": {"enum": ["small", "large"]},
    "no type": {"properties": {"q": {"type": "string"}}},
}
ECHO_INPUT = "(input) => ({ input, isArray: Array.isArray(input) })"


@pytest.fixture(scope="module")
def root_tools(chromium: Chromium) -> list[Any]:
    (outcome,) = chromium.outcomes(
        [
            """(async () => {
                for (const [index, schema] of Object.entries(roots)) {
                    await document.modelContext.registerTool({ name: `root_${index}`,
                        description: "d", inputSchema: schema, execute: echo });
                }
                return (await document.modelContext.getTools()).map((t) => t.inputSchema);
            })()"""
        ],
        setup=f"const roots = {json.dumps(list(ROOTS.values()))}; const echo = {ECHO_INPUT};",
    )
    assert outcome.ok, f"input-schema-root: registering the roots now gives {outcome}"
    return list(outcome.value)


@pytest.mark.parametrize("index", [pytest.param(i, id=label) for i, label in enumerate(ROOTS)])
def test_input_schema_root_is_accepted_and_served_as_written(
    root_tools: list[Any], index: int
) -> None:
    schema = list(ROOTS.values())[index]
    assert root_tools[index] == schema, (
        f"input-schema-root: Chromium now serves {root_tools[index]!r} for {schema!r}"
    )


NOT_AN_INPUT = "TypeError: invalid input object: value is not an object"


class RootInput(NamedTuple):
    label: str
    root: str  # a key of ROOTS
    given: str  # the JS input
    execute_gets: Any  # what execute received, or "ErrorName: part of the message"


ROOT_INPUTS = [
    RootInput("an array to an array root", "array", '["red", "blue"]', ["red", "blue"]),
    RootInput("an empty array", "array", "[]", []),
    RootInput("an object to an array root", "array", '{ q: "x" }', {"q": "x"}),
    RootInput("a string to a string root", "string", '"red"', NOT_AN_INPUT),
    RootInput("a number to a number root", "number", "5", NOT_AN_INPUT),
    RootInput("a string to an enum root", "enum", '"small"', NOT_AN_INPUT),
    RootInput("an array to a string root", "string", '["red"]', ["red"]),
]


@pytest.mark.parametrize("row", [pytest.param(row, id=row.label) for row in ROOT_INPUTS])
def test_input_schema_root_what_execute_tool_passes(chromium: Chromium, row: RootInput) -> None:
    tool = register(
        f'name: "root", description: "d", inputSchema: {json.dumps(ROOTS[row.root])}, '
        f"execute: {ECHO_INPUT}"
    )
    (outcome,) = chromium.outcomes(
        [f"document.modelContext.executeTool(tool, {row.given})"],
        setup=f"await {tool}; const [tool] = await document.modelContext.getTools();",
    )
    if row.execute_gets == NOT_AN_INPUT:
        name, _, message = row.execute_gets.partition(": ")
        assert outcome.name == name and message in outcome.message, (
            f"input-schema-root: executeTool with {row.label} now gives {outcome}"
        )
    else:
        assert outcome.ok and json.loads(outcome.value) == {
            "input": row.execute_gets,
            "isArray": isinstance(row.execute_gets, list),
        }, f"input-schema-root: executeTool with {row.label} now gives {outcome}"


def test_input_schema_root_devtools_sends_objects_only(chromium: Chromium) -> None:
    """`WebMCP.invokeTool` (how DevTools and DevTools-driven agents call a tool) declares
    its input an object: an array or a string is refused before the page sees it."""
    from playwright.sync_api import Error as PlaywrightError

    tool = register(
        f'name: "root", description: "d", inputSchema: {json.dumps(ROOTS["array"])}, '
        f"execute: {ECHO_INPUT}"
    )
    with chromium.page() as page:
        devtools = chromium.context.new_cdp_session(page)
        responded: list[Any] = []
        devtools.on("WebMCP.toolResponded", lambda event: responded.append(event))
        devtools.send("WebMCP.enable")
        page.goto(chromium.site.blank)
        page.evaluate(f"async () => {{ await {tool}; }}")
        frame = devtools.send("Page.getFrameTree")["frameTree"]["frame"]["id"]
        call = {"frameId": frame, "toolName": "root"}
        for given in (["red"], "red", '["red"]'):
            with pytest.raises(PlaywrightError, match="Invalid parameters"):
                devtools.send("WebMCP.invokeTool", call | {"input": given})
        devtools.send("WebMCP.invokeTool", call | {"input": {"q": "x"}})
        deadline = time.monotonic() + 5
        while not responded and time.monotonic() < deadline:
            page.wait_for_timeout(25)
        devtools.detach()
    assert [event["output"] for event in responded] == [{"input": {"q": "x"}, "isArray": False}]
