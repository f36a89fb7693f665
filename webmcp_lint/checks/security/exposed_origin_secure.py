"""`exposedTo` and `fromOrigins`: the origin lists Chrome checks before registering; and a
path in `exposedTo`, which Chrome ignores (a warning: the tool is exposed to the whole
origin)."""

from __future__ import annotations

import ipaddress
import re
from urllib.parse import urlsplit

from webmcp_lint import LazyPattern
from webmcp_lint.checks import Context, check
from webmcp_lint.checks._fixes import written_as_member
from webmcp_lint.checks._util import registered_tools
from webmcp_lint.diagnostics import Edit, Fix
from webmcp_lint.model import FileModel, Value
from webmcp_lint.syntax.nodes import arguments, text

_SCHEME = LazyPattern(r"^[A-Za-z][A-Za-z0-9+.\-]*:")
# Schemes whose URLs have no origin (an opaque one): never a secure origin.
_NO_ORIGIN = frozenset({"about", "data", "javascript", "mailto", "sms", "tel", "urn"})
# Schemes whose URLs must have a host; an entry without one is not a valid URL.
_NEEDS_HOST = frozenset({"http", "https", "ws", "wss", "ftp"})
_URL_SPACE = "".join(chr(code) for code in range(0x21))  # C0 controls and space


def origin_problem(entry: str) -> str | None:
    """Why Chrome rejects an origin-list entry (SecurityError), or None when it accepts it.

    Chrome parses the entry as a URL and accepts its origin when it is potentially
    trustworthy. Only what was observed in Chromium is flagged (tests/browser checks every
    case): entries that are not URLs or have no origin, `ftp:`, and `http:`/`ws:` origins
    whose host is not localhost or loopback. Other schemes (`file:`, extensions) pass.
    """
    url = entry.strip(_URL_SPACE).replace("\t", "").replace("\n", "").replace("\r", "")
    if not _SCHEME.compiled.match(url):
        return "is not a URL"
    scheme, _, rest = url.partition(":")
    scheme = scheme.lower()
    if scheme == "blob":
        inner = origin_problem(rest)
        return None if inner is None else "is a blob: URL whose origin is not secure"
    if scheme in _NO_ORIGIN:
        article = "an" if scheme[0] in "aeiou" else "a"
        return f"is {article} {scheme}: URL, which has no origin"
    if scheme not in _NEEDS_HOST:
        return None
    host, port = _host_and_port(rest)
    if not host or not (port == "" or (port.isdigit() and int(port) <= 65535)):
        return "is not a valid URL"
    if scheme in ("https", "wss"):
        return None
    if scheme in ("http", "ws") and _is_local(host):
        return None
    return f"uses insecure {scheme}:// on a host that is not localhost"


def _host_and_port(rest: str) -> tuple[str, str]:
    """The host and port of a URL with a special scheme, given what follows `scheme:`."""
    authority = re.split(r"[/\\?#]", rest.lstrip("/\\"), maxsplit=1)[0]
    authority = authority.rpartition("@")[2]
    if authority.startswith("["):
        host, _, after = authority.partition("]")
        return host + "]", after[1:] if after.startswith(":") else after
    host, _, port = authority.partition(":")
    return host, port


def _is_local(host: str) -> bool:
    """localhost, *.localhost, 127.0.0.0/8 (in any IPv4 spelling) or [::1]."""
    host = host.lower()
    if host.endswith(".") and not host.endswith(".."):
        host = host[:-1]
    if host == "localhost" or host.endswith(".localhost"):
        return True
    if host.startswith("[") and host.endswith("]"):
        try:
            return ipaddress.IPv6Address(host[1:-1]) == ipaddress.IPv6Address("::1")
        except ValueError:
            return False
    address = _ipv4(host)
    return address is not None and address >> 24 == 127


def _ipv4(host: str) -> int | None:
    """The address of an IPv4 host as the URL parser reads it (`127.1`, `0x7f.1`,
    `2130706433`), or None when the host is not a number."""
    parts = host.split(".")
    if len(parts) > 1 and parts[-1] == "":
        parts.pop()
    numbers = [_ipv4_number(part) for part in parts]
    if not 1 <= len(numbers) <= 4 or any(number is None for number in numbers):
        return None
    known = [number for number in numbers if number is not None]
    if any(number > 255 for number in known[:-1]) or known[-1] >= 256 ** (5 - len(known)):
        return None
    return known[-1] + sum(number << (8 * (3 - index)) for index, number in enumerate(known[:-1]))


def _ipv4_number(part: str) -> int | None:
    if part[:2].lower() == "0x":
        digits, base = part[2:] or "0", 16
    elif len(part) > 1 and part.startswith("0"):
        digits, base = part[1:], 8
    else:
        digits, base = part, 10
    try:
        return int(digits, base) if digits.isalnum() else None
    except ValueError:
        return None


def _check_list(value: Value, member: str, call: str, ctx: Context) -> None:
    if value.kind == "string":
        fix = _as_list(value, member)
        ctx.report(
            value.span, "origins-not-a-list", fix=fix, member=member, call=call, origin=value.data
        )
        return
    for item in value.items:
        if item.kind != "string" or not item.complete:
            continue
        problem = origin_problem(item.data)
        if problem is None:
            if member == "exposedTo":
                _path_ignored(item, ctx)
            continue
        shown = item.data if item.data else ""
        ctx.report(
            item.span, "origin-not-secure", origin=shown, member=member, problem=problem, call=call
        )


def _path_ignored(item: Value, ctx: Context) -> None:
    """An accepted origin written with a path (`https://partner.example/agent`): Chrome
    keeps the origin, so the path restricts nothing (verified in Chromium 156)."""
    entry = str(item.data).strip()
    try:
        parts = urlsplit(entry)
        port = parts.port
    except ValueError:
        return
    scheme = parts.scheme.lower()
    if scheme not in ("https", "http", "wss", "ws") or not parts.hostname:
        return
    rest = entry[len(parts.scheme) + 3 + len(parts.netloc) :]
    if rest in ("", "/"):
        return
    origin = f"{scheme}://{parts.hostname.lower()}" + (f":{port}" if port is not None else "")
    ctx.report(
        item.span, "origin-path-ignored", severity="warning", entry=entry, origin=origin, path=rest
    )


def _as_list(value: Value, member: str) -> Fix | None:
    """`[...]` around the string, where it is written as the member's value (a string
    from a constant may be used elsewhere as a string)."""
    if value.node is None or not written_as_member(value.node, member):
        return None
    return Fix("Make it a list", (Edit(value.span, f"[{text(value.node)}]"),))


MESSAGES = {
    "origins-not-a-list": (
        "`{{member}}` must be a list of origins, not a single string: {{call}} rejects it with "
        'a TypeError. Write `{{member}}: ["{{origin}}"]`.'
    ),
    "origin-not-secure": (
        'The origin "{{origin}}" in `{{member}}` {{problem}}: {{call}} rejects it with a '
        "SecurityError (only secure origins are allowed). List full https:// origins, e.g. "
        '"https://partner.example".'
    ),
    "origin-path-ignored": (
        'The path of "{{entry}}" in `exposedTo` is ignored: Chrome exposes the tool to the '
        "whole origin {{origin}}, so every page there can call it, not only {{path}}. List "
        'the origin ("{{origin}}"), and do not count on a path to limit who calls the tool.'
    ),
}


@check(messages=MESSAGES)
def exposed_origin_secure(model: FileModel, ctx: Context) -> None:
    seen: set[tuple[int, int]] = set()
    for tool in registered_tools(model.tools):
        exposed = tool.option("exposedTo")
        if exposed is None or not exposed.known:
            continue
        key = (exposed.span.start, exposed.span.end)
        if key in seen:
            continue
        seen.add(key)
        _check_list(exposed, "exposedTo", "registerTool", ctx)
    for use in model.api_uses:
        if use.member != "getTools" or use.call is None:
            continue
        args = arguments(use.call)
        if not args:
            continue
        origins = use.script.value(args[0]).get("fromOrigins")
        if origins is not None and origins.known:
            _check_list(origins, "fromOrigins", "getTools", ctx)
