"""execute-result-serializable: results JSON serialization loses."""

from __future__ import annotations

from tests.helpers import lint
from tests.rule_tester import Finding, Invalid, RuleTester, Valid
from tests.rules.tool_code import tool_with_execute as tool


def test_deeply_nested_execute_bodies_do_not_crash() -> None:
    depth = 5000
    nested = "[" * depth + "1" + "]" * depth
    code = tool(
        f"execute(input, {{ signal }}) {{ const x = {nested}; return {{ x, m: new Map() }}; }}"
    )
    diagnostics = lint(code)
    assert "execute-result-serializable" in {d.rule for d in diagnostics}


def lost(what: str, fix: str = "") -> str:
    return (
        f"`execute` returns {what}: the browser serializes the result as JSON and the data is "
        f"lost. Return plain data instead{fix}."
    )


def fails(what: str) -> str:
    return (
        f"`execute` returns {what}: the browser cannot serialize it as JSON, so the call "
        "fails with `UnknownError` and the agent gets no result. Return plain data instead."
    )


MAP = lost("a `Map`, which reaches the agent as `{}`", " (`Object.fromEntries(map)`)")

RULE_TESTS = RuleTester("execute-result-serializable")

test_valid = RULE_TESTS.valid(
    [
        Valid(tool("execute() { return Object.fromEntries(new Map(pairs)); }")),
        Valid(tool("execute() { return [...new Set(tags)]; }")),
        Valid(tool("async execute() { return (await fetch('/x')).json(); }")),
        Valid(tool("async execute() { const r = await fetch('/x'); return { ok: r.ok }; }")),
        Valid(tool("execute() { return document.querySelector('#total').textContent; }")),
        Valid(tool("execute() { return { total: 3, format() { return '3'; } }; }")),
        Valid(tool("execute() { return { toJSON: () => 'x', data: new Map() }; }")),
        Valid(tool("execute() { return new Date(); }")),
        Valid(tool("execute() { const Map = Dict; return new Map(); }")),
        Valid(tool("execute() { function inner() { return new Map(); } return inner().size; }")),
        Valid(tool("execute() { let m = new Map(); m = toObject(m); return m; }")),
        Valid(tool("execute() { return cache.get(key); }")),
    ]
)

test_invalid = RULE_TESTS.invalid(
    [
        Invalid(
            tool("execute() {\n    return { total: 3, byColor: new Map(pairs) };\n  }"),
            [
                Finding(
                    "returns-lossy-object",
                    5,
                    33,
                    5,
                    47,
                    data={"instance": "a `Map`", "conversion": "`Object.fromEntries(map)`"},
                )
            ],
        ),
        Invalid(
            tool("execute() { return new Map(entries); }"),
            [
                Finding(
                    "returns-lossy-object",
                    4,
                    22,
                    4,
                    38,
                    data={"instance": "a `Map`", "conversion": "`Object.fromEntries(map)`"},
                )
            ],
        ),
        Invalid(
            tool("execute() { const seen = new Set(); return seen; }"),
            [
                Finding(
                    "returns-lossy-object",
                    4,
                    46,
                    4,
                    50,
                    data={"instance": "a `Set`", "conversion": "`[...set]`"},
                )
            ],
        ),
        Invalid(
            tool("async execute() { return await fetch('/x'); }"),
            [Finding("returns-response", 4, 34, 4, 45)],
        ),
        Invalid(
            tool("async execute() { const r = await fetch('/x'); return r; }"),
            [Finding("returns-response", 4, 57, 4, 58)],
        ),
        Invalid(
            tool("execute() { return document.querySelector('#cart'); }"),
            [Finding("returns-dom-node", 4, 22, 4, 53)],
        ),
        Invalid(
            tool("execute() { return document.body; }"), [Finding("returns-dom-node", 4, 22, 4, 35)]
        ),
        Invalid(
            tool("execute() { return { count: 2, node: el.closest('li') }; }"),
            [Finding("returns-dom-node", 4, 40, 4, 56)],
        ),
        Invalid(
            tool("execute() { return () => 1; }"),
            [
                Finding(
                    "returns-function",
                    4,
                    22,
                    4,
                    29,
                )
            ],
        ),
        Invalid(
            tool("execute() { return new Error('Out of stock'); }"),
            [
                Finding(
                    "returns-error",
                    4,
                    22,
                    4,
                    47,
                )
            ],
        ),
        Invalid(
            tool("execute() { return { items: [new URLSearchParams(q)] }; }"),
            [
                Finding(
                    "returns-lossy-object",
                    4,
                    32,
                    4,
                    54,
                    data={
                        "instance": "`URLSearchParams`",
                        "conversion": "`Object.fromEntries(params)` or `params.toString()`",
                    },
                )
            ],
        ),
        Invalid(
            tool("execute() { const o = {}; o.self = o; return o; }"),
            [
                Finding(
                    "returns-circular-object",
                    4,
                    48,
                    4,
                    49,
                )
            ],
        ),
        Invalid(
            tool("execute() { return window; }"),
            [
                Finding(
                    "returns-window",
                    4,
                    22,
                    4,
                    28,
                )
            ],
        ),
        Invalid(
            tool("execute() { return Symbol('x'); }"),
            [
                Finding(
                    "returns-symbol",
                    4,
                    22,
                    4,
                    33,
                )
            ],
        ),
        Invalid(
            tool("execute: () => (ok ? new Set(a) : [])"),
            [
                Finding(
                    "returns-lossy-object",
                    4,
                    24,
                    4,
                    34,
                    data={"instance": "a `Set`", "conversion": "`[...set]`"},
                )
            ],
        ),
    ]
)
