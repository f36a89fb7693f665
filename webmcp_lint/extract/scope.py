"""Which declaration an identifier refers to, within one script.

Resolution walks up from the reference: a function's parameters, then each enclosing
block's own declarations (`const`, `let`, `var`, functions, classes, imports), with
`var` hoisted to its function. It is lazy and cached: nothing is computed for a script
that has no WebMCP code.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Literal

from tree_sitter import Node

from webmcp_lint.syntax.nodes import FUNCTION_TYPES, function_parameters, string_literal, text

BindingKind = Literal["const", "let", "var", "function", "class", "import", "param", "loop"]

BLOCK_TYPES = frozenset({"program", "statement_block", "class_body", "switch_body"})
_DECLARATIONS = frozenset({"lexical_declaration", "variable_declaration"})


@dataclass(frozen=True)
class Binding:
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


class Scopes:
    def __init__(self) -> None:
        self._block_cache: dict[int, dict[str, Binding]] = {}
        self._var_cache: dict[int, dict[str, Binding]] = {}

    def resolve(self, identifier: Node) -> Binding | None:
        """The binding `identifier` refers to, or None for a global (or unresolvable) name."""
        name = text(identifier)
        node = identifier.parent
        while node is not None:
            binding = self._lookup(node, name)
            if binding is not None:
                return binding
            node = node.parent
        return None

    def _lookup(self, scope: Node, name: str) -> Binding | None:
        kind = scope.type
        if kind in BLOCK_TYPES:
            return self._block(scope).get(name)
        if kind in FUNCTION_TYPES:
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
            body = scope.child_by_field_name("body")
            if body is not None and body.type == "statement_block":
                return self._hoisted_vars(body).get(name)
            return None
        if kind in ("for_in_statement", "for_statement"):
            return _loop_binding(scope, name)
        if kind == "catch_clause":
            parameter = scope.child_by_field_name("parameter")
            if parameter is not None:
                return _pattern_binding(parameter, name, "param", None, ())
        return None

    def _block(self, block: Node) -> dict[str, Binding]:
        cached = self._block_cache.get(block.id)
        if cached is not None:
            return cached
        found: dict[str, Binding] = {}

        def add(binding: Binding) -> None:
            if binding.name in found:
                binding = _with(found[binding.name], ambiguous=True)
            found[binding.name] = binding

        for statement in block.named_children:
            if statement.type == "export_statement":
                declaration = statement.child_by_field_name("declaration")
                if declaration is None:
                    continue
                statement = declaration
            if statement.type in _DECLARATIONS:
                for binding in _declaration_bindings(statement):
                    add(binding)
            elif statement.type in ("function_declaration", "generator_function_declaration"):
                name = statement.child_by_field_name("name")
                if name is not None:
                    add(Binding("function", text(name), statement, value=statement))
            elif statement.type in ("class_declaration", "abstract_class_declaration"):
                name = statement.child_by_field_name("name")
                if name is not None:
                    add(Binding("class", text(name), statement))
            elif statement.type == "import_statement":
                for binding in _import_bindings(statement):
                    add(binding)
        self._block_cache[block.id] = found
        return found

    def _hoisted_vars(self, body: Node) -> dict[str, Binding]:
        """`var` declarations anywhere in a function body except nested functions."""
        cached = self._var_cache.get(body.id)
        if cached is not None:
            return cached
        found: dict[str, Binding] = {}
        stack = list(body.named_children)
        while stack:
            node = stack.pop()
            if node.type in FUNCTION_TYPES or node.type == "class_declaration":
                continue
            if node.type == "variable_declaration":
                if node.parent != body:  # the body's own statements are a block scope
                    for binding in _declaration_bindings(node):
                        found.setdefault(binding.name, binding)
                continue
            stack.extend(node.named_children)
        self._var_cache[body.id] = found
        return found


def _with(binding: Binding, **changes: Any) -> Binding:
    return replace(binding, **changes)


def _declaration_bindings(declaration: Node) -> list[Binding]:
    keyword = declaration.child(0)
    kind: BindingKind = "var"
    if declaration.type == "lexical_declaration" and keyword is not None:
        kind = "const" if keyword.type == "const" else "let"
    bindings = []
    for declarator in declaration.named_children:
        if declarator.type != "variable_declarator":
            continue
        name = declarator.child_by_field_name("name")
        value = declarator.child_by_field_name("value")
        if name is None:
            continue
        for binding in _pattern_names(name, kind, value, ()):
            bindings.append(_with(binding, node=declarator))
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
