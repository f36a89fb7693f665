"""An origin-trial token that cannot turn WebMCP on: unreadable, for a misspelled trial,
expired, for an insecure origin, in the body (a `<meta http-equiv="origin-trial">`), or
for another site than the header rule sending it names (an `Origin-Trial` header a
host's settings file sets, `extract/hosts.py`).

A token is base64 of: a version byte (2 or 3), a 64-byte signature, the payload's length
(4 bytes, big-endian) and the payload, JSON with `origin`, `feature` and `expiry`
(seconds since the Unix epoch). The signature is not checked (only Chromium's key can
say whether Google signed it).
"""

from __future__ import annotations

import json
import re
import time
from datetime import datetime, timezone
from typing import Any
from urllib.parse import urlsplit

from msgspec import Struct

from webmcp_lint import KeywordBytesPattern, LazyPattern
from webmcp_lint.checks import Context, check
from webmcp_lint.model import FileModel, HeaderSetting
from webmcp_lint.model.dom import Element
from webmcp_lint.workspace.source import Span

FEATURE = "WebMCP"  # the trial's name; Chromium 156 knows no other spelling
VERSIONS = (2, 3)
SIGNATURE = 64
MAX_TOKEN = 4096  # characters; a longer `content` is not a token anyone registered
_WORD = KeywordBytesPattern(rb"origin-trial", re.I, needs=("origin-trial",))
# The trial ran from Chrome 149 to 156; every token issued for that period expired on one
# of these days (UTC), and its extension to Chrome 162 needs new tokens (Chrome's "WebMCP
# API updates", 2026-11-26).
FIRST_PERIOD_ENDS = frozenset({"2026-11-16", "2026-11-17"})
_LOOPBACK_V4 = LazyPattern(r"127(\.\d{1,3}){3}")


def now() -> float:
    """The current time; tests replace it to judge expiry at a fixed moment."""
    return time.time()


class Token(Struct, frozen=True):
    version: int
    payload: dict[str, Any]


class Unreadable(ValueError):
    """Why a token cannot be read, in words for the message."""


# The start and the end of every message on a WebMCP token that does not work.
_NOT_ON = "This WebMCP origin-trial token does not turn WebMCP on: "
_WITHOUT = (
    " Without it, Chrome exposes no `document.modelContext` and registers no tool on {{place}}."
)
# `place` is where the token was meant to turn WebMCP on: "this page", or "the pages this
# header is sent with".
MESSAGES = {
    "header-unreadable": (
        "This Origin-Trial header cannot be read (its tokens must be separated by commas): "
        "Chromium ignores every token in it, so the trials they were meant for stay off on "
        "the pages this header is sent with. Separate the tokens with commas."
    ),
    # `why` says what is wrong with it (`Unreadable`): "it is not base64", ...
    "token-unreadable": (
        "This origin-trial token cannot be read ({{why}}): Chromium ignores it, so the trial "
        "it was meant for stays off on {{place}}. Copy the token again from the origin "
        "trial's registration."
    ),
    "trial-misnamed": (
        'This origin-trial token is for "{{feature}}", a trial Chromium does not know (trial '
        'names are case-sensitive; WebMCP\'s is "WebMCP"), so WebMCP stays off for visitors. '
        "Register for the WebMCP origin trial and use its token."
    ),
    "expired-in-first-period": (
        _NOT_ON + "it expired on {{date}}, as every token issued for Chrome 149-156 did; the "
        "trial's extension to Chrome 162 needs a new token: renew the registration in "
        "Chrome's origin trials console and replace this token with the one it gives." + _WITHOUT
    ),
    "expired": (
        _NOT_ON + "it expired on {{date}}; the WebMCP origin trial now runs until Chrome 162 "
        "with new tokens: renew the registration in Chrome's origin trials console and "
        "replace this token with the one it gives." + _WITHOUT
    ),
    "insecure-origin": (
        _NOT_ON + "its origin {{origin}} is insecure http, where Chromium offers neither "
        "trials nor WebMCP (a secure context is required); register the https origin." + _WITHOUT
    ),
    "token-in-body": (
        _NOT_ON + "it is in the <body>, where Chromium does not read origin-trial tokens; put "
        "the <meta> in the <head>." + _WITHOUT
    ),
    "token-for-other-site": (
        _NOT_ON + "its origin {{origin}} is not {{site}}, the site this header rule is for "
        "({{pattern}}), and Chromium accepts a token only on the origin it was registered "
        "for; use that site's token." + _WITHOUT
    ),
}


@check(messages=MESSAGES)
def origin_trial_token(model: FileModel, ctx: Context) -> None:
    if model.language == "hosting":
        for setting in model.headers:
            if setting.name.strip().lower() == "origin-trial":
                _check_header(setting, ctx)
        return
    if _WORD.search(model.source.text) is None:
        return
    for _meta, content, span, in_body in _metas(model):
        _judge(content, span, ctx, "this page", in_body)


_PAGES = "the pages this header is sent with"
# A value with these is filled in per request or at build time (`$VAR`, `%{VAR}e`,
# `{{ token }}`, `:param`): not a token yet. Base64 holds none of them.
_PLACEHOLDER = LazyPattern(r"[$%{}<>:]")


def _check_header(setting: HeaderSetting, ctx: Context) -> None:
    """Each token of an `Origin-Trial` header a host's settings file sets."""
    tokens = header_tokens(setting.value)
    if tokens is None:
        if _PLACEHOLDER.compiled.search(setting.value) is None:
            ctx.report(setting.span, "header-unreadable")
        return
    for content, start, end in tokens:
        if _PLACEHOLDER.compiled.search(content) is None:
            span = setting.locate(start, end)
            _judge(content, span, ctx, _PAGES, False, setting.pattern)


def _judge(
    content: str,
    span: Span,
    ctx: Context,
    place: str,
    in_body: bool,
    pattern: str | None = None,
) -> None:
    """Report why a token cannot turn WebMCP on `place`, if it cannot: unreadable,
    misnamed, expired, insecure, in the body (where Chromium does not read it), or for an
    origin that does not serve `pattern` (a header rule's URL)."""
    try:
        token = decode(content)
    except Unreadable as why:
        ctx.report(span, "token-unreadable", why=str(why), place=place)
        return
    feature = token.payload["feature"]
    if feature != FEATURE:
        if feature.lower().startswith(FEATURE.lower()):
            ctx.report(span, "trial-misnamed", feature=feature)
        return  # a token for another trial is that trial's business
    origin = token.payload["origin"]
    expired = _expired(token)
    if expired is not None:
        if expired in FIRST_PERIOD_ENDS:
            ctx.report(span, "expired-in-first-period", date=expired, place=place)
        else:
            ctx.report(span, "expired", date=expired, place=place)
    elif _insecure(origin):
        ctx.report(span, "insecure-origin", origin=origin, place=place)
    elif in_body:
        ctx.report(span, "token-in-body", place=place)
    elif pattern is not None and (site := _other_site(token, pattern)) is not None:
        ctx.report(
            span, "token-for-other-site", origin=origin, site=site, pattern=pattern, place=place
        )


def header_tokens(value: str) -> list[tuple[str, int, int]] | None:
    """The tokens of an `Origin-Trial` header value as Chromium splits it
    (`OriginTrialContext::ParseHeaderValue`): separated by commas, each bare or quoted
    with `"` or `'` (a backslash escaping the next character), spaces around them left
    out, empty ones skipped; None when something other than a comma follows a token,
    for which Chromium ignores the whole header (none when a quote is not closed). Each
    token comes with its start and end in `value` (inside its quotes). Line breaks count
    as spaces: hosts fold them."""
    tokens = []
    position, length = 0, len(value)
    while position < length:
        position = _skip_spaces(value, position)
        if position < length and value[position] in "\"'":
            quote = value[position]
            start = position = position + 1
            characters = []
            while position < length and value[position] != quote:
                position += value[position] == "\\" and position + 1 < length
                characters.append(value[position])
                position += 1
            if position >= length:
                return []  # a quote never closed: what Chromium makes of it is not known
            token, end = "".join(characters), position
            position += 1
        else:
            start = position
            while position < length and value[position] not in _SPACES + ",":
                position += 1
            token, end = value[start:position], position
        position = _skip_spaces(value, position)
        if token:
            tokens.append((token, start, end))
        if position < length:
            if value[position] != ",":
                return None
            position += 1
    return tokens


_SPACES = " \t\r\n"


def _skip_spaces(value: str, position: int) -> int:
    while position < len(value) and value[position] in _SPACES:
        position += 1
    return position


def _other_site(token: Token, pattern: str) -> str | None:
    """The site a header rule names by its URL (`https://shop.example/*` in Cloudflare
    Pages' `_headers`) when the token cannot serve it, else None: when the rule names
    paths only, the site's origin is not written anywhere the linter reads."""
    if not pattern.lower().startswith("https://"):
        return None
    if token.payload.get("isThirdParty") is True:
        return None  # for scripts of its origin embedded elsewhere
    origin = token.payload["origin"]
    try:
        site = urlsplit(pattern).netloc.lower().rsplit("@", 1)[-1]
        host = (urlsplit(origin).hostname or "").lower()
    except ValueError:  # an unbalanced `[`: not a URL
        return None
    if not site or any(c in site for c in "*:[]"):
        return None  # a placeholder, a splat, a port or an address: not a plain name
    if host == site or (token.payload.get("isSubdomain") is True and site.endswith("." + host)):
        return None
    return site


def decode(content: str) -> Token:
    """The token's version and payload; raises Unreadable."""
    # Imported for a token only: at import they cost every run 1.3 M instructions.
    import base64
    import binascii

    text = "".join(content.split())
    if not text:
        raise Unreadable("it is empty")
    if len(text) > MAX_TOKEN:
        raise Unreadable(f"it is {len(text)} characters long")
    try:
        raw = base64.b64decode(text, validate=True)
    except (binascii.Error, ValueError):
        raise Unreadable("it is not base64") from None
    if len(raw) < 1 + SIGNATURE + 4:
        raise Unreadable(f"it holds {len(raw)} bytes, too few for a signed token")
    version = raw[0]
    if version not in VERSIONS:
        raise Unreadable(f"version {version}; Chromium reads versions 2 and 3")
    length = int.from_bytes(raw[1 + SIGNATURE : 5 + SIGNATURE], "big")  # no `struct` to import
    body = raw[5 + SIGNATURE :]
    if length != len(body):
        raise Unreadable(f"its payload is {len(body)} bytes but says {length}")
    try:
        payload = json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise Unreadable("its payload is not JSON") from None
    if not isinstance(payload, dict):
        raise Unreadable("its payload is not a JSON object")
    for key, kind in (("origin", str), ("feature", str), ("expiry", int)):
        value = payload.get(key)
        if not isinstance(value, kind) or isinstance(value, bool):
            raise Unreadable(f"its payload has no valid `{key}`")
    return Token(version, payload)


def _expired(token: Token) -> str | None:
    """The day (UTC) the token expired on, if it has."""
    expiry = token.payload["expiry"]
    return _date(expiry) if expiry <= now() else None


def _insecure(origin: str) -> bool:
    """An http origin that is not a secure context, where Chromium offers neither trials
    nor WebMCP."""
    scheme, _, rest = origin.partition("://")
    host = rest.rsplit(":", 1)[0] if not rest.endswith("]") else rest
    return scheme.lower() == "http" and not _trustworthy(host.lower())


def _trustworthy(host: str) -> bool:
    """A host whose http origin is still a secure context: localhost and loopback."""
    if host in ("localhost", "[::1]") or host.endswith(".localhost"):
        return True
    return _LOOPBACK_V4.compiled.fullmatch(host) is not None


def _date(expiry: int) -> str:
    try:
        return datetime.fromtimestamp(expiry, tz=timezone.utc).strftime("%Y-%m-%d")
    except (OverflowError, OSError, ValueError):
        return str(expiry)


def _metas(model: FileModel) -> list[tuple[Element, str, Span, bool]]:
    """Each `<meta http-equiv="origin-trial" content="...">` with a literal content, and
    whether it is in the body."""
    found = []
    for document in model.documents():
        in_body = False  # an HTML page's body starts at the first element of body content
        for element in document.elements:
            if model.language == "html" and not in_body:
                in_body = _starts_body(element)
            if element.tag != "meta" or element.ignored:
                continue
            equiv = element.string("http-equiv")
            if not isinstance(equiv, str):
                equiv = element.string("httpequiv")
            if not isinstance(equiv, str) or equiv.strip().lower() != "origin-trial":
                continue
            content = element.attr("content")
            if content is None or not isinstance(content.value, str):
                continue
            span = content.value_span or content.span
            found.append((element, content.value, span, in_body or _in_body(element)))
    return found


# Elements that may come before the body without starting it (the head's, and the two
# that wrap everything).
_HEAD_CONTENT = frozenset(
    {"html", "head", "title", "meta", "link", "script", "style", "base", "noscript", "template"}
)


def _starts_body(element: Element) -> bool:
    """Whether the parser is in the body once it meets `element` (an explicit `<body>`,
    or an element that cannot be in the head outside an explicit `<head>`)."""
    if element.tag == "body":
        return True
    if element.tag in _HEAD_CONTENT or element.component:
        return False
    return not any(ancestor.tag == "head" for ancestor in element.ancestors())


def _in_body(meta: Element) -> bool:
    return any(ancestor.tag == "body" for ancestor in meta.ancestors())
