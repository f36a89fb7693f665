"""What travels between files when imports are followed: plain, picklable data."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from msgspec import Struct

from webmcp_lint.model.tools import Site

if TYPE_CHECKING:
    from tree_sitter import Node

    from webmcp_lint.model.functions import Callee
    from webmcp_lint.model.scripts import Binding, Script
    from webmcp_lint.model.values import Origin, Value
    from webmcp_lint.workspace.source import Span


class Handoff(Struct, frozen=True):
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


class Forwarder(Struct, frozen=True):
    """A function or component that registers (part of) an argument as a tool: argument
    `index`, at property `path` inside it (`("tool",)` for a component's `tool` prop),
    and when `each`, every item of it."""

    name: str
    function: Node
    index: int
    path: tuple[str, ...]
    each: bool
    omit: tuple[str, ...] = ()  # keys taken out first: `const { page, ...tool } = options`
    # Registered as a whole value built from the parameters (`{ name, description,
    # execute }` of destructured ones, an item of a collection they are mapped into):
    # `template` is the registration's argument, or with `inner` the call of another
    # forwarder, evaluated with the parameters bound at each call site; `script` is the
    # script `function` is written in.
    template: Node | None = None
    inner: Forwarder | None = None
    script: Script | None = None


class Linker(Protocol):
    """What extraction asks of the other modules of the project (`extract/linking.py`)."""

    dependencies: set[str]  # the files read to answer
    detached: list[Span]  # where this file names values written elsewhere

    def imported(self, binding: Binding, site: Node, member: str | None = None) -> Value: ...

    def called(self, binding: Binding, site: Node, args: list[Value]) -> Value: ...

    def call(self, origin: Origin, site: Node, args: list[Value]) -> Value:
        """What an imported function handed along as a value returns for `args`."""
        ...

    def forwarder(self, binding: Binding) -> Forwarder | None: ...

    def getter(self, binding: Binding) -> str | None: ...

    def function(self, binding: Binding, member: str | None = None) -> Callee | None:
        """The function an import names (`member` of a namespace import), in its module."""
        ...

    def method(self, binding: Binding, name: str) -> Callee | None:
        """Method `name` of the class an imported `new C()` instance is made from."""
        ...

    def class_method(self, binding: Binding, name: str) -> Callee | None:
        """Method `name` of an imported class (a parameter typed with it)."""
        ...

    def shown(self, path: str) -> str:
        """A module's (real) path as the linted file's findings show it."""
        ...
