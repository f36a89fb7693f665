"""execute-forward-signal: fetches and waits that outlive a cancelled call."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import lint, lint_files
from tests.rule_tester import Finding, Invalid, RuleTester, Valid
from tests.rules.tool_code import run_check, through
from tests.rules.tool_code import tool_with_execute as tool
from tests.runtime_projects import manifest

SIGNAL = "execute-forward-signal"


@pytest.mark.parametrize(
    ("package", "without", "declared"),
    [
        # execute gets the browser's `{ signal }`
        ("use-webmcp-tool", 1, 1),
        ("@angular/core", 1, 1),
        ("webmcp-react", 1, 1),
        # execute gets no signal (or webmcp-kit's own agent): nothing to forward
        ("@vueuse/core", 0, 0),
        ("@mcp-b/react-webmcp", 0, 0),
        ("usewebmcp", 0, 0),
        ("react-webmcp", 0, 0),
        ("webmcp-kit", 0, 0),
    ],
)
def test_only_libraries_that_pass_the_signal_are_checked(
    package: str, without: int, declared: int
) -> None:
    no_parameter = tool("async execute({ id }) { return fetch('/api/' + id); }")
    parameter = tool("async execute({ id }, { signal }) { return fetch('/api/' + id); }")
    assert len(run_check(no_parameter, SIGNAL, **through(package))) == without
    assert len(run_check(parameter, SIGNAL, **through(package))) == declared


def test_a_declared_wrapper_is_checked_only_when_execute_takes_the_signal() -> None:
    code = """import { useTool } from "@acme/ui";
useTool({ name: "a", description: "A.", async execute({ id }) { return fetch("/a/" + id); } });
useTool({ name: "b", description: "B.", async execute({ id }, { signal }) { return fetch("/b/" + id); } });
"""
    config = {"select": [SIGNAL], "wrappers": [{"module": "@acme/ui", "export": "useTool"}]}
    assert [d.line for d in lint(code, "t.js", config)] == [3]


LOAD = "async function load(id, signal) { return fetch('/api/' + id, { signal }); }\n"
WAIT_HELPERS = (
    "const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));\n"
    "function wait() { return new Promise((r) => { const t = setInterval(() => "
    "{ if (ready()) { clearInterval(t); r(); } }, 100); }); }\n"
)
SLEEP_HELPERS = (
    "const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));\n"
    "const sleepFor = (ms, signal) => new Promise((resolve, reject) => {\n"
    "  setTimeout(resolve, ms); signal.addEventListener('abort', reject); });\n"
)
DELAY = "import { setTimeout as delay } from 'node:timers/promises';\n" + tool(
    "async execute() { await delay(500); return 1; }"
)

RULE_TESTS = RuleTester(SIGNAL)

test_valid = RULE_TESTS.valid(
    [
        # the request runs in a callback a payment widget calls once the user has paid:
        # not execute's to cancel
        Valid(
            "function pay(order) {\n"
            "  return new Promise((resolve) => {\n"
            "    const checkout = new Checkout({\n"
            "      order,\n"
            "      async handler(response) {\n"
            "        resolve(await fetch('/verify', { method: 'POST', body: response.id }));\n"
            "      },\n"
            "      onDismiss: () => fetch('/log', { method: 'POST' }),\n"
            "    });\n"
            "    checkout.open();\n"
            "  });\n"
            "}\n" + tool("async execute(input) { return pay(input.order); }")
        ),
        # the signal is forwarded, or it cannot be told
        Valid(LOAD + tool("async execute(i, { signal }) { await fetch('/x', { signal }); }")),
        Valid(
            LOAD
            + tool("async execute(i, { signal }) { await fetch('/x', { ...defaults, signal }); }")
        ),
        Valid(
            LOAD + tool("async execute(i, opts) { await fetch('/x', { signal: opts.signal }); }")
        ),
        Valid(LOAD + tool("async execute(i, opts) { await fetch('/x', opts); }")),
        Valid(LOAD + tool("async execute(i, { signal }) { await fetch('/x', { ...init }); }")),
        Valid(LOAD + tool("async execute(i, { signal }) { await fetch('/x', makeInit(signal)); }")),
        Valid(
            LOAD
            + tool(
                "async execute(i, { signal }) {\n"
                "  await fetch('/x', { signal: AbortSignal.any([signal, AbortSignal.timeout(9)]) }); }"
            )
        ),
        Valid(
            LOAD
            + tool("async execute(i, { signal }) { await fetch(new Request('/x', { signal })); }")
        ),
        Valid(
            LOAD
            + tool(
                "async execute(i, { signal }) { const r = new Request('/x', { signal }); await fetch(r); }"
            )
        ),
        Valid(LOAD + tool("async execute(i, { signal }) { await fetch(request); }")),
        Valid(
            LOAD
            + tool("async execute(i, { signal }) { const fetch = cachedFetch; await fetch('/x'); }")
        ),
        Valid(LOAD + tool("async execute(i, { signal }) { await api.fetch('/x'); }")),
        Valid(LOAD + tool("async execute(i, { signal }) { return load(i.id, signal); }")),
        # a helper given the signal, or managing its own cancellation
        Valid(
            "async function load(id, opts) { return fetch('/api/' + id, opts); }\n"
            "async function poll(id) { const c = new AbortController(); "
            "return fetch('/p/' + id, { signal: c.signal }); }\n"
            + tool(
                "async execute({ id }, { signal }) { await load(id, { signal }); return poll(id); }"
            )
        ),
        # the loop checks the signal, or the wait is given it
        Valid(
            SLEEP_HELPERS
            + tool("async execute(i, { signal }) { while (!signal.aborted) { await sleep(500); } }")
        ),
        Valid(
            SLEEP_HELPERS
            + tool(
                "async execute(i, { signal }) { for (;;) { signal.throwIfAborted(); await sleep(500); } }"
            )
        ),
        Valid(
            SLEEP_HELPERS
            + tool(
                "async execute(i, { signal }) {\n"
                "  while (!done) { const r = await fetch('/s', { signal }); await sleep(500); } }"
            )
        ),
        Valid(
            SLEEP_HELPERS
            + tool("async execute(i, { signal }) { while (!done) await sleepFor(500, signal); }")
        ),
        # a single wait: short, or the execute looks at the signal afterwards
        Valid(SLEEP_HELPERS + tool("async execute() { await sleep(300); return 1; }")),
        Valid(
            SLEEP_HELPERS
            + tool("async execute() { await new Promise((r) => setTimeout(r)); return 1; }")
        ),
        Valid(
            SLEEP_HELPERS
            + tool(
                "async execute(i, { signal }) { await sleep(5000); if (signal.aborted) return null; }"
            )
        ),
        Valid(SLEEP_HELPERS + tool("async execute() { await sleep(ms); return 1; }")),  # unknown
        # not a timer
        Valid(
            SLEEP_HELPERS
            + tool("async execute(i, { signal }) { for (const id of i.ids) await save(id); }")
        ),
        Valid(
            SLEEP_HELPERS + tool("async execute() { await Promise.race([work(), sleep(9000)]); }")
        ),
        # a timer of node:timers/promises shorter than min-wait-ms
        Valid(DELAY),
    ]
)

test_invalid = RULE_TESTS.invalid(
    [
        Invalid(
            tool(
                "async execute({ id }, { signal }) {\n"
                "    return (await fetch(`/api/${id}`)).json();\n  }"
            ),
            [
                Finding(
                    "fetch-without-signal",
                    5,
                    19,
                    5,
                    38,
                    data={"member": "signal"},
                )
            ],
            output=tool(
                "async execute({ id }, { signal }) {\n"
                "    return (await fetch(`/api/${id}`, { signal })).json();\n  }"
            ),
        ),
        Invalid(
            tool("async execute({ id }) { return fetch('/api/' + id); }"),
            [
                Finding(
                    "fetch-ignores-cancellation",
                    4,
                    34,
                    4,
                    53,
                )
            ],
            output=tool(
                "async execute({ id }, { signal }) { return fetch('/api/' + id, { signal }); }"
            ),
        ),
        Invalid(
            tool("async execute(i, opts) { await fetch('/x', { method: 'POST' }); }"),
            [Finding("fetch-without-signal", 4, 34, 4, 65, data={"member": "signal: opts.signal"})],
            output=tool(
                "async execute(i, opts) { await fetch('/x', { signal: opts.signal, method: 'POST' }); }"
            ),
        ),
        Invalid(
            tool("async execute(i, { signal: s }) { await fetch('/x', {}); }"),
            [Finding("fetch-without-signal", 4, 43, 4, 58, data={"member": "signal: s"})],
            output=tool("async execute(i, { signal: s }) { await fetch('/x', { signal: s }); }"),
        ),
        Invalid(
            tool("async execute(i, { signal }) { await window.fetch('/x'); }"),
            [Finding("fetch-without-signal", 4, 40, 4, 58, data={"member": "signal"})],
            output=tool("async execute(i, { signal }) { await window.fetch('/x', { signal }); }"),
        ),
        Invalid(
            tool(
                "async execute(i, { signal }) { await fetch('/x', { signal: AbortSignal.timeout(5000) }); }"
            ),
            [
                Finding(
                    "fetch-timeout-only",
                    4,
                    40,
                    4,
                    90,
                    data={"signal": "signal"},
                )
            ],
        ),
        Invalid(
            tool(
                "async execute({ ids }, { signal }) { await Promise.all(ids.map((id) => fetch(id))); }"
            ),
            [Finding("fetch-without-signal", 4, 74, 4, 83, data={"member": "signal"})],
            output=tool(
                "async execute({ ids }, { signal }) "
                "{ await Promise.all(ids.map((id) => fetch(id, { signal }))); }"
            ),
        ),
        Invalid(
            tool("async execute(i, { signal }) { await fetch(new Request('/x')); }"),
            [Finding("fetch-without-signal", 4, 40, 4, 64, data={"member": "signal"})],
            output=tool(
                "async execute(i, { signal }) { await fetch(new Request('/x'), { signal }); }"
            ),
        ),
        Invalid(
            tool(
                "async execute(i, { signal }) { const init = { method: 'PUT' }; await fetch('/x', init); }"
            ),
            [Finding("fetch-without-signal", 4, 72, 4, 89, data={"member": "signal"})],
        ),
        # a same-file helper that fetches without a signal is reported at the call
        Invalid(
            "async function load(id) { return (await fetch('/api/' + id)).json(); }\n"
            + tool("async execute({ id }, { signal }) { return load(id); }"),
            [
                Finding(
                    "call-fetches-without-signal",
                    5,
                    46,
                    5,
                    54,
                    related=[(1, 41, "fetch without a signal")],
                    data={"name": "load", "take": ""},
                )
            ],
        ),
        # a polling loop that never looks at the signal
        Invalid(
            WAIT_HELPERS
            + tool(
                "async execute(i, { signal }) {\n"
                "  while (!job.done) await new Promise((r) => setTimeout(r, 200));\n"
                "  return job.result; }"
            ),
            [Finding("loop-ignores-signal", 7, 21, 7, 65, data={"how": "check `signal.aborted`"})],
        ),
        Invalid(
            WAIT_HELPERS
            + tool(
                "async execute() { for (let n = 0; n < 10; n++) { await sleep(500); } return 1; }"
            ),
            [
                Finding(
                    "loop-ignores-signal",
                    6,
                    52,
                    6,
                    68,
                    data={"how": "take `{ signal }` and check it"},
                )
            ],
        ),
        # one long wait in an execute that never looks at the signal
        Invalid(
            WAIT_HELPERS
            + tool(
                "async execute() { await new Promise((resolve) => setTimeout(resolve, 3000)); }"
            ),
            [
                Finding(
                    "wait-ignores-signal",
                    6,
                    21,
                    6,
                    78,
                    data={"how": "take `{ signal }` and check it"},
                )
            ],
        ),
        Invalid(
            WAIT_HELPERS + tool("async execute() { await sleep(2000); return 1; }"),
            [
                Finding(
                    "wait-ignores-signal",
                    6,
                    21,
                    6,
                    38,
                    data={"how": "take `{ signal }` and check it"},
                )
            ],
        ),
        Invalid(
            WAIT_HELPERS + tool("async execute() { await wait(); return 1; }"),  # setInterval
            [
                Finding(
                    "wait-ignores-signal",
                    6,
                    21,
                    6,
                    33,
                    data={"how": "take `{ signal }` and check it"},
                )
            ],
        ),
        Invalid(
            DELAY,
            [
                Finding(
                    "wait-ignores-signal",
                    5,
                    21,
                    5,
                    37,
                    data={"how": "take `{ signal }` and check it"},
                )
            ],
            options={"min-wait-ms": 100},
        ),
    ]
)


# The fix forwards the signal (unsafe: the request is now aborted when the agent cancels,
# so `execute` may see an AbortError where it used to finish). Where execute has no
# second parameter, `{ signal }` becomes one: one fix a pass, so the second fetch of the
# same execute is fixed in the next pass of `--fix`.
test_fix = RULE_TESTS.invalid(
    [
        Invalid(
            tool("execute: async () => fetch('/api/cart')"),
            [Finding("fetch-ignores-cancellation", 4, 24, applicability="unsafe")],
            output=tool("execute: async (_input, { signal }) => fetch('/api/cart', { signal })"),
        ),
        Invalid(
            tool("execute: async (id) => fetch(id)"),
            [Finding("fetch-ignores-cancellation", 4, 26)],
            output=tool("execute: async (id, { signal }) => fetch(id, { signal })"),
        ),
        Invalid(
            tool("execute: async id => fetch(id)"),
            [Finding("fetch-ignores-cancellation", 4, 24)],
            output=tool("execute: async (id, { signal }) => fetch(id, { signal })"),
        ),
        Invalid(
            tool("async execute({ q }) { await fetch(q, {\n    method: 'GET',\n  }); }"),
            [Finding("fetch-ignores-cancellation", 4, 32)],
            output=tool(
                "async execute({ q }, { signal }) { await fetch(q, {\n"
                "    signal,\n    method: 'GET',\n  }); }"
            ),
        ),
        # arguments on lines of their own: the options too
        Invalid(
            tool("async execute({ q }, { signal }) {\n    return fetch(\n      q,\n    );\n  }"),
            [Finding("fetch-without-signal", 5, 12, data={"member": "signal"})],
            output=tool(
                "async execute({ q }, { signal }) {\n"
                "    return fetch(\n      q,\n      { signal },\n    );\n  }"
            ),
        ),
        Invalid(
            tool("async execute({ q }) { await fetch(q); await fetch(q + 1); }"),
            [
                Finding("fetch-ignores-cancellation", 4, 32),
                Finding("fetch-ignores-cancellation", 4, 48),
            ],
            output=tool(
                "async execute({ q }, { signal }) { await fetch(q, { signal }); await fetch(q + 1); }"
            ),
        ),
    ]
)

# No fix where `signal` could mean something else at the fetch, or nothing can be added.
test_no_fix = RULE_TESTS.invalid(
    [
        # a callback between execute and the fetch declares its own `signal`
        Invalid(
            tool("async execute(i, { signal }) { await each(i.ids, (id, signal) => fetch(id)); }"),
            [Finding("fetch-without-signal", 4, 68, data={"member": "signal"})],
        ),
        # `signal` is already a name in execute, which has no second parameter
        Invalid(
            tool("async execute({ signal }) { await fetch('/x'); }"),
            [Finding("fetch-ignores-cancellation", 4, 37)],
        ),
        # more arguments than fetch takes
        Invalid(
            tool("async execute(i, { signal }) { await fetch('/x', { method: 'GET' }, extra); }"),
            [Finding("fetch-without-signal", 4, 40, data={"member": "signal"})],
        ),
    ]
)


# MCP-B before 2.3, and 5.x, call `execute` with no signal (model/runtime.py): none to
# forward.
FETCHING_TOOL = (
    "navigator.modelContext.registerTool({\n"
    '  name: "find_store",\n'
    '  description: "Finds a store.",\n'
    '  async execute() { return (await fetch("/api/stores")).json(); },\n'
    "});\n"
)


def test_mcp_b_before_2_3_and_5_pass_no_signal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def found(version: str) -> int:
        files = {
            "package.json": manifest(dependencies={"@mcp-b/global": version}),
            "src/main.js": 'import "@mcp-b/global";\n',
            "src/tools.js": FETCHING_TOOL,
        }
        root = tmp_path / version
        root.mkdir()
        monkeypatch.chdir(root)
        return len(lint_files(files, root, {"select": [SIGNAL]}))

    assert found("1.6.4") == 0
    assert found("2.3.2") == 1
    # 5.x calls `execute(args)` alone, for Chrome's agent too (its mirror drops the signal)
    assert found("5.1.0") == 0
