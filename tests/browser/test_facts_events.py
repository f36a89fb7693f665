"""Tool events and submit handlers: the facts tool-event-name, tool-event-target,
respond-with-sync and respond-with-prevent-default rely on, checked in Chromium."""

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
    // Each step waits for its event (at most 2 s) rather than a fixed time: a loaded
    // machine may fire it later. Then 50 ms more, for any listener on another target.
    const fired = (name) => new Promise((resolve) => {
        const started = Date.now();
        const poll = () =>
            seen.some((one) => one.endsWith(` ${name}`)) || Date.now() - started > 2000
                ? resolve()
                : setTimeout(poll, 10);
        poll();
    });
    const [tool] = await document.modelContext.getTools();
    const controller = new AbortController();
    const run = document.modelContext.executeTool(tool, {}, { signal: controller.signal });
    await fired("toolactivated");
    controller.abort();
    await run.catch(() => {});
    await fired("toolcancel");
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
        "tool-event-name, tool-event-target: the pages tell authors to listen on "
        "document.modelContext, "
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


# --- tool-event-name: the events themselves, and declarative tools ------------------------

FORM_TOOL_EVENTS = """async () => {
    const modelContext = document.modelContext;
    const seen = [];
    const describe = (event) => ({
        type: event.type,
        class: event.constructor.name,
        toolName: event.toolName,
        bubbles: event.bubbles,
        cancelable: event.cancelable,
        composed: event.composed,
        trusted: event.isTrusted,
        atModelContext: event.target === modelContext,
    });
    modelContext.ontoolactivated = (event) => seen.push(describe(event));
    modelContext.ontoolcancel = (event) => seen.push(describe(event));
    for (const [label, target] of [["window", window], ["document", document]]) {
        for (const type of ["toolactivated", "toolcancel"]) {
            for (const capture of [true, false]) {
                target.addEventListener(type, () => seen.push(`${label} ${type}`), { capture });
            }
        }
    }
    const next = (type) => new Promise((resolve) =>
        modelContext.addEventListener(type, resolve, { once: true }));
    const form = document.querySelector("form");
    const [tool] = await modelContext.getTools();
    const controller = new AbortController();
    const activated = next("toolactivated");
    const cancelled = next("toolcancel");
    const run = modelContext.executeTool(tool, { q: "shoes" }, { signal: controller.signal })
        .then(() => "resolved", (error) => error.name);
    await activated;
    controller.abort();
    const outcome = await run;
    await cancelled;
    await new Promise((resolve) => setTimeout(resolve, 0));  // a task for any late dispatch
    return { seen, outcome, filled: form.q.value };
}"""


def test_tool_event_name_form_tools_fire_the_events_too(chromium: Chromium) -> None:
    """An agent fills a form tool (which waits for the user) and cancels it: both events
    reach the `on...` handlers of document.modelContext; nothing reaches window or
    document, not even a capturing listener; and the form keeps what the agent filled."""
    html = (
        '<!doctype html><title>shop</title><form toolname="search" '
        'tooldescription="Finds products." action="/api/found">'
        '<input name="q" value="before"><button>Go</button></form>'
    )
    with chromium.page() as page:
        page.goto(chromium.site.add(html, "html"))
        page.evaluate("() => __webmcpLint.stableTools()")
        seen = page.evaluate(FORM_TOOL_EVENTS)
    event = {
        "class": "ToolActivatedEvent",
        "type": "toolactivated",
        "toolName": "search",
        "bubbles": False,
        "cancelable": False,
        "composed": False,
        "trusted": True,
        "atModelContext": True,
    }
    cancel = event | {"class": "ToolCancelEvent", "type": "toolcancel"}
    assert seen == {"seen": [event, cancel], "outcome": "AbortError", "filled": "shoes"}, (
        f"tool-event-name: a cancelled form tool now gives {seen}"
    )


# --- respond-with-agent-invoked: what a plain submit listener receives ---------------------
# React's onSubmit hands its listener a SyntheticEvent, which carries neither
# `agentInvoked` nor `respondWith` (seen with React 18.3, not pinned here: the suite ships
# no React); the native event below is what `event.nativeEvent` is.

SUBMIT_EVENT = """() => {
    window.submits = [];
    document.querySelector("form").addEventListener("submit", (event) => {
        event.preventDefault();
        const seen = {
            class: event.constructor.name,
            agentInvoked: event.agentInvoked,
            trusted: event.isTrusted,
        };
        try {
            event.respondWith(Promise.resolve("answered"));
            seen.respondWith = "ok";
        } catch (error) {
            seen.respondWith = `${error.name}: ${error.message}`;
        }
        window.submits.push(seen);
    });
}"""
RSVP = (
    '<!doctype html><title>party</title><form toolname="rsvp" tooldescription="Answers the '
    'invitation." {}><input name="guest"><button>Reply</button></form>'
)
NOT_AGENT = (
    "InvalidStateError: Failed to execute 'respondWith' on 'SubmitEvent': You can only call "
    "respondWith on an submit event that has agentInvoked == true."
)


def submit_events(chromium: Chromium, autosubmit: bool, how: str) -> tuple[object, object]:
    """The submit events a plain listener saw, and what the agent got (if it ran)."""
    with chromium.page() as page:
        page.goto(chromium.site.add(RSVP.format("toolautosubmit" if autosubmit else ""), "html"))
        page.evaluate("() => __webmcpLint.stableTools()")
        page.evaluate(SUBMIT_EVENT)
        result = None
        if how == "agent":
            result = page.evaluate(
                "([name, ms]) => __webmcpLint.runTool(name, {}, ms)", ["rsvp", 5000]
            )
        elif how == "agent fills, user clicks":
            started = page.evaluate(
                "([n, i, ms]) => __webmcpLint.startTool(n, i, ms)", ["rsvp", {}, 5000]
            )
            assert started is True
            page.click("button")
            result = page.evaluate(
                "([name, ms]) => __webmcpLint.finishTool(name, ms)", ["rsvp", 5000]
            )
        elif how == "user clicks":
            page.click("button")
        else:  # a script dispatches an event that claims to come from an agent
            page.evaluate("""() => document.querySelector("form").dispatchEvent(
                new SubmitEvent("submit", { agentInvoked: true, cancelable: true }))""")
        return page.evaluate("() => window.submits"), result


@pytest.mark.parametrize(
    ("autosubmit", "how", "agent_invoked", "trusted", "responds", "result"),
    [
        pytest.param(True, "agent", True, True, "ok", "answered", id="agent submits"),
        pytest.param(
            False, "agent fills, user clicks", True, True, "ok", "answered", id="user confirms"
        ),
        pytest.param(False, "user clicks", False, True, NOT_AGENT, None, id="user alone"),
        pytest.param(False, "script", True, False, "ok", None, id="a forged event"),
    ],
)
def test_respond_with_agent_invoked_what_a_submit_listener_sees(
    chromium: Chromium,
    autosubmit: bool,
    how: str,
    agent_invoked: bool,
    trusted: bool,
    responds: str,
    result: object,
) -> None:
    submits, got = submit_events(chromium, autosubmit, how)
    assert submits == [
        {
            "class": "SubmitEvent",
            "agentInvoked": agent_invoked,
            "trusted": trusted,
            "respondWith": responds,
        }
    ], f"respond-with-agent-invoked: when {how}, a submit listener now sees {submits}"
    assert got == result


def test_respond_with_agent_invoked_lives_on_submit_event(chromium: Chromium) -> None:
    """What react-submit-native-event relies on: both members are SubmitEvent's (what
    React's `event.nativeEvent` is), not Event's (what React's SyntheticEvent copies)."""
    seen = chromium.evaluate(
        """() => ({
            submitEvent: ["agentInvoked", "respondWith"].map((n) => n in SubmitEvent.prototype),
            event: ["agentInvoked", "respondWith"].map((n) => n in Event.prototype),
            plain: new SubmitEvent("submit").agentInvoked,
        })"""
    )
    assert seen == {"submitEvent": [True, True], "event": [False, False], "plain": False}, seen
