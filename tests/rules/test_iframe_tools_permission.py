"""iframe-tools-permission: a cross-origin frame whose tools the page asks for, without
the `tools` permission. What Chromium does is in tests/browser/test_facts_isolation.py."""

from __future__ import annotations

from tests.rule_tester import Finding, Invalid, RuleTester, Valid

RULE = "iframe-tools-permission"
ASK = (
    "<script type=module>\n"
    "  const tools = await document.modelContext.getTools({ fromOrigins: "
    '["https://widget.example"] });\n'
    "</script>\n"
)


def refused(origin: str, because: str) -> str:
    return (
        f"This frame's document is at {origin}, another origin, and this page asks "
        f"`getTools()` for the tools of {origin}; but {because}, so the `tools` permissions "
        "policy ('self' by default) refuses the frame WebMCP: `registerTool` there rejects "
        "with NotAllowedError, and `getTools()` finds none of its tools. Add "
        '`allow="tools"` to the `<iframe>`.'
    )


ASKED_HERE = (2, 23, "the page asks for that origin's tools here")

tests = RuleTester(RULE)

test_valid = tests.valid(
    [
        Valid(
            ASK + '<iframe src="https://widget.example/chat" allow="tools"></iframe>\n',
            filename="a.html",
        ),
        Valid(
            ASK + '<iframe src="https://widget.example/chat" allow="camera; tools"></iframe>\n',
            filename="a.html",
        ),
        Valid(
            ASK + '<iframe src="https://widget.example/chat" allow="tools *"></iframe>\n',
            filename="a.html",
        ),
        Valid(
            ASK + '<iframe src="https://widget.example/chat" allow="tools \'src\'"></iframe>\n',
            filename="a.html",
        ),
        Valid(
            ASK
            + '<iframe src="https://widget.example/chat" allow="tools https://widget.example"></iframe>\n',
            filename="a.html",
        ),
        # a frame of another origin than the page asks for: whether it has tools is unknown
        Valid(ASK + '<iframe src="https://maps.example/embed"></iframe>\n', filename="a.html"),
        # no page code that asks for the frame's tools (the page registers its own)
        Valid(
            '<iframe src="https://widget.example/chat"></iframe>\n'
            "<script>document.modelContext?.registerTool(tool);</script>\n",
            filename="a.html",
        ),
        # an allow attribute bound to an expression, a src that is not known
        Valid(
            "export function Panel({ policy }) {\n"
            '  document.modelContext.getTools({ fromOrigins: ["https://widget.example"] });\n'
            '  return <iframe src="https://widget.example/chat" allow={policy} />;\n'
            "}\n",
            filename="Panel.jsx",
        ),
        Valid(ASK + '<iframe src="{{ widget }}"></iframe>\n', filename="a.html"),
        # in a code sample
        Valid(
            ASK + '<pre><code>&lt;iframe src="https://widget.example/chat"&gt;</code></pre>\n',
            filename="a.html",
        ),
    ]
)

test_invalid = tests.invalid(
    [
        Invalid(
            ASK + '<iframe src="https://widget.example/chat" title="Assistant"></iframe>\n',
            [
                Finding(
                    "frame-without-tools-permission",
                    4,
                    1,
                    related=[ASKED_HERE],
                    data={"origin": "https://widget.example"},
                )
            ],
            filename="a.html",
        ),
        Invalid(
            ASK
            + '<iframe src="https://widget.example/chat" allow="camera; microphone"></iframe>\n',
            [
                Finding(
                    "frame-without-tools-permission",
                    4,
                    1,
                    data={"origin": "https://widget.example"},
                )
            ],
            filename="a.html",
        ),
        Invalid(
            ASK + '<iframe src="https://widget.example/chat" allow="tools \'self\'"></iframe>\n',
            [
                Finding(
                    "allow-misses-origin",
                    4,
                    1,
                    data={"origin": "https://widget.example", "allow": "tools 'self'"},
                )
            ],
            filename="a.html",
        ),
        Invalid(
            "export function Panel() {\n"
            '  document.modelContext.getTools({ fromOrigins: ["https://widget.example:8443"] });\n'
            '  return <iframe src="https://widget.example:8443/chat" allow="camera" />;\n'
            "}\n",
            [
                Finding(
                    "frame-without-tools-permission",
                    3,
                    10,
                    data={"origin": "https://widget.example:8443"},
                )
            ],
            filename="Panel.jsx",
        ),
    ]
)
