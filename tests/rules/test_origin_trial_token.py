"""origin-trial-token: tokens that cannot turn WebMCP on. What Chromium does with each
is checked in tests/browser/test_facts_origin_trial.py."""

from __future__ import annotations

import base64
import json
import struct
from typing import Any

import pytest

from tests.helpers import lint, only
from tests.rule_tester import Finding, Invalid, RuleTester, Valid
from webmcp_lint.checks.deployment import origin_trial_token

RULE = "origin-trial-token"
YEAR_2100 = 4102444800
JAN_2026 = 1767225600  # 2026-01-01


def token(payload: Any, version: int = 3, length: int | None = None) -> str:
    """A token as Chromium lays it out; the signature (zeros) is not the linter's to check."""
    body = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
    size = struct.pack(">I", len(body) if length is None else length)
    return base64.b64encode(bytes([version]) + bytes(64) + size + body).decode()


def webmcp(origin: str = "https://shop.example:443", expiry: int = YEAR_2100, **more: Any) -> str:
    return token({"origin": origin, "feature": "WebMCP", "expiry": expiry, **more})


def page(content: str, before: str = "") -> str:
    return (
        f'<!doctype html><html><head>{before}<meta http-equiv="origin-trial" content="{content}">'
        "<title>Shop</title></head><body></body></html>"
    )


UNREADABLE = (
    "This origin-trial token cannot be read ({}): Chromium ignores it, so the trial it was "
    "meant for stays off on this page. Copy the token again from the origin trial's "
    "registration."
)
OFF = (
    "This WebMCP origin-trial token does not turn WebMCP on: {}. Without it, Chrome exposes "
    "no `document.modelContext` and registers no tool on this page."
)


def misnamed(feature: str) -> str:
    return (
        f'This origin-trial token is for "{feature}", a trial Chromium does not know (trial '
        'names are case-sensitive; WebMCP\'s is "WebMCP"), so WebMCP stays off for visitors. '
        "Register for the WebMCP origin trial and use its token."
    )


COLUMN = len('<!doctype html><html><head><meta http-equiv="origin-trial" content="')

tests = RuleTester(RULE)

test_valid = tests.valid(
    [
        Valid(page(webmcp()), "index.html"),
        Valid(page(webmcp(version_note=1)), "index.html"),
        Valid(
            page(
                token(
                    {"origin": "https://a.example", "feature": "WebMCP", "expiry": YEAR_2100},
                    version=2,
                )
            ),
            "index.html",
        ),
        Valid(page(webmcp("http://localhost:8080")), "index.html"),
        Valid(page(webmcp("http://127.0.0.1:3000")), "index.html"),
        # another trial's token is that trial's business, expired or not
        Valid(
            page(token({"origin": "http://a.example", "feature": "Frobulate", "expiry": 1})),
            "index.html",
        ),
        # not an origin-trial meta
        Valid('<meta http-equiv="refresh" content="not-a-token">', "index.html"),
        Valid('<meta name="origin-trial" content="x">', "index.html"),
        Valid(f'<!-- <meta http-equiv="origin-trial" content="{webmcp(expiry=1)}"> -->', "a.html"),
        # a bound content cannot be read
        Valid(
            'export const Head = ({ t }) => <meta httpEquiv="origin-trial" content={t} />;',
            "head.jsx",
        ),
        # a meta before any body content is in the (implicit) head
        Valid(
            f'<!doctype html><title>t</title><meta http-equiv="origin-trial" content="{webmcp()}"><p>Shop</p>',
            "a.html",
        ),
    ]
)

test_invalid = tests.invalid(
    [
        Invalid(
            page("not a token!"),
            [Finding(UNREADABLE.format("it is not base64"), 1, COLUMN + 1)],
            filename="a.html",
        ),
        Invalid(
            page(""), [Finding(UNREADABLE.format("it is empty"), 1, COLUMN + 1)], filename="a.html"
        ),
        Invalid(
            page("QUJD"),
            [
                Finding(
                    UNREADABLE.format("it holds 3 bytes, too few for a signed token"), 1, COLUMN + 1
                )
            ],
            filename="a.html",
        ),
        Invalid(
            page(
                token(
                    {"origin": "https://a.example", "feature": "WebMCP", "expiry": YEAR_2100},
                    version=4,
                )
            ),
            [
                Finding(
                    UNREADABLE.format("version 4; Chromium reads versions 2 and 3"), 1, COLUMN + 1
                )
            ],
            filename="a.html",
        ),
        Invalid(
            page(token({"feature": "WebMCP"}, length=3)),
            [Finding(UNREADABLE.format("its payload is 21 bytes but says 3"), 1, COLUMN + 1)],
            filename="a.html",
        ),
        Invalid(
            page(token(b"\xff{")),
            [Finding(UNREADABLE.format("its payload is not JSON"), 1, COLUMN + 1)],
            filename="a.html",
        ),
        Invalid(
            page(token([1])),
            [Finding(UNREADABLE.format("its payload is not a JSON object"), 1, COLUMN + 1)],
            filename="a.html",
        ),
        Invalid(
            page(token({"origin": "https://a.example", "feature": "WebMCP", "expiry": "2100"})),
            [Finding(UNREADABLE.format("its payload has no valid `expiry`"), 1, COLUMN + 1)],
            filename="a.html",
        ),
        Invalid(
            page(
                token(
                    {"origin": "https://a.example", "feature": "WebMCPTesting", "expiry": YEAR_2100}
                )
            ),
            [Finding(misnamed("WebMCPTesting"), 1, COLUMN + 1)],
            filename="a.html",
        ),
        Invalid(
            page(token({"origin": "https://a.example", "feature": "webmcp", "expiry": YEAR_2100})),
            [Finding(misnamed("webmcp"), 1, COLUMN + 1)],
            filename="a.html",
        ),
        Invalid(
            page(webmcp("http://shop.example:80")),
            [
                Finding(
                    OFF.format(
                        "its origin http://shop.example:80 is insecure http, where Chromium "
                        "offers neither trials nor WebMCP (a secure context is required); "
                        "register the https origin"
                    ),
                    1,
                    COLUMN + 1,
                )
            ],
            filename="a.html",
        ),
        # in the body, explicit or implicit (after body content)
        Invalid(
            f'<html><head></head><body><meta http-equiv="origin-trial" content="{webmcp()}"></body></html>',
            [
                Finding(
                    OFF.format(
                        "it is in the <body>, where Chromium does not read origin-trial tokens; put the <meta> in the <head>"
                    ),
                    1,
                    67,
                )
            ],
            filename="a.html",
        ),
        Invalid(
            f'<!doctype html><title>t</title><p>Shop</p><meta http-equiv="origin-trial" content="{webmcp()}">',
            [
                Finding(
                    OFF.format(
                        "it is in the <body>, where Chromium does not read origin-trial tokens; put the <meta> in the <head>"
                    ),
                    1,
                    84,
                )
            ],
            filename="a.html",
        ),
        # JSX (Next.js <head>), Astro
        Invalid(
            f'export const Head = () => <head><meta httpEquiv="origin-trial" content="{token({"origin": "https://a.example", "feature": "webmcp", "expiry": YEAR_2100})}" /></head>;',
            [Finding(misnamed("webmcp"), 1, 72)],
            filename="layout.tsx",
        ),
        Invalid(
            f'---\nconst t = 1;\n---\n<html><head><meta http-equiv="origin-trial" content="{webmcp("http://shop.example")}"></head></html>',
            [
                Finding(
                    OFF.format(
                        "its origin http://shop.example is insecure http, where Chromium offers neither trials nor WebMCP (a secure context is required); register the https origin"
                    ),
                    4,
                    54,
                )
            ],
            filename="Base.astro",
        ),
    ]
)


def test_expiry_is_judged_by_the_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    code = page(webmcp(expiry=JAN_2026))
    monkeypatch.setattr(origin_trial_token, "now", lambda: JAN_2026 - 1)
    assert only(lint(code, "a.html"), RULE) == []
    monkeypatch.setattr(origin_trial_token, "now", lambda: JAN_2026)
    [finding] = only(lint(code, "a.html"), RULE)
    assert finding.message == OFF.format(
        "it expired on 2026-01-01; renew the registration and use the new token"
    )


def test_a_page_with_a_token_and_no_webmcp_word_is_read() -> None:
    """The token's base64 holds no WebMCP word; `origin-trial` gets the page past the
    prefilter, so a page whose tools come from a script file is still checked."""
    code = page(webmcp(expiry=1)).replace("<title>Shop</title>", "<script src=app.js></script>")
    assert "modelcontext" not in code.lower() and "webmcp" not in code.lower()
    assert [d.rule for d in lint(code, "a.html")] == [RULE]


def test_a_huge_content_is_not_decoded() -> None:
    code = page("A" * 5000)
    [finding] = only(lint(code, "a.html"), RULE)
    assert finding.message == UNREADABLE.format("it is 5000 characters long")
