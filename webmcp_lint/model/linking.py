"""What travels between files when imports are followed: plain, picklable data."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from webmcp_lint.model.tools import Site

if TYPE_CHECKING:
    from tree_sitter import Node


@dataclass(frozen=True)
class Handoff:
    """A tool registered in one file and written in another: the module that writes it
    (a real path), its export there, the members taken from it, the factory's arguments
    when it was called, and the registration site."""

    target: str
    export: str
    steps: tuple[str, ...]
    arguments: tuple[Any, ...] | None
    site: Site
    package: str | None = None  # registered by this library's function `api`
    api: str | None = None


@dataclass(frozen=True)
class Forwarder:
    """A function or component that registers (part of) an argument as a tool: argument
    `index`, at property `path` inside it (`("tool",)` for a component's `tool` prop),
    and when `each`, every item of it."""

    name: str
    function: Node
    index: int
    path: tuple[str, ...]
    each: bool
    omit: tuple[str, ...] = ()  # keys taken out first: `const { page, ...tool } = options`
