from tests.rule_tester import Finding, Invalid, RuleTester, Valid
from tests.rules.snippets import SERVICE_WORKER, submit_handler

AFTER_AWAIT = "respond-with-after-await"
DEFERRED = "respond-with-deferred"


def handler(body: str) -> str:
    """An async submit handler that cancels the event first."""
    return submit_handler(f"  event.preventDefault();\n{body}", asynchronous=True)


def at_callee(message_id: str, line: int, column: int) -> Finding:
    """At `event.respondWith`."""
    return Finding(message_id, line, column, line, column + 17)


tests = RuleTester("respond-with-sync")

test_valid = tests.valid(
    [
        Valid(handler("  if (event.agentInvoked) event.respondWith(save());"), "app.js"),
        # an already settled value: still during dispatch
        Valid(handler("  await null;\n  if (event.agentInvoked) event.respondWith(1);"), "app.js"),
        Valid(
            handler(
                "  if (!event.agentInvoked) { await save(); return; }\n  event.respondWith(save());"
            ),
            "app.js",
        ),
        Valid(
            handler(
                "  if (event.agentInvoked) "
                "event.respondWith((async () => { await save(); return 1; })());"
            ),
            "app.js",
        ),
        Valid(
            handler("  Promise.resolve().then(() => event.agentInvoked && event.respondWith(1));"),
            "app.js",
        ),
        # a callback we cannot tell the timing of
        Valid(
            handler("  validate(() => { if (event.agentInvoked) event.respondWith(1); });"),
            "app.js",
        ),
        # a service worker's fetch event is not a submit event
        Valid(SERVICE_WORKER, "sw.js"),
    ]
)

test_invalid = tests.invalid(
    [
        Invalid(
            handler("  const r = await save();\n  if (event.agentInvoked) event.respondWith(r);"),
            [at_callee(AFTER_AWAIT, 5, 27)],
            filename="app.js",
        ),
        Invalid(
            handler("  save().then((r) => { if (event.agentInvoked) event.respondWith(r); });"),
            [at_callee(DEFERRED, 4, 48)],
            filename="app.js",
        ),
        Invalid(
            handler("  setTimeout(() => { if (event.agentInvoked) event.respondWith(1); }, 0);"),
            [at_callee(DEFERRED, 4, 46)],
            filename="app.js",
        ),
        Invalid(
            handler(
                "  for await (const x of y) {}\n  await fetch('/x');\n"
                "  if (event.agentInvoked) event.respondWith(1);"
            ),
            [at_callee(AFTER_AWAIT, 6, 27)],
            filename="app.js",
        ),
    ]
)
