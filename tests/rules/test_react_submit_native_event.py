"""react-submit-native-event: React's onSubmit gets a SyntheticEvent, without
respondWith or agentInvoked (they are on event.nativeEvent)."""

from __future__ import annotations

from tests.rule_tester import Finding, Invalid, Placed, Project, RuleTester, Valid
from tests.runtime_projects import manifest


def message(event: str, names: list[str]) -> str:
    shown = " and ".join(f"`{event}.{name}`" for name in names)
    verb = "is" if len(names) == 1 else "are"
    return (
        "React hands `onSubmit` a SyntheticEvent, which has no `respondWith` or "
        f"`agentInvoked`: {shown} {verb} undefined, so `agentInvoked` is never true and "
        "`respondWith(...)` throws TypeError; the agent never gets the answer. Read them from "
        f"`{event}.nativeEvent`."
    )


def component(handler: str, imports: str = 'import { useState } from "react";\n') -> str:
    return (
        f"{imports}"
        "export function F() {\n"
        f"  const submit = {handler};\n"
        '  return <form toolname="rsvp" tooldescription="Answers." onSubmit={submit}>'
        '<input name="g" /><button>Go</button></form>;\n'
        "}\n"
    )


tests = RuleTester("react-submit-native-event")

test_valid = tests.valid(
    [
        Valid(
            component(
                "(e) => { e.preventDefault(); if (e.nativeEvent.agentInvoked) "
                "e.nativeEvent.respondWith(p); }"
            ),
            "f.jsx",
        ),
        # Preact passes the native event
        Valid(
            component(
                "(e) => { e.preventDefault(); e.respondWith(p); }",
                'import { h } from "preact";\n',
            ),
            "f.jsx",
        ),
        # addEventListener gets the native event, even in a React file
        Valid(
            'import React from "react";\n'
            'form.addEventListener("submit", (e) => { e.preventDefault(); e.respondWith(p); });\n',
            "f.jsx",
        ),
        # destructured: not a read of the synthetic event's member
        Valid(component("({ nativeEvent }) => { nativeEvent.respondWith(p); }"), "f.jsx"),
        # a nested function's own `e`
        Valid(
            component("(e) => { e.preventDefault(); items.forEach((e) => e.respondWith(1)); }"),
            "f.jsx",
        ),
        Valid(component("(e) => { e.preventDefault(); save(e.target); }"), "f.jsx"),
        # react-webmcp's <WebMCPForm> hands its onSubmit the native event
        Valid(
            'import React from "react";\nimport { WebMCPForm } from "react-webmcp";\n'
            'export const F = () => <WebMCPForm toolName="rsvp" toolDescription="Answers." '
            "onSubmit={(e) => { e.preventDefault(); if (e.agentInvoked) e.respondWith(p); }}>"
            "<button>Go</button></WebMCPForm>;\n",
            "f.jsx",
        ),
        # another component: what it passes is unknown
        Valid(
            'import React from "react";\n'
            "export const F = () => <MyForm onSubmit={(e) => { e.respondWith(p); }} />;\n",
            "f.jsx",
        ),
    ]
)

test_invalid = tests.invalid(
    [
        Invalid(
            component(
                "(e) => {\n    e.preventDefault();\n    if (e.agentInvoked) e.respondWith(p);\n  }"
            ),
            [Finding("synthetic-event-lacks-members", 5, 9, 5, 23, data={"event": "e"})],
            output=component(
                "(e) => {\n    e.preventDefault();\n"
                "    if (e.nativeEvent.agentInvoked) e.nativeEvent.respondWith(p);\n  }"
            ),
            filename="f.jsx",
        ),
        Invalid(
            'import React from "react";\n'
            "export const F = () => (\n"
            '  <form toolname="rsvp" tooldescription="Answers." '
            "onSubmit={(event) => { event.preventDefault(); event.respondWith(p); }}>"
            "<button>Go</button></form>\n"
            ");\n",
            [
                Finding(
                    "synthetic-event-lacks-member",
                    3,
                    99,
                    data={"event": "event", "member": "respondWith"},
                )
            ],
            output='import React from "react";\n'
            "export const F = () => (\n"
            '  <form toolname="rsvp" tooldescription="Answers." '
            "onSubmit={(event) => { event.preventDefault(); event.nativeEvent.respondWith(p); }}>"
            "<button>Go</button></form>\n"
            ");\n",
            filename="f.tsx",
        ),
    ]
)


# The framework comes from the project (package.json), not from an import in the file:
# React 17+ compiles JSX without `import React`, and Preact hands `onSubmit` the native
# event.
HANDLER = "(event) => event.respondWith(Promise.resolve('ok'))"

test_frameworks = tests.projects(
    [
        Project(
            {
                "package.json": manifest(dependencies={"react": "^19.1.0"}),
                "src/Rsvp.jsx": component(HANDLER, imports=""),
            },
            [
                Placed(
                    "src/Rsvp.jsx",
                    "synthetic-event-lacks-member",
                    2,
                    29,
                    data={"event": "event", "member": "respondWith"},
                )
            ],
            name="react-19-without-an-import",
        ),
        Project(
            {
                "package.json": manifest(dependencies={"preact": "^10.26.0"}),
                "src/Rsvp.jsx": component(HANDLER, imports=""),
            },
            name="preact-passes-the-native-event",
        ),
        Project(
            {
                "package.json": manifest(dependencies={"react": "^19.1.0"}),
                "src/Rsvp.jsx": component(HANDLER, imports='import { h } from "preact";\n'),
            },
            name="a-preact-file-in-a-react-project",
        ),
    ]
)
