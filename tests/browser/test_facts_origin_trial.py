"""The WebMCP origin trial: which tokens turn `document.modelContext` on.

Stable Chrome offers WebMCP to pages with a valid origin-trial token. Nobody outside
Google can sign a token Chromium's built-in key accepts, but Chromium takes another key
from `--origin-trial-public-key`: a second Chromium started with the public half of a
key of ours, and without `--enable-features=WebMCPTesting`, judges tokens signed here as
it judges real ones. What a page sees is `'modelContext' in document`; what Chromium
decided about each token, DevTools shows (`Page.getOriginTrials`): the page's console
shows nothing at all.
"""

from __future__ import annotations

import base64
import hashlib
import time
from collections.abc import Callable, Iterator
from typing import Any, NamedTuple

import pytest

from tests.browser.harness import CHROMIUM_FLAGS, Chromium
from tests.browser.origin_trial import public_key, sign, trial_token
from tests.helpers import lint, rules_in

SEED = hashlib.sha256(b"webmcp-lint: the origin-trial key of the browser tests").digest()
OTHER_SEED = hashlib.sha256(b"webmcp-lint: a key Chromium is not told about").digest()
WITHOUT_WEBMCP = [flag for flag in CHROMIUM_FLAGS if "WebMCP" not in flag]
OUR_KEY = "--origin-trial-public-key=" + base64.b64encode(public_key(SEED)).decode()
DAY = 24 * 60 * 60
FORM = '<form toolname="search" tooldescription="Finds products."><input name="q"></form>'
PLAIN = f"<!doctype html><title>shop</title>{FORM}"


def test_origin_trial_our_signatures_are_ed25519() -> None:
    """RFC 8032, section 7.1, test 1: the signer the tokens below rely on is Ed25519."""
    seed = bytes.fromhex("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60")
    assert public_key(seed).hex() == (
        "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a"
    )
    assert sign(seed, b"").hex() == (
        "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bac"
        "c61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b"
    )


def token(origin: str, feature: str = "WebMCP", expires_in: int = DAY, **more: Any) -> str:
    payload = {"origin": origin, "feature": feature, "expiry": int(time.time()) + expires_in}
    return trial_token(SEED, payload | more)


def in_head(content: str, body: str = FORM) -> str:
    meta = f'<meta http-equiv="origin-trial" content="{content}">'
    return f"<!doctype html><html><head>{meta}<title>shop</title></head><body>{body}</body></html>"


class Case(NamedTuple):
    label: str
    page: Callable[[str], tuple[str, dict[str, str]]]  # origin -> (html, response headers)
    # What DevTools says of the trial: "NAME STATUS"; "" when nothing was seen; a tuple
    # for several trials.
    trial: str | tuple[str, ...]
    token: str | tuple[str, ...]  # and of each token: its status (and trial, when parsed)
    enabled: bool  # whether `document.modelContext` exists without the feature flag


def listed(seen: str | tuple[str, ...]) -> list[str]:
    return list(seen) if isinstance(seen, tuple) else [seen] if seen else []


CASES = [
    Case("no token", lambda origin: (PLAIN, {}), "", "", False),
    Case(
        "a valid token in a <meta> of the head",
        lambda origin: (in_head(token(origin)), {}),
        "WebMCP Enabled",
        "Success WebMCP",
        True,
    ),
    Case(
        "a valid token in an Origin-Trial header",
        lambda origin: (PLAIN, {"Origin-Trial": token(origin)}),
        "WebMCP Enabled",
        "Success WebMCP",
        True,
    ),
    Case(
        "another trial's token and a valid one in an Origin-Trial header, comma-separated",
        lambda origin: (
            PLAIN,
            {"Origin-Trial": f"{token(origin, 'Frobulate')}, '{token(origin)}'"},
        ),
        ("Frobulate Enabled", "WebMCP Enabled"),
        ("Success Frobulate", "Success WebMCP"),
        True,
    ),
    Case(
        "two valid tokens in an Origin-Trial header, separated by a space",
        lambda origin: (PLAIN, {"Origin-Trial": f"{token(origin, 'Frobulate')} {token(origin)}"}),
        "",
        "",
        False,
    ),
    Case(
        "a valid token in a <meta> of the body",
        lambda origin: (
            "<!doctype html><title>shop</title><p>Shop</p>"
            f'<meta http-equiv="origin-trial" content="{token(origin)}">{FORM}',
            {},
        ),
        "",
        "",
        False,
    ),
    Case(
        "a malformed token",
        lambda origin: (in_head("not-a-token"), {}),
        "UNKNOWN ValidTokenNotProvided",
        "Malformed",
        False,
    ),
    Case(
        "a token signed with another key",
        lambda origin: (
            in_head(
                trial_token(
                    OTHER_SEED,
                    {"origin": origin, "feature": "WebMCP", "expiry": int(time.time()) + DAY},
                )
            ),
            {},
        ),
        "UNKNOWN ValidTokenNotProvided",
        "InvalidSignature",
        False,
    ),
    Case(
        "a version 4 token",
        lambda origin: (
            in_head(
                trial_token(
                    SEED,
                    {"origin": origin, "feature": "WebMCP", "expiry": int(time.time()) + DAY},
                    version=4,
                )
            ),
            {},
        ),
        "UNKNOWN ValidTokenNotProvided",
        "WrongVersion",
        False,
    ),
    Case(
        "an expired token",
        lambda origin: (in_head(token(origin, expires_in=-DAY)), {}),
        "WebMCP ValidTokenNotProvided",
        "Expired WebMCP",
        False,
    ),
    Case(
        "a token for another origin",
        lambda origin: (in_head(token("https://shop.example:443")), {}),
        "WebMCP ValidTokenNotProvided",
        "WrongOrigin WebMCP",
        False,
    ),
    Case(
        "a token for the WebMCPTesting flag",
        lambda origin: (in_head(token(origin, "WebMCPTesting")), {}),
        "UNKNOWN ValidTokenNotProvided",
        "UnknownTrial WebMCPTesting",
        False,
    ),
    Case(
        "a token for webmcp (feature names are case-sensitive)",
        lambda origin: (in_head(token(origin, "webmcp")), {}),
        "UNKNOWN ValidTokenNotProvided",
        "UnknownTrial webmcp",
        False,
    ),
    Case(
        "a valid token for another trial",
        lambda origin: (in_head(token(origin, "Frobulate")), {}),
        "Frobulate Enabled",
        "Success Frobulate",
        False,
    ),
]

TRIAL_STATE = """async () => {
    const state = { api: "modelContext" in document, navigator: "modelContext" in navigator };
    // The page's form registers through the browser process, after the page loaded.
    const started = performance.now();
    while (state.api && !state.tools?.length && performance.now() - started < 3000) {
        state.tools = (await document.modelContext.getTools()).map((tool) => tool.name);
        await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return state;
}"""


class Visit(NamedTuple):
    trials: list[str]  # "NAME STATUS" of each trial DevTools lists
    tokens: list[str]  # "STATUS [TRIAL]" of each token
    state: dict[str, Any]  # TRIAL_STATE
    console: list[str]


def visit(context: Any, url: str) -> Visit:
    page = context.new_page()
    console: list[str] = []
    page.on("console", lambda message: console.append(f"{message.type}: {message.text}"))
    devtools = context.new_cdp_session(page)
    try:
        page.goto(url)
        state = page.evaluate(TRIAL_STATE)
        frame = devtools.send("Page.getFrameTree")["frameTree"]["frame"]["id"]
        trials = devtools.send("Page.getOriginTrials", {"frameId": frame})["originTrials"]
    finally:
        devtools.detach()
        page.close()
    tokens = [
        " ".join(filter(None, [each["status"], (each.get("parsedToken") or {}).get("trialName")]))
        for trial in trials
        for each in trial["tokensWithStatus"]
    ]
    return Visit([f"{t['trialName']} {t['status']}" for t in trials], tokens, state, console)


@pytest.fixture(scope="module")
def browsers(chromium: Chromium) -> Iterator[dict[bool, Any]]:
    """Chromium trusting our key, by whether it runs with the WebMCP flag; without it,
    it offers WebMCP as stable Chrome does."""
    with (
        chromium.other_browser([*WITHOUT_WEBMCP, OUR_KEY]) as without_flag,
        chromium.other_browser([*CHROMIUM_FLAGS, OUR_KEY]) as with_flag,
    ):
        yield {False: without_flag, True: with_flag}


@pytest.mark.parametrize("flag", [False, True], ids=["without the flag", "with the flag"])
@pytest.mark.parametrize("case", [pytest.param(case, id=case.label) for case in CASES])
def test_origin_trial_token(
    chromium: Chromium, browsers: dict[bool, Any], case: Case, flag: bool
) -> None:
    """With the flag, the API is there whatever the token; without it, only a valid
    WebMCP token turns it on (and the page's form registers as with the flag)."""
    html, headers = case.page(chromium.site.origin)
    seen = visit(browsers[flag], chromium.site.add(html, "html", headers))
    assert sorted(seen.trials) == sorted(listed(case.trial)), seen
    assert sorted(seen.tokens) == sorted(listed(case.token)), seen
    enabled = flag or case.enabled
    assert seen.state == {"api": enabled, "navigator": False} | (
        {"tools": ["search"]} if enabled else {}
    ), f"origin trial: with {case.label}, the page now sees {seen.state}"
    assert seen.console == [], f"origin trial: {case.label} now logs {seen.console}"


def test_origin_trial_chromiums_own_key_rejects_our_token(chromium: Chromium) -> None:
    """Without --origin-trial-public-key, Chromium checks tokens against Google's key."""
    seen = visit(chromium.context, chromium.site.add(in_head(token(chromium.site.origin)), "html"))
    assert seen.tokens == ["InvalidSignature"], seen


SCRIPT_INSERTS_TOKEN = """
    const meta = document.createElement("meta");
    meta.httpEquiv = "origin-trial";
    meta.content = TOKEN;
    const before = "modelContext" in document;
    document.head.append(meta);
    window.inserted = { before, after: "modelContext" in document };
"""


@pytest.mark.parametrize("third_party", [False, True], ids=["first-party", "third-party"])
def test_origin_trial_a_script_can_insert_the_token(
    chromium: Chromium, browsers: dict[bool, Any], third_party: bool
) -> None:
    """A token a script inserts turns the API on at once; a third-party token
    (`isThirdParty`) works from a script of its own origin embedded by the page."""
    site = chromium.site
    if third_party:
        script_origin = site.cross_origin(site.origin)
        tok = token(script_origin, isThirdParty=True)
    else:
        tok = token(site.origin)
    script = site.add(SCRIPT_INSERTS_TOKEN.replace("TOKEN", repr(tok)), "js")
    if third_party:
        script = site.cross_origin(script)
    page = browsers[False].new_page()
    try:
        page.goto(
            site.add(f'<!doctype html><title>t</title><script src="{script}"></script>', "html")
        )
        inserted = page.evaluate("() => window.inserted")
    finally:
        page.close()
    assert inserted == {"before": False, "after": True}, (
        f"origin trial: a token inserted by a {'third' if third_party else 'first'}-party "
        f"script now gives {inserted}"
    )


# --- origin-trial-token: the linter flags the tokens Chromium refuses for a reason it can see

# Refused for what the token says, or where it sits; the others are refused for what only
# the browser knows (Google's signature, the page's origin) or are fine.
LINTER_FLAGS = {
    "two valid tokens in an Origin-Trial header, separated by a space",
    "a valid token in a <meta> of the body",
    "a malformed token",
    "a version 4 token",
    "an expired token",
    "a token for the WebMCPTesting flag",
    "a token for webmcp (feature names are case-sensitive)",
}


@pytest.mark.parametrize("case", [pytest.param(case, id=case.label) for case in CASES])
def test_origin_trial_token_linter_agrees_with_chromium(case: Case) -> None:
    """The page is linted, and its response header as a Netlify `_headers` file sets it."""
    html, headers = case.page("http://127.0.0.1:8000")
    found = lint(html, "page.html")
    if "Origin-Trial" in headers:
        found += lint(f"/*\n  Origin-Trial: {headers['Origin-Trial']}\n", "_headers")
    flagged = "origin-trial-token" in rules_in(found)
    assert flagged == (case.label in LINTER_FLAGS), (
        f"origin-trial-token: Chromium gives {case.token or 'nothing'} for {case.label}, "
        f"and the rule {'flags' if flagged else 'does not flag'} it"
    )
    if flagged:
        assert not case.enabled


INSECURE_HOST = "shop.test"


def test_origin_trial_an_insecure_origin_gets_no_trial_and_no_webmcp(chromium: Chromium) -> None:
    """A page served over http from a name that is not localhost is not a secure context:
    Chromium marks its token Insecure and offers no `document.modelContext`, with or
    without the WebMCP flag."""
    port = chromium.site.origin.rsplit(":", 1)[1]
    origin = f"http://{INSECURE_HOST}:{port}"
    resolve = f"--host-resolver-rules=MAP {INSECURE_HOST} 127.0.0.1"
    html = in_head(token(origin))
    url = chromium.site.add(html, "html").replace(chromium.site.origin, origin)
    with chromium.other_browser([*WITHOUT_WEBMCP, OUR_KEY, resolve]) as context:
        seen = visit(context, url)
    assert (seen.tokens, seen.state) == (["Insecure WebMCP"], {"api": False, "navigator": False})
    with chromium.other_browser([*CHROMIUM_FLAGS, resolve]) as context:
        flagged = visit(context, url)
    assert flagged.state == {"api": False, "navigator": False}, flagged
    assert "origin-trial-token" in rules_in(lint(html, "page.html"))
