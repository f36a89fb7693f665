"""Small helpers over JavaScript/TypeScript syntax nodes. None of them recurses."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Iterator

from tree_sitter import Node

from webmcp_lint.workspace import budget

# A walk checks the file's deadline (webmcp_lint/workspace/budget.py) once per this many nodes.
_CHECK_EVERY = 4096
# Expressions that only change the static type, or group: `(x)`, `x as T`, `x!`, `<T>x`.
TRANSPARENT = frozenset(
    {
        "parenthesized_expression",
        "as_expression",
        "satisfies_expression",
        "non_null_expression",
        "type_assertion",
    }
)

FUNCTION_TYPES = frozenset(
    {
        "function_declaration",
        "function_expression",
        "function",
        "arrow_function",
        "method_definition",
        "generator_function_declaration",
        "generator_function",
    }
)
# The names of the global object: `window.fetch` is `fetch`.
GLOBAL_OBJECTS = frozenset({"window", "globalThis", "self"})
LOOP_TYPES = frozenset({"for_statement", "for_in_statement", "while_statement", "do_statement"})


def detached(node: Node) -> Node:
    """`node` as a new object. A node keeps the list its `children` returns (and
    `named_children` reads it): a walk through the children of a node the model keeps
    would keep every node it passed, a tenth of the memory of a file of many tools.
    From the copy, they go when the walk ends."""
    copy = node.walk().node
    assert copy is not None
    return copy


def text(node: Node | None) -> str:
    if node is None:
        return ""
    raw = node.text  # a new bytes object each time it is read
    return "" if raw is None else raw.decode("utf-8", errors="replace")


def unwrap(node: Node) -> Node:
    """The expression inside parentheses, type casts and non-null assertions."""
    while node.type in TRANSPARENT:
        children = [c for c in node.named_children if c.type not in ("comment", "type_arguments")]
        if not children:
            return node
        node = children[0]
    return node


def through_constant(node: Node, constant: Callable[[Node], Node | None]) -> Node | None:
    """`node` unwrapped, or, for an identifier, the unwrapped initializer `constant` gives
    (a script's same-file `const`); None for an identifier it does not resolve."""
    node = unwrap(node)
    if node.type != "identifier":
        return node
    value = constant(node)
    return unwrap(value) if value is not None else None


def climb(node: Node) -> Node:
    """The outermost expression that is `node` in parentheses or a type cast."""
    while node.parent is not None and node.parent.type in TRANSPARENT:
        node = node.parent
    return node


def arguments(call: Node) -> list[Node]:
    """The argument expressions of a call or `new` expression (comments skipped)."""
    args = call.child_by_field_name("arguments")
    if args is None:
        return []
    return [child for child in args.named_children if child.type != "comment"]


# The `?.` of an optional member or call: `optional_chain` in the JavaScript grammar, a
# bare `?.` token in the TypeScript grammars.
OPTIONAL_CHAIN = frozenset({"optional_chain", "?."})


def is_optional(node: Node) -> bool:
    """Whether a member expression or a call is optional (`a?.b`, `f?.()`)."""
    return any(child.type in OPTIONAL_CHAIN for child in node.children)


def property_name(member: Node) -> str | None:
    """`b` for `a.b`, `a?.b` and `a["b"]`; None for a computed, non-literal index."""
    if member.type == "member_expression":
        prop = member.child_by_field_name("property")
        return text(prop) if prop is not None else None
    if member.type == "subscript_expression":
        index = member.child_by_field_name("index")
        if index is not None and index.type == "string":
            return string_literal(index)
    return None


def member_object(member: Node) -> Node | None:
    return member.child_by_field_name("object")


def called_member(call: Node) -> tuple[Node, str] | None:
    """For `obj.name(...)`: the object node and the property name."""
    function = call.child_by_field_name("function")
    if function is None:
        return None
    function = unwrap(function)
    if function.type not in ("member_expression", "subscript_expression"):
        return None
    name = property_name(function)
    target = member_object(function)
    if name is None or target is None:
        return None
    return target, name


def callee_name(call: Node) -> str | None:
    """`f` for `f(...)`, `b` for `a.b(...)`."""
    function = call.child_by_field_name("function")
    if function is None:
        return None
    function = unwrap(function)
    if function.type == "identifier":
        return text(function)
    return property_name(function)


_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f", "v": "\v", "0": "\0"}


def decode_escape(sequence: str) -> str:
    body = sequence[1:]
    if not body:
        return ""
    if body[0] in "\r\n\u2028\u2029":
        return ""  # a line continuation
    if body[0] == "x" and len(body) == 3:
        return chr(int(body[1:], 16))
    if body[0] == "u":
        digits = body[2:-1] if body.startswith("u{") else body[1:]
        try:
            return chr(int(digits, 16))
        except ValueError:
            return body
    if body[0] == "0" and len(body) == 1:
        return "\0"
    return _ESCAPES.get(body, body)


def string_literal(node: Node) -> str | None:
    """The value of a string literal, or of a template literal without substitutions."""
    if node.type not in ("string", "template_string"):
        return None
    parts = []
    for child in node.children:
        if child.type == "string_fragment":
            parts.append(text(child))
        elif child.type == "escape_sequence":
            parts.append(decode_escape(text(child)))
        elif child.type == "template_substitution" or child.type == "ERROR":
            return None
    return "".join(parts)


def descendants(
    node: Node,
    types: frozenset[str] | set[str] | None = None,
    into: frozenset[str] | None = None,
) -> Iterator[Node]:
    """Every node under `node` (itself excluded) in document order, optionally by type;
    with `into`, only those under nodes of those types (and under a node holding a syntax
    error, where the grammar no longer says what sits where): for nodes the grammar puts
    only there (a `<script>` is a child of the document or an element, never inside a
    tag or text)."""
    cursor = node.walk()
    if not cursor.goto_first_child():
        return
    visited = 0
    while True:
        visited += 1
        if visited % _CHECK_EVERY == 0:
            budget.check()  # the file's deadline: every walk of a tree ends with it
        current = cursor.node
        assert current is not None
        # Read once, and only when asked about: tree-sitter makes a new string each time.
        kind = current.type if types is not None or into is not None else ""
        if types is None or kind in types:
            yield current
        if (into is None or kind in into or current.has_error) and cursor.goto_first_child():
            continue
        while not cursor.goto_next_sibling():
            if not cursor.goto_parent():  # a cursor never leaves the node it starts at
                return


def ancestors(node: Node) -> Iterator[Node]:
    parent = node.parent
    while parent is not None:
        yield parent
        parent = parent.parent


_STATEMENT_SUFFIXES = ("_statement", "_declaration")
_CLASS_MEMBERS = frozenset({"method_definition", "public_field_definition", "field_definition"})


def first_statement(ancestors: Iterable[Node]) -> Node | None:
    """The first statement, declaration or class member of `ancestors` (innermost first)."""
    for node in ancestors:
        if node.type.endswith(_STATEMENT_SUFFIXES) or node.type in _CLASS_MEMBERS:
            return node
    return None


_UNKNOWN = object()


class Ancestry:
    """The parents of nodes in one tree, each found once.

    tree-sitter's `Node.parent` walks down from the root, so going up n levels costs
    n times the depth: cubic for code nested a thousand deep. An Ancestry keeps one
    cursor that moves from the last node it was asked about to the next one (up to their
    common ancestor, then down) and remembers the parent of every node it passes, so
    nodes asked about cost little more than their own depth once. It goes down with
    tree-sitter's search for the child at a byte, never by stepping over siblings in
    Python: between two modules of a bundle's module table lie tens of thousands.
    """

    def __init__(self, root: Node) -> None:
        self._cursor = root.walk()
        self._parents: dict[int, Node | None] = {root.id: None}
        # One cursor moves for every question: the threads of the language server may ask
        # of one module's script at once.
        self._lock = threading.Lock()

    def parent(self, node: Node) -> Node | None:
        known = self._parents.get(node.id, _UNKNOWN)
        if known is not _UNKNOWN:
            return known  # type: ignore[return-value]
        with self._lock:
            if node.id not in self._parents and not self._reach(node):
                return node.parent  # a node the cursor cannot reach by its bytes (zero-width)
            return self._parents[node.id]

    def known_within(self, node: Node, limit: int) -> bool | None:
        """Whether `node` lies at most `limit` levels below the root, from the parents
        already found (dictionary look-ups, no cursor moved); None when one is not."""
        parents = self._parents
        for _ in range(limit + 1):
            parent = parents.get(node.id, _UNKNOWN)
            if parent is None:
                return True  # `node` is the root
            if parent is _UNKNOWN:
                return None
            node = parent  # type: ignore[assignment]
        return False

    def ancestors(self, node: Node) -> Iterator[Node]:
        parent = self.parent(node)
        while parent is not None:
            yield parent
            parent = self.parent(parent)

    def _reach(self, target: Node) -> bool:
        cursor = self._cursor
        parents = self._parents
        descended: set[int] = set()
        target_id = target.id
        start, end = target.start_byte, target.end_byte
        while True:
            current = cursor.node
            assert current is not None
            # Each read once: tree-sitter makes a new object for each.
            current_id = current.id
            if current_id == target_id:
                return True
            current_start, current_end = current.byte_range
            holds = current_start <= start and end <= current_end
            if not descended and not holds:
                if not cursor.goto_parent():  # up from the last node, to a common ancestor
                    return False
                continue
            if holds:
                if current_id in descended:
                    return False
                descended.add(current_id)
                if cursor.goto_first_child_for_byte(start) is None:
                    return False
                child = cursor.node
                assert child is not None
                parents[child.id] = current
            elif current_end <= start and cursor.goto_next_sibling():
                sibling = cursor.node
                assert sibling is not None
                parents[sibling.id] = parents[current_id]
            elif not cursor.goto_parent():
                return False


def enclosing_function(node: Node) -> Node | None:
    return next((a for a in ancestors(node) if a.type in FUNCTION_TYPES), None)


def function_body(function: Node) -> Node | None:
    return function.child_by_field_name("body")


def function_parameters(function: Node) -> list[Node]:
    """The parameter patterns of a function: identifiers or destructuring patterns."""
    single = function.child_by_field_name("parameter")  # `x => ...`
    if single is not None:
        return [single]
    params = function.child_by_field_name("parameters")
    if params is None:
        return []
    found = []
    for param in params.named_children:
        if param.type in ("required_parameter", "optional_parameter"):
            pattern = param.child_by_field_name("pattern")
            if pattern is not None:
                found.append(pattern)
        elif param.type != "comment":
            found.append(param)  # the JavaScript grammar: the pattern itself
    return found


def parameter_default(pattern: Node) -> Node | None:
    """The default value of a parameter (`x = 1`), in either grammar."""
    parent = pattern.parent
    if parent is None:
        return None
    if parent.type in ("required_parameter", "optional_parameter"):
        return parent.child_by_field_name("value")
    if pattern.type == "assignment_pattern":
        return pattern.child_by_field_name("right")
    return None


# In tree-sitter, each step up from a node costs time proportional to the node's depth.
# Code nested deeper than anything written by hand is not analysed: its rules stay silent
# (`ApiUse.analysable`, `ToolDefinition.analysable`).
MAX_ANALYSED_DEPTH = 256


def within_depth(node: Node, root: Node, limit: int = MAX_ANALYSED_DEPTH) -> bool:
    """Whether `node` lies at most `limit` levels below `root` (found walking down, each
    step tree-sitter's search for the child that holds it: half the time of moving a
    cursor and comparing bytes in Python, asked of every use of a file of 100,000
    registrations)."""
    current: Node | None = root
    for _ in range(limit + 1):
        if current is None:
            return False
        if current.id == node.id:
            return True
        current = current.child_with_descendant(node)
    return False


def typed_call_await(call: Node) -> Node | None:
    """The `await` of `await f<T>(x)`, which tree-sitter-typescript parses as a call of
    `await f` with type arguments: the call is awaited."""
    function = call.child_by_field_name("function")
    if function is None or call.child_by_field_name("type_arguments") is None:
        return None
    function = unwrap(function)
    return function if function.type == "await_expression" else None


_EXITS = frozenset({"return_statement", "throw_statement", "break_statement", "continue_statement"})
# Array methods that call their callback once per item: `tools.forEach(t => ...)`.
ITERATING_METHODS = frozenset({"forEach", "map", "flatMap", "filter", "some", "every", "find"})


def exits(statement: Node) -> bool:
    """Whether a statement always leaves the block it is in: it ends in `return`,
    `throw`, `break` or `continue`, or in an `if`/`else` whose branches all do."""
    pending = [statement]
    while pending:
        node = pending.pop()
        while node.type in ("statement_block", "else_clause"):
            last = next((c for c in reversed(node.named_children) if c.type != "comment"), None)
            if last is None:
                return False
            node = last
        if node.type in _EXITS:
            continue
        if node.type != "if_statement":
            return False
        consequence = node.child_by_field_name("consequence")
        alternative = node.child_by_field_name("alternative")
        if consequence is None or alternative is None:
            return False
        pending.extend((consequence, alternative))
    return True


def walk(root: Node, *, into_functions: bool = False) -> Iterator[tuple[Node, str]]:
    """`root` and every named node under it in document order, each with its type (read
    once: tree-sitter makes a new string each time); with `into_functions` false, the
    bodies of nested functions are left out (the functions themselves not)."""
    stack = [root]
    while stack:
        node = stack.pop()
        kind = node.type
        yield node, kind
        if node is not root and not into_functions and kind in FUNCTION_TYPES:
            continue
        stack.extend(reversed((detached(node) if node is root else node).named_children))


def is_document_context(node: Node) -> bool:
    """`document.modelContext` as written (`window.document.modelContext` too)."""
    node = unwrap(node)
    if node.type not in ("member_expression", "subscript_expression"):
        return False
    target = node.child_by_field_name("object")
    return (
        property_name(node) == "modelContext"
        and target is not None
        and text(unwrap(target)).split(".")[-1] == "document"
    )
