"""What the annotation-hint rules share: a tool's known annotations, where a missing hint
is reported, and the word lists several of them read names with.

The hint rules read the tool's name and description and what `execute` visibly does.
Declarative forms are left out: a form has no `annotations` (its human-in-the-loop
control is `toolautosubmit`), so a finding there could not be acted on.
"""

from __future__ import annotations

from msgspec import Struct

from webmcp_lint.checks._util import head_span
from webmcp_lint.checks._words import word_list
from webmcp_lint.diagnostics import Applicability
from webmcp_lint.model import Entry, FileModel, ToolDefinition, Value
from webmcp_lint.workspace.source import Span

# The annotations Chromium keeps; it drops every other key silently.
KNOWN_ANNOTATIONS = ("readOnlyHint", "untrustedContentHint", "consequentialHint", "debugging")
# MCP annotations, and the WebMCP annotation each stands for (None: none does).
MCP_COUNTERPARTS: dict[str, str | None] = {
    "destructiveHint": "consequentialHint",
    "idempotentHint": None,
    "openWorldHint": None,
    "title": None,
}

READ_VERBS = word_list("read-verbs")
CHANGING_NAME_WORDS = word_list("changing-name-words")
CONSEQUENTIAL_VERBS = word_list("consequential-verbs")
PREPOSITIONS = word_list("prepositions")


class Annotations(Struct, frozen=True):
    """A tool's annotations when they are known: entries by key (read, never changed)."""

    value: Value | None  # None: the tool has no `annotations`
    entries: dict[str, Entry]

    def given(self, key: str) -> bool:
        return key in self.entries

    def is_true(self, key: str) -> bool:
        entry = self.entries.get(key)
        return entry is not None and entry.value.kind == "boolean" and entry.value.data is True


_NO_ANNOTATIONS = Annotations(None, {})


def known_annotations(tool: ToolDefinition) -> Annotations | None:
    """The annotations when it is known which keys are there; None when not (a spread
    of something unknown, an annotations object built at run time)."""
    if tool.kind == "declarative" or tool.definition.kind != "object":
        return None
    annotations = tool.annotations
    if annotations is None:
        return _NO_ANNOTATIONS  # most tools; five rules ask of each
    if annotations.kind != "object" or not annotations.complete:
        return None
    return Annotations(annotations, annotations.data)


def meant_annotation(key: str) -> tuple[str | None, Applicability]:
    """The WebMCP annotation an unknown key stands for, if any, and whether renaming it is
    safe: a different case or a missing `Hint` is a plain typo; a guess by similarity or
    an MCP annotation's WebMCP counterpart is a judgement, so unsafe."""
    if key in MCP_COUNTERPARTS:
        return MCP_COUNTERPARTS[key], "unsafe"
    lowered = {name.lower(): name for name in KNOWN_ANNOTATIONS}
    guess = lowered.get(key.lower()) or lowered.get(key.lower() + "hint")
    if guess is not None:
        return guess, "safe"
    import difflib  # only for a finding's suggestion

    close = difflib.get_close_matches(key, KNOWN_ANNOTATIONS, n=1, cutoff=0.7)
    return (close[0] if close else None), "unsafe"


def reported_as(annotations: Annotations, known: str) -> bool:
    """Whether a key annotation-unknown reports stands for `known` (`destructiveHint` for
    `consequentialHint`, `readonlyHint` for `readOnlyHint`): that finding already says to
    use it, so a missing-hint rule stays silent (one root cause, one finding)."""
    return bool(annotations.entries) and any(  # most tools have none: no generator
        key not in KNOWN_ANNOTATIONS and meant_annotation(key)[0] == known
        for key in annotations.entries
    )


def description_text(tool: ToolDefinition) -> str | None:
    description = tool.description
    return description.as_text() if description is not None else None


def missing_hint_span(tool: ToolDefinition, model: FileModel) -> Span:
    """Where a missing annotation is reported: the tool's name, else the tool."""
    name = tool.name
    if name is not None and name.known:
        return name.span
    return head_span(model.source, tool.span)


def add_annotation(tool: ToolDefinition, member: str) -> str:
    """How to add an annotation (`readOnlyHint: true`), for a message. Angular's
    `ToolDescriptor` (up to 22.x) declares no `annotations`, though Angular hands the
    object to the browser as written: there the object needs a wider type."""
    advice = f"Add `annotations: {{ {member} }}`"
    if tool.integration == "@angular/core":
        advice += (
            " (Angular's `ToolDescriptor` declares no `annotations`, but Angular hands the "
            "tool to the browser as written: assert the object's type, `{ ... } as "
            "ToolDescriptor`)"
        )
    return advice
