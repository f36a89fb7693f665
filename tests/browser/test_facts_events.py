"""Tool events and submit handlers: the facts tool-event-name, respond-with-sync and
respond-with-prevent-default rely on, checked in Chromium."""

from __future__ import annotations

from typing import NamedTuple

import pytest

from tests.browser.claims import parse_claims, unmet
from tests.browser.harness import Chromium
from tests.helpers import lint, rules_in

# Listen for every tool event (and the misspellings tool-event-name flags) on every
# target a page might use, then let an agent register, start and cancel a tool.
EVENTS_SEEN = """async () => {
    const seen = [];
    const targets = { window, document, modelContext: document.modelContext };
    const names = ["toolchange", "toolactivated", "toolcancel", "toolcanceled", "toolchanged"];
    for (const [label, target] of Object.entries(targets)) {
        for (const name of names) {
            target.addEventListener(name, (event) => seen.push(`${label} ${event.type}`));
        }
    }
    let ended;
    const ends = new Promise((resolve) => (ended = resolve));
    await document.modelContext.registerTool({
        name: "slow_search",
        description: "d",
        execute: (input, { signal }) => {
            signal.addEventListener("abort", () => ended());
            return ends;
        },
    });
    const [tool] = await document.modelContext.getTools();
    const controller = new AbortController();
    const run = document.modelContext.executeTool(tool, {}, { signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 50));
    controller.abort();
    await run.catch(() => {});
    await new Promise((resolve) => setTimeout(resolve, 50));
    return seen;
}"""


def test_tool_event_name_events_fire_at_the_model_context_only(chromium: Chromium) -> None:
    seen = chromium.evaluate(EVENTS_SEEN)
    assert sorted(set(seen)) == [
        "modelContext toolactivated",
        "modelContext toolcancel",
        "modelContext toolchange",
    ], (
        "tool-event-name: the page tells authors to listen on document.modelContext, "
        f"where Chromium 156 fires toolchange, toolactivated and toolcancel; now: {seen}"
    )


class Handler(NamedTuple):
    label: str
    responds: str  # the submit handler's statements after preventDefault()
    too_late: bool  # whether Chromium says the dispatch is over (respond-with-sync flags it)


ANSWER = 'event.respondWith(Promise.resolve("see you"))'
HANDLERS = [
    Handler("synchronously", f"{ANSWER};", False),
    Handler("after await null", f"await null; {ANSWER};", False),
    Handler("after awaiting a resolved promise", f"await Promise.resolve(1); {ANSWER};", False),
    Handler(
        "in a then() of a resolved promise", f"Promise.resolve(1).then(() => {ANSWER});", False
    ),
    Handler("in queueMicrotask()", f"queueMicrotask(() => {ANSWER});", False),
    Handler("after a timer", f"await new Promise((r) => setTimeout(r, 1)); {ANSWER};", True),
    Handler("after a fetch", f'await fetch("/api/rsvp"); {ANSWER};', True),
    Handler("in a then() of a fetch", f'fetch("/api/rsvp").then(() => {ANSWER});', True),
    Handler("in setTimeout()", f"setTimeout(() => {ANSWER}, 0);", True),
]
TOO_LATE = (
    "confirm-tool rsvp; "
    "error InvalidStateError: the event must be currently being dispatched; "
    "error UnknownError: without also calling respondWith()"
)


def rsvp_page(handler: Handler) -> str:
    return f"""<!doctype html><title>party</title>
<form id="rsvp" toolname="rsvp" tooldescription="Answers the invitation.">
  <input name="guest" required><button>Reply</button>
</form>
<script type="module">
  document.querySelector("#rsvp").addEventListener("submit", async (event) => {{
    event.preventDefault();
    {handler.responds}
  }});
</script>"""


@pytest.mark.parametrize("handler", [pytest.param(h, id=h.label) for h in HANDLERS])
def test_respond_with_sync_when_respond_with_may_be_called(
    chromium: Chromium, handler: Handler
) -> None:
    """The user confirms a form the agent filled (a trusted click, as a real one)."""
    claims = parse_claims(TOO_LATE if handler.too_late else "confirm-tool rsvp")
    seen = chromium.observe(rsvp_page(handler), "html", claims)
    problems = unmet(claims, seen)
    if not handler.too_late and seen.runs[0]["result"] != "see you":
        problems.append("the agent did not get the answer")
    assert not problems, (
        f"respond-with-sync: respondWith() {handler.label} no longer "
        f"{'fails' if handler.too_late else 'works'} in Chromium {chromium.version}:\n"
        + "\n".join(problems)
        + "\n"
        + seen.summary()
    )


@pytest.mark.parametrize("handler", [pytest.param(h, id=h.label) for h in HANDLERS])
def test_respond_with_sync_linter_agrees_with_chromium(handler: Handler) -> None:
    flagged = "respond-with-sync" in rules_in(lint(rsvp_page(handler), "party.html"))
    assert flagged == handler.too_late, (
        f"respond-with-sync: respondWith() {handler.label} "
        f"{'fails' if handler.too_late else 'works'} in Chromium, and the rule "
        f"{'flags' if flagged else 'does not flag'} it"
    )
