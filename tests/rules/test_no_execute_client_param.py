"""no-execute-client-param: execute's second argument used as an agent or client."""

from __future__ import annotations

from tests.rule_tester import Finding, Invalid, Project, RuleTester, Valid
from tests.rules.tool_code import tool_with_execute as tool
from tests.runtime_projects import manifest


def undefined(member: str, outcome: str = "this throws a TypeError and the tool fails") -> str:
    return (
        f"`execute`'s second argument is `{{ signal }}`, not an agent or client: `{member}` is "
        f"undefined there, so {outcome}. Ask the user in your own UI (and mark risky tools "
        "with `consequentialHint: true`); use the argument only for `signal`."
    )


RULE_TESTS = RuleTester("no-execute-client-param")

test_valid = RULE_TESTS.valid(
    [
        Valid(tool("async execute(input, { signal }) { return fetch('/x', { signal }); }")),
        Valid(tool("async execute(input, options) { options.signal.throwIfAborted(); return 1; }")),
        Valid(
            tool("async execute(input, client) { return fetch('/x', { signal: client.signal }); }")
        ),
        Valid(tool("async execute(input, agent) { return helper(input, agent); }")),
        # not the parameter
        Valid(tool("async execute(input) { return agent.requestUserInteraction(ask); }")),
        Valid(tool("async execute(input, ctx) { const agent = other; return agent.run(); }")),
        # webmcp-kit hands execute its own agent object as the second argument
        Valid(
            'import { defineTool } from "webmcp-kit";\n'
            'defineTool({ name: "a", description: "A.", '
            "async execute(input, agent) { return agent.requestUserInteraction(ask); } });\n"
        ),
    ]
)

test_invalid = RULE_TESTS.invalid(
    [
        Invalid(
            tool(
                "async execute(input, agent) {\n    await agent.requestUserInteraction(ask);\n  }"
            ),
            [
                Finding(
                    "client-member-called",
                    5,
                    11,
                    5,
                    39,
                    severity="error",
                    data={"member": "agent.requestUserInteraction"},
                )
            ],
        ),
        Invalid(
            tool("async execute(input, agent) { await agent.requestUserInteraction(() => 1); }"),
            [
                Finding(
                    "client-member-called",
                    4,
                    39,
                    4,
                    67,
                    severity="error",
                    data={"member": "agent.requestUserInteraction"},
                )
            ],
        ),
        Invalid(
            tool("async execute(input, client) { return client.requestUserInteraction(ask); }"),
            [
                Finding(
                    "client-member-called",
                    4,
                    41,
                    4,
                    70,
                    severity="error",
                    data={"member": "client.requestUserInteraction"},
                )
            ],
        ),
        Invalid(
            tool("async execute(input, client) { return client.requestUserInteraction?.(ask); }"),
            [
                Finding(
                    "client-member-called-optionally",
                    4,
                    41,
                    4,
                    70,
                    severity="error",
                    data={"member": "client.requestUserInteraction"},
                )
            ],
        ),
        Invalid(
            tool(
                "async execute(input, agent) { const ask = agent.requestUserInteraction; return ask; }"
            ),
            [
                Finding(
                    "client-member-read",
                    4,
                    45,
                    4,
                    73,
                    severity="error",
                    data={"member": "agent.requestUserInteraction"},
                )
            ],
        ),
        Invalid(
            tool(
                "async execute(input, { requestUserInteraction }) { await requestUserInteraction(f); }"
            ),
            [
                Finding(
                    "client-member-called",
                    4,
                    26,
                    4,
                    48,
                    severity="error",
                    data={"member": "requestUserInteraction"},
                )
            ],
        ),
        Invalid(
            tool("async execute(input, agent) { return agent.confirm('Sure?'); }"),
            [
                Finding(
                    "client-member-called",
                    4,
                    40,
                    4,
                    53,
                    severity="error",
                    data={"member": "agent.confirm"},
                )
            ],
        ),
        Invalid(
            tool(
                "async execute(input, { requestUserInteraction }) "
                "{ await requestUserInteraction?.(f); }"
            ),
            [
                Finding(
                    "client-member-called-optionally",
                    4,
                    26,
                    4,
                    48,
                    severity="error",
                    data={"member": "requestUserInteraction"},
                )
            ],
        ),
    ]
)


# MCP-B's SDK hands execute `{ requestUserInteraction }` where only its agents call the
# tool (2.2 and 2.3 keep their tools out of Chrome's registry).
test_on_mcp_b = RULE_TESTS.projects(
    [
        Project(
            {
                "package.json": manifest(dependencies={"@mcp-b/global": "2.3.2"}),
                "src/main.js": 'import "@mcp-b/global";\n'
                'navigator.modelContext.registerTool({ name: "buy", description: "Buys.", '
                "async execute(input, client) { "
                'await client.requestUserInteraction(async () => confirm("ok?")); '
                'return "done"; } });\n',
            },
            name="mcp-b-2-3",
        ),
    ]
)
