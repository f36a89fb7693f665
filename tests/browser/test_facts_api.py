"""The API surface: where the entry point lives, which members exist, executeTool's input,
and registration signals."""

from __future__ import annotations

from typing import NamedTuple

import pytest

from tests.browser.harness import Chromium, Outcome, register
from tests.helpers import lint, rules_in
from webmcp_lint.checks.api.no_removed_api import REMOVED_METHODS

# --- no-navigator-model-context ---------------------------------------------------------


def test_no_navigator_model_context_navigator_has_no_model_context(chromium: Chromium) -> None:
    seen = chromium.evaluate(
        """() => ({
            inNavigator: "modelContext" in navigator,
            onPrototype: "modelContext" in Navigator.prototype,
            value: typeof navigator.modelContext,
            viaWindow: typeof window.navigator.modelContext,
            inDocument: "modelContext" in document,
        })"""
    )
    assert seen == {
        "inNavigator": False,
        "onPrototype": False,
        "value": "undefined",
        "viaWindow": "undefined",
        "inDocument": True,
    }, f"no-navigator-model-context: Chromium now has {seen}"


def test_no_navigator_model_context_calling_it_throws(chromium: Chromium) -> None:
    (outcome,) = chromium.outcomes(
        [register('name: "a", description: "d", execute: () => 1').replace("document", "navigator")]
    )
    assert outcome.name == "TypeError", f"no-navigator-model-context: the call now gives {outcome}"
    assert "Cannot read properties of undefined" in outcome.message


# --- no-removed-api ---------------------------------------------------------------------

CURRENT_MEMBERS = [
    "executeTool",
    "getTools",
    "ontoolactivated",
    "ontoolcancel",
    "ontoolchange",
    "registerTool",
]


def test_no_removed_api_model_context_members(chromium: Chromium) -> None:
    """If Chromium adds a member (say, unregisterTool comes back), this names the rule."""
    members = chromium.evaluate(
        """() => Object.getOwnPropertyNames(Object.getPrototypeOf(document.modelContext))
            .filter((name) => name !== "constructor").sort()"""
    )
    assert members == CURRENT_MEMBERS, f"no-removed-api: ModelContext now has {members}"


@pytest.mark.parametrize("method", sorted(REMOVED_METHODS))
def test_no_removed_api_removed_method_throws(chromium: Chromium, method: str) -> None:
    (outcome,) = chromium.outcomes([f'document.modelContext.{method}("search_products")'])
    assert outcome.error == f"TypeError: document.modelContext.{method} is not a function", (
        f"no-removed-api: calling {method} now gives {outcome}"
    )
    assert "no-removed-api" in rules_in(lint(f"document.modelContext.{method}('x');"))


@pytest.mark.parametrize("method", ["registerTool", "getTools", "executeTool"])
def test_no_removed_api_current_methods_are_not_flagged(method: str) -> None:
    assert "no-removed-api" not in rules_in(lint(f"document.modelContext.{method}(x);"))


def test_no_removed_api_model_context_testing_is_gone(chromium: Chromium) -> None:
    seen = chromium.evaluate(
        "() => [typeof navigator.modelContextTesting, typeof document.modelContextTesting]"
    )
    assert seen == ["undefined", "undefined"], f"no-removed-api: modelContextTesting is {seen}"


def test_no_removed_api_aborting_the_signal_unregisters(chromium: Chromium) -> None:
    """The replacement the page recommends for unregisterTool()."""
    outcomes = chromium.outcomes(
        [
            register('name: "help", description: "d", execute: () => 1', "{ signal: c.signal }"),
            "document.modelContext.getTools().then((tools) => tools.map((t) => t.name))",
            "c.abort()",
            "document.modelContext.getTools().then((tools) => tools.map((t) => t.name))",
        ],
        setup="const c = new AbortController();",
    )
    assert [outcome.value for outcome in outcomes] == [None, ["help"], None, []], (
        f"no-removed-api: registering, then aborting, now gives {outcomes}"
    )


def test_no_removed_api_an_aborted_signal_rejects_registration(chromium: Chromium) -> None:
    outcomes = chromium.outcomes(
        [
            register('name: "help", description: "d", execute: () => 1', "{ signal: c.signal }"),
            "document.modelContext.getTools().then((tools) => tools.length)",
        ],
        setup="const c = new AbortController(); c.abort();",
    )
    assert outcomes[0].name == "AbortError", f"no-removed-api: now {outcomes[0]}"
    assert outcomes[1].value == 0


# --- execute-tool-object-input ----------------------------------------------------------

INVALID_INPUT = "TypeError: invalid input object: value is not an object"


class Input(NamedTuple):
    label: str
    arguments: str  # what follows the tool in executeTool(tool, ...)
    browser: str  # "ok", or "ErrorName: part of the message"
    flagged: bool


INPUT_ROWS = [
    Input("an object", ', { query: "shoes" }', "ok", False),
    Input("no input", "", "ok", False),
    Input("undefined", ", undefined", "ok", False),
    Input("an array", ', ["shoes"]', "ok", False),
    Input("a Map (passed as {})", ", new Map([[1, 2]])", "ok", False),
    Input("a JSON string", ', \'{"query": "shoes"}\'', INVALID_INPUT, True),
    Input("JSON.stringify", ', JSON.stringify({ query: "shoes" })', INVALID_INPUT, True),
    Input("a template", ", `{}`", INVALID_INPUT, True),
    Input("a number", ", 5", INVALID_INPUT, True),
    Input("a boolean", ", true", INVALID_INPUT, True),
    Input("null", ", null", INVALID_INPUT, True),
    Input("a function", ", () => ({})", "TypeError: invalid input object", True),
    Input("a Date", ", new Date(0)", "UnknownError: Failed to parse input arguments", False),
]


@pytest.fixture(scope="module")
def input_outcomes(chromium: Chromium) -> dict[str, Outcome]:
    calls = [f"document.modelContext.executeTool(tool{row.arguments})" for row in INPUT_ROWS]
    echo = register('name: "echo", description: "d", execute: (input) => input')
    setup = f"await {echo}; const [tool] = await document.modelContext.getTools();"
    return dict(zip([r.label for r in INPUT_ROWS], chromium.outcomes(calls, setup), strict=True))


@pytest.mark.parametrize("row", [pytest.param(row, id=row.label) for row in INPUT_ROWS])
def test_execute_tool_object_input_in_chromium(
    input_outcomes: dict[str, Outcome], row: Input
) -> None:
    outcome = input_outcomes[row.label]
    if row.browser == "ok":
        assert outcome.ok, f"execute-tool-object-input: Chromium now rejects {row.label}: {outcome}"
    else:
        name, _, message = row.browser.partition(": ")
        assert outcome.name == name and message in outcome.message, (
            f"execute-tool-object-input: {row.label} no longer fails with {row.browser}: {outcome}"
        )


@pytest.mark.parametrize("row", [pytest.param(row, id=row.label) for row in INPUT_ROWS])
def test_execute_tool_object_input_linter_agrees_with_chromium(row: Input) -> None:
    code = f"await document.modelContext.executeTool(tool{row.arguments});"
    flagged = "execute-tool-object-input" in rules_in(lint(code))
    assert flagged == row.flagged, (
        f"execute-tool-object-input: Chromium gives {row.browser} for {row.label}, and the "
        f"rule {'flags' if flagged else 'does not flag'} it"
    )


# --- what old code and its fallbacks do now ---------------------------------------------


def test_no_navigator_model_context_fallbacks(chromium: Chromium) -> None:
    """`navigator.modelContext` is undefined, so code that falls back to it works only
    when document.modelContext comes first, and optional chaining on it registers
    nothing without a word."""
    outcomes = chromium.outcomes(
        [
            "(document.modelContext ?? navigator.modelContext) === document.modelContext",
            "(navigator.modelContext ?? document.modelContext) === document.modelContext",
            register('name: "a", description: "d", execute: () => 1').replace(
                "document.modelContext", "navigator.modelContext?"
            ),
            register('name: "b", description: "d", execute: () => 1').replace(
                "document.modelContext", "(document.modelContext ?? navigator.modelContext)"
            ),
            "document.modelContext.getTools().then((tools) => tools.map((t) => t.name))",
        ]
    )
    assert [str(outcome) for outcome in outcomes] == [
        "resolved True",
        "resolved True",
        "resolved None",
        "resolved None",
        "resolved ['b']",
    ], f"no-navigator-model-context: the fallbacks now give {outcomes}"


def test_no_removed_api_feature_tested_unregister_does_nothing(chromium: Chromium) -> None:
    """`if (typeof mc.unregisterTool === "function") mc.unregisterTool(name)`: reading
    the member gives undefined without throwing, the guarded call never happens, and the
    tool stays registered."""
    outcomes = chromium.outcomes(
        [
            register('name: "help", description: "d", execute: () => 1'),
            "typeof mc.unregisterTool",
            "mc.unregisterTool === undefined && !('unregisterTool' in mc)",
            """(() => {
                if (typeof mc.unregisterTool === "function") mc.unregisterTool("help");
                return "done";
            })()""",
            "mc.getTools().then((tools) => tools.map((t) => t.name))",
        ],
        setup="const mc = document.modelContext;",
    )
    assert [str(outcome) for outcome in outcomes] == [
        "resolved None",
        "resolved 'undefined'",
        "resolved True",
        "resolved 'done'",
        "resolved ['help']",
    ], f"no-removed-api: the guarded unregisterTool now gives {outcomes}"
