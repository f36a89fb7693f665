from tests.rule_tester import Finding, Invalid, RuleTester, Valid
from tests.rules.snippets import SERVICE_WORKER, submit_handler

AGENT_ONLY = submit_handler("  if (event.agentInvoked) event.respondWith(save());")

tests = RuleTester("respond-with-prevent-default")

test_valid = tests.valid(
    [
        Valid(
            submit_handler(
                "  event.preventDefault();\n  if (event.agentInvoked) event.respondWith(save());"
            )
        ),
        Valid(
            submit_handler(
                "  if (event.agentInvoked) { event.preventDefault(); event.respondWith(save()); }"
            )
        ),
        # the event goes to a function that may cancel it
        Valid(
            submit_handler("  stop(event);\n  if (event.agentInvoked) event.respondWith(save());")
        ),
        # another listener cancels it
        Valid(AGENT_ONLY + "form.addEventListener('submit', (e) => e.preventDefault());\n"),
        Valid(
            AGENT_ONLY + "document.addEventListener('submit', (e) => e.preventDefault(), true);\n"
        ),
        # the framework cancels it
        Valid(
            "<script setup>\nfunction go(e) { if (e.agentInvoked) e.respondWith(save()); }\n"
            '</script>\n<template><form @submit.prevent="go"></form></template>',
            "F.vue",
        ),
        Valid(
            "<script>\nfunction go(e) { if (e.agentInvoked) e.respondWith(save()); }\n"
            "</script>\n<form on:submit|preventDefault={go}></form>",
            "F.svelte",
        ),
        # a service worker's fetch event is not a submit event
        Valid(SERVICE_WORKER, "sw.js"),
    ]
)

test_invalid = tests.invalid(
    [
        # at the callee, `event.respondWith`
        Invalid(
            AGENT_ONLY,
            [Finding("respond-with-without-prevent-default", 3, 27, 3, 44)],
            filename="app.js",
        ),
    ]
)
