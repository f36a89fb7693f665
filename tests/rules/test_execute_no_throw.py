"""execute-no-throw: a throw or rejection the agent only sees as "UnknownError"."""

from __future__ import annotations

import pytest

from tests.helpers import lint
from tests.rule_tester import Finding, Invalid, Placed, Project, RuleTester, Valid
from tests.rules.tool_code import run_check, through
from tests.rules.tool_code import tool_with_execute as tool
from tests.runtime_projects import manifest

NO_THROW = "execute-no-throw"


@pytest.mark.parametrize(
    ("package", "found"),
    [
        # these catch the throw and give the agent its message as an `isError` result
        ("use-webmcp-tool", 0),
        ("@vueuse/core", 0),
        ("@mcp-b/react-webmcp", 0),
        ("usewebmcp", 0),
        ("webmcp-react", 0),
        ("webmcp-kit", 0),
        # these let it reach the browser
        ("@angular/core", 1),
        ("react-webmcp", 1),
    ],
)
def test_libraries_that_turn_throws_into_errors_are_not_flagged(package: str, found: int) -> None:
    code = tool("execute() { throw new Error('Coupon expired. Ask for another code.'); }")
    assert len(run_check(code, NO_THROW)) == 1
    assert len(run_check(code, NO_THROW, **through(package))) == found


def test_a_declared_wrapper_says_whether_it_converts_throws() -> None:
    code = """import { useTool } from "@acme/ui";
useTool({ name: "apply", description: "Apply a coupon.", execute() { throw new Error("Expired"); } });
"""
    wrapper = {"module": "@acme/ui", "export": "useTool"}
    passed = lint(code, "t.js", {"select": [NO_THROW], "wrappers": [wrapper]})
    assert [d.line for d in passed] == [2]
    converted = {**wrapper, "throws": "converted"}
    assert lint(code, "t.js", {"select": [NO_THROW], "wrappers": [converted]}) == []


HELPERS = (
    "function check(q) { if (!q) throw new Error('x'); return q; }\n"
    "async function later(q) { if (!q) throw new Error('x'); }\n"
    "function safe(q) { try { throw new Error('x'); } catch { return null; } }\n"
)
THROWS_X = "async execute({ q }) { throw new Error('x'); }"

RULE_TESTS = RuleTester(NO_THROW)

test_valid = RULE_TESTS.valid(
    [
        # passing the abort on
        Valid(
            tool("async execute(input, { signal }) { if (signal.aborted) throw signal.reason; }")
        ),
        Valid(
            tool(
                "async execute(input, options) { if (options.signal.aborted) throw new Error('x'); }"
            )
        ),
        Valid(
            tool(
                "async execute(input, { signal: s }) { if (s.aborted) throw new DOMException('a'); }"
            )
        ),
        Valid(tool("async execute(input, { signal }) { throw signal.reason; }")),
        Valid(
            tool(
                "async execute(input, { signal }) {\n"
                "  try { return await load(input, signal); }\n"
                "  catch (error) { if (signal.aborted) throw error; return { error: 'x' }; }\n}"
            )
        ),
        Valid(
            tool(
                "async execute(input, { signal }) {\n"
                "  try { return await load(input, signal); }\n"
                "  catch (error) { if (signal.aborted) return null; throw error; }\n}"
            )
        ),
        Valid(
            tool(
                "async execute(input) {\n"
                "  try { return await load(input); }\n"
                "  catch (error) { if (error.name === 'AbortError') throw error; return { error: 'x' }; }\n}"
            )
        ),
        # caught inside execute
        Valid(
            tool(
                "async execute() { try { throw new Error('x'); } catch (e) { return { error: e.message }; } }"
            )
        ),
        # in callbacks: not the execute's own completion
        Valid(
            tool(
                "execute() { return new Promise((resolve, reject) => { reject(new Error('x')); }); }"
            )
        ),
        Valid(
            tool(
                "execute() { return load().then((r) => { if (!r) throw new Error('x'); return r; }); }"
            )
        ),
        Valid(tool("execute() { function fail() { throw new Error('x'); } return { ok: true }; }")),
        # no throw at all; a method called reject on something else
        Valid(tool("execute() { return { error: 'Not found', retryable: false }; }")),
        Valid(tool("execute() { queue.reject('x'); return { ok: true }; }")),
        Valid(tool("execute() { const Promise = lib; return Promise.reject('x'); }")),
        # helpers whose throw does not escape execute
        Valid(
            HELPERS
            + tool(
                "async execute({ q }) { try { return check(q); } catch { return { error: 'x' }; } }"
            )
        ),
        Valid(HELPERS + tool("execute({ q }) { later(q); return { ok: true }; }")),  # not awaited
        Valid(HELPERS + tool("execute({ q }) { return { ok: safe(q) }; }")),  # catches its own
        # an execute that cannot be seen
        Valid(tool("execute: makeHandler()") + tool("execute: handlers.search")),
        # a helper given the signal that throws only the abort: cancelling is not a failure
        Valid(
            "async function wait(ms, signal) {\n"
            "  if (signal.aborted) throw signal.reason;\n"
            "  await new Promise((done) => setTimeout(done, ms));\n"
            "}\n"
            "async function poll(url, signal) {\n"
            "  if (signal?.aborted) throw new DOMException('Stopped', 'AbortError');\n"
            "  return fetch(url, { signal });\n"
            "}\n"
            + tool(
                "async execute({ q }, { signal }) { await wait(100, signal); return poll(q, signal); }"
            )
        ),
    ]
)

test_invalid = RULE_TESTS.invalid(
    [
        Invalid(
            tool('async execute({ id }) {\n    if (!id) throw new Error("Pick a product");\n  }'),
            [
                Finding(
                    "throw-in-execute",
                    5,
                    14,
                    5,
                    48,
                    data={"error": '"Pick a product"'},
                )
            ],
        ),
        Invalid(
            tool('execute: () => Promise.reject(new Error("no"))'),
            [Finding("reject-in-execute", 4, 18, 4, 49, data={"error": '"no"'})],
        ),
        Invalid(
            tool('async execute() { return Promise.reject("no"); }'),
            [Finding("reject-in-execute", 4, 28, 4, 48, data={"error": '"no"'})],
        ),
        Invalid(
            tool('execute(input) { throw "plain string"; }'),
            [Finding("throw-in-execute", 4, 20, 4, 41, data={"error": '"plain string"'})],
        ),
        Invalid(
            tool(
                "async execute(input) { try { await save(input); } catch (error) { throw error; } }"
            ),
            [
                Finding(
                    "throw-in-execute",
                    4,
                    69,
                    4,
                    81,
                    data={"error": '"What went wrong and what the agent can do about it"'},
                )
            ],
        ),
        Invalid(
            tool("async execute() { try { go(); } finally { throw new Error('x'); } }"),
            [Finding("throw-in-execute", 4, 45, 4, 66, data={"error": '"x"'})],
        ),
        Invalid(
            tool("async execute() { try { go(); } catch { report(); } throw new Error('after'); }"),
            [Finding("throw-in-execute", 4, 55, 4, 80, data={"error": '"after"'})],
        ),
        Invalid(
            tool("async execute(input, { signal }) { if (input.bad) throw new Error('bad'); }"),
            [Finding("throw-in-execute", 4, 53, 4, 76, data={"error": '"bad"'})],
        ),
        Invalid(
            tool(
                "async execute(input) { switch (input.kind) { default: throw new Error('kind'); } }"
            ),
            [Finding("throw-in-execute", 4, 57, 4, 81, data={"error": '"kind"'})],
        ),
        # a same-file helper that throws is reported at the call
        Invalid(
            "function check(q) {\n"
            '  if (!q) throw new Error("Say what to search for");\n'
            "  return q;\n"
            "}\n" + tool("execute({ q }) { return { q: check(q) }; }"),
            [
                Finding(
                    "call-throws-through",
                    8,
                    32,
                    8,
                    40,
                    related=[(2, 11, "thrown here")],
                    data={"name": "check", "where": "line 2", "error": '"Say what to search for"'},
                )
            ],
        ),
        Invalid(
            "async function later(q) { if (!q) throw new Error('x'); }\n"
            + tool("async execute({ q }) { await later(q); return { ok: true }; }"),
            [
                Finding(
                    "call-throws-through",
                    5,
                    32,
                    5,
                    40,
                    related=[(1, 35, "thrown here")],
                    data={"name": "later", "where": "line 1", "error": '"x"'},
                )
            ],
        ),
        # a helper given the signal still throws its own errors (an HTTP error status)
        Invalid(
            "class Api {\n"
            "  async get(url, signal) {\n"
            "    if (signal.aborted) throw signal.reason;\n"
            "    const response = await fetch(url, { signal });\n"
            "    if (!response.ok) throw new Error(`Search failed: ${response.status}`);\n"
            "    return response.json();\n"
            "  }\n"
            "}\n"
            "const api = new Api();\n"
            + tool(
                "async execute({ q }, { signal }) { return api.get(`/search?q=${q}`, signal); }"
            ),
            [
                Finding(
                    "call-throws-through",
                    13,
                    45,
                    related=[(5, 23, "thrown here")],
                    data={
                        "name": "api.get",
                        "where": "line 5",
                        "error": '"What went wrong and what the agent can do about it"',
                    },
                ),
            ],
        ),
        # execute defined elsewhere in the file; a method of a class is no tool
        Invalid(
            "async function run({ id }) { if (!id) throw new Error('x'); }\n"
            "const handler = async () => { throw new Error('y'); };\n"
            "document.modelContext.registerTool({ name: 'a', description: 'A.', execute: run });\n"
            "document.modelContext.registerTool({ name: 'b', description: 'B.', execute: handler });\n"
            "class Tools { async execute() { throw new Error('not a tool'); } }\n",
            [
                Finding("throw-in-execute", 1, 39, 1, 60, data={"error": '"x"'}),
                Finding("throw-in-execute", 2, 31, 2, 52, data={"error": '"y"'}),
            ],
        ),
        # every language
        Invalid(
            "<template><div /></template>\n<script setup>\n" + tool(THROWS_X) + "</script>\n",
            [Finding("throw-in-execute", 6, 26, 6, 47, data={"error": '"x"'})],
            filename="Search.vue",
        ),
        Invalid(
            "<script type=module>\n" + tool(THROWS_X) + "</script>",
            [Finding("throw-in-execute", 5, 26, 5, 47, data={"error": '"x"'})],
            filename="page.html",
        ),
        Invalid(
            tool("async execute({ q }: { q: string }) { throw new Error('x'); }"),
            [Finding("throw-in-execute", 4, 41, 4, 62, data={"error": '"x"'})],
            filename="tool.tsx",
        ),
        Invalid(
            "<script>\n" + tool(THROWS_X) + "</script>",
            [Finding("throw-in-execute", 5, 26, 5, 47, data={"error": '"x"'})],
            filename="Tool.svelte",
        ),
    ]
)


# On MCP-B before 3.0 a throw becomes an `isError` result its agents read, and Chrome's
# agent never sees the tool; from 3.0 it is mirrored into Chrome, whose agent gets
# "UnknownError" (model/runtime.py).
THROWING_TOOL = (
    "navigator.modelContext.registerTool({\n"
    '  name: "add_item",\n'
    '  description: "Adds an item.",\n'
    '  async execute() { throw new Error("Out of stock"); },\n'
    "});\n"
)

test_runtimes = RULE_TESTS.projects(
    [
        Project(
            {
                "package.json": manifest(dependencies={"@mcp-b/global": "1.6.4"}),
                "src/main.js": 'import "@mcp-b/global";\nimport "./tools.js";\n',
                "src/tools.js": THROWING_TOOL,
            },
            name="mcp-b-1-turns-a-throw-into-an-isError-result",
        ),
        Project(
            {
                "package.json": manifest(dependencies={"@mcp-b/global": "4.0.0"}),
                "src/main.js": 'import "@mcp-b/global";\nimport "./tools.js";\n',
                "src/tools.js": THROWING_TOOL,
            },
            [
                Placed(
                    "src/tools.js",
                    "throw-in-execute",
                    4,
                    21,
                    data={"error": '"Out of stock"'},
                )
            ],
            name="mcp-b-4-mirrors-the-tool-into-chrome",
        ),
    ]
)


# A published polyfill's own code: how a throw reaches the agent is what it defines.
test_inside_a_polyfill = RULE_TESTS.projects(
    [
        Project(
            {
                "package.json": '{"name": "tiny-webmcp-shim", "version": "1.0.0", '
                '"main": "src/index.js"}\n',
                "src/index.js": 'Object.defineProperty(navigator, "modelContext", '
                "{ value: { registerTool() {} } });\n" + THROWING_TOOL,
            },
            name="a-polyfill-package",
        ),
    ]
)
