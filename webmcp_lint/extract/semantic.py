"""One semantic model per script: what its names mean and what its functions return.

Built on first use and kept with the script (`Script.semantic`), so every extractor
and every rule reads the same answers (ruff's `SemanticModel`, oxc's semantic crate):

- names: `resolve` (the binding an identifier refers to, `extract/scope.py`'s lazy,
  cached resolver), `references` (every identifier of the script that refers to a
  binding), `is_shadowed` (a name declared between a use and a function), `is_global`,
  `free_name` (a name the code around does not use);
- words: where names occur (`extract/identifiers.py` decides where a name begins and
  ends, and keeps the one word index) and the node at each occurrence;
- functions: `returns` (a function's own `return` statements), `returned` (what it
  returns), `returned_expression` (the one expression it returns), `call_returns` (what a
  call of a same-script function returns);
- order: `earlier` and `before` (the statements that run before a node in its blocks).

Everything is computed when first asked and cached on the model, never in a module-level
cache that would outlive the script. Nothing here recurses; every walk is bounded by the
script (and by `budget.check()` in the loops over occurrences).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence

from tree_sitter import Node

from webmcp_lint import KeywordBytesPattern
from webmcp_lint.extract.identifiers import WordIndex
from webmcp_lint.extract.scope import Scopes
from webmcp_lint.model.scripts import Binding, Script
from webmcp_lint.syntax.nodes import (
    FUNCTION_TYPES,
    GLOBAL_OBJECTS,
    TRANSPARENT,
    arguments,
    called_member,
    function_body,
    property_name,
    text,
    unwrap,
)
from webmcp_lint.workspace import budget
from webmcp_lint.workspace.source import Span

# How many wrappers deep a parameter is followed to the global handed to it.
MAX_WRAPPERS = 8
# The nodes that refer to a binding: a name used as a value, and `{ x }` in an object.
REFERENCE_TYPES = frozenset({"identifier", "shorthand_property_identifier"})
_DECLARING = frozenset(
    {
        "variable_declarator",
        "function_declaration",
        "generator_function_declaration",
        "class_declaration",
        "abstract_class_declaration",
        "function_expression",
        "function",
        "generator_function",
        "class",
    }
)
_BLOCKS = frozenset({"statement_block", "program", "class_static_block"})
_LOOPS = frozenset({"for_in_statement", "for_statement"})
_DECLARATIONS = frozenset({"lexical_declaration", "variable_declaration"})
# The statements whose children may be statements (`returns`).
_HOLDING_STATEMENTS = frozenset(
    {
        "statement_block",
        "if_statement",
        "else_clause",
        "for_statement",
        "for_in_statement",
        "while_statement",
        "do_statement",
        "try_statement",
        "catch_clause",
        "finally_clause",
        "switch_statement",
        "switch_body",
        "switch_case",
        "switch_default",
        "labeled_statement",
        "with_statement",
    }
)


class SemanticModel:
    """Names, references and returns of one script (whose nodes are file positions)."""

    def __init__(self, source: bytes, root: Node, span: Span) -> None:
        self.text = source
        self.root = root
        self.span = span
        self.words = WordIndex(source)
        self.scopes = Scopes(source, root, self.words)
        self.ancestry = self.scopes.ancestry
        self._references: dict[tuple[int, str], list[Node]] = {}
        self._returns: dict[int, tuple[Node, ...]] = {}
        self._members: dict[tuple[int, str], dict[str, Node]] = {}
        self._assigned: dict[tuple[int, str], bool] = {}

    # -- words --------------------------------------------------------------------------

    def occurrences(
        self, word: str, start: int | None = None, end: int | None = None
    ) -> Sequence[int]:
        """Where name `word` occurs in the script (or between `start` and `end`)."""
        low = self.span.start if start is None else max(start, self.span.start)
        high = self.span.end if end is None else min(end, self.span.end)
        if high <= low:
            return []
        return self.words.find(word.encode(), low, high)

    def at_words(
        self, words: Iterable[str], start: int | None = None, end: int | None = None
    ) -> list[tuple[Node, str]]:
        """The node at each occurrence of each of `words`, in the order of the text (a
        word of a string or a comment gives its string or comment node)."""
        found: list[tuple[int, str]] = []
        for word in words:
            found.extend((at, word) for at in self.occurrences(word, start, end))
        found.sort()
        nodes = []
        for at, word in found:
            budget.check()
            node = self.root.descendant_for_byte_range(at, at + len(word.encode()))
            if node is not None:
                nodes.append((node, word))
        return nodes

    def names(
        self,
        name: str,
        types: frozenset[str] = REFERENCE_TYPES,
        start: int | None = None,
        end: int | None = None,
    ) -> list[Node]:
        """The nodes of the given types that are name `name`, in the order of the text."""
        return [
            node
            for node, _ in self.at_words((name,), start, end)
            if node.type in types and text(node) == name
        ]

    def matching(
        self,
        pattern: re.Pattern[bytes] | KeywordBytesPattern,
        first_byte: bool = False,
        within: Node | None = None,
    ) -> Iterator[tuple[Node, re.Match[bytes]]]:
        """The node at each match of `pattern` in the script, or `within` a node of it
        (at its first byte when `first_byte`): for words that are not names (event names
        inside strings, package names, `on...` properties of any case, assignments, the
        `<` of JSX tags)."""
        start, end = within.byte_range if within is not None else (self.span.start, self.span.end)
        for match in pattern.finditer(self.text, start, end):
            budget.check()
            node_end = match.start() + 1 if first_byte else match.end()
            node = self.root.descendant_for_byte_range(match.start(), node_end)
            if node is not None:
                yield node, match

    # -- names --------------------------------------------------------------------------

    def imports(self) -> list[tuple[str, Node]]:
        """The module specifier of every static import of the script, with its statement."""
        return self.scopes.import_sources()

    def resolve(self, identifier: Node) -> Binding | None:
        """The binding an identifier refers to; None for a global (or unknown) name."""
        return self.scopes.resolve(identifier)

    def resolve_name(self, name: str, at: Node) -> Binding | None:
        """The binding `name` would refer to if written at `at`."""
        return self.scopes.resolve_name(name, at)

    def is_global(self, identifier: Node, *names: str) -> bool:
        """`identifier` is one of the global `names`: no binding of the script, or the
        parameter of a wrapper the global is handed to (`global_name`)."""
        return identifier.type == "identifier" and self.global_name(identifier) in names

    def global_name(self, identifier: Node) -> str | None:
        """The global an identifier denotes: its own name when the script binds none,
        or, for a parameter of a function called right where it is written with a global
        in its place and never assigned (`(function (document, w) { ... })(document,
        window)`), that global's name; else None."""
        for _ in range(MAX_WRAPPERS):
            if identifier.type != "identifier":
                return None
            binding = self.resolve(identifier)
            if binding is None:
                return text(identifier)
            if binding.kind != "param" or binding.path != () or binding.function is None:
                return None
            argument = self._invoked_with(binding.function, binding.index)
            if argument is None or self.assigned(binding):
                return None
            identifier = argument
        return None

    def _invoked_with(self, function: Node, index: int) -> Node | None:
        """The argument in place `index` of a function called where it is written:
        `(function (a) {})(x)`, `(function (a) {}(x))`, `!function (a) {}(x)`,
        `(function (a) {}).call(this, x)`."""
        node = function
        parent = self.ancestry.parent(node)
        while parent is not None and parent.type in TRANSPARENT:
            node, parent = parent, self.ancestry.parent(parent)
        if parent is None:
            return None
        offset = 0
        if parent.type == "member_expression" and property_name(parent) == "call":
            node, parent, offset = parent, self.ancestry.parent(parent), 1
        if parent is None or parent.type != "call_expression":
            return None
        if parent.child_by_field_name("function") != node:
            return None
        args = arguments(parent)
        position = index + offset
        if position >= len(args) or any(a.type == "spread_element" for a in args[:position]):
            return None
        return unwrap(args[position])

    def assigned(self, binding: Binding) -> bool:
        """Whether a binding is written after its declaration (`x = ...`, `x++`)."""
        key = (binding.node.id, binding.name)
        found = self._assigned.get(key)
        if found is None:
            found = self._assigned[key] = self._written(binding)
        return found

    def _written(self, binding: Binding) -> bool:
        for reference in self.references(binding):
            node = reference
            parent = self.ancestry.parent(node)
            while parent is not None and parent.type in TRANSPARENT:
                node, parent = parent, self.ancestry.parent(parent)
            if parent is None:
                continue
            if parent.type == "update_expression":
                return True
            assignment = parent.type in ("assignment_expression", "augmented_assignment_expression")
            if assignment and parent.child_by_field_name("left") == node:
                return True
        return False

    def unchanging(self, binding: Binding) -> bool:
        """Whether a binding keeps the value it is declared with: a `const`, or a `let` or
        `var` declared once with a value and never written again."""
        if binding.ambiguous or binding.value is None:
            return False
        if binding.kind == "const":
            return True
        return binding.kind in ("let", "var") and not self.assigned(binding)

    def members(self, binding: Binding) -> dict[str, Node]:
        """The members assigned to an object binding, each once: `A.run = function () {}`
        gives `run`'s function (a member assigned twice is left out)."""
        found = self._members.get((binding.node.id, binding.name))
        if found is None:
            seen: dict[str, Node | None] = {}
            for reference in self.references(binding):
                member = self.ancestry.parent(reference)
                if member is None or member.type != "member_expression":
                    continue
                if member.child_by_field_name("object") != reference:
                    continue
                assignment = self.ancestry.parent(member)
                if assignment is None or assignment.type != "assignment_expression":
                    continue
                if assignment.child_by_field_name("left") != member:
                    continue
                name = property_name(member)
                value = assignment.child_by_field_name("right")
                if name is not None and value is not None:
                    seen[name] = None if name in seen else unwrap(value)
            found = {name: node for name, node in seen.items() if node is not None}
            self._members[(binding.node.id, binding.name)] = found
        return found

    def calls_global(self, call: Node, name: str) -> bool:
        """`name(...)`, `window.name(...)` or `globalThis.name(...)` of a global function."""
        function = call.child_by_field_name("function")
        if function is None:
            return False
        function = unwrap(function)
        if function.type == "identifier":
            return self.is_global(function, name)
        if function.type == "member_expression" and property_name(function) == name:
            target = function.child_by_field_name("object")
            return target is not None and self.is_global(unwrap(target), *GLOBAL_OBJECTS)
        return False

    def calls_static(self, node: Node, name: str, method: str) -> bool:
        """`node` calls a static method of a global: `Promise.reject(...)`,
        `AbortSignal.timeout(...)`."""
        node = unwrap(node)
        if node.type != "call_expression":
            return False
        member = called_member(node)
        return (
            member is not None and member[1] == method and self.is_global(unwrap(member[0]), name)
        )

    def declared(self, declaration: Node) -> Binding | None:
        """The binding a declaration makes: a function declaration, or a variable
        declarator with a plain name (`const later = debounce(f)`)."""
        name = declaration.child_by_field_name("name")
        if name is None or name.type != "identifier":
            return None
        binding = self.resolve(name)
        if binding is None or binding.node.id != declaration.id:
            return None
        return binding

    def references(self, binding: Binding) -> list[Node]:
        """Every identifier (and `{ x }` shorthand) of the script that refers to
        `binding`, in the order of the text, its declaration left out."""
        key = (binding.node.id, binding.name)
        found = self._references.get(key)
        if found is None:
            scope = self._scope_of(binding)
            declaring = _declaring_part(binding)
            found = []
            for node in self.names(binding.name, REFERENCE_TYPES, scope.start_byte, scope.end_byte):
                if declaring.start_byte <= node.start_byte and node.end_byte <= declaring.end_byte:
                    continue
                other = self.resolve(node)
                if other is not None and other.node.id == binding.node.id:
                    found.append(node)
            self._references[key] = found
        return found

    def is_shadowed(self, name: str, at: Node, within: Node) -> bool:
        """Whether `name` written at `at` means something declared inside the body of
        function `within` (a nested function's parameter, a local): another value than
        the one `within`'s own parameters or the code around give it."""
        body = function_body(within) if within.type in FUNCTION_TYPES else within
        if body is None:
            return False
        binding = self.resolve_name(name, at)
        if binding is None:
            return False
        declared = binding.node
        return body.start_byte <= declared.start_byte and declared.end_byte <= body.end_byte

    def free_name(self, candidates: Iterable[str], scope: Node) -> str | None:
        """The first of `candidates` that the code of `scope` does not use as a name."""
        for candidate in candidates:
            if candidate and not self.occurrences(candidate, scope.start_byte, scope.end_byte):
                return candidate
        return None

    def _scope_of(self, binding: Binding) -> Node:
        """The node whose code can refer to `binding`: its function, loop, block or the
        script."""
        parent = self.ancestry.parent
        node = binding.node
        if binding.kind == "param":
            if binding.function is not None:
                return binding.function
            for ancestor in self.ancestry.ancestors(node):
                if ancestor.type == "catch_clause":
                    return ancestor
            return self.root
        if binding.kind == "import":
            return self.root
        if binding.kind == "loop":
            return next((a for a in self.ancestry.ancestors(node) if a.type in _LOOPS), self.root)
        if binding.kind == "var":
            return next(
                (a for a in self.ancestry.ancestors(node) if a.type in FUNCTION_TYPES), self.root
            )
        if node.type in FUNCTION_TYPES and node.type.endswith(("expression", "function")):
            return node  # a named function expression sees its own name
        statement = parent(node) if node.type == "variable_declarator" else node
        if statement is None:
            return self.root
        owner = parent(statement)
        if owner is not None and owner.type == "export_statement":
            owner = parent(owner)
        return owner if owner is not None else self.root

    # -- functions ----------------------------------------------------------------------

    def returns(self, function: Node) -> tuple[Node, ...]:
        """The function's own `return` statements (not those of functions or classes
        inside it), in the order of the text."""
        found = self._returns.get(function.id)
        if found is None:
            body = function_body(function)
            statements = []
            if body is not None and body.type == "statement_block":
                # Without a syntax error, a `return` is a statement: only statements that
                # hold statements are entered, not the expressions of the others (most of
                # a body's nodes; walking them was 1.3% of a dense block's instructions).
                entered = _HOLDING_STATEMENTS if not body.has_error else None
                stack = list(reversed(body.named_children))
                while stack:
                    current = stack.pop()
                    kind = current.type
                    if kind in FUNCTION_TYPES or kind in ("class_body", "class"):
                        continue
                    if kind == "return_statement":
                        statements.append(current)
                        continue
                    if entered is None or kind in entered:
                        stack.extend(reversed(current.named_children))
            found = self._returns[function.id] = tuple(statements)
        return found

    def returned(self, function: Node) -> tuple[Node, ...]:
        """The expressions a function returns: its expression body, or the value of each
        of its own `return` statements."""
        body = function_body(function)
        if body is None:
            return ()
        if body.type != "statement_block":
            return (body,)
        return tuple(
            value for value in (returned_value(s) for s in self.returns(function)) if value
        )

    def returned_expression(self, function: Node) -> Node | None:
        """The one expression a function returns: an arrow's expression body, or the
        value of the only `return`, written at the top of the body."""
        body = function_body(function)
        if body is None:
            return None
        if body.type != "statement_block":
            return body
        statements = self.returns(function)
        if len(statements) != 1 or statements[0].parent is None:
            return None
        if statements[0].parent.id != body.id:
            return None
        return returned_value(statements[0])

    def call_returns(self, call: Node) -> Node | None:
        """What a call of a same-script function (by name, through `const`s) returns,
        when it returns one expression."""
        function = call.child_by_field_name("function")
        if function is None or unwrap(function).type != "identifier":
            return None
        binding = self.resolve(unwrap(function))
        target: Node | None = None
        if binding is not None and binding.kind == "function":
            target = binding.value or binding.node
        elif binding is not None and binding.constant and binding.path == ():
            target = unwrap(binding.value) if binding.value is not None else None
        if target is None or target.type not in FUNCTION_TYPES:
            return None
        return self.returned_expression(target)

    # -- order --------------------------------------------------------------------------

    def earlier(self, statement: Node) -> Iterator[Node]:
        """The statements before `statement` in its block, nearest first."""
        sibling = statement.prev_named_sibling
        while sibling is not None:
            yield sibling
            sibling = sibling.prev_named_sibling

    def before(self, node: Node) -> Iterator[tuple[Node, Node]]:
        """The statements that run before `node` in its function (or script): for each
        block around it, innermost first, the statement of the block that holds `node`
        and each statement before that one, nearest first, as (holder, earlier)."""
        child = node
        for ancestor in self.ancestry.ancestors(node):
            if ancestor.type in _BLOCKS:
                for statement in self.earlier(child):
                    yield child, statement
            if ancestor.type in FUNCTION_TYPES:
                return
            child = ancestor


def returned_value(statement: Node) -> Node | None:
    """The expression a `return` statement returns (None for a bare `return;`)."""
    return next((c for c in statement.named_children if c.type != "comment"), None)


def _declaring_part(binding: Binding) -> Node:
    """The part of a binding's declaration where its name is written (not a reference)."""
    node = binding.node
    if node.type in _DECLARING:
        name = node.child_by_field_name("name")
        if name is not None:
            return name
    return node


def semantic_model(script: Script) -> SemanticModel:
    """The semantic model extraction gave `script`, with the searches rules do not see."""
    model = script.semantic_model
    assert isinstance(model, SemanticModel), "scripts are analysed by extraction"
    return model
