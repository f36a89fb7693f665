"""Builds the element tree (`model.dom`) from markup (tree-sitter-html) and JSX.

A spread (`{...props}`, `v-bind="obj"`) makes the attributes written before it, and
every attribute not written at all, unknown. Nothing here recurses.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from tree_sitter import Node, Tree

from webmcp_lint import KeywordBytesPattern, LazyPattern
from webmcp_lint.extract.libraries import LIBRARIES
from webmcp_lint.extract.semantic import semantic_model
from webmcp_lint.model import FileModel
from webmcp_lint.model.dom import (
    UNKNOWN_CONTENT,
    UNKNOWN_TEXT,
    Attr,
    Document,
    Element,
    Handler,
)
from webmcp_lint.model.scripts import Script
from webmcp_lint.model.values import UNKNOWN
from webmcp_lint.syntax.markup import unescape
from webmcp_lint.workspace import budget

if TYPE_CHECKING:
    from webmcp_lint.model import FileModel
from webmcp_lint.syntax import markup
from webmcp_lint.syntax.nodes import descendants, string_literal, text
from webmcp_lint.workspace.source import Language, Span

VOID_TAGS = frozenset(
    {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source"}
    | {"track", "wbr"}
)
# Elements whose content the HTML parser reads as text, so a form inside is not a form.
RAW_TEXT_TAGS = frozenset({"textarea", "title", "xmp", "plaintext", "noscript"})
# Forms inside these are code samples or text, not tools. (Chromium does register an
# unescaped form inside <pre> or <code>; the linter treats it as a sample on purpose.)
IGNORING_TAGS = RAW_TEXT_TAGS | {"pre", "code"}
# Vue, Angular and Svelte-style directives that render an element only under a condition.
CONDITIONAL_DIRECTIVES = frozenset(
    {"v-if", "v-else-if", "v-else", "v-for", "*ngif", "*ngfor", "*ngswitchcase", "*ngswitchdefault"}
)
RAW_HTML_DIRECTIVES = frozenset({"v-html", "set:html", "dangerouslysetinnerhtml", "innerhtml"})
JSX_NAMES = {"htmlfor": "for", "classname": "class"}


# -- markup ------------------------------------------------------------------------------


_START_TAGS = ("start_tag", "self_closing_tag")
# An attribute name that is neither a binding, a directive nor an event handler.
_PLAIN_NAME = re.compile(
    r"(?<![a-z0-9_-])(?!on|v-|bind:|class:|style:|use:|in:|out:|set:)[a-z][a-z0-9_-]*$"
)
_ANGULAR_BLOCKS = KeywordBytesPattern(
    rb"@(if|for|switch|defer)\s*[({]", needs=("@if @for @switch @defer",)
)
_LITERAL = LazyPattern(r"""^\s*(?:"([^"\\]*)"|'([^'\\]*)'|`([^`\\$]*)`)\s*$""")
_NUMBER = LazyPattern(r"^\s*-?\d+(\.\d+)?\s*$")


def from_markup(tree: Tree, source_text: bytes, language: Language) -> Document:
    """The element tree of an HTML page or a component template."""
    count_braces = language in ("svelte", "astro") or (
        language == "html" and _ANGULAR_BLOCKS.search(source_text) is not None
    )
    builder = _MarkupBuilder(source_text, language, count_braces)
    return builder.build(tree.root_node)


class _MarkupBuilder:
    def __init__(self, source_text: bytes, language: Language, count_braces: bool) -> None:
        self.text = source_text
        self.language = language
        self.count_braces = count_braces
        self.depth = 0  # how many template blocks ({#if}, {cond && ..., @if {) are open
        self.elements: list[Element] = []
        self.roots: list[Element] = []

    def build(self, root: Node) -> Document:
        # Frames: the parent element (None at the top), its content nodes still to read
        # (reversed, so the next one is last), where the text read so far ends, and where
        # the parent's content ends. The content of a void element is spliced into its
        # parent: tree-sitter-html nests the text after an `<input>` inside it.
        stack: list[tuple[Element | None, list[Node], int, int]] = [
            (None, list(reversed(root.children)), root.start_byte, root.end_byte)
        ]
        while stack:
            parent, nodes, position, content_end = stack.pop()
            descended = False
            while nodes:
                budget.check()
                node = nodes.pop()
                kind = node.type
                node_start, node_end = node.byte_range
                if kind in ("text", "entity"):
                    self._text(parent, self.text[position:node_end])
                    position = node_end
                    continue
                if node_start > position:  # whitespace between nodes is text too
                    self._text(parent, self.text[position:node_start])
                    position = node_start
                if kind == "ERROR":
                    nodes.extend(reversed(node.children))
                    continue
                if kind not in markup.ELEMENT_TYPES:
                    position = node_end  # tags, comments, doctype
                    continue
                children = node.children  # read once: each access builds a new list
                tag = children[0] if children and children[0].type in _START_TAGS else None
                closing = children[-1] if children and children[-1].type == "end_tag" else None
                content = children[(tag is not None) : len(children) - (closing is not None)]
                element = self._element(node, tag, parent)
                tag_end = tag.end_byte if tag is not None else node.start_byte
                if element.tag in VOID_TAGS:
                    nodes.extend(reversed(content))
                    position = tag_end
                    continue
                if kind != "element":  # script and style hold raw text, not markup
                    position = node_end
                    continue
                end = closing.start_byte if closing is not None else node_end
                stack.append((parent, nodes, node_end, content_end))
                stack.append((element, list(reversed(content)), tag_end, end))
                descended = True
                break
            if not descended and parent is not None and content_end > position:
                self._text(parent, self.text[position:content_end])
        return Document(self.roots, self.elements)

    def _text(self, parent: Element | None, raw: bytes) -> None:
        piece = unescape(raw.decode("utf-8", errors="replace"))
        if not piece:
            return
        braces = "{" in piece or "}" in piece
        dynamic = (braces and self.language != "html") or "{{" in piece
        if self.count_braces:
            self.depth += piece.count("{") - piece.count("}")
            if self.language == "svelte":
                self.depth += piece.count("{#") - piece.count("{/")
            self.depth = max(self.depth, 0)
        if parent is None:
            return
        if dynamic:
            opens_html = "{@html" in piece
            parent.children.append(UNKNOWN_CONTENT if opens_html else UNKNOWN_TEXT)
        else:
            parent.children.append(piece)

    def _element(self, node: Node, tag_node: Node | None, parent: Element | None) -> Element:
        """The element of a node, attached where the HTML parser puts it."""
        raw_tag, attributes = _read_tag(self.text, tag_node) if tag_node else ("", [])
        tag = raw_tag.lower()
        parent = _adopting_parent(tag, parent)
        component = "-" in tag or ":" in tag or "." in tag
        if self.language != "html" and raw_tag[:1].isupper():
            component = True
        span = Span.of(tag_node) if tag_node is not None else Span.of(node)
        element = Element(raw_tag if component else tag, node, span, self.language, parent=parent)
        element.component = component or tag == "slot"
        element.ignored = parent is not None and (parent.ignored or parent.tag in IGNORING_TAGS)
        element.depth = self.depth
        element.conditional = self.depth > (parent.depth if parent is not None else 0)
        for attribute in attributes:
            self._attribute(element, attribute)
        self.elements.append(element)
        if parent is not None:
            parent.children.append(element)
        else:
            self.roots.append(element)
        return element

    def _attribute(self, element: Element, attribute: markup.Attribute) -> None:
        raw = attribute.raw_name
        name = attribute.name
        value = attribute.value
        if _PLAIN_NAME.match(name):  # most attributes: no binding, directive or handler
            _set(element, name, raw, _markup_value(value, self.language), attribute)
            return
        if raw.startswith("{") and raw.endswith("}"):
            inner = raw[1:-1].strip()
            if inner.startswith("..."):
                _spread(element)
            elif inner:
                _set(element, inner.lower(), inner, UNKNOWN, attribute, bound=True)
            return
        if name in CONDITIONAL_DIRECTIVES:
            element.conditional = True
            return
        if name in RAW_HTML_DIRECTIVES or name.startswith("[innerhtml"):
            element.children.append(UNKNOWN_CONTENT)
            return
        handler = _handler_name(name)
        if handler is not None:
            event, modifiers = handler
            element.handlers.append(
                Handler(event, modifiers, value, attribute.value_span, None, attribute.span)
            )
            if name.startswith("on") and not name.startswith("on:"):
                _set(element, name, raw, _markup_value(value, self.language), attribute)
            return
        bound_name = _bound_name(name)
        if bound_name is not None:
            if bound_name == "":
                _spread(element)
            else:
                literal = _literal(value) if value is not None else UNKNOWN
                _set(element, bound_name, raw, literal, attribute, bound=True)
            return
        if name.startswith(("v-", "bind:", "class:", "style:", "use:", "transition:", "#")):
            return
        if name.startswith(("in:", "out:", "animate:", "let:", "client:", "is:", "define:")):
            return
        _set(element, name, raw, _markup_value(value, self.language), attribute)


_TAG_NAME = re.compile(rb"<\s*([^\s/>]+)")
# An attribute as the HTML tokenizer splits it (a `{...}` value of a template kept whole).
_ATTRIBUTE = re.compile(
    rb"""([^\s"'>/=][^\s"'>/=]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|(\{[^{}]*\})|([^\s>]+)))?"""
)


def _read_tag(source: bytes, tag: Node) -> tuple[str, list[markup.Attribute]]:
    """The tag name and the attributes of a start tag, read from its text."""
    start, end = tag.start_byte, tag.end_byte
    name = _TAG_NAME.match(source, start, end)
    if name is None:
        return "", []
    found = []
    stop = end - (2 if source[end - 2 : end] == b"/>" else 1)
    for match in _ATTRIBUTE.finditer(source, name.end(), stop):
        raw = match.group(1).decode("utf-8", errors="replace")
        span = Span(match.start(), match.end())
        group = match.lastindex or 1  # the value's group (2 to 5), or the name's: no value
        if group == 1:
            found.append(markup.Attribute(raw.lower(), raw, None, span, None))
            continue
        value = unescape(match.group(group).decode("utf-8", errors="replace"))
        value_span = Span(match.start(group), match.end(group))
        found.append(markup.Attribute(raw.lower(), raw, value, span, value_span))
    return name.group(1).decode("utf-8", errors="replace"), found


def _adopting_parent(tag: str, parent: Element | None) -> Element | None:
    """Where the HTML parser puts an element: `<option>a<option>b` are siblings (an
    option's end tag is implied), though tree-sitter-html nests them."""
    if tag in ("option", "optgroup"):
        while parent is not None and parent.tag in ("option", "optgroup"):
            if tag == "option" and parent.tag == "optgroup":
                break
            parent = parent.parent
    return parent


def _markup_value(value: str | None, language: Language) -> Any:
    if value is None:
        return ""
    if "{{" in value:
        return UNKNOWN
    if language != "html" and "{" in value:
        stripped = value.strip()
        if stripped.startswith("{") and stripped.endswith("}") and stripped.count("{") == 1:
            return _literal(stripped[1:-1])
        return UNKNOWN
    return value


def _literal(expression: str) -> Any:
    """The value of a literal written in a template binding: `'text'`, `true`, `3`."""
    match = _LITERAL.compiled.match(expression)
    if match:
        return next(group for group in match.groups() if group is not None)
    word = expression.strip()
    if word in ("true", "false"):
        return word == "true"
    if word in ("null", "undefined"):
        return None
    if _NUMBER.compiled.match(word):
        return word
    return UNKNOWN


def _handler_name(name: str) -> tuple[str, frozenset[str]] | None:
    """`submit` and its modifiers for an event-handler attribute, else None."""
    for prefix, separator in (("v-on:", "."), ("@", "."), ("on:", "|")):
        if name.startswith(prefix):
            event, *modifiers = name[len(prefix) :].split(separator)
            return event, frozenset(m.lower() for m in modifiers)
    if name.startswith("(") and name.endswith(")"):
        return name[1:-1], frozenset()
    if name.startswith("on") and len(name) > 2 and name[2:].isalpha():
        return name[2:], frozenset()
    return None


def _bound_name(name: str) -> str | None:
    """The attribute a binding sets (`:name`, `v-bind:name`, `[attr.name]`), "" for a
    binding of unknown attributes (`v-bind="obj"`, `:[key]`), None when not a binding."""
    if name == "v-bind":
        return ""
    for prefix in ("v-bind:", ":", "."):
        if name.startswith(prefix) and len(name) > len(prefix):
            target = name[len(prefix) :].split(".")[0]
            return "" if target.startswith("[") else target
    if name.startswith("[") and name.endswith("]"):
        target = name[1:-1]
        if target.startswith("attr."):
            target = target[5:]
        return target if "." not in target else None
    return None


def _set(
    element: Element, name: str, raw: str, value: Any, attribute: Any, bound: bool = False
) -> None:
    if value is None:  # `:disabled="false"`, `{null}`: the attribute is not rendered
        element.attrs.pop(name, None)
        return
    if name in element.attrs and not element.attrs[name].bound and not bound:
        return  # the HTML parser keeps the first of two attributes with one name
    element.attrs[name] = Attr(name, raw, value, attribute.span, attribute.value_span, bound)


def _spread(element: Element) -> None:
    """Attributes written before a spread may be overridden by it; later ones are known."""
    element.open = True
    for name, attr in element.attrs.items():
        element.attrs[name] = Attr(
            attr.name, attr.raw_name, UNKNOWN, attr.span, attr.value_span, True, attr.expression
        )


# -- JSX -----------------------------------------------------------------------------------

JSX_ELEMENTS = frozenset({"jsx_element", "jsx_self_closing_element"})
_TAG_OPEN = re.compile(rb"<")


def from_jsx(script: Script, language: Language) -> Document:
    """The element trees of every JSX expression in a script."""
    by_node: dict[int, Element] = {}
    roots: list[Element] = []
    elements: list[Element] = []
    rendering = _rendering_components(script)
    for node in _jsx_elements(script.root, script):
        opening = node.child_by_field_name("open_tag") if node.type == "jsx_element" else node
        if opening is None or _is_fragment(node):
            continue
        parent_node, conditional = _jsx_parent(node)
        parent = by_node.get(parent_node.id) if parent_node is not None else None
        element = _jsx_element(node, opening, script, language, parent)
        if element.component and element.tag in rendering:
            _render_as_element(element, opening, script, rendering[element.tag])
        element.conditional = conditional
        by_node[node.id] = element
        elements.append(element)
        if parent is None:
            roots.append(element)
        else:
            element.ignored = parent.ignored or parent.tag in IGNORING_TAGS
    for element in elements:
        if element.node.type == "jsx_element":
            _jsx_children(element, by_node, script)
    return Document(roots, elements)


def _rendering_components(script: Script) -> dict[str, tuple[str, str, str]]:
    """Local names of library components that render a DOM element with the tool
    attributes (`<WebMCPForm>` renders `<form>`): name -> (package, export, tag)."""
    found: dict[str, tuple[str, str, str]] = {}
    if script.evaluator is None:
        return found
    for specifier, statement in script.evaluator.import_sources():
        library = LIBRARIES.get(specifier)
        if library is None or not library.elements:
            continue
        for node in descendants(statement, frozenset({"import_specifier"})):
            imported = node.child_by_field_name("name")
            alias = node.child_by_field_name("alias") or imported
            tag = library.elements.get(text(imported)) if imported is not None else None
            if tag is not None and alias is not None:
                found[text(alias)] = (specifier, text(imported), tag)
    return found


# Attributes a rendering component writes only when the prop is truthy, and how.
_TRUTHY_ONLY = {"toolautosubmit": "", "toolparamdescription": None, "toolparamtitle": None}


def _render_as_element(
    element: Element, opening: Node, script: Script, rendered: tuple[str, str, str]
) -> None:
    """A library component as the DOM element it renders (when the name really is the
    import): `<WebMCPForm toolName>` is `<form toolname>` (react-webmcp 0.3)."""
    package, export, tag = rendered
    name = opening.child_by_field_name("name")
    binding = script.resolve(name) if name is not None else None
    if binding is None or binding.source != package or binding.imported != export:
        return
    element.tag = tag
    element.component = False
    element.library = package
    for attribute, written in _TRUTHY_ONLY.items():
        found = element.attrs.get(attribute)
        if found is None or found.value is UNKNOWN:
            continue
        if not found.value:  # "" or False: not rendered
            del element.attrs[attribute]
        elif written is not None:
            element.attrs[attribute] = Attr(
                found.name, found.raw_name, written, found.span, found.value_span, True
            )


def _jsx_elements(root: Node, script: Script) -> Iterator[Node]:
    """The JSX elements at and under `root`, in document order. Each begins with the `<`
    of its opening tag, so only the nodes at a `<` of the text are looked at: walking
    every node of a TSX file in Python took twenty times as long. A tree with a syntax
    error is walked (its recovery may leave an element that does not begin so)."""
    if root.has_error:
        if root.type in JSX_ELEMENTS:
            yield root
        yield from descendants(root, JSX_ELEMENTS)
        return
    for token, _ in semantic_model(script).matching(_TAG_OPEN, first_byte=True, within=root):
        tag = token.parent if token.type == "<" else None
        if tag is not None and tag.type == "jsx_opening_element":
            tag = tag.parent
            if tag is not None and tag.type == "jsx_element":
                yield tag
        elif tag is not None and tag.type == "jsx_self_closing_element":
            yield tag


def _jsx_parent(node: Node) -> tuple[Node | None, bool]:
    """The JSX element whose child `node` is rendered as, and whether it is rendered only
    under a condition (inside a `{...}` expression: `&&`, `?:`, `.map`)."""
    conditional = False
    current = node.parent
    while current is not None:
        kind = current.type
        if kind == "jsx_element" and not _is_fragment(current):
            return current, conditional
        if kind == "jsx_expression":
            holder = current.parent
            if holder is not None and holder.type in ("jsx_attribute", "jsx_opening_element"):
                return None, False  # a prop (`icon={<Icon />}`), not a child
            conditional = True
        elif kind in ("jsx_opening_element", "jsx_self_closing_element", "jsx_attribute"):
            return None, False
        elif kind == "program":
            return None, False  # returned or assigned JSX: a root of its own
        current = current.parent
    return None, False


def _is_fragment(node: Node) -> bool:
    """`<>...</>`: its children are its parent's."""
    if node.type != "jsx_element":
        return False
    opening = node.child_by_field_name("open_tag")
    return opening is not None and opening.child_by_field_name("name") is None


def _jsx_element(
    node: Node, opening: Node, script: Script, language: Language, parent: Element | None
) -> Element:
    name_node = opening.child_by_field_name("name")
    raw_tag = text(name_node)
    component = name_node is None or name_node.type != "identifier" or not raw_tag.islower()
    if "-" in raw_tag:
        component = True
    element = Element(
        raw_tag if component else raw_tag.lower(),
        node,
        Span.of(opening),
        language,
        parent=parent,
        component=component,
        script=script,
    )
    for attribute in opening.children_by_field_name("attribute"):
        if attribute.type == "jsx_expression":  # {...props}
            _jsx_spread(element, attribute, script)
            continue
        if attribute.type != "jsx_attribute":
            continue
        _jsx_attribute(element, attribute, script)
    return element


def _jsx_attribute(element: Element, attribute: Node, script: Script) -> None:
    parts = [c for c in attribute.named_children if c.type != "comment"]
    if not parts:
        return
    raw = text(parts[0])
    lowered = raw.lower()
    name = JSX_NAMES.get(lowered, lowered)
    value_node = parts[1] if len(parts) > 1 else None
    expression = value_node
    if value_node is not None and value_node.type == "jsx_expression":
        expression = next((c for c in value_node.named_children if c.type != "comment"), None)
    if name.startswith("on") and len(name) > 2:
        event = name[2:]
        if event.endswith("capture"):
            event = event[: -len("capture")]
        element.handlers.append(
            Handler(event, frozenset(), None, None, expression, Span.of(attribute))
        )
        return
    if name in RAW_HTML_DIRECTIVES:
        element.children.append(UNKNOWN_CONTENT)
        return
    value: Any
    if value_node is None:
        value = True
    elif value_node.type == "string":  # a JSX string: entities decoded, no JS escapes
        value = unescape(text(value_node)[1:-1])
    elif expression is None:
        value = UNKNOWN
    else:
        value = _js_value(expression, script)
    value_span = Span.of(value_node) if value_node is not None else None
    if value is None:
        element.attrs.pop(name, None)
        return
    bound = value_node is not None and value_node.type == "jsx_expression"
    element.attrs[name] = Attr(name, raw, value, Span.of(attribute), value_span, bound, expression)


def _js_value(expression: Node, script: Script) -> Any:
    """A JSX attribute expression as the framework renders it: a string, True, None
    (not rendered: false, null, undefined) or UNKNOWN."""
    value = script.value(expression)
    if value.kind == "boolean":
        return True if value.data else None
    if value.kind in ("null", "undefined"):
        return None
    rendered = value.as_text()
    return rendered if rendered is not None else UNKNOWN


def _jsx_spread(element: Element, holder: Node, script: Script) -> None:
    spread = next((c for c in holder.named_children if c.type == "spread_element"), None)
    inner = None
    if spread is not None:
        inner = next((c for c in spread.named_children if c.type != "comment"), None)
    value = script.value(inner) if inner is not None else None
    if value is None or value.kind != "object" or not value.complete:
        _spread(element)
        return
    for key, entry in value.entries.items():  # {...{ toolparamdescription: "..." }}
        lowered = key.lower()
        name = JSX_NAMES.get(lowered, lowered)
        rendered = _js_value(entry.value.node, script) if entry.value.node is not None else UNKNOWN
        if rendered is None:
            element.attrs.pop(name, None)
            continue
        element.attrs[name] = Attr(
            name, key, rendered, Span.of(holder), entry.value.span, True, entry.value.node
        )


def _jsx_children(element: Element, by_node: dict[int, Element], script: Script) -> None:
    """Text, child elements and unknown content of a JSX element, in order."""
    run: list[str] = []

    def flush() -> None:
        if run:
            cleaned = jsx_text("".join(run))
            if cleaned:
                element.children.append(unescape(cleaned))
            run.clear()

    pending = list(reversed(element.node.children))
    while pending:
        child = pending.pop()
        kind = child.type
        if kind in ("jsx_text", "html_character_reference"):
            run.append(text(child))
            continue
        if kind in ("jsx_opening_element", "jsx_closing_element", "comment"):
            continue
        if _is_fragment(child):
            pending.extend(reversed(child.children))
            continue
        flush()
        if kind in JSX_ELEMENTS:
            found = by_node.get(child.id)
            if found is not None:
                element.children.append(found)
        elif kind == "jsx_expression":
            _jsx_expression_child(element, child, by_node, script)
    flush()


def _jsx_expression_child(
    element: Element, holder: Node, by_node: dict[int, Element], script: Script
) -> None:
    inner = next((c for c in holder.named_children if c.type != "comment"), None)
    if inner is None:
        return
    literal = string_literal(inner) if inner.type in ("string", "template_string") else None
    if literal is not None:
        element.children.append(literal)
        return
    if inner.type == "number":
        element.children.append(text(inner))
        return
    nested = [by_node[n.id] for n in _jsx_elements(inner, script) if n.id in by_node]
    nested = [n for n in nested if n.parent is element]
    if nested:
        element.children.extend(nested)
        element.children.append(UNKNOWN_TEXT)
    else:
        element.children.append(UNKNOWN_CONTENT)


def jsx_text(raw: str) -> str:
    """JSX text as React renders it: lines trimmed where they meet a line break, blank
    lines dropped, the remaining lines joined with one space."""
    lines = raw.split("\n")
    if len(lines) == 1:
        return raw
    kept = []
    for index, line in enumerate(lines):
        if index > 0:
            line = line.lstrip(" \t\r")
        if index < len(lines) - 1:
            line = line.rstrip(" \t\r")
        if line:
            kept.append(line)
    return " ".join(kept)


def documents(model: FileModel) -> list[Document]:
    """The element trees of a file: its markup, and the JSX of each JavaScript script."""
    found = []
    if model.markup is not None:
        found.append(from_markup(model.markup, model.source.text, model.language))
    for script in model.scripts:
        if script.language in ("tsx", "javascript"):
            found.append(from_jsx(script, model.language))
    return found
