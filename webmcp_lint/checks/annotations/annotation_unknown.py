"""Tool annotations the browser silently drops or coerces."""

from __future__ import annotations

from webmcp_lint.checks import Context, check
from webmcp_lint.checks._hints import KNOWN_ANNOTATIONS, MCP_COUNTERPARTS, meant_annotation
from webmcp_lint.checks._runtime import only_polyfill_agents_call
from webmcp_lint.checks._util import registered_tools
from webmcp_lint.diagnostics import Applicability, Edit, Fix
from webmcp_lint.model import FileModel, ToolDefinition, Value
from webmcp_lint.runtime import registered_on
from webmcp_lint.source import Span

KNOWN = KNOWN_ANNOTATIONS

# What to say of each MCP annotation WebMCP drops.
MCP_ANNOTATIONS = {
    "destructiveHint": "`destructiveHint` is an MCP annotation that WebMCP drops silently: use "
    "`consequentialHint: true` for actions with significant or irreversible effects.",
    "idempotentHint": "`idempotentHint` is an MCP annotation that WebMCP drops silently: "
    "remove it.",
    "openWorldHint": "`openWorldHint` is an MCP annotation that WebMCP drops silently: if the "
    "tool returns third-party or user-generated content, use `untrustedContentHint: true`.",
    "title": "`title` is not an annotation in WebMCP and is dropped: move it to the tool's "
    "top-level `title`.",
}


@check()
def annotation_unknown(model: FileModel, ctx: Context) -> None:
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
                    ctx.report(
                        value.span,
                        f"`{key}` is {model.source.slice(value.span)}, which the browser "
                        f"coerces to {coerced}: write `{key}: {coerced}` (a boolean), or "
                        "leave it out.",
                    )
                continue
            mcp_library = tool.wrapper is not None and tool.wrapper.mcp_annotations
            if key in MCP_ANNOTATIONS and (mcp_library or _kept_for_mcp(model, tool)):
                if not only_polyfill_agents_call(model, tool, "mcp_annotations"):
                    _mcp_library_hint(ctx, key, entry.value, entry.key_span)
                continue
            replacement, message, applicability = _unknown_key(key)
            fix = None
            if replacement is not None:
                edit = Edit(entry.key_span, replacement)
                fix = Fix(f"Rename to {replacement}", (edit,), applicability)
            ctx.report(entry.key_span, message, fix=fix)


def _kept_for_mcp(model: FileModel, tool: ToolDefinition) -> bool:
    """The tool is registered on MCP-B, which keeps MCP's annotations for MCP clients."""
    found = registered_on(model, tool)
    if found is None or not found[0].known:
        return False
    providers = found[0].providers(found[1])
    return bool(providers) and all(p.mcp_annotations for _, p in providers)


def _mcp_library_hint(ctx: Context, key: str, value: Value, span: Span) -> None:
    """MCP-B documents MCP's annotations and hands them to MCP clients, so they are not
    a mistake there; only `destructiveHint: true` needs its WebMCP counterpart as well,
    since the browser's agent never sees it."""
    if key != "destructiveHint" or value.kind != "boolean" or value.data is not True:
        return
    ctx.report(
        span,
        "The browser drops `destructiveHint` (MCP-B passes it only to MCP clients), so "
        "the browser's agent runs this tool without asking although it is marked "
        "destructive: add `consequentialHint: true` next to it if the user should confirm "
        "it.",
    )


def _unknown_key(key: str) -> tuple[str | None, str, Applicability]:
    """The annotation to rename `key` to (if any), the message, and whether renaming is
    safe (see `_hints.meant_annotation`)."""
    guess, applicability = meant_annotation(key)
    if key in MCP_COUNTERPARTS:
        return guess, MCP_ANNOTATIONS[key], applicability
    if guess is not None:
        return (
            guess,
            f"The browser drops the unknown annotation `{key}` silently: did you mean `{guess}`?",
            applicability,
        )
    return (
        None,
        f"The browser drops the unknown annotation `{key}` silently. WebMCP annotations "
        f"are {', '.join(f'`{k}`' for k in KNOWN)}.",
        "unsafe",
    )


def _truthy(value: Value) -> bool:
    """JavaScript's ToBoolean: objects, arrays and functions are true even when empty."""
    if value.kind in ("object", "array", "function"):
        return True
    data = value.data
    return bool(data) and data == data  # NaN is falsy in JavaScript
