"""What one function does by itself: the input properties it reads and how each use
treats them, what it reads from its options, the calls, throws, fetches, timers and
waits of its own code, and where it mentions the execution `signal`.
`extract/functions.py` turns this into `FunctionFacts`, adding what the functions it
calls do. Every walk uses an explicit stack; nothing here recurses.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from tree_sitter import Node

from webmcp_lint.extract.calls import typed_call_await
from webmcp_lint.extract.completion import NORMAL, block_completion
from webmcp_lint.model import Script, Value
from webmcp_lint.model.functions import (
    Call,
    Callee,
    Fetch,
    InputRead,
    InputReads,
    OptionRead,
    SignalUse,
    Throw,
    Timer,
    Wait,
)
from webmcp_lint.syntax.nodes import (
    FUNCTION_TYPES,
    LOOP_TYPES,
    TRANSPARENT,
    arguments,
    called_member,
    function_body,
    function_parameters,
    is_optional,
    property_name,
    string_literal,
    text,
    unwrap,
)

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


def _run_by(body: Node) -> Iterator[Node]:
    """`body` and every named node under it, nested functions included except those that
    are the properties of an object literal."""
    stack = [body]
    while stack:
        node = stack.pop()
        yield node
        if node is not body and _object_property_function(node):
            continue
        stack.extend(reversed(node.named_children))


def _object_property_function(node: Node) -> bool:
    parent = node.parent
    if node.type == "method_definition":
        return parent is not None and parent.type == "object"
    return node.type in FUNCTION_TYPES and parent is not None and parent.type == "pair"


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


def static_call(script: Script, node: Node, name: str, method: str) -> bool:
    """`node` calls a static method of a global: `Promise.reject(...)`,
    `AbortSignal.timeout(...)`."""
    node = unwrap(node)
    if node.type != "call_expression":
        return False
    member = called_member(node)
    return member is not None and member[1] == method and is_global(script, unwrap(member[0]), name)


def name_index(root: Node) -> dict[str, list[Node]]:
    """The identifiers under `root` (nested functions included), by name."""
    names: dict[str, list[Node]] = {}
    for node in walk(root, into_functions=True):
        if node.type in ("identifier", "shorthand_property_identifier"):
            names.setdefault(text(node), []).append(node)
    return names


def references_to(script: Script, names: dict[str, list[Node]], declared: Node) -> list[Node]:
    """The identifiers of `names` (a `name_index`) that refer to the name `declared`
    declares, not `declared` itself."""
    binding = script.resolve(declared)
    if binding is None:
        return []
    found = []
    for node in names.get(text(declared), []):
        if node.id == declared.id:
            continue
        other = script.resolve(node)
        if other is not None and (other.node.id, other.path) == (binding.node.id, binding.path):
            found.append(node)
    return found


def climb(node: Node) -> Node:
    """The outermost expression that is `node` in parentheses or a type cast."""
    while node.parent is not None and node.parent.type in TRANSPARENT:
        node = node.parent
    return node


class Body:
    """One function and what it does by itself, each found once: its parameters, the
    input properties it reads, the signal, its calls, throws, fetches, timers and waits.
    `extract/functions.py` adds what the functions it calls do."""

    def __init__(self, function: Node, script: Script) -> None:
        self.function = function
        self.script = script
        parameters = function_parameters(function)
        self.input = _pattern(parameters[0]) if parameters else None
        self.options = _pattern(parameters[1]) if len(parameters) > 1 else None
        self.body = function_body(function)
        self._own: list[Node] | None = None
        self._own_ids: set[int] | None = None
        self._everything: list[Node] | None = None
        self._names: dict[str, list[Node]] | None = None
        self._mentions: dict[int, bool] = {}
        self.calls_found: tuple[Call, ...] | None = None  # kept by FunctionIndex
        self.signal_names = self._signal_names()

    @property
    def is_async(self) -> bool:
        return any(child.type == "async" for child in self.function.children)

    # -- walking ----------------------------------------------------------------------

    def own(self, *types: str) -> Iterator[Node]:
        """Nodes of the body outside nested functions, optionally of some types."""
        if self._own is None:
            self._own = list(walk(self.body)) if self.body is not None else []
        return (node for node in self._own if not types or node.type in types)

    def is_own(self, node: Node) -> bool:
        if self._own_ids is None:
            self._own_ids = {n.id for n in self.own()}
        return node.id in self._own_ids

    def everything(self, *types: str) -> Iterator[Node]:
        """Nodes of the body including nested functions (callbacks run by it too), but
        not the methods of objects it hands out (`new Checkout({ handler() { ... } })`):
        someone else calls those, when it chooses."""
        if self._everything is None:
            self._everything = list(_run_by(self.body)) if self.body is not None else []
        return (node for node in self._everything if not types or node.type in types)

    def returned(self) -> tuple[Node, ...]:
        """Every expression the function returns (an arrow's expression body included)."""
        if self.body is None:
            return ()
        if self.body.type != "statement_block":
            return (self.body,)
        found = []
        for statement in self.own("return_statement"):
            expression = _returned_expression(statement)
            if expression is not None:
                found.append(expression)
        return tuple(found)

    def missing_returns(self) -> tuple[Node, ...]:
        """Where the function ends without a value while another path returns one: bare
        `return;` statements, and the closing `}` of the body when a path certainly runs
        on to it (`extract/completion.py`). Generators and expression bodies have none."""
        body = self.body
        if body is None or body.type != "statement_block" or self._generator():
            return ()
        statements = list(self.own("return_statement"))
        if not any(_returned_expression(s) is not None for s in statements):
            return ()
        found = [s for s in statements if _returned_expression(s) is None]
        closing = body.children[-1] if body.children else None
        if (
            closing is not None
            and closing.type == "}"
            and (
                block_completion([c for c in body.named_children if c.type != "comment"]) == NORMAL
            )
        ):
            found.append(closing)
        return tuple(found)

    def _generator(self) -> bool:
        function = self.function
        return "generator" in function.type or any(c.type == "*" for c in function.children)

    def returned_stacks(self) -> tuple[Node, ...]:
        """`error.stack` of a caught error inside an expression the function returns
        (callbacks in it included: `load().catch((e) => ({ error: e.stack }))`)."""
        found = []
        for expression in self.returned():
            for node in walk(expression, into_functions=True):
                if node.type != "member_expression" or property_name(node) != "stack":
                    continue
                target = node.child_by_field_name("object")
                if target is not None and self._caught_error(unwrap(target)):
                    found.append(node)
        return tuple(found)

    def _caught_error(self, node: Node) -> bool:
        """`node` names a caught error: the parameter of a `catch` clause, or the first
        parameter of a callback given to `.catch(...)`."""
        if node.type != "identifier":
            return False
        binding = self.script.resolve(node)
        if binding is None or binding.kind != "param" or binding.path != ():
            return False
        declared = binding.node.parent
        if declared is not None and declared.type == "catch_clause":
            return True
        callback = binding.function
        if callback is None or binding.index != 0:
            return False
        listed = climb(callback).parent
        call = listed.parent if listed is not None and listed.type == "arguments" else None
        if call is None or call.type != "call_expression":
            return False
        member = called_member(call)
        first = arguments(call)[:1]
        return (
            member is not None
            and member[1] == "catch"
            and bool(first)
            and unwrap(first[0]).id == callback.id
        )

    # -- the execution signal ---------------------------------------------------------

    def _signal_names(self) -> frozenset[str]:
        """Local names the execution signal goes by: `signal`, or what `{ signal: s }`
        renames it to."""
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
        return frozenset(names)

    def signal_expression(self) -> str | None:
        """How the execution signal is written inside this function, or None if it is
        not accessible (no second parameter)."""
        options = self.options
        if options is None:
            return None
        if options.type == "identifier":
            return f"{text(options)}.signal"
        names = self.signal_names - {"signal"}
        if options.type == "object_pattern":
            for part in options.named_children:
                if part.type == "shorthand_property_identifier_pattern" and text(part) == "signal":
                    return "signal"
            if names:
                return sorted(names)[0]
        return None

    def mentions_signal(self, node: Node) -> bool:
        """`node` refers to an abort signal or an abort: `signal`, `opts.signal`,
        `.aborted`, `throwIfAborted`, `"AbortError"`. Generous on purpose: a mention
        is taken as the author handling cancellation."""
        known = self._mentions.get(node.id)
        if known is None:
            known = self._mentions[node.id] = self._mentions_signal(node)
        return known

    def _mentions_signal(self, node: Node) -> bool:
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
        result = InputReads()
        pattern = self.input
        if pattern is None:
            return result
        if pattern.type == "object_pattern":
            self._pattern_reads(pattern, result)
        elif pattern.type != "identifier":
            result.escapes = True  # an array pattern: not an object's properties
        else:
            self._member_reads(pattern, result)
        for read in result.reads.values():
            read.checked = any(self.handled(use) for use in read.uses)
        return result

    def _member_reads(self, pattern: Node, result: InputReads) -> None:
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
                if key_node is None or key is None or value is None:
                    result.escapes = True
                    continue
                default = None
                if value.type == "assignment_pattern":
                    default = value.child_by_field_name("right")
                    value = value.child_by_field_name("left") or value
                if value.type == "identifier":
                    self._add_binding_read(result, key, key_node, value, default)
                else:
                    read = result.reads.setdefault(key, InputRead(key, key_node))
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
        if self._names is None:
            self._names = name_index(self.function)
        return references_to(self.script, self._names, declared)

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
        if member[1] in CHECKING_METHODS or _CHECKING_NAME.match(member[1]):
            return True
        # A value passed on its own to the project's method may meet a default parameter
        # there (`add(title, column = "backlog")`); one inside an object is stored.
        return not objects_only and self._project_object(member[0])

    def _project_object(self, receiver: Node) -> bool:
        """Whether a method's object is the project's own (`store.add(x)` with `store` a
        parameter, an import, `this`, or made by a call or `new` of the project's code),
        whose method may default or check what it is given."""
        root = unwrap(receiver)
        while root.type in ("member_expression", "subscript_expression"):
            target = root.child_by_field_name("object")
            if target is None:
                return False
            root = unwrap(target)
        if root.type == "this":
            return True
        if root.type != "identifier":
            return False
        binding = self.script.resolve(root)
        if binding is None:
            return False  # a global: `console`, `localStorage`, `Math`
        if binding.kind in ("import", "param"):
            return True
        made = unwrap(binding.value) if binding.value is not None else None
        if made is None or made.type not in ("call_expression", "new_expression"):
            return False
        maker = made.child_by_field_name("function") or made.child_by_field_name("constructor")
        maker = unwrap(maker) if maker is not None else None
        return (
            maker is not None
            and maker.type == "identifier"
            and self.script.resolve(maker) is not None
        )

    def option_reads(self) -> tuple[OptionRead, ...]:
        """What the function reads from its second parameter."""
        options = self.options
        if options is None:
            return ()
        found = []
        if options.type == "object_pattern":
            for part in options.named_children:
                key = part
                if part.type == "pair_pattern":
                    key = part.child_by_field_name("key") or part
                elif part.type == "object_assignment_pattern":
                    key = part.child_by_field_name("left") or part
                if part.type != "comment":
                    bound = _bound_name(part)
                    uses = [_use(r) for r in self.references(bound)] if bound is not None else []
                    use = next((u for u in ("call", "optional-call") if u in uses), "read")
                    found.append(OptionRead(part, text(key), destructured=True, use=use))
        elif options.type == "identifier":
            for reference in self.references(options):
                node = climb(reference)
                parent = node.parent
                if parent is None or parent.type != "member_expression":
                    continue
                if parent.child_by_field_name("object") != node:
                    continue
                member = property_name(parent)
                if member is None:
                    continue
                use = _use(parent)
                found.append(OptionRead(parent, member, called=use != "read", use=use))
        return tuple(found)

    # -- calls and throws ---------------------------------------------------------------

    def calls(self, lookup: Callable[[Node, Script], Callee | None]) -> tuple[Call, ...]:
        """The calls of functions that `lookup` finds, anywhere in the body."""
        found = []
        for node in self.everything("call_expression"):
            callee = lookup(node, self.script)
            if callee is None or callee.node.id == self.function.id:
                continue
            found.append(
                Call(
                    node,
                    callee,
                    own=self.is_own(node),
                    awaited=self._awaited_or_returned(node),
                    caught=self.caught(node),
                    on_abort=self.after_abort_check(node),
                    passes_signal=self.mentions_signal(node),
                    await_expression=self._await_of(node),
                )
            )
        return tuple(found)

    def throws(self) -> tuple[Throw, ...]:
        """`throw` statements and `Promise.reject(...)` calls of the function's own code."""
        found = []
        for node in self.own("throw_statement", "call_expression"):
            if node.type == "call_expression" and not static_call(
                self.script, node, "Promise", "reject"
            ):
                continue
            found.append(Throw(node, self.caught(node), self.abort_passed_on(node)))
        return tuple(found)

    def caught(self, node: Node) -> bool:
        """`node` sits in the block of a `try` that has a `catch`."""
        child, current = node, node.parent
        while current is not None and current.id != self.function.id:
            if current.type == "try_statement" and current.child_by_field_name("handler"):
                block = current.child_by_field_name("body")
                if block is not None and block.id == child.id:
                    return True
            child, current = current, current.parent
        return False

    def abort_passed_on(self, node: Node) -> bool:
        """The error is the abort itself (`throw signal.reason`), or `node` only runs once
        a condition or an enclosing `catch` has looked at the signal."""
        return self.mentions_signal(node) or self.after_abort_check(node)

    def after_abort_check(self, node: Node) -> bool:
        """`node` only runs once a condition or an enclosing `catch` has looked at the
        signal. (A call that is given the signal is not thereby one that only passes an
        abort on: `api.get(url, signal)` throws its own errors too, and the callee's
        facts say which of its throws are aborts.)"""
        child, current = node, node.parent
        while current is not None and current.id != self.function.id:
            kind = current.type
            if kind in ("if_statement", "ternary_expression", "while_statement"):
                condition = current.child_by_field_name("condition")
                if (
                    condition is not None
                    and condition.id != child.id
                    and self.mentions_signal(condition)
                ):
                    return True
            elif kind == "catch_clause":
                block = current.child_by_field_name("body")
                for statement in block.named_children if block is not None else []:
                    if statement.end_byte <= node.start_byte and self.mentions_signal(statement):
                        return True
            child, current = current, current.parent
        return False

    def _awaited_or_returned(self, call: Node) -> bool:
        if typed_call_await(call) is not None:
            return True
        node = climb(call)
        parent = node.parent
        if parent is None:
            return False
        if parent.type in ("await_expression", "return_statement"):
            return True
        return self.body is not None and self.body.id == node.id  # an arrow's expression body

    def _await_of(self, call: Node) -> Node | None:
        """The `await` of the function's own code that awaits `call` itself."""
        typed = typed_call_await(call)
        if typed is not None:
            return typed if self.is_own(typed) else None
        parent = climb(call).parent
        if parent is not None and parent.type == "await_expression" and self.is_own(parent):
            return parent
        return None

    # -- fetch --------------------------------------------------------------------------

    def fetches(self) -> tuple[Fetch, ...]:
        found = []
        for call in self.everything("call_expression"):
            if global_call(self.script, call, "fetch"):
                init = self.fetch_init(call)
                args = arguments(call)
                url = _literal_prefix(unwrap(args[0])) if args else None
                signal = self._fetch_signal(call, init)
                parameter, spread = self._signal_parameters(call)
                found.append(
                    Fetch(
                        call,
                        init,
                        _method(init),
                        signal,
                        url,
                        signal_parameter=parameter,
                        init_parameters=spread,
                    )
                )
        return tuple(found)

    def _signal_parameters(self, call: Node) -> tuple[int | None, tuple[int, ...]]:
        """Where a fetch's signal can only come from this function's own parameters: the
        parameter written as its `signal` (`{ signal }`, `{ signal: s }`), or the
        parameters its init is (`fetch(url, init)`) or spreads into an init that names no
        signal (`{ credentials, ...init }`)."""
        args = arguments(call)
        if len(args) != 2:
            return None, ()
        init = unwrap(args[1])
        if init.type == "identifier":
            index = self.plain_parameter(init)
            return None, ((index,) if index is not None else ())
        if init.type != "object":
            return None, ()
        spread: list[int] = []
        signal: Node | None = None
        for member in init.named_children:
            if member.type == "spread_element":
                inner = next((c for c in member.named_children if c.type != "comment"), None)
                index = self.plain_parameter(unwrap(inner)) if inner is not None else None
                if index is None:
                    return None, ()
                spread.append(index)
            elif member.type == "shorthand_property_identifier":
                signal = member if text(member) == "signal" else signal
            elif member.type == "pair":
                key = member.child_by_field_name("key")
                name = _key_text(key) if key is not None else None
                if name is None:
                    return None, ()  # a computed key may be `signal`
                if name == "signal":
                    signal = member.child_by_field_name("value")
            elif member.type != "comment":
                return None, ()
        if signal is not None:
            return (self.plain_parameter(unwrap(signal)) if not spread else None), ()
        return None, tuple(spread)

    def plain_parameter(self, node: Node) -> int | None:
        """The index of this function's parameter that `node` names, when it is the
        argument itself: not destructured, without a default, never assigned."""
        if node.type not in ("identifier", "shorthand_property_identifier"):
            return None
        binding = self.script.resolve(node)
        if (
            binding is None
            or binding.kind != "param"
            or binding.path != ()
            or binding.function is None
            or binding.function.id != self.function.id
        ):
            return None
        parameters = function_parameters(self.function)
        if binding.index >= len(parameters):
            return None
        declared = parameters[binding.index]
        if declared.type in ("assignment_pattern", "rest_pattern") or (
            declared.child_by_field_name("value") is not None
        ):
            return None
        for reference in self.references(binding.node):
            written = climb(reference)
            parent = written.parent
            if parent is None:
                continue
            if parent.type == "update_expression" or (
                parent.type in ("assignment_expression", "augmented_assignment_expression")
                and parent.child_by_field_name("left") == written
            ):
                return None
        return binding.index

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

    def _fetch_signal(self, call: Node, init: Value | None) -> SignalUse:
        """ "missing" when a `fetch` certainly has no signal, "timeout" when its only
        signal is `AbortSignal.timeout(...)`, "forwarded" when it is given one."""
        if init is None:
            args = arguments(call)
            if args and self._may_be_request(args[0]):
                return "unknown"
            return "missing"
        if init.kind != "object":
            return "unknown"
        entry = init.entry("signal")
        if entry is not None:
            node = entry.value.node
            if node is not None and static_call(self.script, node, "AbortSignal", "timeout"):
                return "timeout"
            return "forwarded"
        return "missing" if init.complete else "unknown"

    def _may_be_request(self, node: Node) -> bool:
        """A `fetch(request)` argument that may be a `Request` carrying its own signal."""
        node = unwrap(node)
        if node.type == "new_expression":
            return False  # `new Request(url)` without init: `fetch_init` looked at the init
        if node.type != "identifier":
            return False
        binding = self.script.resolve(node)
        if binding is not None and binding.kind == "const" and binding.value is not None:
            return unwrap(binding.value).type == "new_expression"
        return "req" in text(node).lower()

    # -- timers -------------------------------------------------------------------------

    def timers(self) -> tuple[Timer, ...]:
        """Promises of a timer the function builds without awaiting them itself."""
        found = []
        for node in self.everything("new_expression"):
            parent = climb(node).parent
            if parent is not None and parent.type == "await_expression":
                continue
            timer = self._promised_timer(node)
            if timer is not None:
                delay, parameter, polling = timer
                found.append(Timer(node, delay, parameter, polling))
        return tuple(found)

    def waits(self) -> tuple[Wait, ...]:
        """The function's own `await`s of a timer written in place: `await new
        Promise(r => setTimeout(r, ms))`, `await setTimeout(ms)` of `timers/promises`."""
        found = []
        for waiting in self.own("await_expression"):
            awaited = next((c for c in waiting.named_children if c.type != "comment"), None)
            if awaited is None:
                continue
            awaited = unwrap(awaited)
            timer = self._timer(awaited)
            if timer is None:
                continue
            delay, parameter, polling = timer
            loop = self.enclosing_loop(waiting)
            found.append(
                Wait(
                    waiting,
                    awaited,
                    delay,
                    polling,
                    loop,
                    loop_checks_signal=loop is not None and self.mentions_signal(loop),
                    cancellable=self.mentions_signal(awaited),
                    delay_parameter=parameter,
                )
            )
        return tuple(found)

    def _timer(self, node: Node) -> _TimerFound | None:
        if node.type == "new_expression":
            return self._promised_timer(node)
        if node.type != "call_expression":
            return None
        function = node.child_by_field_name("function")
        if function is None or unwrap(function).type != "identifier":
            return None
        binding = self.script.resolve(unwrap(function))
        if (
            binding is not None
            and binding.kind == "import"
            and binding.imported == "setTimeout"
            and binding.source in ("node:timers/promises", "timers/promises")
        ):
            args = arguments(node)
            return self.delay(args[0]) if args else (0.0, None, False)
        return None

    def _promised_timer(self, node: Node) -> _TimerFound | None:
        """`new Promise(...)` whose executor starts `setTimeout` or `setInterval`."""
        constructor = node.child_by_field_name("constructor")
        if constructor is None or not is_global(self.script, unwrap(constructor), "Promise"):
            return None
        args = arguments(node)
        if not args or unwrap(args[0]).type not in FUNCTION_TYPES:
            return None
        for inner in walk(unwrap(args[0]), into_functions=True):
            if inner.type != "call_expression":
                continue
            if global_call(self.script, inner, "setInterval"):
                return None, None, True
            if global_call(self.script, inner, "setTimeout"):
                timer_args = arguments(inner)
                if len(timer_args) > 1:
                    return self.delay(timer_args[1])
                return 0.0, None, False
        return None

    def delay(self, node: Node) -> _TimerFound:
        """A timer's delay in ms, or the index of this function's parameter it is."""
        node = unwrap(node)
        if node.type == "identifier":
            binding = self.script.resolve(node)
            if (
                binding is not None
                and binding.kind == "param"
                and binding.function is not None
                and binding.function.id == self.function.id
                and binding.path == ()
            ):
                return None, binding.index, False
        value = self.script.value(node)
        return (float(value.data) if value.kind == "number" else None), None, False

    def enclosing_loop(self, node: Node) -> Node | None:
        current = node.parent
        while current is not None and current.id != self.function.id:
            if current.type in FUNCTION_TYPES:
                return None
            if current.type in LOOP_TYPES:
                return current
            current = current.parent
        return None


# A timer's delay in ms (None: unknown), the parameter it comes from, whether it polls.
_TimerFound = tuple[float | None, int | None, bool]


def _method(init: Value | None) -> str | None:
    """The HTTP method of a `fetch` with this init: "GET" without one, None when unknown."""
    if init is None:
        return "GET"
    if init.kind != "object":
        return None
    method = init.get("method")
    if method is None:
        return "GET" if init.complete else None
    text_of = method.as_text() if method.kind == "string" else None
    return text_of.upper() if text_of is not None else None


def _literal_prefix(node: Node) -> str | None:
    """The literal start of a URL: a whole string, or a template's text before `${`."""
    if node.type == "string":
        return string_literal(node)
    if node.type == "template_string":
        prefix = []
        for child in node.children:
            if child.type == "string_fragment":
                prefix.append(text(child))
            elif child.type == "template_substitution":
                break
        return "".join(prefix)
    return None


def _returned_expression(statement: Node) -> Node | None:
    return next((c for c in statement.named_children if c.type != "comment"), None)


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


def _bound_name(part: Node) -> Node | None:
    """The identifier a destructuring part binds: `x`, `{ x: y }` binds y, `{ x = 1 }` x."""
    if part.type == "pair_pattern":
        value = part.child_by_field_name("value")
        return value if value is not None and value.type == "identifier" else None
    if part.type == "object_assignment_pattern":
        return part.child_by_field_name("left")
    return part


def _use(value: Node) -> str:
    """How `value` is used: called, called with `?.()`, or read (passed along, kept)."""
    node = climb(value)
    call = node.parent
    if call is None or call.type != "call_expression":
        return "read"
    if call.child_by_field_name("function") != node:
        return "read"  # passed as an argument
    optional = is_optional(call)
    return "optional-call" if optional else "call"
