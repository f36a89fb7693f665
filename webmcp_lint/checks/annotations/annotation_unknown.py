"""Tool annotations the browser silently drops or coerces."""

from __future__ import annotations

from webmcp_lint.checks import Context, check
from webmcp_lint.checks._fixes import written_as_member
from webmcp_lint.checks._hints import KNOWN_ANNOTATIONS, MCP_COUNTERPARTS, meant_annotation
from webmcp_lint.checks._runtime import only_polyfill_agents_call
from webmcp_lint.checks._util import registered_tools
from webmcp_lint.extract.implementations import maps_annotation_strings
from webmcp_lint.extract.runtime import registered_on
from webmcp_lint.model import FileModel, ToolDefinition, Value
from webmcp_lint.model.diagnostics import Applicability, Edit, Fix
from webmcp_lint.workspace.source import Span

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
                if value.kind == "string" and value.complete:
                    written = model.source.slice(value.span)
                    ctx.report(
                        value.span,
                        _string_value(model, tool, key, value, written),
                        fix=_boolean_fix(value, key),
                    )
                elif value.known and value.kind != "boolean":
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


# What a string says, read as a boolean; any other string says neither.
SAYS_TRUE = frozenset({"true", "yes", "on", "1"})
SAYS_FALSE = frozenset({"false", "no", "off", "0", ""})


def _string_value(
    model: FileModel, tool: ToolDefinition, key: str, value: Value, written: str
) -> str:
    """What a string annotation becomes where the tool runs: Chrome and MCP-B 5.x coerce
    it with `Boolean()` (any non-empty string is true); MCP-B's polyfill up to 4.x maps
    `readOnlyHint`'s "true" and "false" first. The message says who does which."""
    text = str(value.data)
    to = "true" if text else "false"
    meant = _says(text)
    if meant is None:
        advice = f"write `{key}: true` or `{key}: false` (a boolean)."
    elif meant == to:
        advice = f"write `{key}: {meant}` (a boolean)."
    else:
        advice = f"the opposite of what it says: write `{key}: {meant}` (a boolean)."
    mappable = key == "readOnlyHint" and text in ("true", "false")
    coercers, mappers = _string_handling(model, tool, mappable)
    if mappers and not coercers:
        (label, package, _) = mappers[0]
        return (
            f"`{key}` is {written}, a string: {label} maps it to {meant}, but Chrome and "
            f"{package} 5 and later coerce it to {to} (any non-empty string is true): write "
            f"`{key}: {meant}` (a boolean) before upgrading."
        )
    where = " and ".join(coercers) if coercers else "the browser"
    verb = "coerce" if len(coercers) > 1 else "coerces"
    note = ""
    if mappers:
        label, _, environment = mappers[0]
        place = "where Chrome has no WebMCP" if environment == "other" else "on Chrome"
        note = f"; {label} maps it to {meant} {place}"
    return (
        f"`{key}` is {written}, a string, which {where} {verb} to {to} (any non-empty string "
        f"is true{note}), {advice}"
    )


def _boolean_fix(value: Value, key: str) -> Fix | None:
    """The boolean a string says, written in its place (only a string written as the
    member itself, not a constant other code may read): safe when it is what the string
    already becomes ("true"), unsafe when it changes what Chrome does ("false")."""
    meant = _says(str(value.data))
    if meant is None or not written_as_member(value.node, key):
        return None
    becomes = "true" if value.data else "false"
    applicability: Applicability = "safe" if meant == becomes else "unsafe"
    return Fix(f"Write `{key}: {meant}`", (Edit(value.span, meant),), applicability)


def _says(text: str) -> str | None:
    said = text.strip().lower()
    return "true" if said in SAYS_TRUE else "false" if said in SAYS_FALSE else None


def _string_handling(
    model: FileModel, tool: ToolDefinition, mappable: bool
) -> tuple[list[str], list[tuple[str, str, str]]]:
    """Who coerces a string annotation with `Boolean()` where the tool runs (their labels;
    empty when plain Chrome or not known: "the browser" says it), and who maps it first
    (label, package, environment)."""
    found = registered_on(model, tool)
    if found is None or not found[0].known:
        return [], []
    runtime, surface = found
    coercers: list[str] = []
    mappers: list[tuple[str, str, str]] = []
    for environment, provider in runtime.providers(surface):
        if provider.kind == "chrome" or (environment == "chrome" and provider.reaches_chrome):
            if "Chrome" not in coercers:
                coercers.append("Chrome")
            continue
        if provider.kind != "package":
            continue
        maps = maps_annotation_strings(provider.name, provider.version)
        if maps is False and provider.label not in coercers:
            coercers.append(provider.label)
        elif maps is True and mappable and provider.label not in [m[0] for m in mappers]:
            mappers.append((provider.label, provider.name, environment))
    if coercers == ["Chrome"] and not mappers and not runtime.implementations:
        return [], []  # plain Chrome: "the browser", as everywhere else
    return coercers, mappers


def _truthy(value: Value) -> bool:
    """JavaScript's ToBoolean: objects, arrays and functions are true even when empty."""
    if value.kind in ("object", "array", "function"):
        return True
    data = value.data
    return bool(data) and data == data  # NaN is falsy in JavaScript
