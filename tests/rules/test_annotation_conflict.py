"""annotation-conflict: readOnlyHint with consequentialHint, or on a tool that changes state."""

from __future__ import annotations

from tests.rule_tester import Finding, Invalid, RuleTester, Valid
from tests.rules.tool_code import tool_named as tool

READ_ONLY = "{ readOnlyHint: true }"
POST = "async execute({ text }) { return (await fetch('/api', { method: 'POST', body: text })).text(); }"
POSTED = [
    Finding(
        "read-only-but-changes",
        4,
        18,
        4,
        36,
        related=[(5, 43, "changes state here")],
        data={"change": "sends a POST request", "line": 5},
    )
]


def changing(execute: str, what: str, column: int = 15) -> Invalid:
    """A read-only tool `get_x` whose `execute` (on line 5) does `what` at `column`."""
    return Invalid(
        tool("get_x", execute, READ_ONLY),
        [
            Finding(
                "read-only-but-changes",
                4,
                18,
                4,
                36,
                related=[(5, column, "changes state here")],
                data={"change": what, "line": 5},
            )
        ],
    )


RULE_TESTS = RuleTester("annotation-conflict")

test_valid = RULE_TESTS.valid(
    [
        # a POST alone does not prove a tool wrong: many APIs read through POST
        Valid(tool("translate_text", POST, READ_ONLY)),
        Valid(tool("search_products", POST, READ_ONLY)),
        Valid(tool("get_quote", POST, READ_ONLY)),
        # reads, or changes that are not visible
        Valid(
            tool(
                "get_x",
                "async execute(i, { signal }) { return (await fetch('/x', { signal })).json(); }",
                READ_ONLY,
            )
        ),
        Valid(
            tool("get_x", "async execute() { await fetch('/x', { method: 'GET' }); }", READ_ONLY)
        ),
        Valid(tool("get_x", "async execute() { await fetch('/x', init); }", READ_ONLY)),
        Valid(
            tool(
                "get_x",
                "execute() { const u = new URL(location.href); u.searchParams.set('a', 1); return 1; }",
                READ_ONLY,
            )
        ),
        Valid(tool("get_x", "execute() { return localStorage.getItem('k'); }", READ_ONLY)),
        Valid(tool("get_x", "execute() { saveDraft(); return 1; }", READ_ONLY)),  # not visible
        Valid(tool("get_x", "execute() { cache.set('k', 1); return 1; }", READ_ONLY)),
        # no read-only claim, or one that cannot be known
        Valid(tool("get_x", "execute() { location.assign('/x'); }", "{ readOnlyHint: false }")),
        Valid(tool("get_x", "execute() { location.assign('/x'); }", "{ consequentialHint: true }")),
        Valid(tool("get_x", "execute() { location.assign('/x'); }", "hints")),
    ]
)

test_invalid = RULE_TESTS.invalid(
    [
        Invalid(
            tool("ban_user", annotations="{ readOnlyHint: true, consequentialHint: true }"),
            [
                Finding(
                    "read-only-and-consequential",
                    4,
                    18,
                    4,
                    36,
                    related=[(4, 38, "consequentialHint is set here")],
                )
            ],
        ),
        # a POST conflicts when the name says the tool changes something
        Invalid(tool("post_reply", POST, READ_ONLY), POSTED),
        Invalid(tool("save_note", POST, READ_ONLY), POSTED),
        Invalid(tool("send_message", POST, READ_ONLY), POSTED),
        Invalid(
            tool(
                "get_x", "async execute() { await fetch('/x', { method: 'DELETE' }); }", READ_ONLY
            ),
            [
                Finding(
                    "read-only-but-changes",
                    4,
                    18,
                    4,
                    36,
                    related=[(5, 27, "changes state here")],
                    data={"change": "sends a DELETE request", "line": 5},
                )
            ],
        ),
        changing(
            "async execute() { await fetch(new Request('/x', { method: 'put' })); }",
            "sends a PUT request",
            27,
        ),
        changing("execute() { localStorage.setItem('k', 'v'); }", "writes to `localStorage`"),
        changing("execute() { window.sessionStorage.clear(); }", "writes to `sessionStorage`"),
        changing("execute() { location.href = '/next'; }", "navigates by assigning `location`"),
        changing("execute() { window.location = '/next'; }", "navigates by assigning `location`"),
        changing("execute() { location.assign('/next'); }", "navigates with `location.assign()`"),
        changing(
            "execute() { history.pushState({}, '', '/x'); }",
            "navigates with `history.pushState()`",
        ),
        changing(
            "execute() { this.router.navigate(['/x']); }",
            "navigates with `this.router.navigate()`",
        ),
        changing(
            "execute() { document.querySelector('form').requestSubmit(); }",
            "calls `.requestSubmit()`",
        ),
        changing("execute() { button.click(); }", "calls `.click()`"),
        changing("execute() { document.cookie = 'a=1'; }", "writes `document.cookie`"),
        changing(
            "execute() { navigator.sendBeacon('/log', 'x'); }",
            "sends data with `navigator.sendBeacon()`",
        ),
        changing("execute() { window.open('/help'); }", "opens a window"),
        # a React state setter, called in a same-file helper
        Invalid(
            "function Panel() {\n"
            "  const [tab, setTab] = useState('a');\n"
            "  function go(t) { setTab(t); }\n"
            + tool("view_tab", "execute({ t }) { go(t); return { t }; }", READ_ONLY)
            + "}\n",
            [
                Finding(
                    "read-only-but-calls-change",
                    7,
                    18,
                    7,
                    36,
                    related=[(8, 20, "changes state here")],
                    data={"change": "updates state with `setTab()`", "callee": "go", "line": 8},
                )
            ],
            filename="Panel.jsx",
        ),
    ]
)
