"""Tool members the browser ignores: error for known mistakes, warning otherwise."""

from __future__ import annotations

from typing import Any

from webmcp_lint.checks import Context, check
from webmcp_lint.checks._util import HANDLER_ALIASES, SCHEMA_MISTAKES, registered_tools
from webmcp_lint.diagnostics import Edit, Fix
from webmcp_lint.model import FileModel
from webmcp_lint.workspace.source import Span

# `outputSchema` since Chrome 159 (spec PR #254); Chrome before 159 drops it, harmlessly.
TOOL_MEMBERS = (
    "name",
    "title",
    "description",
    "inputSchema",
    "outputSchema",
    "execute",
    "annotations",
)
# Options of the framework hooks (use-webmcp-tool, VueUse) that sit beside the tool members.
INTEGRATION_MEMBERS = frozenset({"enabled", "formatOutput", "onError", "document", "deps"})
HANDLER_MISTAKES = ("handler", "run", "fn")
ANNOTATION_MEMBERS = frozenset(
    {
        "readOnlyHint",
        "untrustedContentHint",
        "consequentialHint",
        "debugging",
        "readOnly",
        "destructiveHint",
        "idempotentHint",
        "openWorldHint",
        "destructive",
    }
)
REGISTRATION_OPTIONS = frozenset({"signal", "exposedTo"})


_MEMBERS = ", ".join(f"`{member}`" for member in TOOL_MEMBERS)
MESSAGES = {
    "schema-misnamed": (
        "The browser ignores `{{key}}`: the member is `inputSchema`, so this tool has no "
        "schema and the agent sends no arguments. Rename it to `inputSchema`."
    ),
    "handler-misnamed": (
        "The browser only calls `execute`; `{{key}}` is never run. Remove it, or move its code "
        "into `execute`."
    ),
    "annotation-outside-annotations": (
        "The browser drops `{{key}}` here: hints belong in `annotations` (e.g. "
        "`annotations: { readOnlyHint: true }`), so agents never see this one."
    ),
    "registration-option-as-member": (
        "`{{key}}` is a registration option, not a tool member: the browser ignores it here. "
        "Pass it in the second argument, `registerTool(tool, { {{key}} })`."
    ),
    "unknown-member": (
        "The browser ignores the unknown tool member `{{key}}`, so agents never see it. "
        "Tool members are " + _MEMBERS + "."
    ),
    "unknown-member-typo": (
        "The browser ignores the unknown tool member `{{key}}`, so agents never see it. "
        "Did you mean `{{guess}}`? Tool members are " + _MEMBERS + "."
    ),
}


@check(messages=MESSAGES)
def tool_unknown_member(model: FileModel, ctx: Context) -> None:
    seen: set[Span] = set()
    for tool in registered_tools(model.tools):
        definition = tool.definition
        if definition.kind != "object":
            continue
        span = definition.span  # made from its node each time it is read
        if span in seen:
            continue
        seen.add(span)
        entries = definition.entries
        named_by_required_members = (
            next((a for a in HANDLER_ALIASES if a in entries), None)
            if "execute" not in entries and definition.complete
            else None
        )
        for key, entry in entries.items():
            if key in TOOL_MEMBERS or key.startswith(("_", "$")):
                continue  # `_mockArgs`: the page's own bookkeeping, not a member it means
            if tool.kind == "integration" and key in INTEGRATION_MEMBERS:
                continue
            if key == named_by_required_members:
                continue  # tool-required-members already says to rename it to `execute`
            _report_unknown_member(ctx, key, entry.key_span, entries)


def _report_unknown_member(ctx: Context, key: str, span: Span, entries: dict[str, Any]) -> None:
    lowered = key.lower()
    if lowered in SCHEMA_MISTAKES:
        fix = None
        if "inputSchema" not in entries:
            fix = Fix("Rename to inputSchema", (Edit(span, "inputSchema"),))
        ctx.report(span, "schema-misnamed", fix=fix, key=key)
        return
    if lowered in HANDLER_MISTAKES:
        ctx.report(span, "handler-misnamed", key=key)
        return
    _report_other_member(ctx, key, span, entries)


def _report_other_member(ctx: Context, key: str, span: Span, entries: dict[str, Any]) -> None:
    """A member the browser ignores that is no known mistake: a warning."""
    if key in ANNOTATION_MEMBERS:
        ctx.report(span, "annotation-outside-annotations", severity="warning", key=key)
        return
    if key in REGISTRATION_OPTIONS:
        ctx.report(span, "registration-option-as-member", severity="warning", key=key)
        return
    guess = _typo_guess(key, entries)
    if guess:
        fix = Fix(f"Rename to {guess}", (Edit(span, guess),))
        ctx.report(span, "unknown-member-typo", fix=fix, severity="warning", key=key, guess=guess)
    else:
        ctx.report(span, "unknown-member", severity="warning", key=key)


def _typo_guess(key: str, entries: dict[str, Any]) -> str | None:
    import difflib  # only for a finding's suggestion

    close = difflib.get_close_matches(key, TOOL_MEMBERS, n=1, cutoff=0.75)
    if not close:
        close = [m for m in TOOL_MEMBERS if m.lower() == key.lower()]
    return close[0] if close and close[0] not in entries else None
