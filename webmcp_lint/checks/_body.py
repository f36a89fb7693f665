"""Facts about the body of one function, usually a tool's `execute`.

The execute and annotation checks share these: the function's input and options
parameters, the input properties it reads and how each use treats them, its calls,
awaits, throws and returns, the same-file helpers it calls, and where it mentions the
execution `signal`. Every walk uses an explicit stack; nothing here recurses.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from tree_sitter import Node

from webmcp_lint.model import Script, ToolDefinition, Value
from webmcp_lint.syntax.nodes import (
    FUNCTION_TYPES,
    TRANSPARENT,
    arguments,
    called_member,
    function_body,
    function_parameters,
    property_name,
    string_literal,
    text,
    unwrap,
)

LOOP_TYPES = frozenset({"for_statement", "for_in_statement", "while_statement", "do_statement"})
GLOBAL_OBJECTS = frozenset({"window", "globalThis", "self"})
# Members every object inherits: reading them is not reading an input property.
OBJECT_PROTOTYPE = frozenset(
    {
        "constructor",
        "hasOwnProperty",
        "isPrototypeOf",
        "propertyIsEnumerable",
        "toLocaleString",
        "toString",
        "valueOf",
        "__proto__",
    }
)
# Operators that test a value or supply a fallback for it.
TESTING_OPERATORS = frozenset(
    {"??", "||", "&&", "===", "!==", "==", "!=", "<", ">", "<=", ">=", "in", "instanceof"}
)
# Calls that check their argument: `SIZES.includes(size)`, `Number.isInteger(n)`.
CHECKING_METHODS = frozenset(
    {
        "includes",
        "has",
        "indexOf",
        "test",
        "isInteger",
        "isSafeInteger",
        "isFinite",
        "isNaN",
        "isArray",
        "hasOwn",
        "parse",
        "safeParse",
        "validate",
        "assert",
        "check",
    }
)
CHECKING_FUNCTIONS = frozenset({"isNaN", "isFinite", "Boolean"})
# Browser globals that use a value without checking it (other globals may be helpers
# that another script of the page defines).
BUILTIN_FUNCTIONS = frozenset(
    {
        "fetch",
        "encodeURIComponent",
        "encodeURI",
        "decodeURIComponent",
        "decodeURI",
        "escape",
        "unescape",
        "atob",
        "btoa",
        "String",
        "Number",
        "BigInt",
        "Symbol",
        "parseInt",
        "parseFloat",
        "alert",
        "confirm",
        "prompt",
        "structuredClone",
        "setTimeout",
        "setInterval",
        "queueMicrotask",
        "requestAnimationFrame",
        "Array",
        "Object",
        "Date",
        "RegExp",
        "Error",
        "TypeError",
        "RangeError",
        "URL",
        "URLSearchParams",
        "Request",
        "Response",
        "Headers",
        "FormData",
        "Blob",
        "File",
        "Map",
        "Set",
        "Promise",
        "isNaN",
        "isFinite",
        "Boolean",
    }
)
_CHECKING_NAME = re.compile(
    r"^(?:(?:is|has|check|assert|ensure|require)(?:[A-Z_]|$)|valid|normali[sz]e)"
)


def walk(root: Node, *, into_functions: bool = False) -> Iterator[Node]:
    """`root` and every named node under it in document order; with `into_functions`
    false, the bodies of nested functions are left out (the functions themselves not)."""
    stack = [root]
    while stack:
        node = stack.pop()
        yield node
        if node is not root and node.type in FUNCTION_TYPES and not into_functions:
            continue
        stack.extend(reversed(node.named_children))


def is_global(script: Script, identifier: Node, *names: str) -> bool:
    """`identifier` is one of the global `names`, not a local binding."""
    return (
        identifier.type == "identifier"
        and text(identifier) in names
        and (script.resolve(identifier) is None)
    )


def global_call(script: Script, call: Node, name: str) -> bool:
    """`name(...)`, `window.name(...)` or `globalThis.name(...)` for a global function."""
    function = call.child_by_field_name("function")
    if function is None:
        return False
    function = unwrap(function)
    if function.type == "identifier":
        return is_global(script, function, name)
    if function.type == "member_expression" and property_name(function) == name:
        target = function.child_by_field_name("object")
        return target is not None and is_global(script, unwrap(target), *GLOBAL_OBJECTS)
    return False


def climb(node: Node) -> Node:
    """The outermost expression that is `node` in parentheses or a type cast."""
    while node.parent is not None and node.parent.type in TRANSPARENT:
        node = node.parent
    return node


@dataclass
class InputRead:
    """An input property `execute` reads, by destructuring or as `input.key`."""

    key: str
    node: Node  # where it is first read: the pattern key or the member expression
    default: Node | None = None  # a destructuring default
    uses: list[Node] = field(default_factory=list)
    opaque: bool = False  # bound to a nested pattern: its uses cannot be followed


@dataclass
class InputReads:
    reads: dict[str, InputRead]
    # The input object as a whole goes somewhere (a helper, a spread, a validator), or
    # is read with a computed key: what happens to a property cannot be told.
    escapes: bool = False


class Body:
    """One function and the questions the execute checks ask about it."""

    def __init__(self, function: Node, script: Script) -> None:
        self.function = function
        self.script = script
        parameters = function_parameters(function)
        self.input = _pattern(parameters[0]) if parameters else None
        self.options = _pattern(parameters[1]) if len(parameters) > 1 else None
        self.body = function_body(function)
        self._signal_names: set[str] | None = None
        self._reads: InputReads | None = None
        self._own: list[Node] | None = None
        self._everything: list[Node] | None = None
        self._names: dict[str, list[Node]] | None = None

    @classmethod
    def of(cls, tool: ToolDefinition) -> Body | None:
        """The body of a tool's `execute`, when it is a function this file defines."""
        execute = tool.execute
        if execute is None or not execute.is_function or tool.script is None:
            return None
        return cls.of_function(execute.node, tool.script)

    @classmethod
    def of_function(cls, node: Node | None, script: Script) -> Body | None:
        """The body of a function with a body; one per function, shared by the checks."""
        if node is None or node.type not in FUNCTION_TYPES or function_body(node) is None:
            return None
        bodies: dict[int, Body] = script.memo.setdefault("bodies", {})
        body = bodies.get(node.id)
        if body is None:
            body = bodies[node.id] = cls(node, script)
        return body

    @property
    def is_async(self) -> bool:
        return any(child.type == "async" for child in self.function.children)

    # -- walking ----------------------------------------------------------------------

    def own(self, *types: str) -> Iterator[Node]:
        """Nodes of the body outside nested functions, optionally of some types."""
        if self._own is None:
            self._own = list(walk(self.body)) if self.body is not None else []
        return (node for node in self._own if not types or node.type in types)

    def everything(self, *types: str) -> Iterator[Node]:
        """Nodes of the body including nested functions (callbacks run by it too)."""
        if self._everything is None:
            body = self.body
            self._everything = list(walk(body, into_functions=True)) if body is not None else []
        return (node for node in self._everything if not types or node.type in types)

    def returned(self) -> Iterator[Node]:
        """Every expression the function returns (an arrow's expression body included)."""
        if self.body is None:
            return
        if self.body.type != "statement_block":
            yield self.body
            return
        for statement in self.own("return_statement"):
            expression = next((c for c in statement.named_children if c.type != "comment"), None)
            if expression is not None:
                yield expression

    def helper(self, call: Node) -> Body | None:
        """The same-file function a call `helper(...)` runs, when it is not this one."""
        function = call.child_by_field_name("function")
        if function is None or unwrap(function).type != "identifier":
            return None
        value = self.script.value(unwrap(function))
        node = value.node if value.is_function else None
        if node is None or node.id == self.function.id:
            return None
        return Body.of_function(node, self.script)

    # -- the execution signal ---------------------------------------------------------

    @property
    def signal_names(self) -> set[str]:
        """Local names the execution signal goes by: `signal`, or what `{ signal: s }`
        renames it to."""
        if self._signal_names is None:
            names = {"signal"}
            if self.options is not None and self.options.type == "object_pattern":
                for part in self.options.named_children:
                    if part.type == "pair_pattern":
                        key = part.child_by_field_name("key")
                        value = part.child_by_field_name("value")
                        if key is not None and text(key) == "signal" and value is not None:
                            inner = _pattern(value)
                            if inner.type == "identifier":
                                names.add(text(inner))
            self._signal_names = names
        return self._signal_names

    def mentions_signal(self, node: Node) -> bool:
        """`node` refers to an abort signal or an abort: `signal`, `opts.signal`,
        `.aborted`, `throwIfAborted`, `"AbortError"`. Generous on purpose: a mention
        is taken as the author handling cancellation."""
        names = self.signal_names
        for current in walk(node, into_functions=True):
            kind = current.type
            if kind in ("identifier", "shorthand_property_identifier") and text(current) in names:
                return True
            if kind == "property_identifier" and text(current) in (
                "signal",
                "aborted",
                "throwIfAborted",
            ):
                return True
            if kind == "string_fragment" and "AbortError" in text(current):
                return True
            if kind == "identifier" and text(current) == "AbortError":
                return True
        return False

    # -- input properties ------------------------------------------------------------

    def input_reads(self) -> InputReads:
        if self._reads is None:
            self._reads = self._collect_reads()
        return self._reads

    def _collect_reads(self) -> InputReads:
        result = InputReads({})
        pattern = self.input
        if pattern is None:
            return result
        if pattern.type == "object_pattern":
            self._pattern_reads(pattern, result)
            return result
        if pattern.type != "identifier":
            result.escapes = True  # an array pattern: not an object's properties
            return result
        for reference in self.references(pattern):
            node = climb(reference)
            parent = node.parent
            if parent is None:
                result.escapes = True
                continue
            if parent.type in ("member_expression", "subscript_expression") and (
                parent.child_by_field_name("object") == node
            ):
                key = property_name(parent)
                if key is None:
                    result.escapes = True
                elif key not in OBJECT_PROTOTYPE:
                    read = result.reads.setdefault(key, InputRead(key, parent))
                    read.uses.append(parent)
                continue
            if parent.type == "variable_declarator" and parent.child_by_field_name("value") == node:
                name = parent.child_by_field_name("name")
                if name is not None and name.type == "object_pattern":
                    self._pattern_reads(name, result)
                    continue
            result.escapes = True
        return result

    def _pattern_reads(self, pattern: Node, result: InputReads) -> None:
        """Top-level keys of a destructuring pattern, with the uses of each binding."""
        for part in pattern.named_children:
            kind = part.type
            if kind == "shorthand_property_identifier_pattern":
                self._add_binding_read(result, text(part), part, part, None)
            elif kind == "object_assignment_pattern":
                left = part.child_by_field_name("left")
                if left is not None:
                    default = part.child_by_field_name("right")
                    self._add_binding_read(result, text(left), left, left, default)
            elif kind == "pair_pattern":
                key_node = part.child_by_field_name("key")
                value = part.child_by_field_name("value")
                key = _key_text(key_node) if key_node is not None else None
                if key is None or value is None:
                    result.escapes = True
                    continue
                default = None
                if value.type == "assignment_pattern":
                    default = value.child_by_field_name("right")
                    value = value.child_by_field_name("left") or value
                if value.type == "identifier":
                    self._add_binding_read(result, key, key_node, value, default)  # type: ignore[arg-type]
                else:
                    read = result.reads.setdefault(key, InputRead(key, key_node))  # type: ignore[arg-type]
                    read.opaque = True
                    read.default = read.default or default
            elif kind not in ("rest_pattern", "comment"):
                result.escapes = True  # a computed key

    def _add_binding_read(
        self, result: InputReads, key: str, where: Node, name: Node, default: Node | None
    ) -> None:
        read = result.reads.setdefault(key, InputRead(key, where))
        if default is not None and read.default is None:
            read.default = default
        read.uses.extend(self.references(name))

    def references(self, declared: Node) -> list[Node]:
        """The identifiers in the function that refer to the name `declared` declares."""
        binding = self.script.resolve(declared)
        if binding is None:
            return []
        if self._names is None:
            self._names = {}
            for node in walk(self.function, into_functions=True):
                if node.type in ("identifier", "shorthand_property_identifier"):
                    self._names.setdefault(text(node), []).append(node)
        found = []
        for node in self._names.get(text(declared), []):
            if node.id == declared.id:
                continue
            other = self.script.resolve(node)
            if other is not None and (other.node.id, other.path) == (binding.node.id, binding.path):
                found.append(node)
        return found

    def handled(self, use: Node) -> bool:
        """Whether this use of a value tests it, supplies a fallback, or hands it to
        code that may do so (a same-file or imported function)."""
        node = climb(use)
        parent = node.parent
        if parent is None:
            return False
        kind = parent.type
        if kind == "binary_expression":
            operator = parent.child_by_field_name("operator")
            return operator is not None and text(operator) in TESTING_OPERATORS
        if kind == "unary_expression":
            operator = parent.child_by_field_name("operator")
            return operator is not None and text(operator) in ("!", "typeof")
        if kind in ("if_statement", "while_statement", "do_statement", "ternary_expression"):
            return parent.child_by_field_name("condition") == node
        if kind == "expression_statement":  # `for (...; cond; ...)`
            loop = parent.parent
            return loop is not None and loop.child_by_field_name("condition") == parent
        if kind == "variable_declarator":  # an alias: what happens to it is not followed
            return parent.child_by_field_name("value") == node
        if kind == "assignment_expression" and parent.child_by_field_name("right") == node:
            return True
        if kind == "switch_statement":
            return parent.child_by_field_name("value") == node
        if kind in ("assignment_expression", "augmented_assignment_expression"):
            return parent.child_by_field_name("left") == node
        if kind == "subscript_expression":
            return parent.child_by_field_name("index") == node
        if kind == "member_expression":
            return parent.child_by_field_name("optional_chain") is not None
        if kind == "arguments":
            call = parent.parent
            return call is not None and self._checking_call(call)
        if kind in ("pair", "object") or node.type == "shorthand_property_identifier":
            holder = parent if kind == "object" else parent.parent
            if holder is None or holder.type != "object":
                return False
            holder = climb(holder)
            outer = holder.parent
            return (
                outer is not None
                and outer.type == "arguments"
                and outer.parent is not None
                and self._checking_call(outer.parent, objects_only=True)
            )
        return False

    def _checking_call(self, call: Node, objects_only: bool = False) -> bool:
        """A call that may check or default its arguments: a function of this or another
        file (`search(q)`, also a global another script defines), a validator method,
        `isNaN(n)`, `new Helper(...)`; not a built-in such as `encodeURIComponent`."""
        target = call.child_by_field_name("function") or call.child_by_field_name("constructor")
        if target is None:
            return False
        target = unwrap(target)
        if target.type == "identifier":
            name = text(target)
            if self.script.resolve(target) is not None or name not in BUILTIN_FUNCTIONS:
                return True
            return not objects_only and name in CHECKING_FUNCTIONS
        member = called_member(call)
        if member is None:
            return False
        return member[1] in CHECKING_METHODS or bool(_CHECKING_NAME.match(member[1]))

    # -- fetch --------------------------------------------------------------------------

    def fetches(self) -> Iterator[Node]:
        for call in self.everything("call_expression"):
            if global_call(self.script, call, "fetch"):
                yield call

    def fetch_init(self, call: Node) -> Value | None:
        """The options object of a `fetch` call, or None when there is none; a
        `fetch(new Request(url, init))` gives that init."""
        args = arguments(call)
        if len(args) > 1:
            return self.script.value(args[1])
        if not args:
            return None
        request = _request_init(self.script, args[0])
        return self.script.value(request) if request is not None else None


def _pattern(node: Node) -> Node:
    """A parameter pattern without its default value (`{ a } = {}` gives `{ a }`)."""
    if node.type == "assignment_pattern":
        left = node.child_by_field_name("left")
        if left is not None:
            return left
    return node


def _key_text(key: Node) -> str | None:
    if key.type in ("property_identifier", "identifier"):
        return text(key)
    if key.type == "string":
        return string_literal(key)
    return None


def _request_init(script: Script, node: Node) -> Node | None:
    """The init argument of `new Request(url, init)`, directly or through a `const`."""
    node = unwrap(node)
    if node.type == "identifier":
        value = script.constant(node)
        if value is None:
            return None
        node = unwrap(value)
    if node.type != "new_expression":
        return None
    constructor = node.child_by_field_name("constructor")
    if constructor is None or not is_global(script, unwrap(constructor), "Request"):
        return None
    args = arguments(node)
    return args[1] if len(args) > 1 else None
