"""get-tools-serialize: what Chromium does when the tools `getTools()` returns are
serialized, cloned or posted, and get-tools-fields: what they hold before Chrome 160.

Each row is code run after one tool was registered (`tools` is what getTools() gave), what
Chromium 156 does with it, and whether get-tools-serialize flags it. The rows the browser
rejects must be flagged, the rows it accepts must not be: checked in Chromium and, without
a browser, against the linter.
"""

from __future__ import annotations

from typing import NamedTuple

import pytest

from tests.browser.harness import Chromium, Outcome, register
from tests.helpers import lint, only

RULE = "get-tools-serialize"
CIRCULAR = "TypeError: Converting circular structure to JSON"
NOT_CLONED = "DataCloneError: could not be cloned"


PLAIN_TOOL = register('name: "plain", description: "d", execute: () => 1')


class Row(NamedTuple):
    label: str
    code: str  # an expression; `tools` is what getTools() returned
    browser: str  # "ok", or "ErrorName: part of the message"


ROWS = [
    Row("stringify the list", "JSON.stringify(tools)", CIRCULAR),
    Row("stringify a tool", "JSON.stringify(tools[0])", CIRCULAR),
    Row("stringify the list, indented", "JSON.stringify(tools, null, 2)", CIRCULAR),
    Row("stringify an object holding them", "JSON.stringify({ tools })", CIRCULAR),
    Row("structuredClone a tool", "structuredClone(tools[0])", NOT_CLONED),
    Row("postMessage of the list", "window.postMessage(tools, '*')", NOT_CLONED),
    Row(
        "postMessage on a port",
        "new MessageChannel().port1.postMessage({ tool: tools[0] })",
        NOT_CLONED,
    ),
    Row("a replacer listing keys", 'JSON.stringify(tools, ["name", "description"])', "ok"),
    Row(
        "the fields copied first",
        "JSON.stringify(tools.map(({ name, description }) => ({ name, description })))",
        "ok",
    ),
    Row("a field of a tool", "structuredClone(tools[0].name)", "ok"),
]


@pytest.fixture(scope="module")
def outcomes(chromium: Chromium) -> dict[str, Outcome]:
    setup = f"""
        await {register('name: "search_orders", description: "d", execute: () => 1')};
        const tools = await document.modelContext.getTools();
    """
    found = chromium.outcomes([row.code for row in ROWS], setup=setup)
    return dict(zip([row.label for row in ROWS], found, strict=True))


@pytest.mark.parametrize("row", [pytest.param(row, id=row.label) for row in ROWS])
def test_get_tools_serialize_in_chromium(outcomes: dict[str, Outcome], row: Row) -> None:
    outcome = outcomes[row.label]
    if row.browser == "ok":
        assert outcome.ok, f"{RULE}: Chromium now fails `{row.code}`: {outcome}"
        return
    name, _, message = row.browser.partition(": ")
    assert not outcome.ok and outcome.name == name and message in outcome.message, (
        f"{RULE}: Chromium no longer fails `{row.code}` with {row.browser}: {outcome}"
    )


@pytest.mark.parametrize("row", [pytest.param(row, id=row.label) for row in ROWS])
def test_get_tools_serialize_linter_agrees_with_chromium(row: Row) -> None:
    code = f"const tools = await document.modelContext.getTools();\nconst x = {row.code};\n"
    flagged = bool(only(lint(code), RULE))
    assert flagged == (row.browser != "ok"), (
        f"{RULE}: Chromium gives {row.browser} for `{row.code}`, and the rule "
        f"{'flags' if flagged else 'does not flag'} it"
    )


def test_get_tools_fields_what_chromium_156_returns(chromium: Chromium) -> None:
    """The dictionaries Chromium 156 returns, which get-tools-fields' code relies on (and
    Chrome 160 changes): a `window` of the registering frame, no `source`, no schema key
    for a tool registered without one, and own fields a spread copies."""
    (outcome,) = chromium.outcomes(
        [
            """document.modelContext.getTools().then(([tool]) => ({
                window: tool.window === window,
                source: "source" in tool,
                inputSchema: "inputSchema" in tool,
                spread: Object.keys({ ...tool }).sort(),
            }))"""
        ],
        setup=f"await {PLAIN_TOOL};",
    )
    assert outcome.ok, outcome
    assert outcome.value == {
        "window": True,
        "source": False,
        "inputSchema": False,
        "spread": ["description", "name", "origin", "title", "window"],
    }, f"get-tools-fields: Chromium now returns {outcome.value}"
