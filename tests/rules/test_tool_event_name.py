from tests.rule_tester import Finding, Invalid, RuleTester, Valid


def message(name: str, what: str, right: str, case: str = "") -> str:
    return (
        f'"{name}" is not a WebMCP {what}, so this listener never runs: the name is '
        f'"{right}"{case}.'
    )


tests = RuleTester("tool-event-name")

test_valid = tests.valid(
    [
        Valid('window.addEventListener("toolcancel", f);', "app.js"),
        Valid('document.modelContext.addEventListener("toolactivated", f);', "app.js"),
        Valid("document.modelContext.ontoolchange = f;", "app.js"),
        Valid('el.dispatchEvent(new Event("toolcanceled"));', "app.js"),
        Valid("const events = ['toolcanceled'];", "app.js"),
        # a camel-case property of the page's own object
        Valid("widget.onToolChange = f;", "app.js"),
    ]
)

test_invalid = tests.invalid(
    [
        # at the event name, or the handler property
        Invalid(
            'window.addEventListener("toolcanceled", onCancel);\n'
            "document.modelContext.ontoolActivated = onStart;\n"
            "mc.addEventListener('tool-change', refresh);\n",
            [
                Finding(
                    "unknown-tool-event",
                    1,
                    25,
                    1,
                    39,
                    data={"name": "toolcanceled", "what": "event", "right": "toolcancel"},
                ),
                Finding(
                    "tool-event-wrong-case",
                    2,
                    23,
                    2,
                    38,
                    data={
                        "name": "ontoolActivated",
                        "what": "handler property",
                        "right": "ontoolactivated",
                    },
                ),
                Finding(
                    "unknown-tool-event",
                    3,
                    21,
                    3,
                    34,
                    data={"name": "tool-change", "what": "event", "right": "toolchange"},
                ),
            ],
            # Safe: the listener was meant for that event, and runs now.
            output='window.addEventListener("toolcancel", onCancel);\n'
            "document.modelContext.ontoolactivated = onStart;\n"
            "mc.addEventListener('toolchange', refresh);\n",
            filename="app.js",
        ),
        Invalid(
            'window.addEventListener("ToolCancel", f);',
            [
                Finding(
                    "tool-event-wrong-case",
                    1,
                    25,
                    1,
                    37,
                    data={"name": "ToolCancel", "what": "event", "right": "toolcancel"},
                )
            ],
            output='window.addEventListener("toolcancel", f);',
            filename="app.js",
        ),
        # A name with an escape is reported, but not rewritten.
        Invalid(
            'document.modelContext.addEventListener("toolcancel\\u0065d", f);\n'
            "document.modelContext.addEventListener(`toolactivate`, g);\n",
            [
                Finding(
                    "unknown-tool-event",
                    1,
                    40,
                    data={"name": "toolcanceled", "what": "event", "right": "toolcancel"},
                ),
                Finding(
                    "unknown-tool-event",
                    2,
                    40,
                    data={"name": "toolactivate", "what": "event", "right": "toolactivated"},
                ),
            ],
            output='document.modelContext.addEventListener("toolcancel\\u0065d", f);\n'
            "document.modelContext.addEventListener(`toolactivated`, g);\n",
        ),
    ]
)
