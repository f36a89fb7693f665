"""A small element tree over markup and JSX, read by the declarative rules.

Forms, controls and labels read the same whether they come from an HTML page, a Vue,
Svelte or Astro template, or JSX (`extract/dom.py` builds the tree). An attribute value
is a string when it is written literally, `True` or `False` when a binding gives a
boolean (what a framework renders for it differs), and `UNKNOWN` when it is bound to an
expression. Children are elements, text, or markers for content that cannot be known
(`UNKNOWN_TEXT`: text only; `UNKNOWN_CONTENT`: may render anything, controls included).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from msgspec import Struct, field

from webmcp_lint.model.scripts import Script
from webmcp_lint.model.values import UNKNOWN
from webmcp_lint.workspace.source import Language, Span

if TYPE_CHECKING:
    from tree_sitter import Node

UNKNOWN_TEXT = "\x00unknown-text"
UNKNOWN_CONTENT = "\x00unknown-content"

Child = Any  # Element | str (text, or one of the two unknown markers)


class Attr(Struct, frozen=True):
    """An attribute as written: `value` is a str, a bool (bound) or UNKNOWN."""

    name: str  # lower-cased (`toolName` and `toolname` are one attribute)
    raw_name: str
    value: Any
    span: Span
    value_span: Span | None
    bound: bool = False  # written as a binding (`:x=`, `x={...}`) rather than literally
    expression: Node | None = None  # JSX: the value expression


class Handler(Struct, frozen=True):
    """An event handler written on an element: `onsubmit=`, `@submit`, `on:submit`,
    `(submit)`, JSX `onSubmit={...}`."""

    event: str  # lower-cased event name: "submit"
    modifiers: frozenset[str]  # Vue `.prevent`, Svelte `|preventDefault`
    value: str | None  # markup: the attribute text
    value_span: Span | None
    expression: Node | None  # JSX: the expression node
    span: Span


class Element(Struct, eq=False):
    tag: str  # lower-cased for DOM elements; as written for components
    node: Node
    span: Span  # the start tag: where findings about the element are reported
    language: Language
    attrs: dict[str, Attr] = field(default_factory=dict)
    open: bool = False  # a spread may add attributes that are not written
    parent: Element | None = None
    children: list[Child] = field(default_factory=list)
    conditional: bool = False  # rendered only under a condition, relative to its parent
    component: bool = False  # a component or custom element: may render anything
    handlers: list[Handler] = field(default_factory=list)
    script: Script | None = None  # JSX: the script the element is written in
    library: str | None = None  # a library's component that renders this element
    ignored: bool = False  # inside <pre>, <code>, <textarea>...: not real markup
    depth: int = 0  # template blocks open around the element ({#if}, {cond && ...)
    memo: Any = None  # a value derived from the attributes, cached by its one user
    # Values derived from the element's ancestors, cached: walking up from every control
    # of a form nested 50,000 deep is quadratic.
    derived: dict[str, Any] = field(default_factory=dict)

    def attr(self, name: str) -> Attr | None:
        return self.attrs.get(name)

    def value(self, name: str) -> Any:
        """The attribute's value: None when certainly absent, UNKNOWN when unknowable."""
        found = self.attrs.get(name)
        if found is not None:
            return found.value
        return UNKNOWN if self.open else None

    def has(self, name: str) -> Any:
        """Whether a boolean attribute is present: True, False or UNKNOWN."""
        value = self.value(name)
        if value is None or value is False:
            return False  # every framework leaves out a boolean attribute bound to false
        return UNKNOWN if value is UNKNOWN else True

    def string(self, name: str) -> Any:
        """The attribute as a string: None when absent, UNKNOWN when it cannot be known
        (bound, or a JSX `true` whose rendering depends on the framework)."""
        value = self.value(name)
        return UNKNOWN if isinstance(value, bool) else value

    def elements(self) -> Iterator[Element]:
        """Every element below this one, in document order."""
        stack = [c for c in reversed(self.children) if isinstance(c, Element)]
        while stack:
            element = stack.pop()
            yield element
            stack.extend(c for c in reversed(element.children) if isinstance(c, Element))

    def ancestors(self) -> Iterator[Element]:
        parent = self.parent
        while parent is not None:
            yield parent
            parent = parent.parent


class Document(Struct, eq=False):
    """The elements of one file, in document order (one page, or one component file)."""

    roots: list[Element]
    elements: list[Element]
