"""A tool whose name says it only reads, and whose execute saves, sends and navigates
nothing, lacks readOnlyHint. Changing only the view (scrolling, focus, a highlight) is
read-only in WebMCP's sense: nothing the user must confirm."""

from __future__ import annotations

from webmcp_lint.checks import Context, check
from webmcp_lint.checks._fixes import insert_after, insert_member, written_as_member
from webmcp_lint.checks._frameworks import ANGULAR_CORE
from webmcp_lint.checks._hints import (
    CHANGING_NAME_WORDS,
    READ_VERBS,
    add_annotation,
    description_text,
    known_annotations,
    missing_hint_span,
    reported_as,
)
from webmcp_lint.checks._util import registered_tools
from webmcp_lint.checks._words import word_list, words
from webmcp_lint.diagnostics import Fix
from webmcp_lint.model import FileModel, ToolDefinition

MUTATING_DESCRIPTION_WORDS = word_list("mutating-description-words")

# `add` says how to add the hint (`_hints.add_annotation`).
MESSAGES = {
    "missing-read-only-hint": (
        '"{{name}}" reads like a query and its `execute` saves, sends and navigates nothing, '
        "but it lacks `readOnlyHint: true`: agents then treat it as changing state and ask "
        "the user to confirm every call. {{add}} if it only reads, or only changes the view "
        "(scrolling, focus, highlighting)."
    ),
}


@check(messages=MESSAGES)
def read_only_hint(model: FileModel, ctx: Context) -> None:
    for tool in registered_tools(model.tools):
        annotations = known_annotations(tool)
        name = tool.known_name
        if annotations is None or name is None or annotations.given("readOnlyHint"):
            continue
        if annotations.is_true("consequentialHint"):
            continue
        if reported_as(annotations, "readOnlyHint"):
            continue  # `readonlyHint: true`: annotation-unknown says which one was meant
        name_words = words(name)
        if not _reads_only_by_name(name_words):
            continue
        description = description_text(tool)
        if description is None:
            continue
        if MUTATING_DESCRIPTION_WORDS & set(words(description)):
            continue
        facts = model.functions.of_tool(tool)
        if facts is None or facts.mutations or facts.truncated:
            continue  # it changes something, or it cannot be told
        ctx.report(
            missing_hint_span(tool, model),
            "missing-read-only-hint",
            fix=_add_hint(tool, model) if tool.integration != ANGULAR_CORE else None,
            name=name,
            add=add_annotation(tool, "readOnlyHint: true"),
        )


def _add_hint(tool: ToolDefinition, model: FileModel) -> Fix | None:
    """`readOnlyHint: true` added to the tool's own object literal (one whose name is
    written in it, so no other tool shares it): into its `annotations` literal, or as
    a new `annotations` member."""
    literal = tool.definition.node
    name = tool.name
    if literal is None or literal.type != "object" or name is None:
        return None
    if name.node is None or not written_as_member(name.node, "name"):
        return None
    if name.node.parent is None or name.node.parent.parent != literal:
        return None
    annotations = tool.annotations
    if annotations is None:
        description = tool.description
        after = description if description is not None and description.node else name
        pair = after.node.parent if after.node is not None else None
        if pair is None or pair.parent != literal:
            return None
        member = "annotations: { readOnlyHint: true }"
        edit = insert_after(model.source.text, pair, member)
    elif (
        annotations.node is not None
        and annotations.node.type == "object"
        and (
            written_as_member(annotations.node, "annotations")
            and annotations.node.parent is not None
            and annotations.node.parent.parent == literal
        )
    ):
        edit = insert_member(model.source.text, annotations.node, "readOnlyHint: true")
    else:
        return None
    return Fix("Add readOnlyHint: true", (edit,), "unsafe")


def _reads_only_by_name(name_words: list[str]) -> bool:
    if not name_words or name_words[0] not in READ_VERBS:
        return False
    if name_words[0] == "check" and name_words[1:2] in (["in"], ["out"]):
        return False  # check_in, check_out
    return not any(word in CHANGING_NAME_WORDS for word in name_words[1:])
