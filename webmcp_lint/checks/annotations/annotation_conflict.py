"""readOnlyHint together with consequentialHint, or on a tool whose execute visibly
changes state."""

from __future__ import annotations

from webmcp_lint.checks import Context, check
from webmcp_lint.checks._hints import CHANGING_NAME_WORDS, CONSEQUENTIAL_VERBS, known_annotations
from webmcp_lint.checks._util import callee_text, head_span, registered_tools
from webmcp_lint.checks._words import words
from webmcp_lint.diagnostics import Related
from webmcp_lint.model import FileModel, ToolDefinition
from webmcp_lint.workspace.source import Span

_CHANGES = (
    " (line {{line}}): agents run read-only tools without asking the user. Remove "
    "`readOnlyHint`, or move the change out of this tool."
)
MESSAGES = {
    "read-only-and-consequential": (
        "`readOnlyHint` and `consequentialHint` are both true, which contradicts itself: a "
        "tool that only reads has no consequences to confirm, and agents may run it without "
        "asking. Keep only the hint that is true of the tool."
    ),
    # `change` is what the change does ("sends a POST request").
    "read-only-but-changes": (
        "The tool says `readOnlyHint: true`, but `execute` {{change}}" + _CHANGES
    ),
    "read-only-but-calls-change": (
        "The tool says `readOnlyHint: true`, but `execute` {{change}} (in `{{callee}}`)" + _CHANGES
    ),
}


@check(messages=MESSAGES)
def annotation_conflict(model: FileModel, ctx: Context) -> None:
    for tool in registered_tools(model.tools):
        annotations = known_annotations(tool)
        if annotations is None or not annotations.is_true("readOnlyHint"):
            continue
        read_only = annotations.entries["readOnlyHint"]
        where = Span(read_only.key_span.start, read_only.value.span.end)
        if annotations.is_true("consequentialHint"):
            other = annotations.entries["consequentialHint"]
            ctx.report(
                where,
                "read-only-and-consequential",
                related=[Related(other.key_span, "consequentialHint is set here")],
            )
            continue
        facts = model.functions.of_tool(tool)
        if facts is None:
            continue
        # Many APIs read through POST (search, translation, GraphQL queries): on its own a
        # POST does not prove a read-only tool wrong, only with a name that says it changes.
        name_changes = _name_says_it_changes(tool)
        found = next(
            (m for m in facts.mutations if m.strong and (name_changes or m.kind != "post-request")),
            None,
        )
        if found is None:
            continue
        line = model.source.line_of(found.site.start_byte) + 1
        related = [Related(head_span(model.source, Span.of(found.site)), "changes state here")]
        if not found.via:
            ctx.report(
                where, "read-only-but-changes", related=related, change=found.what, line=line
            )
        else:
            ctx.report(
                where,
                "read-only-but-calls-change",
                related=related,
                change=found.what,
                callee=callee_text(found.via[0]),
                line=line,
            )


def _name_says_it_changes(tool: ToolDefinition) -> bool:
    """`post_reply`, `save_note`: a POST from such a tool is the change its name says."""
    name = tool.known_name
    name_words = words(name) if name is not None else []
    changing = CHANGING_NAME_WORDS | CONSEQUENTIAL_VERBS
    return any(word in changing for word in name_words)
