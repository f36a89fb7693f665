"""Where the tools `getTools()` returns go in their script, and the uses of them that break:
shared by get-tools-serialize (what cannot be serialized or cloned: a tool holds its
`window` in Chrome before 160, and is a `Tool` object from 160) and get-tools-fields
(what Chrome 160's `Tool` objects change: `window` is `source`, an empty schema is
`null`, the fields are getters a spread does not copy).

A value is followed as a promise of tools, a list of tools or one tool, within its
script: through `await` and `.then(callback)`, `const`/`let` bindings and their
references, destructuring (`const [first] = tools`), `for (const tool of tools)`, the
callbacks of array methods (`tools.map((tool) => ...)`), `find`/`at`/`[0]` (a tool) and
`filter`/`slice`/`sort` (tools). A value passed to a function, returned or stored in an
object's property is not followed: nothing is concluded about code out of sight.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Literal

from msgspec import Struct
from tree_sitter import Node

from webmcp_lint.model import FileModel, Script
from webmcp_lint.model.runtime import Surface
from webmcp_lint.syntax.nodes import (
    ancestors,
    arguments,
    called_member,
    climb,
    first_statement,
    function_parameters,
    property_name,
    string_literal,
    text,
    unwrap,
)

Kind = Literal["promise", "tools", "tool"]
UseKind = Literal[
    "stringify", "clone", "post", "copy", "window", "schema-default", "schema-test", "schema-in"
]
# A tool's members that Chrome 160 gives as `null` when empty (undefined before).
NULLABLE = frozenset({"inputSchema", "outputSchema", "annotations"})
# Array methods whose callback gets a tool first, and what each returns.
CALLBACKS = frozenset(
    {"map", "forEach", "filter", "find", "findLast", "some", "every", "flatMap", "sort"}
)
GIVES_TOOL = frozenset({"find", "findLast", "at"})
GIVES_TOOLS = frozenset({"filter", "slice", "sort", "toSorted", "reverse", "toReversed", "concat"})
MAX_STEPS = 2000  # values followed from one call: a bound, never reached by real code
MAX_LIFT = 3  # object and array literals a value may sit in before it is serialized


class ToolUse(Struct, frozen=True):
    """A use of what `getTools()` returns: `node` is where it is written, `what` names
    it for a message (the member, the function called)."""

    kind: UseKind
    node: Node
    what: str
    script: Script
    call: Node  # the getTools() call the value comes from
    surface: Surface


def tool_uses(model: FileModel) -> Iterator[ToolUse]:
    """Every use of `getTools()` results in the file, for calls made on Chrome's own
    `document.modelContext` (a polyfill's tools are its own objects)."""
    for use in model.api_uses:
        if use.path[:1] != ("modelContext",) or use.member != "getTools" or use.call is None:
            continue
        surface: Surface = "document" if use.root == "document" else "navigator"
        runtime = model.runtime_at(use.node)
        provider = runtime.provider(surface, "chrome") if runtime.known else None
        if provider is None or provider.kind != "chrome":
            continue
        flow = _Flow(use.script, use.call, surface)
        flow.value(use.call, "promise")
        yield from flow.found


class _Flow:
    def __init__(self, script: Script, call: Node, surface: Surface) -> None:
        self.script = script
        self.call = call
        self.surface = surface
        self.found: list[ToolUse] = []
        self.seen: set[tuple[int, str]] = set()

    def report(self, kind: UseKind, node: Node, what: str) -> None:
        """Record a use, once per statement and kind: `tool.window == window ? 0 :
        frameOf(tool.window)` is one mistake."""
        statement = first_statement(ancestors(node))
        if any(
            f.kind == kind and (f.node.id == node.id or _same_statement(f.node, statement))
            for f in self.found
        ):
            return
        self.found.append(ToolUse(kind, node, what, self.script, self.call, self.surface))

    # -- following the value ---------------------------------------------------------

    def value(self, node: Node, kind: Kind) -> None:
        """`node` is an expression whose value is `kind`: where does it go?"""
        key = (node.id, kind)
        if key in self.seen or len(self.seen) >= MAX_STEPS:
            return
        self.seen.add(key)
        outer = climb(node)
        parent = outer.parent
        if parent is None:
            return
        if kind == "promise":
            if parent.type == "await_expression":
                self.value(parent, "tools")
            elif parent.type == "member_expression" and property_name(parent) == "then":
                call = parent.parent
                if call is not None and call.type == "call_expression":
                    self.callback(call, 0, "tools")
            return
        self.sinks(outer, kind)
        field = _field_of(parent, outer)
        if parent.type == "variable_declarator" and field == "value":
            name = parent.child_by_field_name("name")
            if name is not None:
                self.pattern(name, kind)
        elif parent.type == "assignment_expression" and field == "right":
            left = parent.child_by_field_name("left")
            if left is not None and left.type == "identifier":
                self.bind(left, kind)  # followed only if nothing else is assigned to it
        elif parent.type == "for_in_statement" and field == "right" and kind == "tools":
            if _iterates_values(parent):
                left = parent.child_by_field_name("left")
                if left is not None:
                    self.pattern(left, "tool")
        elif parent.type in ("member_expression", "subscript_expression") and field == "object":
            self.member(parent, kind)
        elif parent.type == "spread_element" and kind == "tools":
            container = parent.parent
            if container is not None and container.type == "array":
                self.value(container, "tools")
        elif parent.type == "await_expression":
            self.value(parent, kind)

    def bind(self, declared: Node, kind: Kind) -> None:
        """Every reference to the name `declared` declares carries its value."""
        binding = self.script.resolve(declared)
        if binding is None:
            return
        references = [
            node for node in self.script.semantic.references(binding) if node.id != declared.id
        ]
        if binding.kind in ("let", "var") and any(_assigned(node) for node in references):
            return  # it may hold something else by the time it is used
        for node in references:
            self.value(node, kind)

    def pattern(self, pattern: Node, kind: Kind) -> None:
        """A declared name or a destructuring pattern that receives `kind`."""
        pattern = unwrap(pattern)
        if pattern.type == "identifier":
            self.bind(pattern, kind)
        elif pattern.type == "array_pattern" and kind == "tools":
            for element in pattern.named_children:
                if element.type == "rest_pattern":
                    rest = next((c for c in element.named_children if c.type == "identifier"), None)
                    if rest is not None:
                        self.bind(rest, "tools")
                    continue
                target = (
                    element.child_by_field_name("left")
                    if element.type == "assignment_pattern"
                    else element
                )
                if target is not None:
                    self.pattern(target, "tool")
        elif pattern.type == "object_pattern" and kind == "tool":
            self.destructured(pattern)

    def destructured(self, pattern: Node) -> None:
        """`const { name, window, inputSchema = {} } = tool`."""
        for part in pattern.named_children:
            if part.type == "shorthand_property_identifier_pattern":
                if text(part) == "window":
                    self.report("window", part, "window")
            elif part.type == "object_assignment_pattern":
                left = part.child_by_field_name("left")
                name = text(left) if left is not None else ""
                if name == "window":
                    self.report("window", part, "window")
                elif name in NULLABLE:
                    self.report("schema-default", part, name)
            elif part.type == "pair_pattern":
                key = part.child_by_field_name("key")
                value = part.child_by_field_name("value")
                name = string_literal(key) or text(key) if key is not None else ""
                if name == "window":
                    self.report("window", part, "window")
                elif (
                    name in NULLABLE
                    and value is not None
                    and value.type
                    in (
                        "assignment_pattern",
                        "object_assignment_pattern",
                    )
                ):
                    self.report("schema-default", part, name)

    def callback(self, call: Node, parameter: int, kind: Kind) -> None:
        """The parameter of the function a call is given first (`.then(cb)`, `.map(cb)`)."""
        args = arguments(call)
        if not args:
            return
        function = unwrap(args[0])
        if function.type not in ("arrow_function", "function_expression", "function"):
            return
        parameters = function_parameters(function)
        if len(parameters) > parameter:
            self.pattern(parameters[parameter], kind)

    def member(self, member: Node, kind: Kind) -> None:
        """`tools.map(...)`, `tools[0]`, `tool.window`, `tool.inputSchema === undefined`."""
        name = property_name(member)
        parent = member.parent
        call = parent if parent is not None and parent.type == "call_expression" else None
        if kind == "tools":
            if member.type == "subscript_expression":
                index = member.child_by_field_name("index")
                if index is not None and index.type == "number":
                    self.value(member, "tool")
                return
            if call is None or name is None:
                return
            if name in CALLBACKS:
                self.callback(call, 0, "tool")
            if name in GIVES_TOOL:
                self.value(call, "tool")
            elif name in GIVES_TOOLS:
                self.value(call, "tools")
            return
        if name == "window":
            if not _has_fallback(member):
                self.report("window", member, "window")
        elif name in NULLABLE and _tests_undefined(member):
            self.report("schema-test", member, name)
        elif name == "hasOwnProperty" and call is not None:
            args = arguments(call)
            named = string_literal(unwrap(args[0])) if args else None
            if named in NULLABLE:
                self.report("schema-in", call, named)

    # -- where the value ends up -----------------------------------------------------

    def sinks(self, node: Node, kind: Kind) -> None:
        """Serialized, cloned, posted or copied: directly, or inside object and array
        literals (`JSON.stringify({ tools })`)."""
        parent = node.parent
        if parent is None:
            return
        if kind == "tool":
            if parent.type == "spread_element":
                container = parent.parent
                if container is not None and container.type == "object":
                    self.report("copy", parent, "{ ...tool }")
            elif parent.type == "binary_expression" and _field_of(parent, node) == "right":
                left = parent.child_by_field_name("left")
                operator = parent.child_by_field_name("operator")
                named = string_literal(unwrap(left)) if left is not None else None
                if operator is not None and operator.type == "in" and named in NULLABLE:
                    self.report("schema-in", parent, named)
            self._object_call(node)
        lifted = node
        for _ in range(MAX_LIFT):
            up = _container(lifted)
            if up is None:
                break
            lifted = up
        for value in dict.fromkeys((node, lifted)):
            self._serialized(value)

    def _serialized(self, node: Node) -> None:
        outer = climb(node)
        args_node = outer.parent
        call = args_node.parent if args_node is not None else None
        if args_node is None or args_node.type != "arguments" or call is None:
            return
        args = arguments(call)
        if not args or unwrap(args[0]).id != unwrap(outer).id:
            return
        if self.script.semantic.calls_static(call, "JSON", "stringify"):
            replacer = unwrap(args[1]) if len(args) > 1 else None
            if (
                replacer is None
                or replacer.type in ("null", "undefined")
                or (
                    replacer.type == "identifier"
                    and self.script.semantic.is_global(replacer, "undefined")
                )
            ):
                self.report("stringify", call, "JSON.stringify()")
        elif self.script.semantic.calls_global(call, "structuredClone"):
            self.report("clone", call, "structuredClone()")
        else:
            member = called_member(call)
            if member is not None and member[1] == "postMessage":
                self.report("post", call, f"{_short(member[0])}.postMessage()")

    def _object_call(self, node: Node) -> None:
        """`Object.assign({}, tool)`, `Object.keys(tool)`, `Object.hasOwn(tool, "inputSchema")`."""
        outer = climb(node)
        args_node = outer.parent
        call = args_node.parent if args_node is not None else None
        if args_node is None or args_node.type != "arguments" or call is None:
            return
        args = [unwrap(a) for a in arguments(call)]
        position = next((i for i, a in enumerate(args) if a.id == unwrap(outer).id), None)
        if position is None:
            return
        for method in ("keys", "entries", "values"):
            if position == 0 and self.script.semantic.calls_static(call, "Object", method):
                self.report("copy", call, f"Object.{method}(tool)")
        if position >= 1 and self.script.semantic.calls_static(call, "Object", "assign"):
            self.report("copy", call, "Object.assign()")
        if (
            position == 0
            and len(args) > 1
            and self.script.semantic.calls_static(call, "Object", "hasOwn")
        ):
            named = string_literal(args[1])
            if named in NULLABLE:
                self.report("schema-in", call, named)


def _field_of(parent: Node, child: Node) -> str | None:
    for index in range(parent.child_count):
        if parent.children[index].id == child.id:
            return parent.field_name_for_child(index)
    return None


def _assigned(identifier: Node) -> bool:
    """`identifier` is written to: `x = ...`, `x += ...`, `x++`."""
    outer = climb(identifier)
    parent = outer.parent
    if parent is None:
        return False
    if parent.type in ("assignment_expression", "augmented_assignment_expression"):
        return _field_of(parent, outer) == "left"
    return parent.type == "update_expression"


def _iterates_values(loop: Node) -> bool:
    """`for (... of ...)`, not `for (... in ...)` (which gives indexes)."""
    return any(child.type == "of" for child in loop.children)


def _same_statement(node: Node, statement: Node | None) -> bool:
    return statement is not None and first_statement(ancestors(node)) == statement


def _container(node: Node) -> Node | None:
    """The object or array literal `node` is written in as a member, element or spread."""
    outer = climb(node)
    parent = outer.parent
    if parent is None:
        return None
    if outer.type == "shorthand_property_identifier" and parent.type == "object":
        return parent
    if parent.type == "pair" and _field_of(parent, outer) == "value":
        holder = parent.parent
        return holder if holder is not None and holder.type == "object" else None
    if parent.type == "array":
        return parent
    if parent.type == "spread_element" and parent.parent is not None:
        return parent.parent if parent.parent.type in ("array", "object") else None
    return None


def _has_fallback(member: Node) -> bool:
    """`tool.source ?? tool.window`: the code already reads the new name."""
    outer = climb(member)
    parent = outer.parent
    if parent is None or parent.type != "binary_expression":
        return False
    operator = parent.child_by_field_name("operator")
    return operator is not None and operator.type in ("??", "||") and "source" in text(parent)


def _tests_undefined(member: Node) -> bool:
    """`tool.inputSchema === undefined`, `!== undefined`, `typeof tool.inputSchema ===
    "undefined"`: a strict test that misses `null`."""
    outer = climb(member)
    parent = outer.parent
    if parent is not None and parent.type == "unary_expression":
        operator = parent.child_by_field_name("operator")
        if operator is None or operator.type != "typeof":
            return False
        outer = climb(parent)
        parent = outer.parent
        wanted = "undefined-string"
    else:
        wanted = "undefined"
    if parent is None or parent.type != "binary_expression":
        return False
    operator = parent.child_by_field_name("operator")
    if operator is None or operator.type not in ("===", "!=="):
        return False
    left = parent.child_by_field_name("left")
    right = parent.child_by_field_name("right")
    other = right if left is not None and left.id == outer.id else left
    if other is None:
        return False
    other = unwrap(other)
    if wanted == "undefined":
        return other.type == "undefined" or (
            other.type == "identifier" and text(other) == "undefined"
        )
    return other.type == "string" and string_literal(other) == "undefined"


def _short(node: Node) -> str:
    shown = text(unwrap(node))
    return shown if len(shown) <= 30 else "…"
