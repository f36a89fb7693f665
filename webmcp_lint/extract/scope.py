"""Which declaration an identifier refers to, within one script.

Resolution walks up from the reference: a function's parameters, then each enclosing
block's own declarations (`const`, `let`, `var`, functions, classes, imports), with
`var` hoisted to its function. It is lazy and cached: nothing is computed for a script
that has no WebMCP code.
"""

from __future__ import annotations

import bisect
from array import array
from collections.abc import Sequence
from typing import Any

from msgspec.structs import replace
from tree_sitter import Node

from webmcp_lint.extract.identifiers import WORD_BYTES, WordIndex, is_name, occurrences
from webmcp_lint.model.scripts import Binding, BindingKind
from webmcp_lint.syntax.nodes import (
    FUNCTION_TYPES,
    Ancestry,
    detached,
    function_parameters,
    string_literal,
    text,
)
from webmcp_lint.workspace import budget

_UNKNOWN = object()
BLOCK_TYPES = frozenset({"program", "statement_block", "class_body", "switch_body"})
# The nodes that may declare a name (`Scopes._lookup`): only those are looked up and
# remembered, not every node between a reference and its scope.
SCOPE_TYPES = BLOCK_TYPES | FUNCTION_TYPES | {"for_in_statement", "for_statement", "catch_clause"}
_DECLARATIONS = frozenset({"lexical_declaration", "variable_declaration"})


class Scopes:
    """Name resolution for one script.

    Declarations are found from the name itself: the occurrences of a name inside a scope
    are looked up in the tree, so resolving `document` in a bundle with half a million
    declarations costs a text search, not a walk over every declaration.
    """

    def __init__(self, text: bytes, root: Node, words: WordIndex | None = None) -> None:
        self._text = text
        self._root = root
        self.words = words if words is not None else WordIndex(text)
        self.ancestry = Ancestry(root)
        self._cache: dict[tuple[int, str], Binding | None] = {}
        # What a name means seen from a scope: every scope between a reference and the
        # one that declares the name (or the root) is remembered, so resolving names
        # under a thousand nested functions does not look in all of them each time.
        self._resolved: dict[tuple[int, str], Binding | None] = {}
        # What each identifier asked about refers to: the facts and checks ask about the
        # same ones (a callee for the fetch, the change and the call facts), 2.7 times each
        # on dense-1x, and each time walked up to the first scope.
        self._identifiers: dict[int, Binding | None] = {}
        self._declarations: dict[tuple[int, int], tuple[Node, Binding] | None] = {}
        self._imports: list[tuple[str, Node]] | None = None
        # Per word, the positions the bytes before allow to be a declaration, once the
        # word index exists.
        self._declarable: dict[bytes, array[int]] = {}
        # Per name, whether any of its occurrences may be one a scope binds (`may_bind`).
        self._bindable: dict[str, bool] = {}

    def import_sources(self) -> list[tuple[str, Node]]:
        """The module specifier of every static import, with its statement."""
        if self._imports is None:
            self._imports = top_level_imports(self._root)
        return self._imports

    def resolve(self, identifier: Node) -> Binding | None:
        """The binding `identifier` refers to, or None for a global (or unresolvable) name."""
        known = self._identifiers.get(identifier.id, _UNKNOWN)
        if known is not _UNKNOWN:
            return known  # type: ignore[return-value]
        name = text(identifier)
        if not self._may_be_bound(name):
            return None  # nothing kept per identifier: 100,000 `document`s
        found = self._identifiers[identifier.id] = self.resolve_name(name, identifier)
        return found

    def resolve_name(self, name: str, at: Node) -> Binding | None:
        """The binding `name` means in code at `at` (its parent's scopes and up)."""
        if not self._may_be_bound(name):
            return None  # `document` on each of 100,000 lines: no walk up from each
        passed: list[tuple[int, str]] = []
        found: Binding | None = None
        node = self.ancestry.parent(at)
        while node is not None:
            if node.type in SCOPE_TYPES:
                key = (node.id, name)
                if key in self._resolved:
                    found = self._resolved[key]
                    break
                passed.append(key)
                found = self._lookup(node, name)
                if found is not None:
                    break
            node = self.ancestry.parent(node)
        for key in passed:
            self._resolved[key] = found
        return found

    def _may_be_bound(self, name: str) -> bool:
        """Whether some occurrence of `name` in the text may be one that a scope binds
        (`may_bind`); True while there is no word index to read them from."""
        known = self._bindable.get(name)
        if known is None:
            word = name.encode()
            every = self.words.positions(word) if is_name(word) else None
            if every is None:
                return True
            size = len(word)
            known = self._bindable[name] = any(may_bind(self._text, at, at + size) for at in every)
        return known

    def _lookup(self, scope: Node, name: str) -> Binding | None:
        kind = scope.type
        if kind in BLOCK_TYPES:
            return self._declared(scope, name)
        if kind in FUNCTION_TYPES:
            if not self._in_head(scope, name):
                return self._declared(scope, name)
            for index, pattern in enumerate(function_parameters(scope)):
                binding = _pattern_binding(pattern, name, "param", None, ())
                if binding is not None:
                    return _with(binding, function=scope, index=index)
            own_name = scope.child_by_field_name("name")
            # A named function expression sees its own name (a declaration's name belongs
            # to the enclosing block, a method's name to no scope).
            if (
                scope.type not in ("function_declaration", "method_definition")
                and own_name is not None
                and text(own_name) == name
            ):
                return Binding("function", name, scope, value=scope)
            return self._declared(scope, name)  # `var`s hoisted to the function
        if kind in ("for_in_statement", "for_statement"):
            return _loop_binding(scope, name)
        if kind == "catch_clause":
            parameter = scope.child_by_field_name("parameter")
            if parameter is not None:
                return _pattern_binding(parameter, name, "param", None, ())
        return None

    def _in_head(self, function: Node, name: str) -> bool:
        """Whether `name` may be written before the body of `function`, where its
        parameters and its own name are: a search of those bytes in C, before a node of
        them is made (most names looked up through a function are none of its parameters:
        reading them was 1.1% of the instructions of a dense block). A name with a
        replacement character may stand for bytes that are not UTF-8: maybe."""
        body = function.child_by_field_name("body")
        if body is None or "\ufffd" in name:
            return True
        return self._text.find(name.encode(), function.start_byte, body.start_byte) != -1

    def _declared(self, scope: Node, name: str) -> Binding | None:
        """The declaration of `name` that `scope` owns (ambiguous when there are several)."""
        key = (scope.id, name)
        if key in self._cache:
            return self._cache[key]
        found: Binding | None = None
        encoded = name.encode()
        for start in self._candidates(encoded, scope.start_byte, scope.end_byte):
            budget.check()
            declared = self._declaration_at(start, start + len(encoded))
            if declared is None or declared[0] != scope:
                continue
            found = _with(found, ambiguous=True) if found is not None else declared[1]
        self._cache[key] = found
        return found

    def _declaration_at(self, start: int, end: int) -> tuple[Node, Binding] | None:
        """The declaration at the word between `start` and `end`, looked up once: nested
        scopes see the same occurrences again."""
        key = (start, end)
        if key not in self._declarations:
            node = self._root.descendant_for_byte_range(start, end)
            found = _declaration_at(node, self.ancestry) if node is not None else None
            self._declarations[key] = found
        return self._declarations[key]

    def _candidates(self, word: bytes, start: int, end: int) -> Sequence[int]:
        """Where `word` occurs as a name between `start` and `end` and may be a name
        being declared (`may_declare`)."""
        text = self._text
        every = self.words.positions(word) if is_name(word) else None
        if every is not None:
            candidates = self._declarable.get(word)
            if candidates is None:
                candidates = array("q", (at for at in every if may_declare(text, at)))
                self._declarable[word] = candidates
            return candidates[
                bisect.bisect_left(candidates, start) : bisect.bisect_left(candidates, end)
            ]
        self.words.read(end - start)
        return [at for at in occurrences(text, word, start, end) if may_declare(text, at)]


# What can stand right before a name that `_declaration_at` finds declared: `var x`,
# `let`/`const`/`using` and the next declarator after `,`; a pattern's `{ [ , : ...`;
# `function x`, `function* x`, `class x`; `import x`, `{ x`, `, x`, `as x`, `type x`.
_BEFORE_DECLARED = frozenset(b"{[,:*")
_KEYWORDS_BEFORE_DECLARED = frozenset(
    {b"var", b"let", b"const", b"using", b"function", b"class", b"import", b"as", b"type"}
)
_SPACE = frozenset(b" \t\n\r\v\f")


def may_declare(text: bytes, start: int) -> bool:
    """Whether the name at `start` may be one being declared, read from the bytes before
    it: most names of a bundle are not, and are never looked up in the tree. Where a
    comment (`/`, or a `//` line above) or a byte outside ASCII comes first, maybe."""
    at = start - 1
    crossed_line = False
    while at >= 0 and text[at] in _SPACE:
        crossed_line = crossed_line or text[at] in b"\n\r"
        at -= 1
    if at < 0:
        return True
    if crossed_line:
        newline = text.rfind(b"\n", 0, at)  # a CR looked for after it only: a LF file has none
        line = max(newline, text.rfind(b"\r", newline + 1, at)) + 1
        if text.find(b"//", line, at + 1) != -1 or text.find(b"<!--", line, at + 1) != -1:
            return True
    byte = text[at]
    if byte in _BEFORE_DECLARED or byte == ord("/") or byte >= 0x80:
        return True
    if byte == ord("."):
        return text[at - 2 : at + 1] == b"..."
    if byte not in WORD_BYTES:
        return False
    word_start = at
    while word_start > 0 and text[word_start - 1] in WORD_BYTES:
        word_start -= 1
    return text[word_start : at + 1] in _KEYWORDS_BEFORE_DECLARED


def may_bind(text: bytes, start: int, end: int) -> bool:
    """Whether the name between `start` and `end` may be one that `Scopes._lookup` finds
    bound: one being declared (`may_declare`), a parameter (after `(`, after the `)` of a
    decorator's call, after a word: a modifier such as `private`, `async`, a decorator's
    name) or an arrow function's one parameter (`=>` after it). A name after `;`, `.`,
    `=`, an operator or at the text's start, not followed by `=>`, binds nothing."""
    at = start - 1
    while at >= 0 and text[at] in _SPACE:
        at -= 1
    if at >= 0 and (may_declare(text, start) or text[at] in _BEFORE_PARAMETER):
        return True
    after = end
    while after < len(text) and text[after] in _SPACE:
        after += 1
    return text.startswith((b"=>", b"/"), after)  # `/`: a comment may hide a `=>`


_BEFORE_PARAMETER = WORD_BYTES | frozenset(b"()")


_PATTERNS = frozenset(
    {
        "object_pattern",
        "array_pattern",
        "pair_pattern",
        "assignment_pattern",
        "object_assignment_pattern",
        "rest_pattern",
    }
)


def _declaration_at(node: Node, ancestry: Ancestry) -> tuple[Node, Binding] | None:
    """When `node` is a name being declared: the scope that owns it, and its binding."""
    if node.type == "type_identifier":  # a TypeScript class's name
        parent = ancestry.parent(node)
        if parent is None or parent.type not in ("class_declaration", "abstract_class_declaration"):
            return None
    elif node.type not in ("identifier", "shorthand_property_identifier_pattern"):
        return None
    name = text(node)
    # One step up, asked of tree-sitter: a search down from the root in C, cheaper than
    # moving the shared cursor there and back in Python for each of a bundle's names.
    child, parent = node, node.parent
    while parent is not None and parent.type in _PATTERNS:
        side = {"assignment_pattern": "left", "object_assignment_pattern": "left"}.get(parent.type)
        if parent.type == "pair_pattern":
            side = "value"
        if side is not None and parent.child_by_field_name(side) != child:
            return None  # a default value or a key, not a declared name
        child, parent = parent, ancestry.parent(parent)
    if parent is None:
        return None
    if parent.type == "variable_declarator":
        declaration = ancestry.parent(parent)
        if parent.child_by_field_name("name") != child or declaration is None:
            return None
        if declaration.type not in _DECLARATIONS:
            return None
        binding = _declarator_binding(_declaration_kind(declaration), parent, name)
        if binding is None:
            return None
        if binding.kind == "var":
            chain = ancestry.ancestors(declaration)
            owner = next((a for a in chain if a.type in FUNCTION_TYPES), None)
            return (owner or _program(declaration, ancestry)), binding
        return _statement_owner(declaration, ancestry), binding
    if parent.type in _NAMED_DECLARATIONS and parent.child_by_field_name("name") == child:
        kind: BindingKind = "class" if "class" in parent.type else "function"
        value = parent if kind == "function" else None
        return _statement_owner(parent, ancestry), Binding(kind, name, parent, value=value)
    if parent.type in ("import_specifier", "import_clause", "namespace_import", "named_imports"):
        chain = ancestry.ancestors(node)
        statement = next((a for a in chain if a.type == "import_statement"), None)
        owner = ancestry.parent(statement) if statement is not None else None
        if statement is None or owner is None:
            return None
        binding = next((b for b in _import_bindings(statement) if b.name == name), None)
        return (owner, binding) if binding is not None else None
    return None


_NAMED_DECLARATIONS = frozenset(
    {
        "function_declaration",
        "generator_function_declaration",
        "class_declaration",
        "abstract_class_declaration",
    }
)


def _statement_owner(statement: Node, ancestry: Ancestry) -> Node:
    parent = ancestry.parent(statement)
    if parent is not None and parent.type == "export_statement":
        parent = ancestry.parent(parent)
    return parent if parent is not None else statement


def _program(node: Node, ancestry: Ancestry) -> Node:
    return next((a for a in ancestry.ancestors(node) if ancestry.parent(a) is None), node)


def _declaration_kind(declaration: Node) -> BindingKind:
    keyword = declaration.child(0)
    if declaration.type == "lexical_declaration" and keyword is not None:
        return "const" if keyword.type == "const" else "let"
    return "var"


def _declarator_binding(kind: BindingKind, declarator: Node, name: str) -> Binding | None:
    pattern = declarator.child_by_field_name("name")
    if pattern is None:
        return None
    value = declarator.child_by_field_name("value")
    for binding in _pattern_names(pattern, kind, value, ()):
        if binding.name == name:
            return _with(binding, node=declarator)
    return None


def _with(binding: Binding, **changes: Any) -> Binding:
    return replace(binding, **changes)


def _declaration_bindings(declaration: Node) -> list[Binding]:
    kind = _declaration_kind(declaration)
    bindings: list[Binding] = []
    for declarator in declaration.named_children:
        if declarator.type != "variable_declarator":
            continue
        pattern = declarator.child_by_field_name("name")
        value = declarator.child_by_field_name("value")
        if pattern is not None:
            bindings.extend(
                _with(b, node=declarator) for b in _pattern_names(pattern, kind, value, ())
            )
    return bindings


def _pattern_names(
    pattern: Node, kind: BindingKind, value: Node | None, path: tuple[str, ...] | None
) -> list[Binding]:
    """Every name a binding pattern declares, with its property path."""
    found: list[Binding] = []
    stack: list[tuple[Node, tuple[str, ...] | None, Node | None]] = [(pattern, path, None)]
    while stack:
        node, node_path, default = stack.pop()
        kind_of = node.type
        if kind_of in ("identifier", "shorthand_property_identifier_pattern"):
            found.append(Binding(kind, text(node), node, value, node_path, default))
        elif kind_of == "object_pattern":
            for part in node.named_children:
                if part.type == "shorthand_property_identifier_pattern":
                    key = text(part)
                    stack.append((part, _extend(node_path, key), None))
                elif part.type == "object_assignment_pattern":
                    left = part.child_by_field_name("left")
                    right = part.child_by_field_name("right")
                    if left is not None:
                        stack.append((left, _extend(node_path, text(left)), right))
                elif part.type == "pair_pattern":
                    key_node = part.child_by_field_name("key")
                    target = part.child_by_field_name("value")
                    if key_node is None or target is None:
                        continue
                    pair_key = _key_text(key_node)
                    if target.type == "assignment_pattern":
                        inner = target.child_by_field_name("left")
                        if inner is not None:
                            stack.append(
                                (
                                    inner,
                                    _extend(node_path, pair_key),
                                    target.child_by_field_name("right"),
                                )
                            )
                    else:
                        stack.append((target, _extend(node_path, pair_key), None))
                elif part.type == "rest_pattern":
                    stack.extend((c, None, None) for c in part.named_children)
        elif kind_of == "array_pattern":
            for index, part in enumerate(node.named_children):
                stack.append((part, _extend(node_path, str(index)), None))
        elif kind_of == "assignment_pattern":
            left = node.child_by_field_name("left")
            if left is not None:
                stack.append((left, node_path, node.child_by_field_name("right")))
        elif kind_of == "rest_pattern":
            stack.extend((c, None, None) for c in node.named_children)
    return found


def _extend(path: tuple[str, ...] | None, key: str | None) -> tuple[str, ...] | None:
    if path is None or key is None:
        return None
    return (*path, key)


def _key_text(key: Node) -> str | None:
    if key.type in ("property_identifier", "identifier"):
        return text(key)
    if key.type == "string":
        return string_literal(key)
    if key.type == "number":
        return text(key)
    return None


def _pattern_binding(
    pattern: Node, name: str, kind: BindingKind, value: Node | None, path: tuple[str, ...]
) -> Binding | None:
    if pattern.type == "identifier":
        return Binding(kind, name, pattern, value, path) if text(pattern) == name else None
    for binding in _pattern_names(pattern, kind, value, path):
        if binding.name == name:
            return binding
    return None


def _loop_binding(statement: Node, name: str) -> Binding | None:
    """`for (const x of xs)`: x is bound to the elements of xs."""
    if statement.type == "for_in_statement":
        left = statement.child_by_field_name("left")
        kind_node = statement.child_by_field_name("kind")
        operator = statement.child_by_field_name("operator")
        if left is None or kind_node is None:
            return None
        if operator is None or text(operator) != "of":
            return _pattern_binding(left, name, "let", None, ())  # `for (const k in obj)`
        return _pattern_binding(left, name, "loop", statement.child_by_field_name("right"), ())
    initializer = statement.child_by_field_name("initializer")
    if initializer is not None and initializer.type in _DECLARATIONS:
        for binding in _declaration_bindings(initializer):
            if binding.name == name:
                return _with(binding, kind="let")
    return None


def top_level_imports(root: Node) -> list[tuple[str, Node]]:
    found = []
    # From a copy: the script's root, which the model keeps, would keep a node object for
    # every statement (100,000 tools: 7 MB).
    for statement in detached(root).named_children:
        if statement.type != "import_statement":
            continue
        source = statement.child_by_field_name("source")
        specifier = string_literal(source) if source is not None else None
        if specifier is not None:
            found.append((specifier, statement))
    return found


def _import_bindings(statement: Node) -> list[Binding]:
    source_node = statement.child_by_field_name("source")
    source = string_literal(source_node) if source_node is not None else None
    clause = next((c for c in statement.named_children if c.type == "import_clause"), None)
    if clause is None:
        return []
    found = []
    for part in clause.named_children:
        if part.type == "identifier":
            found.append(Binding("import", text(part), part, source=source, imported="default"))
        elif part.type == "namespace_import":
            name = next((c for c in part.named_children if c.type == "identifier"), None)
            if name is not None:
                found.append(Binding("import", text(name), part, source=source, imported="*"))
        elif part.type == "named_imports":
            for specifier in part.named_children:
                if specifier.type != "import_specifier":
                    continue
                imported = specifier.child_by_field_name("name")
                alias = specifier.child_by_field_name("alias") or imported
                if imported is None or alias is None:
                    continue
                found.append(
                    Binding(
                        "import",
                        text(alias),
                        specifier,
                        source=source,
                        imported=_key_text(imported) or text(imported),
                    )
                )
    return found
