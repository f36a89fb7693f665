"""`exposedTo` and `fromOrigins`: the origin lists Chrome checks before registering."""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Iterator
from urllib.parse import urlsplit

from webmcp_lint.checks import CheckContext
from webmcp_lint.checks._util import registered_tools
from webmcp_lint.model import FileModel, Finding, Value
from webmcp_lint.registry import check
from webmcp_lint.syntax.nodes import arguments

RULE = "exposed-origin-secure"
_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.\-]*:")


def origin_problem(entry: str) -> str | None:
    """Why Chrome rejects an origin-list entry (SecurityError), or None when it accepts it.

    Only what was observed in Chromium is flagged: an entry that is not a URL at all, and
    `http:`/`ws:` origins whose host is not localhost or loopback.
    """
    if not _SCHEME.match(entry):
        return "is not a URL"
    parts = urlsplit(entry)
    scheme = parts.scheme.lower()
    if scheme not in ("http", "ws"):
        return None
    host = (parts.hostname or "").lower()
    if not host:
        return None
    if host == "localhost" or host.endswith(".localhost"):
        return None
    try:
        if ipaddress.ip_address(host).is_loopback:
            return None
    except ValueError:
        pass
    return f"uses insecure {scheme}:// on a host that is not localhost"


def _check_list(value: Value, member: str, call: str) -> Iterator[Finding]:
    if value.kind == "string":
        yield Finding(
            RULE,
            f"`{member}` must be a list of origins, not a single string: {call} rejects it "
            f'with a TypeError. Write `{member}: ["{value.data}"]`.',
            value.span,
        )
        return
    for item in value.items:
        if item.kind != "string":
            continue
        problem = origin_problem(item.data)
        if problem is None:
            continue
        shown = item.data if item.data else ""
        yield Finding(
            RULE,
            f'The origin "{shown}" in `{member}` {problem}: {call} rejects it with a '
            "SecurityError (only secure origins are allowed). List full https:// origins, "
            'e.g. "https://partner.example".',
            item.span,
        )


@check(RULE)
def exposed_origin_secure(model: FileModel, context: CheckContext) -> Iterator[Finding]:
    seen: set[tuple[int, int]] = set()
    for tool in registered_tools(model.tools):
        exposed = tool.option("exposedTo")
        if exposed is None or not exposed.known:
            continue
        key = (exposed.span.start, exposed.span.end)
        if key in seen:
            continue
        seen.add(key)
        yield from _check_list(exposed, "exposedTo", "registerTool")
    for use in model.api_uses:
        if use.member != "getTools" or use.call is None:
            continue
        args = arguments(use.call)
        if not args:
            continue
        origins = use.script.value(args[0]).get("fromOrigins")
        if origins is not None and origins.known:
            yield from _check_list(origins, "fromOrigins", "getTools")
