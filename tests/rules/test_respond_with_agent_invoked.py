from tests.rule_tester import Finding, Invalid, RuleTester, Valid
from tests.rules.snippets import SERVICE_WORKER, submit_handler

BODY = "event.respondWith(save());"


def at_callee(line: int, column: int) -> Finding:
    """At `event.respondWith`."""
    return Finding("respond-with-for-every-submission", line, column, line, column + 17)


tests = RuleTester("respond-with-agent-invoked")

test_valid = tests.valid(
    [
        Valid(
            submit_handler(
                "  event.preventDefault();\n  if (!event.agentInvoked) return;\n"
                "  event.respondWith(save());"
            ),
            "app.js",
        ),
        Valid(
            submit_handler(
                "  event.preventDefault();\n  const agent = event.agentInvoked;\n"
                "  if (agent) event.respondWith(save());"
            ),
            "app.js",
        ),
        Valid(
            submit_handler(
                "  event.preventDefault();\n"
                "  event.agentInvoked ? event.respondWith(save()) : show();"
            ),
            "app.js",
        ),
        # a service worker's fetch event is not a submit event
        Valid(SERVICE_WORKER, "sw.js"),
    ]
)

test_invalid = tests.invalid(
    [
        Invalid(
            submit_handler(f"  event.preventDefault();\n  {BODY}"),
            [at_callee(4, 3)],
            filename="app.js",
        ),
        # handlers in every form of attachment
        Invalid(
            f"const f = document.forms[0];\nf.onsubmit = function (event) {{ {BODY} }};\n",
            [at_callee(2, 33)],
            filename="a.js",
        ),
        Invalid(
            '<form onsubmit="return go(event)"></form>\n'
            f"<script>function go(event) {{ {BODY} }}</script>",
            [at_callee(2, 30)],
            filename="p.html",
        ),
        Invalid(
            f"const F = () => <form onSubmit={{(event) => {{ {BODY} }}}} />;\n",
            [at_callee(1, 46)],
            filename="F.jsx",
        ),
        Invalid(
            f"class F extends React.Component {{\n  go = (event) => {{ {BODY} }};\n"
            "  render() { return <form onSubmit={this.go} />; }\n}\n",
            [at_callee(2, 21)],
            filename="F.jsx",
        ),
        Invalid(
            f"<script>export default {{ methods: {{ go(event) {{ {BODY} }} }} }};</script>\n"
            "<template><form @submit='go($event)'></form></template>",
            [at_callee(1, 49)],
            filename="F.vue",
        ),
        Invalid(
            f"<script>const go = (event) => {{ {BODY} }};</script>\n<form onsubmit={{go}}></form>",
            [at_callee(1, 33)],
            filename="F.svelte",
        ),
    ]
)
