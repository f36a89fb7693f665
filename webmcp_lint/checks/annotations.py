"""Tool annotations the browser silently drops or coerces."""

from __future__ import annotations

import difflib
from collections.abc import Iterator

from webmcp_lint.checks import Context as CheckContext
from webmcp_lint.checks import legacy_check as check
from webmcp_lint.checks._util import registered_tools
from webmcp_lint.diagnostics import Edit, Finding, Fix
from webmcp_lint.model import FileModel, Value

RULE = "annotation-unknown"
KNOWN = ("readOnlyHint", "untrustedContentHint", "consequentialHint", "debugging")

MCP_ANNOTATIONS = {
    "destructiveHint": (
        "consequentialHint",
        "`destructiveHint` is an MCP annotation that WebMCP drops silently: use "
        "`consequentialHint: true` for actions with significant or irreversible effects.",
    ),
    "idempotentHint": (
        None,
        "`idempotentHint` is an MCP annotation that WebMCP drops silently: remove it.",
    ),
    "openWorldHint": (
        None,
        "`openWorldHint` is an MCP annotation that WebMCP drops silently: if the tool "
        "returns third-party or user-generated content, use `untrustedContentHint: true`.",
    ),
    "title": (
        None,
        "`title` is not an annotation in WebMCP and is dropped: move it to the tool's "
        "top-level `title`.",
    ),
}


@check(RULE)
def annotation_unknown(model: FileModel, context: CheckContext) -> Iterator[Finding]:
    seen: set[int] = set()
    for tool in registered_tools(model.tools):
        annotations = tool.annotations
        if annotations is None or annotations.kind != "object":
            continue
        if annotations.span.start in seen:
            continue
        seen.add(annotations.span.start)
        for key, entry in annotations.entries.items():
            if key in KNOWN:
                value = entry.value
                if value.known and value.kind != "boolean":
                    coerced = "true" if _truthy(value) else "false"
                    yield Finding(
                        RULE,
                        f"`{key}` is {model.source.slice(value.span)}, which the browser "
                        f"coerces to {coerced}: write `{key}: {coerced}` (a boolean), or "
                        "leave it out.",
                        value.span,
                    )
                continue
            replacement, message = _unknown_key(key)
            fix = None
            if replacement is not None:
                fix = Fix(f"Rename to {replacement}", (Edit(entry.key_span, replacement),))
            yield Finding(RULE, message, entry.key_span, fix=fix)


def _unknown_key(key: str) -> tuple[str | None, str]:
    if key in MCP_ANNOTATIONS:
        return MCP_ANNOTATIONS[key]
    lowered = {name.lower(): name for name in KNOWN}
    guess = lowered.get(key.lower()) or lowered.get(key.lower() + "hint")
    if guess is None:
        close = difflib.get_close_matches(key, KNOWN, n=1, cutoff=0.7)
        guess = close[0] if close else None
    if guess is not None:
        return guess, (
            f"The browser drops the unknown annotation `{key}` silently: did you mean `{guess}`?"
        )
    return None, (
        f"The browser drops the unknown annotation `{key}` silently. WebMCP annotations "
        f"are {', '.join(f'`{k}`' for k in KNOWN)}."
    )


def _truthy(value: Value) -> bool:
    """JavaScript's ToBoolean: objects, arrays and functions are true even when empty."""
    if value.kind in ("object", "array", "function"):
        return True
    data = value.data
    return bool(data) and data == data  # NaN is falsy in JavaScript
