"""Tools declared by a library's JSX component from its props and children:
react-webmcp's `<WebMCP.Tool name description onExecute annotations>`.

The input schema is the one react-webmcp 0.3 builds from the children (its
`extractFields` and `buildInputSchema`): each child element with a `name` prop is a
parameter (`type` number or range is a number, checkbox a boolean, anything else a
string; `min`, `max`, `minLength`, `maxLength`, `pattern` and `required` copied; the
`value` props of the elements inside it an `enum` with a `oneOf` of `{const, title}`);
an element without a name is looked into. Properties and `required` are sorted by
name. A `fields` prop, a spread, content that cannot be known or a component child
(which may register fields through `useRegisterField`) leaves the schema incomplete.
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from typing import Any

from tree_sitter import Node

from webmcp_lint.extract import dom
from webmcp_lint.extract.integrations import import_sources
from webmcp_lint.extract.libraries import LIBRARIES, Library
from webmcp_lint.model import UNKNOWN, Entry, Script, ToolDefinition, Value, unknown
from webmcp_lint.model.dom import UNKNOWN_CONTENT, UNKNOWN_TEXT, Element
from webmcp_lint.syntax.markup import unescape
from webmcp_lint.syntax.nodes import text
from webmcp_lint.workspace.source import Language, Span

NUMBER_TYPES = frozenset({"number", "range"})
BOUNDS = (("min", "minimum"), ("max", "maximum"))
LENGTHS = (("minlength", "minLength"), ("maxlength", "maxLength"))
# Props of `<WebMCP.Tool>` that are tool members, and the ones the component keeps.
MEMBERS = {"name": "name", "description": "description", "onExecute": "execute"}
MEMBERS["annotations"] = "annotations"
COMPONENT_PROPS = frozenset(
    {"fields", "strict", "autoSubmit", "onToolActivated", "onToolCancel", "children", "key"}
)


def component_tools(script: Script, language: Language) -> list[ToolDefinition]:
    components = _tool_components(script)
    if not components:
        return []
    tools = []
    for element in dom.from_jsx(script, language).elements:
        library = components.get(element.tag) if element.component else None
        if library is None or not _is_import(element, script, library):
            continue
        tools.append(
            ToolDefinition(
                kind="integration",
                definition=_definition(element, script),
                registered_at=element.span,
                script=script,
                element=element.node,
                integration=library.wrapper.package,
                wrapper=library.wrapper,
            )
        )
    return tools


def _tool_components(script: Script) -> dict[str, Library]:
    """How tool components are written in this script (`WebMCP.Tool`), by library."""
    found: dict[str, Library] = {}
    for specifier, _ in import_sources(script):
        library = LIBRARIES.get(specifier)
        if library is not None:
            for name in library.tool_components:
                found[name] = library
    return found


def _is_import(element: Element, script: Script, library: Library) -> bool:
    """`WebMCP` in `<WebMCP.Tool>` is the library's import, not a local name."""
    opening = element.node.child_by_field_name("open_tag") or element.node
    name = opening.child_by_field_name("name")
    root = name
    while root is not None and root.type in ("member_expression", "nested_identifier"):
        root = root.named_children[0] if root.named_children else None
    if root is None or root.type != "identifier":
        return False
    binding = script.resolve(root)
    if binding is None or binding.kind != "import" or binding.imported is None:
        return False
    written = element.tag.split(".", 1)
    written[0] = binding.imported
    return LIBRARIES.get(binding.source or "") is library and ".".join(written) in (
        library.tool_components
    )


def _definition(element: Element, script: Script) -> Value:
    opening = element.node.child_by_field_name("open_tag") or element.node
    entries: dict[str, Entry] = {}
    complete = True
    has_fields = False
    for attribute in opening.children_by_field_name("attribute"):
        if attribute.type != "jsx_attribute":
            complete = False  # {...props}
            continue
        parts = [c for c in attribute.named_children if c.type != "comment"]
        if not parts:
            continue
        prop = text(parts[0])
        value = _prop_value(parts[1] if len(parts) > 1 else None, attribute, script)
        if prop in MEMBERS:
            entries[MEMBERS[prop]] = Entry(MEMBERS[prop], Span.of(parts[0]), value)
        elif prop == "fields":
            has_fields = True
        elif prop not in COMPONENT_PROPS:
            entries[prop] = Entry(prop, Span.of(parts[0]), value)
    schema = _Schema(script)
    schema.fields(element.children)
    entries["inputSchema"] = Entry(
        "inputSchema", element.span, schema.value(element.span, not has_fields)
    )
    return Value("object", entries, element.span, element.node, complete)


def _prop_value(value: Node | None, attribute: Node, script: Script) -> Value:
    if value is None:
        return Value("boolean", True, Span.of(attribute), attribute)
    if value.type == "string":  # a JSX string: entities decoded, no JS escapes
        return Value("string", unescape(text(value)[1:-1]), Span.of(value), value)
    inner = next((c for c in value.named_children if c.type != "comment"), None)
    return script.value(inner) if inner is not None else unknown(Span.of(value), value)


class _Schema:
    """The fields react-webmcp finds in a tool component's children."""

    def __init__(self, script: Script) -> None:
        self.script = script
        self.properties: dict[str, tuple[Element, Value, Any]] = {}  # name -> required
        self.complete = True

    def fields(self, children: list[Any]) -> None:
        pending = list(reversed(children))
        while pending:
            child = pending.pop()
            if child == UNKNOWN_CONTENT:
                self.complete = False
            if not isinstance(child, Element):
                continue
            name = child.value("name")
            if child.open or (child.component and name is None):
                self.complete = False  # props from a spread; a field registered by a component
            if name is None:
                if "inputprops" in child.attrs or "slotprops" in child.attrs:
                    self.complete = False
                pending.extend(reversed(child.children))
            elif isinstance(name, str) and name:
                self.properties[name] = (child, self._property(child), _required(child))
            else:
                self.complete = False

    def _property(self, element: Element) -> Value:
        span = element.span
        declared = element.string("type")
        if declared is UNKNOWN:
            return unknown(span, element.node)
        entries: dict[str, Entry] = {}

        def put(key: str, value: Value) -> None:
            entries[key] = Entry(key, value.span, value)

        kind = "string"
        if declared in NUMBER_TYPES or declared == "checkbox":
            kind = "boolean" if declared == "checkbox" else "number"
        put("type", Value("string", kind, span))
        for attribute, key in (*BOUNDS, *LENGTHS):
            if element.value(attribute) is not None:
                put(key, _number(element, attribute))
        pattern = element.value("pattern")
        if pattern:
            put("pattern", _string(element, "pattern"))
        options = self._options(element.children)
        if options is None:
            return Value("object", entries, span, element.node, complete=False)
        if options:
            put("enum", Value("array", [value for value, _ in options], span))
            choices = []
            for value, title in options:
                choice = {"const": Entry("const", value.span, value)}
                choice["title"] = Entry("title", title.span, title)
                choices.append(Value("object", choice, value.span))
            put("oneOf", Value("array", choices, span))
        return Value("object", entries, span, element.node)

    def _options(self, children: list[Any]) -> list[tuple[Value, Value]] | None:
        """(value, label) of every element with a `value` prop inside, in order; None
        when one cannot be known."""
        found: list[tuple[Value, Value]] = []
        pending = list(reversed(children))
        while pending:
            child = pending.pop()
            if child == UNKNOWN_CONTENT:
                return None
            if not isinstance(child, Element):
                continue
            if child.open:
                return None
            attr = child.attr("value")
            if attr is not None:
                if attr.expression is not None:
                    value = self.script.value(attr.expression)
                elif isinstance(attr.value, str):
                    value = Value("string", attr.value, attr.value_span or attr.span)
                else:
                    return None
                label = _label(child, value)
                if not value.known or label is None:
                    return None
                found.append((value, label))
            pending.extend(reversed(child.children))
        return found

    def value(self, span: Span, complete: bool) -> Value:
        complete = complete and self.complete
        properties: dict[str, Entry] = {}
        required: list[Value] = []
        required_known = complete
        for name in sorted(self.properties, key=lambda n: (n.casefold(), n.swapcase())):
            element, prop, is_required = self.properties[name]
            key_span = element.attrs["name"].value_span or element.span
            properties[name] = Entry(name, key_span, prop)
            if is_required is UNKNOWN:
                required_known = False
            elif is_required:
                required.append(Value("string", name, key_span))
        required.sort(key=lambda v: str(v.data))
        known = Value("object", properties, span, None, complete)
        entries = {
            "type": Entry("type", span, Value("string", "object", span)),
            "properties": Entry("properties", span, known),
        }
        if required or not required_known:
            entries["required"] = Entry(
                "required", span, Value("array", required, span, None, required_known)
            )
        return Value("object", entries, span)


def _required(element: Element) -> Any:
    value = element.value("required")
    if value is UNKNOWN:
        return UNKNOWN
    return bool(value) if value is not None else False


def _number(element: Element, attribute: str) -> Value:
    """`Number(prop)` of a prop rendered as text."""
    found = element.attr(attribute)
    span = (found.value_span or found.span) if found is not None else element.span
    value = element.value(attribute)
    if not isinstance(value, str):
        return unknown(span)
    try:
        number = Decimal(value.strip() or "0")
    except InvalidOperation:
        return unknown(span)
    if not number.is_finite():
        return unknown(span)
    integral = number == number.to_integral_value()
    return Value("number", int(number) if integral else float(number), span)


def _string(element: Element, attribute: str) -> Value:
    found = element.attr(attribute)
    value = element.value(attribute)
    span = (found.value_span or found.span) if found is not None else element.span
    return Value("string", value, span) if isinstance(value, str) else unknown(span)


def _label(element: Element, value: Value) -> Value | None:
    """The option's text when its only child is text, else `String(value)`."""
    children = element.children
    if len(children) == 1 and isinstance(children[0], str) and children[0] != UNKNOWN_CONTENT:
        if children[0] == UNKNOWN_TEXT:
            return None
        return Value("string", children[0], element.span)
    rendered = value.as_text()
    return Value("string", rendered, value.span) if rendered is not None else None
