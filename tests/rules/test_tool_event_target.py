"""tool-event-target: tool events fire at document.modelContext only (Chromium 156)."""

from __future__ import annotations

from tests.rule_tester import Finding, Invalid, RuleTester, Valid


def message(how: str, event: str, receiver: str) -> str:
    return (
        f"This {how} never runs: Chromium 156 fires `{event}` at `document.modelContext` "
        f"only, not at `{receiver}` (up to Chromium 155 `toolactivated` and `toolcancel` "
        "went to `window`). Listen on `document.modelContext`."
    )


tests = RuleTester("tool-event-target")

test_valid = tests.valid(
    [
        Valid('document.modelContext.addEventListener("toolcancel", f);'),
        Valid('document.modelContext?.addEventListener("toolactivated", f);'),
        Valid("document.modelContext.ontoolchange = f;"),
        Valid('const mc = document.modelContext; mc.addEventListener("toolcancel", f);'),
        # a misspelled name is tool-event-name's
        Valid('window.addEventListener("toolcanceled", f);'),
        # other events, other targets
        Valid('window.addEventListener("submit", f);\ndocument.modelContext?.registerTool(tool);'),
        Valid('form.addEventListener("toolactivated", f);'),
        Valid('window.dispatchEvent(new Event("toolcancel"));'),
        Valid("widget.onToolChange = f;"),
    ]
)

test_invalid = tests.invalid(
    [
        Invalid(
            'window.addEventListener("toolcancel", onCancel);\n'
            "document.addEventListener('toolactivated', onStart, { capture: true });\n"
            'globalThis.addEventListener("toolchange", refresh);\n',
            # one belief behind all three: one finding, the others related
            [
                Finding(
                    "listener-on-page",
                    1,
                    1,
                    1,
                    7,
                    related=[
                        (2, 1, 'the "toolactivated" listener on `document` never runs either'),
                        (3, 1, 'the "toolchange" listener on `globalThis` never runs either'),
                    ],
                    data={"event": "toolcancel", "receiver": "window"},
                ),
            ],
        ),
        Invalid(
            "window.ontoolactivated = (event) => show(event.toolName);",
            [
                Finding(
                    "handler-on-page",
                    1,
                    1,
                    1,
                    7,
                    data={
                        "receiver": "window",
                        "handler": "ontoolactivated",
                        "event": "toolactivated",
                    },
                )
            ],
        ),
        Invalid(
            '<script>window.addEventListener("toolcancel", () => reset());</script>',
            [Finding("listener-on-page", 1, 9, data={"event": "toolcancel", "receiver": "window"})],
            filename="page.html",
        ),
    ]
)
