"""A cross-origin `<iframe>` whose tools the page asks for (`getTools({ fromOrigins })`
lists its origin) without the `tools` permission in its `allow` attribute: the policy's
default allowlist is 'self', so the frame's `registerTool` rejects with NotAllowedError."""

from __future__ import annotations

from urllib.parse import urlsplit

from tree_sitter import Node

from webmcp_lint.checks import Context, check
from webmcp_lint.checks._util import head_span
from webmcp_lint.diagnostics import Related
from webmcp_lint.model import FileModel
from webmcp_lint.syntax.nodes import arguments
from webmcp_lint.workspace.source import Span

DEFAULT_PORTS = {"https": "443", "http": "80"}


_REFUSED = (
    "so the `tools` permissions policy ('self' by default) refuses the frame WebMCP: "
    "`registerTool` there rejects with NotAllowedError, and `getTools()` finds none of its "
    'tools. Add `allow="tools"` to the `<iframe>`.'
)
MESSAGES = {
    "frame-without-tools-permission": (
        "This frame's document is at {{origin}}, another origin, and this page asks "
        "`getTools()` for the tools of {{origin}}; but the `<iframe>` has no "
        '`allow="tools"`, ' + _REFUSED
    ),
    "allow-misses-origin": (
        "This frame's document is at {{origin}}, another origin, and this page asks "
        '`getTools()` for the tools of {{origin}}; but its `allow="{{allow}}"` does not '
        "list that origin, " + _REFUSED
    ),
}


@check(messages=MESSAGES)
def iframe_tools_permission(model: FileModel, ctx: Context) -> None:
    asked = _asked_origins(model)
    if not asked or b"<iframe" not in model.source.text.lower():
        return
    for document in model.documents():
        for element in document.elements:
            if element.tag != "iframe" or element.ignored:
                continue
            src = element.string("src")
            origin = origin_of(src) if isinstance(src, str) else None
            if origin is None or origin not in asked:
                continue
            allow = element.string("allow")
            if allow is not None and not isinstance(allow, str):
                continue  # bound to an expression: not known
            if allow is not None and _allows(allow, origin):
                continue
            related = [
                Related(
                    head_span(model.source, Span.of(asked[origin])),
                    "the page asks for that origin's tools here",
                )
            ]
            if allow is None or _directive(allow) is None:
                ctx.report(
                    element.span, "frame-without-tools-permission", related=related, origin=origin
                )
            else:
                ctx.report(
                    element.span,
                    "allow-misses-origin",
                    related=related,
                    origin=origin,
                    allow=allow.strip(),
                )


def _asked_origins(model: FileModel) -> dict[str, Node]:
    """The origins the file's `getTools({ fromOrigins: [...] })` calls list, as written
    literally, each with its call."""
    found: dict[str, Node] = {}
    for use in model.api_uses:
        if use.path[:1] != ("modelContext",) or use.member != "getTools" or use.call is None:
            continue
        args = arguments(use.call)
        if not args:
            continue
        options = use.script.value(args[0])
        origins = options.get("fromOrigins") if options.kind == "object" else None
        if origins is None or origins.kind != "array":
            continue
        for item in origins.items:
            origin = origin_of(item.data) if item.kind == "string" and item.complete else None
            if origin is not None:
                found.setdefault(origin, use.call)
    return found


def origin_of(url: str) -> str | None:
    """The origin of an absolute http(s) URL (`https://a.example:443/x` is
    `https://a.example`), or None."""
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError:
        return None
    scheme = parts.scheme.lower()
    host = (parts.hostname or "").lower()
    if scheme not in DEFAULT_PORTS or not host:
        return None
    if port is not None and str(port) != DEFAULT_PORTS[scheme]:
        return f"{scheme}://{host}:{port}"
    return f"{scheme}://{host}"


def _directive(allow: str) -> list[str] | None:
    """The allowlist of the `tools` directive of an `allow` attribute, or None when it
    has none."""
    for directive in allow.split(";"):
        tokens = directive.split()
        if tokens and tokens[0].lower() == "tools":
            return tokens[1:]
    return None


def _allows(allow: str, origin: str) -> bool:
    """Whether the `allow` attribute gives the frame at `origin` the `tools` feature. A
    token this cannot read counts as allowing (nothing is said then)."""
    tokens = _directive(allow)
    if tokens is None:
        return False
    if not tokens:
        return True  # the default allowlist of an `allow` directive is 'src'
    for token in tokens:
        lowered = token.lower()
        if lowered in ("*", "'src'"):
            return True
        if lowered in ("'self'", "'none'"):
            continue
        listed = origin_of(token)
        if listed is None or listed == origin:
            return True
    return False
