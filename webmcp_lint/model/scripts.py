"""Parsed scripts, and what name resolution and evaluation give rules about them."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Literal, Protocol

from msgspec import Struct

from webmcp_lint.model.values import Value
from webmcp_lint.workspace.source import ScriptLanguage, Span

if TYPE_CHECKING:
    from tree_sitter import Node, Tree

# The values of a function's parameters (by its node's id), or of a loop's variable (by
# the loop statement's id), an evaluation is made with.
Environment = dict[int, list[Value]]
BindingKind = Literal["const", "let", "var", "function", "class", "import", "param", "loop"]


class Binding(Struct, frozen=True):
    """A declared name.

    `value` is the initializer (`const x = <value>`) or, for a loop variable, the iterated
    expression. `path` is the property path of a destructured name inside `value` (for
    `const { a: { b } } = obj`, `b` has path `("a", "b")`); None when the name is not
    reachable by property names alone (array patterns, rest elements).
    """

    kind: BindingKind
    name: str
    node: Node  # the declaring node: declarator, function, parameter pattern, import
    value: Node | None = None
    path: tuple[str, ...] | None = ()
    default: Node | None = None
    function: Node | None = None  # for parameters: their function
    index: int = 0  # for parameters: their position
    source: str | None = None  # for imports: the module specifier
    imported: str | None = None  # for imports: the exported name ("default", "*")
    ambiguous: bool = False  # declared more than once in one scope

    @property
    def constant(self) -> bool:
        return self.kind in ("const", "function", "class", "import") and not self.ambiguous


class Evaluator(Protocol):
    """What extraction attaches to a script: name resolution and static evaluation."""

    def value(self, node: Node) -> Value: ...

    def candidates(self, node: Node, env: Environment | None = None) -> list[Value]: ...

    def value_in(self, node: Node, env: Environment) -> Value:
        """The value of an expression with parameters and loop variables bound."""
        ...

    def environments(self, node: Node, env: Environment) -> list[Environment] | None:
        """`env` with each combination of the items `node`'s loop variables run over."""
        ...

    def iterated_by(self, function: Node) -> Node | None:
        """The collection `function` is the per-item callback of (`xs.forEach(fn)`)."""
        ...

    def resolve(self, identifier: Node) -> Binding | None: ...

    def import_sources(self) -> list[tuple[str, Node]]: ...

    def call(self, function: Node, args: list[Value]) -> Value: ...

    def iterated(self, binding: Binding) -> Node | None: ...

    def member_function(self, target: Node, name: str) -> Node | None:
        """The function assigned as member `name` of the object `target` names."""
        ...


class Semantic(Protocol):
    """What a script's names mean and what its functions return, computed once per
    script when first asked (`extract/semantic.py`) and read by extractors and rules."""

    def imports(self) -> list[tuple[str, Node]]:
        """The module specifier of every static import, with its statement."""
        ...

    def at_words(self, words: Iterable[str]) -> list[tuple[Node, str]]:
        """The node at each occurrence of each of the names `words` in the script, in the
        order of the text (a word of a string or a comment gives that node)."""
        ...

    def resolve(self, identifier: Node) -> Binding | None:
        """The binding an identifier refers to; None for a global (or unknown) name."""
        ...

    def resolve_name(self, name: str, at: Node) -> Binding | None:
        """The binding `name` would refer to if written at `at`."""
        ...

    def references(self, binding: Binding) -> list[Node]:
        """Every identifier of the script that refers to `binding` (not its declaration)."""
        ...

    def is_global(self, identifier: Node, *names: str) -> bool:
        """`identifier` is one of the global `names`, not a binding of the script."""
        ...

    def global_name(self, identifier: Node) -> str | None:
        """The global an identifier denotes (its own name, or the global a wrapper
        function is handed in its parameter's place); None for a local value."""
        ...

    def calls_global(self, call: Node, name: str) -> bool:
        """`name(...)`, `window.name(...)`, `globalThis.name(...)` of a global function."""
        ...

    def calls_static(self, node: Node, name: str, method: str) -> bool:
        """`node` calls a static method of a global (`Promise.reject(...)`)."""
        ...

    def is_shadowed(self, name: str, at: Node, within: Node) -> bool:
        """`name` at `at` means something declared inside the body of `within`."""
        ...

    def free_name(self, candidates: Iterable[str], scope: Node) -> str | None:
        """The first of `candidates` that the code of `scope` does not use."""
        ...

    def returns(self, function: Node) -> tuple[Node, ...]:
        """The function's own `return` statements."""
        ...

    def returned(self, function: Node) -> tuple[Node, ...]:
        """The expressions the function returns (an expression body included)."""
        ...

    def returned_expression(self, function: Node) -> Node | None:
        """The one expression the function returns, if it returns one."""
        ...

    def call_returns(self, call: Node) -> Node | None:
        """What a call of a same-script function returns, when that is one expression."""
        ...

    def earlier(self, statement: Node) -> Iterator[Node]:
        """The statements before `statement` in its block, nearest first."""
        ...

    def before(self, node: Node) -> Iterator[tuple[Node, Node]]:
        """The statements that run before `node` in its function, block by block from
        the innermost: (the statement of the block holding `node`, an earlier one)."""
        ...


class Script(Struct, eq=False):
    """One parsed script: a whole JS/TS file, or one `<script>` block of a markup file.

    Node positions are positions in the containing file: embedded scripts are parsed in
    place (tree-sitter's included ranges), so nothing needs to be mapped back.
    """

    tree: Tree
    language: ScriptLanguage
    span: Span
    evaluator: Evaluator | None = None
    semantic_model: Semantic | None = None

    @property
    def root(self) -> Node:
        return self.tree.root_node

    def value(self, node: Node) -> Value:
        """The statically evaluated value of an expression in this script."""
        assert self.evaluator is not None, "scripts are evaluated after extraction"
        return self.evaluator.value(node)

    def resolve(self, identifier: Node) -> Binding | None:
        """The declaration an identifier refers to, or None for a global."""
        return self.semantic.resolve(identifier)

    @property
    def semantic(self) -> Semantic:
        """The script's semantic model: names, references, returns (`extract/semantic.py`)."""
        assert self.semantic_model is not None, "scripts are analysed by extraction"
        return self.semantic_model

    def constant(self, identifier: Node) -> Node | None:
        """The initializer of the same-file `const x = ...` an identifier names, if any."""
        binding = self.resolve(identifier)
        if binding is None or binding.kind != "const" or binding.path != ():
            return None
        return binding.value
