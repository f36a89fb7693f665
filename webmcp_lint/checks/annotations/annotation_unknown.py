"""Tool annotations the browser silently drops or coerces."""

from __future__ import annotations

from webmcp_lint.checks import Context, MessageValue, check
from webmcp_lint.checks._fixes import written_as_member
from webmcp_lint.checks._hints import KNOWN_ANNOTATIONS, MCP_COUNTERPARTS, meant_annotation
from webmcp_lint.checks._runtime import only_polyfill_agents_call
from webmcp_lint.checks._util import registered_tools
from webmcp_lint.diagnostics import Applicability, Edit, Fix
from webmcp_lint.extract.implementations import maps_annotation_strings
from webmcp_lint.extract.runtime import registered_on
from webmcp_lint.model import FileModel, ToolDefinition, Value
from webmcp_lint.workspace.source import Span

KNOWN = KNOWN_ANNOTATIONS

# The message for each MCP annotation WebMCP drops.
MCP_ANNOTATIONS = {
    "destructiveHint": "mcp-destructive-hint",
    "idempotentHint": "mcp-idempotent-hint",
    "openWorldHint": "mcp-open-world-hint",
    "title": "mcp-title",
}

# A string annotation: `written` is the string as written, `where` who coerces it ("the
# browser", "Chrome and MCP-B 5.x") and `verb` "coerces" or "coerce" to agree; `to` what
# it becomes, `meant` what it says, and `label` who maps it to that first, `place` where.
_STRING = (
    "`{{key}}` is {{written}}, a string, which {{where}} {{verb}} to {{to}} (any non-empty "
    "string is true"
)
_OPPOSITE = "the opposite of what it says: write `{{key}}: {{meant}}` (a boolean)."
MESSAGES = {
    "string-says-neither": (_STRING + "), write `{{key}}: true` or `{{key}}: false` (a boolean)."),
    "string-coerced": _STRING + "), write `{{key}}: {{to}}` (a boolean).",
    "string-coerced-to-opposite": _STRING + "), " + _OPPOSITE,
    "string-coerced-also-mapped": (
        _STRING + "; {{label}} maps it to {{meant}} {{place}}), write `{{key}}: {{meant}}` "
        "(a boolean)."
    ),
    "string-coerced-to-opposite-also-mapped": (
        _STRING + "; {{label}} maps it to {{meant}} {{place}}), " + _OPPOSITE
    ),
    "string-mapped-until-upgrade": (
        "`{{key}}` is {{written}}, a string: {{label}} maps it to {{meant}}, but Chrome and "
        "{{package}} 5 and later coerce it to {{to}} (any non-empty string is true): write "
        "`{{key}}: {{meant}}` (a boolean) before upgrading."
    ),
    "non-boolean-annotation": (
        "`{{key}}` is {{written}}, which the browser coerces to {{to}}: write `{{key}}: {{to}}` "
        "(a boolean), or leave it out."
    ),
    "destructive-hint-dropped": (
        "The browser drops `destructiveHint` (MCP-B passes it only to MCP clients), so the "
        "browser's agent runs this tool without asking although it is marked destructive: "
        "add `consequentialHint: true` next to it if the user should confirm it."
    ),
    "mcp-destructive-hint": (
        "`destructiveHint` is an MCP annotation that WebMCP drops silently: use "
        "`consequentialHint: true` for actions with significant or irreversible effects."
    ),
    "mcp-idempotent-hint": (
        "`idempotentHint` is an MCP annotation that WebMCP drops silently: remove it."
    ),
    "mcp-open-world-hint": (
        "`openWorldHint` is an MCP annotation that WebMCP drops silently: if the tool returns "
        "third-party or user-generated content, use `untrustedContentHint: true`."
    ),
    "mcp-title": (
        "`title` is not an annotation in WebMCP and is dropped: move it to the tool's "
        "top-level `title`."
    ),
    "misspelled-annotation": (
        "The browser drops the unknown annotation `{{key}}` silently: did you mean `{{guess}}`?"
    ),
    "unknown-annotation": (
        "The browser drops the unknown annotation `{{key}}` silently. WebMCP annotations are "
        + ", ".join(f"`{k}`" for k in KNOWN)
        + "."
    ),
}


@check(messages=MESSAGES)
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
                    _string_value(ctx, model, tool, key, value)
                elif value.known and value.kind != "boolean":
                    ctx.report(
                        value.span,
                        "non-boolean-annotation",
                        key=key,
                        written=model.source.slice(value.span),
                        to="true" if _truthy(value) else "false",
                    )
                continue
            mcp_library = tool.wrapper is not None and tool.wrapper.mcp_annotations
            if key in MCP_ANNOTATIONS and (mcp_library or _kept_for_mcp(model, tool)):
                if not only_polyfill_agents_call(model, tool, "mcp_annotations"):
                    _mcp_library_hint(ctx, key, entry.value, entry.key_span)
                continue
            _unknown_key(ctx, key, entry.key_span)


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
    ctx.report(span, "destructive-hint-dropped")


def _unknown_key(ctx: Context, key: str, span: Span) -> None:
    """An unknown key, with the annotation to rename it to (if any) as its fix, safe or
    not as `_hints.meant_annotation` says."""
    guess, applicability = meant_annotation(key)
    fix = None
    if guess is not None:
        fix = Fix(f"Rename to {guess}", (Edit(span, guess),), applicability)
    if key in MCP_COUNTERPARTS:
        ctx.report(span, MCP_ANNOTATIONS[key], fix=fix)
    elif guess is not None:
        ctx.report(span, "misspelled-annotation", fix=fix, key=key, guess=guess)
    else:
        ctx.report(span, "unknown-annotation", key=key)


# What a string says, read as a boolean; any other string says neither.
SAYS_TRUE = frozenset({"true", "yes", "on", "1"})
SAYS_FALSE = frozenset({"false", "no", "off", "0", ""})


def _string_value(
    ctx: Context, model: FileModel, tool: ToolDefinition, key: str, value: Value
) -> None:
    """What a string annotation becomes where the tool runs: Chrome and MCP-B 5.x coerce
    it with `Boolean()` (any non-empty string is true); MCP-B's polyfill up to 4.x maps
    `readOnlyHint`'s "true" and "false" first. The message says who does which."""
    at, fix = value.span, _boolean_fix(value, key)
    written = model.source.slice(value.span)
    text = str(value.data)
    to = "true" if text else "false"
    meant = _says(text)
    mappable = key == "readOnlyHint" and text in ("true", "false")
    coercers, mappers = _string_handling(model, tool, mappable)
    where = " and ".join(coercers) if coercers else "the browser"
    verb = "coerce" if len(coercers) > 1 else "coerces"
    said: dict[str, MessageValue] = {"key": key, "written": written, "to": to}
    coerced: dict[str, MessageValue] = {"where": where, "verb": verb}
    more: dict[str, MessageValue]
    if meant is None:  # then no one maps it (only "true" and "false" are mapped)
        message_id, more = "string-says-neither", coerced
    elif mappers and not coercers:
        label, package, _ = mappers[0]
        message_id = "string-mapped-until-upgrade"
        more = {"label": label, "meant": meant, "package": package}
    elif not mappers and meant == to:
        message_id, more = "string-coerced", coerced
    elif not mappers:
        message_id, more = "string-coerced-to-opposite", {**coerced, "meant": meant}
    else:
        label, _, environment = mappers[0]
        place = "where Chrome has no WebMCP" if environment == "other" else "on Chrome"
        message_id = (
            "string-coerced-also-mapped"
            if meant == to
            else "string-coerced-to-opposite-also-mapped"
        )
        more = {**coerced, "meant": meant, "label": label, "place": place}
    # `related` and `severity` named, so that mypy does not take the data for them
    ctx.report(at, message_id, fix=fix, related=(), severity=None, **said, **more)


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
