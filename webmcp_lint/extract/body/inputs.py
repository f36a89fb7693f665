"""The input properties a function reads and whether each use checks them, and what
it reads from its options (its second parameter)."""

from __future__ import annotations

from tree_sitter import Node

from webmcp_lint import LazyPattern
from webmcp_lint.extract.body.core import Core, climb, key_text
from webmcp_lint.model.functions import NOTHING_READ, InputRead, InputReads, OptionRead
from webmcp_lint.syntax.nodes import called_member, is_optional, property_name, text, unwrap

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
_CHECKING_NAME = LazyPattern(
    r"^(?:(?:is|has|check|assert|ensure|require)(?:[A-Z_]|$)|valid|normali[sz]e)"
)


class Inputs(Core):
    """What one function reads from its input and its options."""

    def input_reads(self) -> InputReads:
        pattern = self.input
        if pattern is None:
            return NOTHING_READ
        result = InputReads()
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
                key = key_text(key_node) if key_node is not None else None
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
        if member[1] in CHECKING_METHODS or _CHECKING_NAME.compiled.match(member[1]):
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
