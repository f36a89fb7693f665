"""zod schemas written in the code, as the JSON Schema a wrapper library registers.

Wrapper libraries take zod and convert it themselves (wrappers research, section 10):

- "zod4-input": `z.toJSONSchema(schema, { io: "input" })` of zod 4 (checked against zod
  4.6.7): what `@mcp-b/react-webmcp` 4.x and `usewebmcp`/`@mcp-b/react-webmcp` 5.x
  register. `.default()` keys are not required; objects get no `additionalProperties`;
  `.int()` gets JavaScript's safe-integer bounds; a `.nullable()` or `z.union()` of
  plain types is one `type` list, anything else `anyOf`.
- "zod4-output": the same in output mode (`webmcp-kit`): `.default()` keys are required
  and objects get `additionalProperties: false`.
- "zod3": `zod-to-json-schema` with zod 3 (`webmcp-react`, checked against 3.25.76 and
  zod-to-json-schema 3.25): no integer bounds, `additionalProperties: false`; the
  quirks it has where zod 4 differs (a union of literals becoming an `enum`, a null
  literal) are left unknown rather than imitated.

`$schema` is left out (the libraries add one or strip it, depending on the version).
Only literal chains are read: `z.string()`, `z.number()`, `z.boolean()`, `z.null()`,
`z.enum([...])`, `z.literal(v)`, `z.array(s)`, `z.object({...})`, `z.union([...])` with
`.int()`, `.min()`, `.max()`, `.positive()`, `.nonnegative()`, `.regex(/.../)`,
`.optional()`, `.default(v)`, `.describe("...")`, `.nullable()`, through same-file
`const`s. Anything else (a schema from another file, `.refine`, `.transform`, a value
that cannot be known) makes that part UNKNOWN, and an object holding it incomplete.
"""

from __future__ import annotations

from typing import Literal

from msgspec import Struct, field
from msgspec.structs import replace
from tree_sitter import Node

from webmcp_lint.extract.values import Evaluator
from webmcp_lint.model import Entry, Value, unknown
from webmcp_lint.syntax.nodes import arguments, called_member, string_literal, text, unwrap
from webmcp_lint.workspace.source import Span

Flavor = Literal["zod4-input", "zod4-output", "zod3"]
# A zod chain: its constructor (`string`), the constructor's arguments, and each method
# called on it in order with its call (`[("min", <call>), ("optional", <call>)]`).
Chain = tuple[str, list[Node], list[tuple[str, Node]]]

ZOD_MODULES = frozenset({"zod", "zod/v4", "zod/v3"})
MAX_SAFE_INTEGER = 9007199254740991
MAX_DEPTH = 24
# The most schemas one conversion may hold once shared parts are counted each time they
# appear: a shape used ten times on each of twelve levels would be 10^12 to walk.
MAX_SCHEMAS = 5000
PRIMITIVES = frozenset({"string", "number", "integer", "boolean", "null"})
CHECKS = {  # method -> (the zod types it applies to, JSON Schema key per type)
    "min": {"string": "minLength", "number": "minimum", "array": "minItems"},
    "max": {"string": "maxLength", "number": "maximum", "array": "maxItems"},
}


class _Schema(Struct):
    """A JSON Schema being built from one zod expression."""

    node: Node
    entries: dict[str, Entry] = field(default_factory=dict)
    base: str = ""  # the zod constructor: "string", "number", "object", ...
    optional: bool = False  # the key may be left out of the input
    optional_called: bool = False  # `.optional()` itself was applied
    modified: bool = False  # `.optional()`, `.nullable()` or `.default()` applied: no checks
    checked: bool = False  # a check (`.min()`, `.int()`, ...) applied
    integer: bool = False
    finished: bool = False  # the checks are done: the integer bounds are set
    size: int = 1  # how many schemas it holds, itself included

    def put(self, key: str, value: Value, key_span: Span | None = None) -> None:
        self.entries[key] = Entry(key, key_span or value.span, value)

    def keys(self) -> list[str]:
        return list(self.entries)

    def value(self, complete: bool = True) -> Value:
        return Value("object", self.entries, Span.of(self.node), self.node, complete)


class ZodReader:
    def __init__(self, evaluator: Evaluator, flavor: Flavor) -> None:
        self.evaluator = evaluator
        self.flavor = flavor
        # Object schemas by shape node: a shape used in many places is read once, and
        # one that contains itself (`const A = { a: z.object(A) }`) is unknown.
        self._objects: dict[int, _Schema | None] = {}

    # -- what is zod -------------------------------------------------------------------

    def is_schema(self, node: Node) -> bool:
        """Whether an expression is a chain of zod calls (`z.string().optional()`)."""
        return self._chain(node, 0) is not None

    def holds_schema(self, node: Node) -> bool:
        """Whether an object literal is a raw shape: one of its values is a zod chain."""
        shape = self._object_literal(node, 0)
        if shape is None:
            return False
        return any(self.is_schema(value) for _, _, value in _members(shape) if value is not None)

    def _is_zod(self, identifier: Node) -> bool:
        binding = self.evaluator.resolve(identifier)
        return (
            binding is not None
            and binding.kind == "import"
            and binding.source in ZOD_MODULES
            and binding.imported in ("z", "*", "default")
        )

    def _chain(self, node: Node, depth: int) -> Chain | None:
        """The zod chain an expression is, following same-file `const`s."""
        methods: list[tuple[str, Node]] = []
        current = unwrap(node)
        while depth < MAX_DEPTH:
            if current.type == "identifier":
                value = self._constant(current)
                if value is None:
                    return None
                current, depth = unwrap(value), depth + 1
                continue
            if current.type != "call_expression":
                return None
            member = called_member(current)
            if member is None:
                return None
            target, name = member
            target = unwrap(target)
            if target.type == "identifier" and self._is_zod(target):
                methods.reverse()
                return name, arguments(current), methods
            methods.append((name, current))
            current = target
        return None

    def _constant(self, identifier: Node) -> Node | None:
        binding = self.evaluator.resolve(identifier)
        if binding is None or binding.kind != "const" or binding.ambiguous or binding.path != ():
            return None
        return binding.value

    # -- conversion --------------------------------------------------------------------

    def convert(self, node: Node) -> Value:
        """The JSON Schema of a zod expression; UNKNOWN when it cannot be read."""
        schema = self._schema(node, 0)
        return schema.value() if schema is not None else unknown(Span.of(node), node)

    def shape(self, node: Node) -> Value:
        """The JSON Schema of a raw shape, `{ q: z.string() }`: an object schema."""
        schema = self._object(node, 0)
        return schema.value() if schema is not None else unknown(Span.of(node), node)

    def _schema(self, node: Node, depth: int) -> _Schema | None:
        chain = self._chain(node, depth)
        if chain is None:
            return None
        base, args, methods = chain
        schema = self._base(base, args, node, depth)
        if schema is None:
            return None
        for name, call in methods:
            if not self._apply(schema, name, call, depth):
                return None
        self._finish_checks(schema)
        return schema

    def _base(self, base: str, args: list[Node], node: Node, depth: int) -> _Schema | None:
        span = Span.of(node)
        if base in ("string", "number", "boolean", "null") and not args:
            schema = _Schema(node, base=base)
            schema.put("type", Value("string", base, span))
            return schema
        if base == "enum" and len(args) == 1:
            choices = self.evaluator.value(args[0])
            if choices.kind != "array" or not choices.complete or not choices.items:
                return None
            if any(item.kind != "string" for item in choices.items):
                return None
            schema = _Schema(node, base="enum")
            schema.put("type", Value("string", "string", span))
            schema.put("enum", choices)
            return schema
        if base == "literal" and len(args) == 1:
            return self._literal(args[0], node)
        if base == "array" and len(args) == 1:
            items = self._schema(args[0], depth + 1)
            if items is not None and items.optional:
                return None
            size = 1 + (items.size if items else 0)
            if size > MAX_SCHEMAS:
                return None
            schema = _Schema(node, base="array", size=size)
            schema.put("type", Value("string", "array", span))
            schema.put("items", items.value() if items else unknown(Span.of(args[0]), args[0]))
            return schema
        if base == "object" and len(args) == 1:
            return self._object(args[0], depth + 1)
        if base == "union" and len(args) == 1:
            return self._union(args[0], node, depth + 1)
        return None

    def _literal(self, argument: Node, node: Node) -> _Schema | None:
        value = self.evaluator.value(argument)
        kinds = {"string": "string", "number": "number", "boolean": "boolean", "null": "null"}
        kind = kinds.get(value.kind)
        if kind is None or (kind == "null" and self.flavor == "zod3"):
            return None  # zod-to-json-schema turns a null literal into `{type: "object"}`
        schema = _Schema(node, base="literal")
        schema.put("type", Value("string", kind, Span.of(node)))
        schema.put("const", value)
        return schema

    def _object(self, node: Node, depth: int) -> _Schema | None:
        shape = self._object_literal(node, depth)
        if shape is None:
            return None
        if shape.id in self._objects:
            known = self._objects[shape.id]
            return replace(known, entries=dict(known.entries)) if known is not None else None
        self._objects[shape.id] = None  # while it is read: a cycle is unknown
        schema = self._read_object(shape, depth)
        self._objects[shape.id] = schema
        return replace(schema, entries=dict(schema.entries)) if schema is not None else None

    def _read_object(self, shape: Node, depth: int) -> _Schema | None:
        span = Span.of(shape)
        properties: dict[str, Entry] = {}
        required: list[Value] = []
        complete = True  # every key is known
        required_known = True
        size = 1
        for key, key_span, value_node in _members(shape):
            if key is None or key_span is None or value_node is None:
                complete = required_known = False
                continue
            member = self._schema(value_node, depth + 1)
            if member is None:
                properties[key] = Entry(key, key_span, unknown(Span.of(value_node), value_node))
                required_known = False
                continue
            size += member.size
            if size > MAX_SCHEMAS:
                return None
            properties[key] = Entry(key, key_span, member.value())
            if not member.optional:
                required.append(Value("string", key, key_span))
        schema = _Schema(shape, base="object", size=size)
        schema.put("type", Value("string", "object", span))
        schema.put("properties", Value("object", properties, span, shape, complete))
        if required or not required_known:
            schema.put("required", Value("array", required, span, complete=required_known))
        if self.flavor != "zod4-input":
            schema.put("additionalProperties", Value("boolean", False, span))
        return schema

    def _object_literal(self, node: Node, depth: int) -> Node | None:
        current = unwrap(node)
        while current.type == "identifier" and depth < MAX_DEPTH:
            value = self._constant(current)
            if value is None:
                return None
            current, depth = unwrap(value), depth + 1
        return current if current.type == "object" else None

    def _union(self, options: Node, node: Node, depth: int) -> _Schema | None:
        options = unwrap(options)
        if options.type != "array":
            return None
        members = []
        for option in options.named_children:
            if option.type == "comment":
                continue
            member = self._schema(option, depth + 1)
            if member is None or member.optional:
                return None
            members.append(member)
        if len(members) < 2:
            return None
        if self.flavor == "zod3" and all(m.base in ("literal", "enum") for m in members):
            return None  # zod-to-json-schema merges these into one `enum`
        size = 1 + sum(m.size for m in members)
        if size > MAX_SCHEMAS:
            return None
        schema = _Schema(node, base="union", size=size)
        if all(self._plain_type(m) for m in members):
            schema.put("type", _type_list([m.entries["type"].value for m in members], node))
        else:
            items = [m.value() for m in members]
            schema.put("anyOf", Value("array", items, Span.of(node), node))
        return schema

    def _plain_type(self, schema: _Schema) -> bool:
        """A schema that a union or `.nullable()` merges into a `type` list."""
        if self.flavor == "zod3":  # a primitive without checks; a description is dropped
            return schema.base in PRIMITIVES and not schema.checked
        return schema.keys() == ["type"]

    def _apply(self, schema: _Schema, name: str, call: Node, depth: int) -> bool:
        args = arguments(call)
        function = call.child_by_field_name("function")
        method = function.child_by_field_name("property") if function is not None else None
        key_span = Span.of(method) if method is not None else None
        if name == "describe" and len(args) == 1:
            description = self.evaluator.value(args[0])
            if description.known and description.kind != "string":
                return False
            schema.put("description", description, key_span)
            return True
        if name == "optional" and not args:
            self._finish_checks(schema)
            schema.optional = schema.modified = schema.optional_called = True
            return True
        if name == "default" and len(args) == 1:
            self._finish_checks(schema)
            default = self.evaluator.value(args[0])
            if default.kind == "function" or default.has_unknown():
                default = unknown(Span.of(args[0]), args[0])
            schema.put("default", default, key_span)
            schema.optional = self.flavor != "zod4-output"  # output mode: always present
            schema.modified = True
            schema.base = "default"
            return True
        if name == "nullable" and not args:
            if self.flavor == "zod3" and schema.optional_called:
                return False  # zod-to-json-schema writes `anyOf: [{not: {}}, ...]` here
            self._finish_checks(schema)
            self._nullable(schema, call)
            schema.modified = True
            return True
        if schema.modified:
            return False  # checks belong to the inner type; zod rejects them here
        return self._check(schema, name, args, key_span)

    def _check(self, schema: _Schema, name: str, args: list[Node], key_span: Span | None) -> bool:
        base = schema.base
        if name == "int" and not args and base == "number":
            schema.integer = schema.checked = True
            schema.put("type", Value("string", "integer", Span.of(schema.node)))
            return True
        if name in CHECKS and len(args) == 1 and base in CHECKS[name]:
            bound = self.evaluator.value(args[0])
            if bound.known and bound.kind != "number":
                return False
            schema.put(CHECKS[name][base], bound, key_span)
            schema.checked = True
            return True
        if name in ("positive", "nonnegative") and not args and base == "number":
            key = "exclusiveMinimum" if name == "positive" else "minimum"
            schema.put(key, Value("number", 0, key_span or Span.of(schema.node)), key_span)
            schema.checked = True
            return True
        if name == "regex" and len(args) == 1 and base == "string":
            pattern = _regex_source(args[0])
            if pattern is None:
                return False
            schema.put("pattern", Value("string", pattern, Span.of(args[0]), args[0]), key_span)
            schema.checked = True
            return True
        return False

    def _finish_checks(self, schema: _Schema) -> None:
        """zod 4 gives an integer JavaScript's safe bounds where none is set."""
        if schema.finished:
            return
        schema.finished = True
        if not schema.integer or self.flavor == "zod3":
            return
        span = Span.of(schema.node)
        if "minimum" not in schema.entries and "exclusiveMinimum" not in schema.entries:
            schema.put("minimum", Value("number", -MAX_SAFE_INTEGER, span))
        if "maximum" not in schema.entries and "exclusiveMaximum" not in schema.entries:
            schema.put("maximum", Value("number", MAX_SAFE_INTEGER, span))

    def _nullable(self, schema: _Schema, call: Node) -> None:
        span = Span.of(call)
        null = Value("string", "null", span)
        if self._plain_type(schema):
            merged = _type_list([schema.entries["type"].value, null], call)
            schema.put("type", merged, schema.entries["type"].key_span)
        else:
            inner = schema.value()
            null_schema = Value("object", {"type": Entry("type", span, null)}, span)
            schema.entries = {}
            schema.put("anyOf", Value("array", [inner, null_schema], span, call))
        schema.node = call
        schema.base = "union"


def _members(shape: Node) -> list[tuple[str | None, Span | None, Node | None]]:
    """The keys of an object literal with where each is written and its value; None
    for what cannot be read (a spread, a computed key, a method)."""
    found: list[tuple[str | None, Span | None, Node | None]] = []
    for member in shape.named_children:
        if member.type == "comment":
            continue
        if member.type == "pair":
            key_node = member.child_by_field_name("key")
            value = member.child_by_field_name("value")
            key = _key(key_node) if key_node is not None else None
            found.append((key, Span.of(key_node) if key_node else None, value))
        elif member.type == "shorthand_property_identifier":
            found.append((text(member), Span.of(member), member))
        else:
            found.append((None, None, None))
    return found


def _key(node: Node) -> str | None:
    if node.type in ("property_identifier", "identifier"):
        return text(node)
    if node.type == "string":
        return string_literal(node)
    return None


def _type_list(types: list[Value], node: Node) -> Value:
    """`["string", "number"]` from the `type` of each member (lists flattened, each
    type once)."""
    flat: dict[str, Value] = {}
    for value in types:
        for item in value.items if value.kind == "array" else [value]:
            flat.setdefault(str(item.data), item)
    return Value("array", list(flat.values()), Span.of(node), node)


def _regex_source(node: Node) -> str | None:
    """The pattern of a regular expression literal without flags."""
    node = unwrap(node)
    if node.type != "regex":
        return None
    pattern = node.child_by_field_name("pattern")
    if pattern is None or node.child_by_field_name("flags") is not None:
        return None
    return text(pattern)
