"""What an agent receives from `execute`, and what `execute` receives.

The tests are named after the rules (some still to be written) that rely on each fact:
execute-result-serializable, execute-no-throw, no-execute-client-param,
execute-apply-defaults.
"""

from __future__ import annotations

import json
from typing import NamedTuple

import pytest

from tests.browser.harness import Chromium, Outcome, register

FAILED = "UnknownError: Tool was executed but the invocation failed"


def registered(name: str, execute: str) -> str:
    return register(f'name: "{name}", description: "d", execute: {execute}')


class Result(NamedTuple):
    label: str
    returns: str  # the body of an arrow function: what execute returns
    agent_gets: str  # the string executeTool resolves to, or "ErrorName: message part"


RESULT_ROWS = [
    Result("a string (as is, not JSON)", '"text"', "text"),
    Result("a number", "4", "4"),
    Result("a boolean", "true", "true"),
    Result("null", "null", "null"),
    Result("undefined", "undefined", "undefined"),
    Result("nothing (async)", "(async () => {})()", "undefined"),
    Result("a plain object", "({ a: 1 })", '{"a":1}'),
    Result("an array", '[1, "a"]', '[1,"a"]'),
    Result("a Date (its JSON)", "new Date(0)", '"1970-01-01T00:00:00.000Z"'),
    Result("NaN at the top", "NaN", "NaN"),
    Result("NaN inside", "({ n: NaN })", '{"n":null}'),
    Result("a BigInt at the top", "10n", "10"),
    Result("a Map: data lost", "new Map([[1, 2]])", "{}"),
    Result("a Set: data lost", "new Set([1])", "{}"),
    Result("a DOM node: data lost", "document.body", "{}"),
    Result("a function", "() => 1", "undefined"),
    Result(
        "members that vanish", "({ m: new Map([[1, 2]]), u: undefined, f: () => 1 })", '{"m":{}}'
    ),
    Result("a BigInt inside", "({ n: 1n })", FAILED),
    Result("a circular object", "(() => { const o = {}; o.self = o; return o; })()", FAILED),
]


@pytest.fixture(scope="module")
def result_outcomes(chromium: Chromium) -> dict[str, Outcome]:
    registrations = "\n".join(
        f"await {registered(f'r{index}', f'() => ({row.returns})')};"
        for index, row in enumerate(RESULT_ROWS)
    )
    setup = registrations + "\nconst tools = await document.modelContext.getTools();"
    calls = [
        f'document.modelContext.executeTool(tools.find((t) => t.name === "r{index}"), {{}})'
        for index in range(len(RESULT_ROWS))
    ]
    results = chromium.outcomes(calls, setup)
    return dict(zip([row.label for row in RESULT_ROWS], results, strict=True))


@pytest.mark.parametrize("row", [pytest.param(row, id=row.label) for row in RESULT_ROWS])
def test_execute_result_serializable_what_the_agent_gets(
    result_outcomes: dict[str, Outcome], row: Result
) -> None:
    outcome = result_outcomes[row.label]
    if row.agent_gets.startswith("UnknownError: "):
        assert outcome.error is not None and outcome.error.startswith(row.agent_gets), (
            f"execute-result-serializable: returning {row.label} now gives {outcome}"
        )
    else:
        assert outcome.ok and outcome.value == row.agent_gets, (
            f"execute-result-serializable: returning {row.label} now gives {outcome}, "
            f"not {row.agent_gets!r}"
        )


def test_execute_result_serializable_a_symbol_crashes_the_page(chromium: Chromium) -> None:
    """Chromium 156 bug: a tool returning a Symbol crashes the renderer (the tab dies)."""
    from playwright.sync_api import Error as PlaywrightError

    tool = register('name: "s", description: "d", execute: () => Symbol("x")')
    setup = f"await {tool}; const [tool] = await document.modelContext.getTools();"
    with pytest.raises(PlaywrightError, match="crashed"):
        chromium.outcomes(["document.modelContext.executeTool(tool, {})"], setup)
    assert chromium.outcomes(["1 + 1"])[0].value == 2  # the next page is fine


def test_execute_no_throw_the_agent_never_sees_the_message(chromium: Chromium) -> None:
    thrown, rejected = chromium.outcomes(
        [
            'document.modelContext.executeTool(tools.find((t) => t.name === "throws"), {})',
            'document.modelContext.executeTool(tools.find((t) => t.name === "rejects"), {})',
        ],
        setup=f"""
            await {registered("throws", '() => { throw new Error("Out of stock"); }')};
            await {registered("rejects", 'async () => Promise.reject(new Error("Out of stock"))')};
            const tools = await document.modelContext.getTools();
        """,
    )
    for outcome in (thrown, rejected):
        assert outcome.error is not None and outcome.error.startswith(FAILED), (
            f"execute-no-throw: a throwing execute now gives {outcome}"
        )
        assert "Out of stock" not in outcome.message, (
            "execute-no-throw: the thrown message now reaches the agent"
        )


def test_no_execute_client_param_options_has_only_signal(chromium: Chromium) -> None:
    echo = register(
        'name: "opts", description: "d", execute: (input, options) => ({ '
        "keys: Object.keys(options), signal: options.signal instanceof AbortSignal, "
        "aborted: options.signal.aborted, "
        "client: typeof options.requestUserInteraction })"
    )
    (outcome,) = chromium.outcomes(
        ["document.modelContext.executeTool(tool, {})"],
        setup=f"await {echo}; const [tool] = await document.modelContext.getTools();",
    )
    assert outcome.ok and json.loads(outcome.value) == {
        "keys": ["signal"],
        "signal": True,
        "aborted": False,
        "client": "undefined",
    }, f"no-execute-client-param: execute's second argument is now {outcome}"


def test_execute_apply_defaults_input_reaches_execute_unvalidated(chromium: Chromium) -> None:
    """No validation against the schema and no defaults: execute gets the object as sent."""
    echo = register(
        'name: "echo", description: "d", execute: (input) => input, inputSchema: { '
        'type: "object", required: ["n"], properties: { n: { type: "number", default: 3 } } }'
    )
    outcomes = chromium.outcomes(
        [
            "document.modelContext.executeTool(tool, {})",
            'document.modelContext.executeTool(tool, { n: "notnum" })',
        ],
        setup=f"await {echo}; const [tool] = await document.modelContext.getTools();",
    )
    assert [json.loads(outcome.value) for outcome in outcomes] == [{}, {"n": "notnum"}], (
        f"execute-apply-defaults: Chromium now changes the input: {outcomes}"
    )
