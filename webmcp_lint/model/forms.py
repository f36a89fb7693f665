"""Declarative tools: forms with tool attributes, the pages they are on, submit handlers
and tool-event listeners."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Literal

from msgspec import Struct, field

from webmcp_lint.model.dom import Document, Element
from webmcp_lint.model.scripts import Script
from webmcp_lint.model.tools import ToolDefinition
from webmcp_lint.workspace.source import Span

if TYPE_CHECKING:
    from tree_sitter import Node


# Names that look like a tool event: toolcanceled, tool-cancel, toolActivated, ...
TOOL_EVENT = re.compile(r"(?i)(on)?tools?[-_]?(activat|cancel|change)[a-z_-]*")
TOOL_EVENTS = ("toolactivated", "toolcancel", "toolchange")


class SubmitHandler(Struct, eq=False):
    """A function that runs when a form is submitted, with what it does with its event
    (`extract/respond.py`)."""

    function: Node
    script: Script
    event: str | None  # the name of its event parameter; None when destructured or absent
    prevented: bool  # the framework calls preventDefault() before it (`@submit.prevent`)
    span: Span  # where it is attached
    target: str = "*"  # what it listens on; "*" for the whole page (document, window)
    # Its `event.respondWith(...)` calls, each with when it runs.
    respond_with: tuple[RespondWith, ...] = ()
    # Where its own code first calls `event.preventDefault()`, first hands the event to a
    # function, and first mentions `agentInvoked` (its end): byte positions, or None.
    prevents_at: int | None = None
    passes_event_at: int | None = None
    agent_invoked_end: int | None = None

    def prevents_before(self, position: int | None = None) -> bool:
        """Its own code calls `event.preventDefault()` (before `position`)."""
        at = self.prevents_at
        return at is not None and (position is None or at < position)


# When a `respondWith()` runs (verified in Chromium 156: it throws InvalidStateError once
# the event has been dispatched): during dispatch, after an `await` of real work, in a
# callback that runs later (`.then`, `setTimeout`), or in a function that cannot be told.
Timing = Literal["dispatch", "after-await", "deferred", "unknown"]


class RespondWith(Struct, frozen=True, eq=False):
    """A `respondWith(...)` call on a submit handler's event, and when it runs."""

    node: Node
    timing: Timing
    awaited: Node | None = None  # the `await` it comes after


class EventListener(Struct, frozen=True):
    """A listener (or `on...` handler property) for an event whose name looks like a
    tool event."""

    name: str  # as written: "toolcanceled", "ontoolcanceled"
    span: Span
    property: bool  # `x.ontoolcanceled = ...` rather than addEventListener
    receiver: str = ""  # the object it is set on or added to, as written
    receiver_span: Span | None = None


class Group(Struct, eq=False):
    """The controls of a form that share one `name`, and what Chromium makes of them."""

    name: str
    controls: list[Element]
    conflict: bool = False  # several controls that are not one radio or checkbox group
    uncertain: bool = False  # some control is conditional or has unknown attributes


class MarkupDocument(Struct, eq=False):
    """One document (an HTML page, a component's template, the JSX of one file) with the
    lookups the forms need, computed in one pass in document order."""

    document: Document
    forms: set[int] = field(default_factory=set)  # ids of the real <form> elements
    enclosing_form: dict[int, Element | None] = field(default_factory=dict)
    in_component: set[int] = field(default_factory=set)  # inside a component's children
    by_id: dict[str, Element] = field(default_factory=dict)
    unknown_ids: bool = False
    labels: dict[int, list[Element]] = field(default_factory=dict)  # by labeled control
    unsure: set[int] = field(default_factory=set)  # labels inside these are unknowable
    unknown_label_targets: bool = False  # a label (or a component) with a bound `for`
    # Conditional itself or below a conditional element inside its enclosing form.
    conditional_in_form: dict[int, bool] = field(default_factory=dict)
    in_unsure_label: set[int] = field(default_factory=set)  # inside a label in `unsure`
    levels: dict[int, int] = field(default_factory=dict)  # how many ancestors an element has

    def is_form(self, element: Element) -> bool:
        return id(element) in self.forms


class Form(Struct, eq=False):
    """A `<form>` with tool attributes, its controls, and its tool when Chromium registers it."""

    element: Element
    markup: MarkupDocument
    controls: list[Element]  # listed controls owned by the form, in document order
    complete: bool  # False when components or unknown content may add controls
    groups: list[Group] = field(default_factory=list)
    tool: ToolDefinition | None = None

    @property
    def conditional(self) -> bool:
        """Rendered only under a condition (`{cond && <form>}`, `v-if`, `{#if}`)."""
        return self.element.conditional or any(a.conditional for a in self.element.ancestors())

    def is_conditional(self, control: Element) -> bool:
        """Whether a control is rendered only under a condition inside this form."""
        if self.markup.enclosing_form.get(id(control)) is self.element:
            return self.markup.conditional_in_form[id(control)]
        node: Element | None = control  # a control owned through its `form` attribute
        while node is not None and node is not self.element:
            if node.conditional:
                return True
            node = node.parent
        return False


class Declarative(Struct, eq=False):
    """What the declarative rules read: forms with tool attributes, and every page of the
    file's markup and JSX (for tool attributes written where they do nothing)."""

    markups: list[MarkupDocument]
    forms: list[Form]
    handlers: list[SubmitHandler]
    listeners: list[EventListener]
