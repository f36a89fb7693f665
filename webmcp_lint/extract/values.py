"""Static evaluation of JavaScript expressions into `Value`s.

Known: literals, template literals (substitutions of known primitives included), `+`
on known strings and numbers, unary minus, object and array literals with spreads of
known values, same-file `const` bindings (destructured ones too), `Object.freeze`,
`Object.values`, `Object.keys`, `[...].join()`, and calls of same-file factory functions whose body
returns one expression. Everything else is UNKNOWN, never a guess.
"""

from __future__ import annotations

import math
import threading
from typing import TYPE_CHECKING

from tree_sitter import Node

from webmcp_lint import KeywordPattern
from webmcp_lint.extract.semantic import SemanticModel
from webmcp_lint.model import Binding, Entry, Script, Value, unknown
from webmcp_lint.model.scripts import Environment
from webmcp_lint.model.values import HOLE
from webmcp_lint.syntax.nodes import (
    FUNCTION_TYPES,
    ITERATING_METHODS,
    arguments,
    called_member,
    decode_escape,
    detached,
    function_parameters,
    parameter_default,
    property_name,
    string_literal,
    text,
    unwrap,
)
from webmcp_lint.workspace.source import Span

MAX_DEPTH = 48
# At most this many values an expression takes over the collections it is iterated with,
# and items a `map` is evaluated for: more is unknown.
MAX_CANDIDATES = 256
MAX_SCANNED_NODES = 2000  # nodes of an expression looked at for loop variables
MAX_ALIASES = 4  # `const` aliases followed to a loop variable
# Nodes with no name inside (a string's children are its fragments and escapes).
_NAMELESS = frozenset({"string", "property_identifier", "number"})


if TYPE_CHECKING:
    from webmcp_lint.model import Linker

# `useMemo(() => tool, deps)` (React) and `computed(() => tool)` (Vue) are the value their
# function returns.
MEMO_HOOKS = {("react", "useMemo"), ("vue", "computed")}
# `useRef(x)` is `{ current: x }` (what `ref.current` holds until it is written).
REF_HOOKS = {("react", "useRef"), ("preact/hooks", "useRef")}


def analyse(script: Script, text: bytes, linker: Linker | None = None) -> Evaluator:
    """Give `script` (of a file whose bytes are `text`) its semantic model and its
    evaluator, both computed as they are asked."""
    semantic = SemanticModel(text, script.root, script.span)
    script.semantic_model = semantic
    evaluator = Evaluator(semantic, linker)
    script.evaluator = evaluator
    return evaluator


# What a loop or an iterating method's name (`ITERATING_METHODS`) holds, or an escape
# that may spell one (searched as bytes: one pass in C each, a pattern took 4x as long).
_MAY_ITERATE = (b"\\", b"for", *sorted(method.encode() for method in ITERATING_METHODS))


_PRIMITIVES = frozenset({"string", "number", "boolean", "null", "undefined"})


class Evaluator:
    def __init__(self, semantic: SemanticModel, linker: Linker | None = None) -> None:
        self.semantic = semantic
        self.scopes = semantic.scopes
        self.linker = linker  # follows imports into other modules, when given
        # By the node itself (equal for the same node of the same tree), which its value
        # mostly holds anyway: an `id` key was one more int per value (100,000 tools: 10 MB).
        self._cache: dict[Node, Value] = {}
        self._iterates: bool | None = None  # the script may hold a loop variable
        # One string for equal object keys: each of 100,000 tool objects holds "name",
        # "description" and "execute". Not `sys.intern`: a tree's keys, interned and
        # freed file after file, grow the interpreter's table (benchmarks/README.md).
        self._keys: dict[str, str] = {}
        # The bindings being evaluated, per thread: a module's evaluator is shared by the
        # language server's threads, and another thread's evaluation is no cycle.
        self._threads = threading.local()

    @property
    def _active(self) -> set[int]:
        active: set[int] | None = getattr(self._threads, "active", None)
        if active is None:
            active = self._threads.active = set()
        return active

    def value(self, node: Node) -> Value:
        return self._value(node, {}, 0)

    def resolve(self, identifier: Node) -> Binding | None:
        return self.scopes.resolve(identifier)

    def import_sources(self) -> list[tuple[str, Node]]:
        """The module specifier of every static import, with its statement (once)."""
        return self.scopes.import_sources()

    def call(self, function: Node, args: list[Value]) -> Value:
        """What a factory function returns when called with `args`."""
        return self._in_env(function, args, {}, 0)

    def candidates(self, node: Node, env: Environment | None = None) -> list[Value]:
        """The values an expression takes: one for each item of each known collection a
        loop variable (or an iterating callback's parameter) it depends on runs over
        (`for (const t of tools)`, `tools.forEach(t => ...)`, `for (const [k, v] of
        Object.entries(o))`), else its one value. Where a collection cannot be known (or
        has too many items), its one value with what the items give unknown."""
        env = env if env is not None else {}
        environments = self.environments(node, env)
        if environments is None:
            return [self._value(node, env, 0)]
        return [self._value(node, bound, 0) for bound in environments]

    def value_in(self, node: Node, env: Environment) -> Value:
        """The value of an expression with the parameters and loop variables of `env`."""
        return self._value(node, env, 0)

    def environments(self, node: Node, env: Environment) -> list[Environment] | None:
        """`env` with the loop variables and iterating callbacks' parameters `node`
        depends on bound to each item of their collections, one environment per
        combination; None when a collection cannot be known (or has too many items)."""
        contexts = self._iterations(node, env)
        found: list[Environment] = []
        pending = [(0, env)]
        while pending:
            index, bound = pending.pop()
            if index == len(contexts):
                found.append(bound)
                continue
            key, collection_node, is_loop = contexts[index]
            collection = self._value(collection_node, bound, 0)
            if collection.kind != "array" or not collection.complete or not collection.items:
                return None
            if len(found) + len(pending) + len(collection.items) > MAX_CANDIDATES:
                return None
            for position in range(len(collection.items) - 1, -1, -1):
                item = collection.items[position]
                given = [item] if is_loop else [item, _number(position, item.span), collection]
                pending.append((index + 1, {**bound, key: given}))
        return found

    def _iterations(self, node: Node, env: Environment) -> list[tuple[int, Node, bool]]:
        """The loops and iterating callbacks whose variables `node` depends on, outermost
        first, not yet bound in `env`: (the loop's or callback's id, the collection it
        runs over, whether it is a loop). Names inside functions of `node` are not its
        value; `const` aliases are followed a few steps."""
        if not self._may_iterate():
            return []
        contexts: dict[int, tuple[int, Node, bool]] = {}
        start = detached(node)
        stack = [(start, 0)]
        seen = 0
        while stack and seen < MAX_SCANNED_NODES:
            current, hops = stack.pop()
            seen += 1
            kind = current.type
            if kind in _NAMELESS:  # its fragments counted as if looked at, not made
                seen += current.named_child_count
                continue
            if current is not start and current is not node and kind in FUNCTION_TYPES:
                continue
            if kind in ("identifier", "shorthand_property_identifier"):
                binding = self.resolve(current)
                if binding is None:
                    continue
                context = self._iteration(binding)
                if context is not None and context[0] not in env:
                    contexts.setdefault(context[0], context)
                elif (
                    context is None
                    and binding.value is not None
                    and hops < MAX_ALIASES
                    and self.semantic.unchanging(binding)
                ):
                    value = binding.value
                    stack.append((value if value is node else detached(value), hops + 1))
                continue
            stack.extend((child, hops) for child in current.named_children)
        return sorted(contexts.values(), key=lambda context: context[1].start_byte)

    def _may_iterate(self) -> bool:
        """Whether the script may have a loop or an iterating callback: a file of
        registrations without one has no loop variable to look for under each."""
        if self._iterates is None:
            text, span = self.semantic.text, self.semantic.span
            found = (text.find(part, span.start, span.end) for part in _MAY_ITERATE)
            self._iterates = any(at != -1 for at in found)
        return self._iterates

    def _iteration(self, binding: Binding) -> tuple[int, Node, bool] | None:
        """For a loop variable or an iterating callback's item: the loop's (callback's) id,
        the collection, and whether it is a loop."""
        if binding.kind == "loop" and binding.value is not None:
            statement = self.semantic.ancestry.parent(binding.value)
            return (statement.id, binding.value, True) if statement is not None else None
        if binding.kind == "param" and binding.index == 0 and binding.function is not None:
            collection = self.iterated_by(binding.function)
            if collection is not None:
                return binding.function.id, collection, False
        return None

    def iterated_by(self, function: Node) -> Node | None:
        """The collection `function` is the per-item callback of (`xs.forEach(fn)`)."""
        holder = self.semantic.ancestry.parent(function)
        call = self.semantic.ancestry.parent(holder) if holder is not None else None
        if call is None or call.type != "call_expression" or holder is None:
            return None
        member = called_member(call)
        args = arguments(call)
        if member and member[1] in ITERATING_METHODS and args and args[0] == function:
            return member[0]
        return None

    def iterated(self, binding: Binding) -> Node | None:
        """The collection a loop variable (or an iterating callback's item) runs over."""
        if binding.kind == "loop" and binding.path == ():
            return binding.value
        if binding.kind == "param" and binding.index == 0 and binding.path == ():
            return self.iterated_by(binding.function) if binding.function is not None else None
        return None

    # -- evaluation -------------------------------------------------------------------

    def _value(self, node: Node, env: Environment, depth: int) -> Value:
        if depth > MAX_DEPTH or node.has_error:
            return unknown(Span.of(node), node)
        cacheable = not env
        if cacheable:
            cached = self._cache.get(node)
            if cached is not None:
                return cached
        result = self._evaluate(unwrap(node), env, depth)
        # A literal's value is made again when asked again, cheaper than an entry each
        # (100,000 tools: the two strings of each, 10 MB).
        if cacheable and not (result.node is node and result.kind in _PRIMITIVES):
            self._cache[node] = result
        return result

    def _evaluate(self, node: Node, env: Environment, depth: int) -> Value:
        kind = node.type
        if kind in ("string", "template_string"):
            return self._string(node, env, depth)
        if kind == "object":
            return self._object(node, env, depth)
        if kind in FUNCTION_TYPES or kind == "class":
            return Value("function", None, None, node)  # where the node is
        span = Span.of(node)  # after those that need none: most values of a tool
        if kind == "number":
            number = parse_number(text(node))
            return Value("number", number, span, node) if number is not None else unknown(span)
        if kind == "true" or kind == "false":
            return Value("boolean", kind == "true", span, node)
        if kind == "null":
            return Value("null", None, span, node)
        if kind == "undefined":
            return Value("undefined", None, span, node)
        if kind == "array":
            return self._array(node, env, depth)
        if kind == "identifier":
            return self._identifier(node, env, depth)
        if kind == "unary_expression":
            return self._unary(node, env, depth)
        if kind == "binary_expression":
            return self._binary(node, env, depth)
        if kind in ("member_expression", "subscript_expression"):
            return self._member(node, env, depth)
        if kind == "call_expression":
            return self._call(node, env, depth)
        return unknown(span, node)

    def _string(self, node: Node, env: Environment, depth: int) -> Value:
        parts = []
        complete = True
        for child in detached(node).children:
            if child.type == "string_fragment":
                parts.append(text(child))
            elif child.type == "escape_sequence":
                parts.append(decode_escape(text(child)))
            elif child.type == "template_substitution":
                inner = next((c for c in child.named_children if c.type != "comment"), None)
                part = self._value(inner, env, depth + 1) if inner else None
                piece = part.as_text() if part is not None else None
                if piece is None and part is not None and part.kind == "string":
                    piece = str(part.data)  # itself a string with holes
                complete = complete and piece is not None and part is not None and part.complete
                parts.append(HOLE if piece is None else piece)
        return Value("string", "".join(parts), None, node, complete)

    def _object(self, node: Node, env: Environment, depth: int) -> Value:
        entries: dict[str, Entry] = {}
        complete = True
        for member in detached(node).named_children:
            kind = member.type
            if kind == "pair":
                key_node = member.child_by_field_name("key")
                value_node = member.child_by_field_name("value")
                key = self._key(key_node, env, depth) if key_node is not None else None
                if key is None or key_node is None or value_node is None:
                    complete = False
                    continue
                entries[key] = Entry(
                    key, Span.of(key_node), self._value(value_node, env, depth + 1)
                )
            elif kind == "shorthand_property_identifier":
                key = self._shared(text(member))
                entries[key] = Entry(key, Span.of(member), self._identifier(member, env, depth))
            elif kind == "method_definition":
                key_node = member.child_by_field_name("name")
                key = self._key(key_node, env, depth) if key_node is not None else None
                if key is None:
                    complete = False
                    continue
                first = member.child(0)
                accessor = first is not None and first.type in ("get", "set")
                value = (
                    unknown(Span.of(member), member)
                    if accessor
                    else Value("function", None, None, member)
                )
                entries[key] = Entry(key, Span.of(key_node), value)  # type: ignore[arg-type]
            elif kind == "spread_element":
                inner = next((c for c in member.named_children if c.type != "comment"), None)
                spread = self._value(inner, env, depth + 1) if inner is not None else None
                if spread is None or spread.kind != "object":
                    if spread is None or spread.kind not in ("null", "undefined", "string"):
                        complete = False
                    continue
                entries.update(spread.data)
                complete = complete and spread.complete
            elif kind != "comment":
                complete = False
        return Value("object", entries, None, node, complete)

    def _key(self, key: Node, env: Environment, depth: int) -> str | None:
        found = self._key_text(key, env, depth)
        return self._shared(found) if found is not None else None

    def _shared(self, key: str) -> str:
        return self._keys.setdefault(key, key)

    def _key_text(self, key: Node, env: Environment, depth: int) -> str | None:
        if key.type in ("property_identifier", "identifier", "private_property_identifier"):
            return text(key)
        if key.type == "string":
            return string_literal(key)
        if key.type == "number":
            number = parse_number(text(key))
            return Value("number", number, Span.of(key)).as_text() if number is not None else None
        if key.type == "computed_property_name":
            inner = next((c for c in key.named_children if c.type != "comment"), None)
            return self._value(inner, env, depth + 1).as_text() if inner else None
        return None

    def _array(self, node: Node, env: Environment, depth: int) -> Value:
        items: list[Value] = []
        complete = True
        for element in node.named_children:
            if element.type == "comment":
                continue
            if element.type == "spread_element":
                inner = next((c for c in element.named_children if c.type != "comment"), None)
                spread = self._value(inner, env, depth + 1) if inner is not None else None
                if spread is None or spread.kind != "array":
                    complete = False
                    continue
                items.extend(spread.items)
                complete = complete and spread.complete
            else:
                items.append(self._value(element, env, depth + 1))
        return Value("array", items, Span.of(node), node, complete)

    def _identifier(self, node: Node, env: Environment, depth: int) -> Value:
        span = Span.of(node)
        binding = self.resolve(node)
        if binding is None:
            if text(node) == "undefined":
                return Value("undefined", None, span, node)
            return unknown(span, node)
        if binding.kind == "param":
            return self._parameter(binding, env, depth, node)
        if binding.kind == "loop" and binding.value is not None:
            statement = self.semantic.ancestry.parent(binding.value)
            if statement is not None and statement.id in env:
                item = env[statement.id][0]
                return self._follow(item, binding.path, binding.default, env, depth, span, node)
            return unknown(span, node)
        if binding.kind == "function":
            return Value("function", None, Span.of(binding.node), binding.value or binding.node)
        if binding.kind == "import" and self.linker is not None and binding.imported != "*":
            return self.linker.imported(binding, node)
        if binding.value is None or not self.semantic.unchanging(binding):
            return unknown(span, node)
        active = self._active
        if binding.node.id in active:
            return unknown(span, node)  # a cycle: const a = {...a}
        active.add(binding.node.id)
        try:
            value = self._value(binding.value, env, depth + 1)
            return self._follow(value, binding.path, binding.default, env, depth, span, node)
        finally:
            active.discard(binding.node.id)

    def _parameter(self, binding: Binding, env: Environment, depth: int, node: Node) -> Value:
        span = Span.of(node)
        function = binding.function
        if function is None or function.id not in env:
            return unknown(span, node)
        args = env[function.id]
        if binding.index < len(args) and args[binding.index].kind != "undefined":
            argument = args[binding.index]
        else:
            patterns = function_parameters(function)
            default = parameter_default(patterns[binding.index]) if patterns else None
            if default is None:
                return unknown(span, node)
            argument = self._value(default, env, depth + 1)
        return self._follow(argument, binding.path, binding.default, env, depth, span, node)

    def _follow(
        self,
        value: Value,
        path: tuple[str, ...] | None,
        default: Node | None,
        env: Environment,
        depth: int,
        span: Span,
        node: Node,
    ) -> Value:
        """The value at a destructuring path, or the pattern's default when absent."""
        if path is None:
            return unknown(span, node)
        for key in path:
            if value.kind == "array" and key.isdigit():
                index = int(key)
                if not value.complete or index >= len(value.items):
                    return unknown(span, node)
                value = value.items[index]
                continue
            found = value.get(key) if value.kind == "object" else None
            if found is None and value.kind == "object" and value.complete:
                if default is None:
                    return Value("undefined", None, span, node)
                return self._value(default, env, depth + 1)
            if found is None or not found.known:
                return unknown(span, node)
            value = found
        return value

    def _unary(self, node: Node, env: Environment, depth: int) -> Value:
        operator = node.child_by_field_name("operator")
        argument = node.child_by_field_name("argument")
        if operator is None or argument is None:
            return unknown(Span.of(node), node)
        value = self._value(argument, env, depth + 1)
        op = text(operator)
        if op == "-" and value.kind == "number":
            return Value("number", -value.data, Span.of(node), node)
        if op == "+" and value.kind == "number":
            return Value("number", value.data, Span.of(node), node)
        if op == "!" and value.kind == "boolean":
            return Value("boolean", not value.data, Span.of(node), node)
        if op == "void":
            return Value("undefined", None, Span.of(node), node)
        return unknown(Span.of(node), node)

    def _binary(self, node: Node, env: Environment, depth: int) -> Value:
        span = Span.of(node)
        operator = node.child_by_field_name("operator")
        if operator is None or text(operator) != "+":
            return unknown(span, node)
        # Flatten left-nested chains (`a + b + c + ...`) iteratively.
        operands: list[Node] = []
        current: Node | None = node
        while current is not None:
            current = unwrap(current)
            op = (
                current.child_by_field_name("operator")
                if current.type == "binary_expression"
                else None
            )
            if op is not None and text(op) == "+":
                right = current.child_by_field_name("right")
                if right is None:
                    return unknown(span, node)
                operands.append(right)
                current = current.child_by_field_name("left")
            else:
                operands.append(current)
                current = None
        operands.reverse()
        total = self._value(operands[0], env, depth + 1)
        for operand in operands[1:]:
            right_value = self._value(operand, env, depth + 1)
            if total.kind == "number" and right_value.kind == "number":
                total = Value("number", total.data + right_value.data, span, node)
                continue
            if "string" not in (total.kind, right_value.kind):
                return unknown(span, node)
            total = Value(
                "string",
                _piece(total) + _piece(right_value),
                span,
                node,
                total.as_text() is not None and right_value.as_text() is not None,
            )
        if not total.known:
            return total
        return Value(total.kind, total.data, span, node, total.complete)

    def _member(self, node: Node, env: Environment, depth: int) -> Value:
        target = node.child_by_field_name("object")
        if target is None:
            return unknown(Span.of(node), node)
        name = property_name(node)
        if name is None and node.type == "subscript_expression":
            index = node.child_by_field_name("index")
            name = self._value(index, env, depth + 1).as_text() if index is not None else None
        if name is None:
            return unknown(Span.of(node), node)
        namespace = self._namespace(target)
        if namespace is not None and self.linker is not None:
            return self.linker.imported(namespace, node, name)
        container = self._value(target, env, depth + 1)
        if container.kind == "array" and name == "length" and container.complete:
            return Value("number", len(container.items), Span.of(node), node)
        if container.kind == "array" and name.isdigit() and container.complete:
            position = int(name)
            if position < len(container.items):
                return container.items[position]
        if container.kind == "object":
            found = container.get(name)
            if found is not None:
                return found
        return unknown(Span.of(node), node)

    def _call(self, node: Node, env: Environment, depth: int) -> Value:
        span = Span.of(node)
        args = arguments(node)
        member = called_member(node)
        if member is not None:
            target, method = member
            target = unwrap(target)
            if (
                target.type == "identifier"
                and text(target) == "Object"
                and self.resolve(target) is None
            ):
                if method == "freeze" and len(args) == 1:
                    return self._value(args[0], env, depth + 1)
                if method == "values" and len(args) == 1:
                    container = self._value(args[0], env, depth + 1)
                    if container.kind == "object":
                        values = [entry.value for entry in container.entries.values()]
                        return Value("array", values, span, node, container.complete)
                if method == "entries" and len(args) == 1:
                    container = self._value(args[0], env, depth + 1)
                    if container.kind == "object":
                        pairs = [
                            Value(
                                "array",
                                [Value("string", key, entry.key_span), entry.value],
                                span,
                                node,
                            )
                            for key, entry in container.entries.items()
                        ]
                        return Value("array", pairs, span, node, container.complete)
                if method == "keys" and len(args) == 1:
                    container = self._value(args[0], env, depth + 1)
                    if container.kind == "object":
                        keys = [Value("string", key, span, node) for key in container.entries]
                        return Value("array", keys, span, node, container.complete)
                return unknown(span, node)
            if method in ("map", "flatMap") and args:
                return self._mapped(node, target, args[0], method == "flatMap", env, depth)
            assigned = self.member_function(target, method)
            if assigned is not None:  # `A.toTool(...)` of `A.toTool = function (...) {...}`
                return self._called(node, assigned, args, env, depth)
            if method == "join" and len(args) <= 1:
                container = self._value(target, env, depth + 1)
                separator = self._value(args[0], env, depth + 1).as_text() if args else ","
                if container.kind == "array" and container.complete and separator is not None:
                    pieces = [item.as_text() for item in container.items]
                    if all(piece is not None for piece in pieces):
                        return Value("string", separator.join(pieces), span, node)  # type: ignore[arg-type]
            return unknown(span, node)
        function_node = node.child_by_field_name("function")
        if function_node is None or unwrap(function_node).type != "identifier":
            return unknown(span, node)
        binding = self.resolve(unwrap(function_node))
        if binding is not None and binding.kind == "import":
            if (binding.source, binding.imported) in REF_HOOKS and len(args) == 1:
                held = self._value(args[0], env, depth + 1)
                entries = {"current": Entry("current", span, held)}
                return Value("object", entries, span, node, complete=False)
            if (binding.source, binding.imported) in MEMO_HOOKS and args:
                memo = self._value(args[0], env, depth + 1)
                if memo.kind == "function" and memo.node is not None:
                    return self._in_env(memo.node, [], env, depth)
                return unknown(span, node)
            if self.linker is None or binding.imported == "*":
                return unknown(span, node)
            arg_values = [self._value(arg, env, depth + 1) for arg in args]
            return self.linker.called(binding, node, arg_values)
        callee = self._identifier(unwrap(function_node), env, depth + 1)
        if callee.kind == "function" and callee.node is None and callee.origin is not None:
            if self.linker is None:  # an imported function handed in: called in its module
                return unknown(span, node)
            arg_values = [self._value(arg, env, depth + 1) for arg in args]
            return self.linker.call(callee.origin, node, arg_values)
        factory = callee.node if callee.kind == "function" else None
        if factory is None:
            return unknown(span, node)
        return self._called(node, factory, args, env, depth)

    def _called(
        self, node: Node, factory: Node, args: list[Node], env: Environment, depth: int
    ) -> Value:
        """What a same-file function returns for a call: its one returned expression with
        its parameters bound to the arguments."""
        span = Span.of(node)
        if factory.id in env or factory.type not in FUNCTION_TYPES:
            return unknown(span, node)  # recursion, or not a function
        returned = self.semantic.returned_expression(factory)
        if returned is None:
            return unknown(span, node)
        arg_values = [
            self._value(arg, env, depth + 1)
            if arg.type != "spread_element"
            else unknown(Span.of(arg), arg)
            for arg in args
        ]
        inner_env = dict(env)
        inner_env[factory.id] = arg_values
        return self._value(returned, inner_env, depth + 1)

    def member_function(self, target: Node, name: str) -> Node | None:
        """The function that is member `name` of the object `target` names (through
        aliases: `var self = A`): assigned (`A.name = function () {...}`), or a method or
        function of its object literal (`const A = { name() {...} }`)."""
        target = unwrap(target)
        for _ in range(MAX_ALIASES):
            if target.type == "object":
                return _literal_member(target, name)
            if target.type != "identifier":
                return None
            binding = self.resolve(target)
            if binding is None or binding.ambiguous or binding.path != ():
                return None
            function = self.semantic.members(binding).get(name)
            if function is not None:
                return function if function.type in FUNCTION_TYPES else None
            if binding.value is None or not self.semantic.unchanging(binding):
                return None
            target = unwrap(binding.value)
        return None

    def _mapped(
        self, node: Node, target: Node, callback: Node, flat: bool, env: Environment, depth: int
    ) -> Value:
        """`xs.map(fn)` (`flatMap`) of a known array: `fn`'s one returned expression for
        each item, with its parameters bound to the item, its index and the array."""
        span = Span.of(node)
        container = self._value(target, env, depth + 1)
        function = self._value(callback, env, depth + 1)
        if container.kind != "array" or function.kind != "function" or function.node is None:
            return unknown(span, node)
        mapper = function.node
        returned = (
            self.semantic.returned_expression(mapper) if mapper.type in FUNCTION_TYPES else None
        )
        if returned is None or mapper.id in env or len(container.items) > MAX_CANDIDATES:
            return unknown(span, node)
        items: list[Value] = []
        complete = container.complete
        for position, item in enumerate(container.items):
            given = [item, _number(position, item.span), container]
            result = self._value(returned, {**env, mapper.id: given}, depth + 1)
            if flat and result.kind == "array":
                items.extend(result.items)
                complete = complete and result.complete
            elif flat:
                complete = False
            else:
                items.append(result)
        return Value("array", items, span, node, complete)

    def _in_env(self, function: Node, args: list[Value], env: Environment, depth: int) -> Value:
        is_function = function.type in FUNCTION_TYPES
        returned = self.semantic.returned_expression(function) if is_function else None
        if returned is None or function.id in env:
            return unknown(Span.of(function), function)
        return self._value(returned, {**env, function.id: args}, depth + 1)

    def _namespace(self, target: Node) -> Binding | None:
        """The binding of `ns` in `ns.member` when `ns` is a namespace import."""
        target = unwrap(target)
        if target.type != "identifier":
            return None
        binding = self.resolve(target)
        if binding is not None and binding.kind == "import" and binding.imported == "*":
            return binding
        return None


def _piece(value: Value) -> str:
    """What a value adds to a string it is concatenated to: its text, the known parts
    of a string with holes, or a hole."""
    text_of = value.as_text()
    if text_of is not None:
        return text_of
    return str(value.data) if value.kind == "string" else HOLE


_NUMERIC_SEPARATOR = KeywordPattern(r"(?<=[0-9a-fA-F])_(?=[0-9a-fA-F])", needs=("_",))


def parse_number(literal: str) -> float | int | None:
    raw = _NUMERIC_SEPARATOR.sub("", literal)
    if raw.endswith("n"):
        return None  # BigInt: not a JSON value
    try:
        lowered = raw.lower()
        if lowered.startswith("0x"):
            return int(raw[2:], 16)
        if lowered.startswith("0o"):
            return int(raw[2:], 8)
        if lowered.startswith("0b"):
            return int(raw[2:], 2)
        if len(raw) > 1 and raw[0] == "0" and raw.isdigit():
            return int(raw, 8) if all(c in "01234567" for c in raw) else int(raw)
        number = float(raw)
    except ValueError:
        return None
    if math.isfinite(number) and number.is_integer() and "e" not in lowered and "." not in raw:
        return int(number)
    return number


def _number(value: int, span: Span) -> Value:
    return Value("number", value, span)


def _literal_member(literal: Node, name: str) -> Node | None:
    """The function member `name` of an object literal: a method, or a pair whose value
    is a function."""
    found = None
    for member in literal.named_children:
        key = member.child_by_field_name("name") or member.child_by_field_name("key")
        if key is None or text(key) != name:
            continue
        if member.type == "method_definition":
            accessor = member.children[0].type in ("get", "set") if member.children else False
            found = None if accessor else member
        elif member.type == "pair":
            value = member.child_by_field_name("value")
            found = unwrap(value) if value is not None else None
        else:
            found = None
    return found if found is not None and found.type in FUNCTION_TYPES else None
