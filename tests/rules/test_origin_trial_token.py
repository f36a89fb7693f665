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
        Valid(
            '<meta http-equiv="refresh" content="not-a-token">\n'
            "<script>document.modelContext?.registerTool(tool);</script>",
            "index.html",
        ),
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
            [
                Finding(
                    "token-unreadable",
                    1,
                    COLUMN + 1,
                    data={"why": "it is not base64", "place": "this page"},
                )
            ],
            filename="a.html",
        ),
        Invalid(
            page(""),
            [
                Finding(
                    "token-unreadable",
                    1,
                    COLUMN + 1,
                    data={"why": "it is empty", "place": "this page"},
                )
            ],
            filename="a.html",
        ),
        Invalid(
            page("QUJD"),
            [
                Finding(
                    "token-unreadable",
                    1,
                    COLUMN + 1,
                    data={
                        "why": "it holds 3 bytes, too few for a signed token",
                        "place": "this page",
                    },
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
                    "token-unreadable",
                    1,
                    COLUMN + 1,
                    data={
                        "why": "version 4; Chromium reads versions 2 and 3",
                        "place": "this page",
                    },
                )
            ],
            filename="a.html",
        ),
        Invalid(
            page(token({"feature": "WebMCP"}, length=3)),
            [
                Finding(
                    "token-unreadable",
                    1,
                    COLUMN + 1,
                    data={"why": "its payload is 21 bytes but says 3", "place": "this page"},
                )
            ],
            filename="a.html",
        ),
        Invalid(
            page(token(b"\xff{")),
            [
                Finding(
                    "token-unreadable",
                    1,
                    COLUMN + 1,
                    data={"why": "its payload is not JSON", "place": "this page"},
                )
            ],
            filename="a.html",
        ),
        Invalid(
            page(token([1])),
            [
                Finding(
                    "token-unreadable",
                    1,
                    COLUMN + 1,
                    data={"why": "its payload is not a JSON object", "place": "this page"},
                )
            ],
            filename="a.html",
        ),
        Invalid(
            page(token({"origin": "https://a.example", "feature": "WebMCP", "expiry": "2100"})),
            [
                Finding(
                    "token-unreadable",
                    1,
                    COLUMN + 1,
                    data={"why": "its payload has no valid `expiry`", "place": "this page"},
                )
            ],
            filename="a.html",
        ),
        Invalid(
            page(
                token(
                    {"origin": "https://a.example", "feature": "WebMCPTesting", "expiry": YEAR_2100}
                )
            ),
            [Finding("trial-misnamed", 1, COLUMN + 1, data={"feature": "WebMCPTesting"})],
            filename="a.html",
        ),
        Invalid(
            page(token({"origin": "https://a.example", "feature": "webmcp", "expiry": YEAR_2100})),
            [Finding("trial-misnamed", 1, COLUMN + 1, data={"feature": "webmcp"})],
            filename="a.html",
        ),
        Invalid(
            page(webmcp("http://shop.example:80")),
            [
                Finding(
                    "insecure-origin",
                    1,
                    COLUMN + 1,
                    data={"origin": "http://shop.example:80", "place": "this page"},
                )
            ],
            filename="a.html",
        ),
        # in the body, explicit or implicit (after body content)
        Invalid(
            f'<html><head></head><body><meta http-equiv="origin-trial" content="{webmcp()}"></body></html>',
            [
                Finding(
                    "token-in-body",
                    1,
                    67,
                    data={"place": "this page"},
                )
            ],
            filename="a.html",
        ),
        Invalid(
            f'<!doctype html><title>t</title><p>Shop</p><meta http-equiv="origin-trial" content="{webmcp()}">',
            [
                Finding(
                    "token-in-body",
                    1,
                    84,
                    data={"place": "this page"},
                )
            ],
            filename="a.html",
        ),
        # JSX (Next.js <head>), Astro
        Invalid(
            f'export const Head = () => <head><meta httpEquiv="origin-trial" content="{token({"origin": "https://a.example", "feature": "webmcp", "expiry": YEAR_2100})}" /></head>;',
            [Finding("trial-misnamed", 1, 72, data={"feature": "webmcp"})],
            filename="layout.tsx",
        ),
        Invalid(
            f'---\nconst t = 1;\n---\n<html><head><meta http-equiv="origin-trial" content="{webmcp("http://shop.example")}"></head></html>',
            [
                Finding(
                    "insecure-origin",
                    4,
                    54,
                    data={"origin": "http://shop.example", "place": "this page"},
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
    assert finding.message == OFF.format(RENEW.format("2026-01-01"))


# Tokens issued for Chrome 149-156 (the trial's first period) all expired on 2026-11-16
# or 2026-11-17; the extension to Chrome 162 needs new ones.
NOV_16_2026 = 1794787200
NOV_18_2026 = 1794960000
RENEW = (
    "it expired on {}; the WebMCP origin trial now runs until Chrome 162 with new tokens: "
    "renew the registration in Chrome's origin trials console and replace this token with "
    "the one it gives"
)
FIRST_PERIOD = (
    "it expired on {}, as every token issued for Chrome 149-156 did; the trial's extension "
    "to Chrome 162 needs a new token: renew the registration in Chrome's origin trials "
    "console and replace this token with the one it gives"
)


@pytest.mark.parametrize(
    ("expiry", "said"),
    [
        (NOV_16_2026, FIRST_PERIOD.format("2026-11-16")),
        (NOV_16_2026 + 86400 + 3600, FIRST_PERIOD.format("2026-11-17")),
        (JAN_2026, RENEW.format("2026-01-01")),
        (NOV_18_2026 + 3600, RENEW.format("2026-11-18")),
    ],
)
def test_an_expired_token_says_what_to_do_now(
    monkeypatch: pytest.MonkeyPatch, expiry: int, said: str
) -> None:
    """Tokens of the first period expired together in November 2026: the message says
    the trial goes on, and that only a new token turns WebMCP on again."""
    monkeypatch.setattr(origin_trial_token, "now", lambda: NOV_18_2026 + 7200)
    [finding] = only(lint(page(webmcp(expiry=expiry)), "a.html"), RULE)
    assert finding.message == OFF.format(said)


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


# --- Origin-Trial response headers set in hosts' settings files -------------------------

GOOD = webmcp()
EXPIRED = webmcp(expiry=JAN_2026)
EXPIRED_MESSAGE = (
    "This WebMCP origin-trial token does not turn WebMCP on: it expired on 2026-01-01; the "
    "WebMCP origin trial now runs until Chrome 162 with new tokens: renew the registration "
    "in Chrome's origin trials console and replace this token with the one it gives. "
    "Without it, Chrome exposes no `document.modelContext` and registers no tool on the "
    "pages this header is sent with."
)


def headers_file(value: str, path: str = "/*", name: str = "Origin-Trial") -> str:
    return f"# Netlify\n{path}\n  X-Frame-Options: DENY\n  {name}: {value}\n"


def toml_file(value: str) -> str:
    return f'[build]\n  publish = "dist"\n\n[[headers]]\n  for = "/*"\n  [headers.values]\n    Origin-Trial = {value}\n'


def vercel_file(value: str) -> str:
    rule = {"source": "/(.*)", "headers": [{"key": "Origin-Trial", "value": value}]}
    return json.dumps({"headers": [rule]}, indent=2)


def firebase_file(value: str) -> str:
    rule = {"source": "**", "headers": [{"key": "Origin-Trial", "value": value}]}
    return json.dumps({"hosting": [{"target": "app", "headers": [rule]}]}, indent=2)


def azure_file(global_value: str, route_value: str) -> str:
    return json.dumps(
        {
            "globalHeaders": {"Origin-Trial": global_value},
            "routes": [{"route": "/shop/*", "headers": {"Origin-Trial": route_value}}],
        },
        indent=2,
    )


LINE_4 = len("  Origin-Trial: ") + 1  # column of the value in headers_file()

test_valid_headers = tests.valid(
    [
        Valid(headers_file(GOOD), "_headers"),
        Valid(headers_file(f"{GOOD}, {webmcp('http://localhost:8888')}"), "_headers"),
        # placeholders filled in at build time or per request are not tokens yet
        Valid(headers_file("${ORIGIN_TRIAL_TOKEN}"), "_headers"),
        Valid(headers_file("{{ origin_trial }}"), "_headers"),
        # a header before any path is not sent; a comment and a detach line are not headers
        Valid(f"Origin-Trial: {EXPIRED}\n/*\n  X-Frame-Options: DENY\n", "_headers"),
        Valid(f"/*\n  # Origin-Trial: {EXPIRED}\n  ! Origin-Trial\n", "_headers"),
        # another trial's token; another header
        Valid(
            headers_file(
                token({"origin": "http://a.example", "feature": "Frobulate", "expiry": 1})
            ),
            "_headers",
        ),
        Valid(headers_file(EXPIRED, name="X-Origin-Trial-Backup"), "_headers"),
        # a rule for the token's own site, a subdomain token, a site written with a placeholder
        Valid(headers_file(GOOD, "https://shop.example/*"), "_headers"),
        Valid(
            headers_file(
                webmcp("https://example.com", isSubdomain=True), "https://shop.example.com/*"
            ),
            "_headers",
        ),
        Valid(headers_file(GOOD, "https://:project.pages.dev/*"), "_headers"),
        Valid(headers_file(GOOD, "https://*.other.example/*"), "_headers"),
        # not URLs (an unbalanced bracket), so no site is known
        Valid(headers_file(GOOD, "https://[shop.example/*"), "_headers"),
        Valid(headers_file(webmcp("https://[::1"), "https://shop.example/*"), "_headers"),
        # a quote never closed: what Chromium makes of it is not known
        Valid(headers_file(f'"{EXPIRED}'), "_headers"),
        Valid(toml_file(f'"{GOOD}"'), "netlify.toml"),
        # settings that do not parse set no header: no finding, no traceback
        Valid(f'[[headers]\n  Origin-Trial = "{EXPIRED}"\n', "netlify.toml"),
        Valid('{"headers": [{"key": "Origin-Trial", "value": "x y"}', "vercel.json"),
        Valid(
            f'{{ "hosting": {{ "headers": [ // origin-trial {EXPIRED}\n ] }} }}', "firebase.json"
        ),
        # Vercel fills `:param`s of the source into values
        Valid(vercel_file(":token"), "vercel.json"),
        Valid(vercel_file(GOOD), "vercel.json"),
        Valid(firebase_file(GOOD), "firebase.json"),
        Valid(azure_file(GOOD, GOOD), "staticwebapp.config.json"),
        # Apache: an expression is computed per request; unset and comments set nothing
        Valid("Header set Origin-Trial expr=%{reqenv:OT_TOKEN}\n", ".htaccess"),
        Valid(f'Header unset Origin-Trial\n# Header set Origin-Trial "{EXPIRED}"\n', ".htaccess"),
        Valid(f'Header set Origin-Trial "{GOOD}"\n', ".htaccess"),
        # only the hosts' own file names are read as settings
        Valid(vercel_file(EXPIRED), "headers.json"),
        Valid(toml_file(f'"{EXPIRED}"'), "hosting.toml"),
    ]
)

test_invalid_headers = tests.invalid(
    [
        # each token of a comma-separated value is decoded, and found where it is
        Invalid(
            headers_file(f"{GOOD}, {EXPIRED}"),
            [
                Finding(
                    "expired",
                    4,
                    LINE_4 + len(GOOD) + 2,
                    4,
                    LINE_4 + len(GOOD) + 2 + len(EXPIRED),
                    data={"date": "2026-01-01", "place": "the pages this header is sent with"},
                )
            ],
            filename="_headers",
        ),
        Invalid(
            headers_file(f"'{EXPIRED}'"),
            [
                Finding(
                    "expired",
                    4,
                    LINE_4 + 1,
                    4,
                    LINE_4 + 1 + len(EXPIRED),
                    data={"date": "2026-01-01", "place": "the pages this header is sent with"},
                )
            ],
            filename="_headers",
        ),
        Invalid(
            headers_file(f"{GOOD} {GOOD}"),
            [Finding("header-unreadable", 4, LINE_4)],
            filename="_headers",
        ),
        Invalid(
            headers_file(
                token(
                    {"origin": "https://a.example", "feature": "WebMCPTesting", "expiry": YEAR_2100}
                )
            ),
            [Finding("trial-misnamed", 4, LINE_4, data={"feature": "WebMCPTesting"})],
            filename="_headers",
        ),
        Invalid(
            headers_file("not-a-token"),
            [
                Finding(
                    "token-unreadable",
                    4,
                    LINE_4,
                    data={"why": "it is not base64", "place": "the pages this header is sent with"},
                )
            ],
            filename="_headers",
        ),
        # Cloudflare Pages: a rule for an absolute URL names the site
        Invalid(
            headers_file(webmcp("https://www.shop.example:443"), "https://shop.example/*"),
            [
                Finding(
                    "token-for-other-site",
                    4,
                    LINE_4,
                    data={
                        "origin": "https://www.shop.example:443",
                        "site": "shop.example",
                        "pattern": "https://shop.example/*",
                        "place": "the pages this header is sent with",
                    },
                )
            ],
            filename="_headers",
        ),
        Invalid(
            toml_file(f'"{EXPIRED}"'),
            [
                Finding(
                    "expired",
                    7,
                    len('    Origin-Trial = "') + 1,
                    data={"date": "2026-01-01", "place": "the pages this header is sent with"},
                )
            ],
            filename="netlify.toml",
        ),
        # Netlify: an array of values, and a multi-line string folded at its commas
        Invalid(
            toml_file(f'["{GOOD}", "{EXPIRED}"]'),
            [
                Finding(
                    "expired",
                    7,
                    len(f'    Origin-Trial = ["{GOOD}", "') + 1,
                    data={"date": "2026-01-01", "place": "the pages this header is sent with"},
                )
            ],
            filename="netlify.toml",
        ),
        Invalid(
            toml_file(f"'''\n    {EXPIRED},\n    {GOOD}'''"),
            [
                Finding(
                    "expired",
                    8,
                    5,
                    data={"date": "2026-01-01", "place": "the pages this header is sent with"},
                )
            ],
            filename="netlify.toml",
        ),
        Invalid(
            vercel_file(webmcp("http://shop.example")),
            [
                Finding(
                    "insecure-origin",
                    8,
                    21,
                    data={
                        "origin": "http://shop.example",
                        "place": "the pages this header is sent with",
                    },
                )
            ],
            filename="vercel.json",
        ),
        # an escaped character: the token is not written as it is, the whole value is shown
        Invalid(
            vercel_file(EXPIRED).replace('"value": "A', '"value": "\\u0041'),
            [
                Finding(
                    "expired",
                    8,
                    21,
                    8,
                    21 + len(EXPIRED) + 5,
                    data={"date": "2026-01-01", "place": "the pages this header is sent with"},
                )
            ],
            filename="vercel.json",
        ),
        Invalid(
            firebase_file(EXPIRED),
            [
                Finding(
                    "expired",
                    11,
                    25,
                    data={"date": "2026-01-01", "place": "the pages this header is sent with"},
                )
            ],
            filename="firebase.json",
        ),
        Invalid(
            azure_file(EXPIRED, f"{GOOD},{EXPIRED}"),
            [
                Finding(
                    "expired",
                    3,
                    22,
                    data={"date": "2026-01-01", "place": "the pages this header is sent with"},
                ),
                Finding(
                    "expired",
                    9,
                    27 + len(GOOD),
                    data={"date": "2026-01-01", "place": "the pages this header is sent with"},
                ),
            ],
            filename="staticwebapp.config.json",
        ),
        Invalid(
            f'<IfModule mod_headers.c>\n  Header always set Origin-Trial "{EXPIRED}"\n</IfModule>\n',
            [
                Finding(
                    "expired",
                    2,
                    len('  Header always set Origin-Trial "') + 1,
                    data={"date": "2026-01-01", "place": "the pages this header is sent with"},
                )
            ],
            filename=".htaccess",
        ),
        Invalid(
            f"header append origin-trial: {EXPIRED}\n",
            [
                Finding(
                    "expired",
                    1,
                    len("header append origin-trial: ") + 1,
                    data={"date": "2026-01-01", "place": "the pages this header is sent with"},
                )
            ],
            filename=".htaccess",
        ),
    ]
)


@pytest.mark.parametrize(
    ("value", "tokens"),
    [
        # the cases of Chromium's own test of OriginTrialContext::ParseHeaderValue
        (" foo\t ", ["foo"]),
        (' " bar " ', [" bar "]),
        (" foo, bar", ["foo", "bar"]),
        (",foo, ,bar,,'  ', ''", ["foo", "bar", "  "]),
        ("  \"abc\"  , 'def',g", ["abc", "def", "g"]),
        (" \"a\\b\\\"c'd\", 'e\\f\\'g' ", ["ab\"c'd", "ef'g"]),
        ("foo bar", None),
        ('"foo" bar', None),
        ("", []),
    ],
)
def test_a_header_value_is_split_as_chromium_splits_it(
    value: str, tokens: list[str] | None
) -> None:
    found = origin_trial_token.header_tokens(value)
    assert (None if found is None else [token for token, _, _ in found]) == tokens
    for token, start, end in found or []:
        assert value[start:end].replace("\\", "") == token.replace("\\", "")


def test_a_header_token_expiry_is_judged_by_the_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    code = toml_file(f'"{GOOD}, {EXPIRED}"')
    monkeypatch.setattr(origin_trial_token, "now", lambda: JAN_2026 - 1)
    assert only(lint(code, "netlify.toml"), RULE) == []
    monkeypatch.setattr(origin_trial_token, "now", lambda: JAN_2026)
    [finding] = only(lint(code, "netlify.toml"), RULE)
    assert finding.message == EXPIRED_MESSAGE
    assert (finding.line, finding.column) == (7, len(f'    Origin-Trial = "{GOOD}, ') + 1)
