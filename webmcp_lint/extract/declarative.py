"""Declarative tools: `<form toolname tooldescription>` and the schema Chromium builds from it.

A form in an HTML page, a Vue/Svelte/Astro template or JSX becomes a `ToolDefinition`
(kind "declarative") when Chromium would register it: a valid `toolname` and a
`tooldescription`. Its `inputSchema` is synthesized the way Chromium 156 does it, as
observed in the browser (see the tables below and tests/test_declarative_schema.py):
controls are grouped by `name`; a name shared by controls that are not all radio buttons
or all checkboxes loses its parameter; disabled and read-only controls are left out
before grouping, hidden, file and button-like controls after it. Anything bound to an
expression is UNKNOWN. A form whose controls cannot all be known (components, rendered
content, a name clash with a conditional control) gets a schema whose `properties` and
`required` are marked incomplete.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from decimal import Context, Decimal, InvalidOperation
from typing import Any

from msgspec import Struct

from webmcp_lint import KeywordBytesPattern, LazyPattern
from webmcp_lint.extract import dom, submit
from webmcp_lint.model import (
    UNKNOWN,
    Entry,
    FileModel,
    SubmitHandler,
    ToolDefinition,
    Value,
    unknown,
)
from webmcp_lint.model.dom import UNKNOWN_CONTENT, UNKNOWN_TEXT, Document, Element
from webmcp_lint.model.forms import Declarative, Form, Group, MarkupDocument
from webmcp_lint.model.tools import (
    VALID_NAME,
)
from webmcp_lint.workspace import budget
from webmcp_lint.workspace.source import Span

TOOL_ATTRIBUTES = ("toolname", "tooldescription", "toolautosubmit", "tooltitle")

# Listed form controls: grouped by name (a <button> or <output> shares a name with an
# input and makes its parameter disappear), though only some become parameters.
LISTED = frozenset({"input", "select", "textarea", "button", "fieldset", "output"})
LABELABLE = frozenset({"input", "select", "textarea", "button", "meter", "output", "progress"})

# How Chromium 156 turns an <input type=...> into a property (verified in the browser).
STRING_TYPES = frozenset({"text", "search", "url", "tel", "email", "password"})
FORMATS = {  # the regular expression lands in `format`, not in `pattern`
    "datetime-local": "^[0-9]{4}-(0[1-9]|1[0-2])-[0-9]{2}T([01][0-9]|2[0-3]):[0-5][0-9]$",
    "time": "^([01][0-9]|2[0-3]):[0-5][0-9]$",
    "month": "^[0-9]{4}-(0[1-9]|1[0-2])$",
    "week": "^[0-9]{4}-W(0[1-9]|[1-4][0-9]|5[0-3])$",
    "color": "^#[0-9a-zA-Z]{6}$",
}
DATE_HINT = "Dates MUST be provided in 'YYYY-MM-DD' format."
NO_PARAMETER_TYPES = frozenset({"hidden", "file", "submit", "image", "reset", "button"})
PATTERN_TYPES = STRING_TYPES | {"number"}  # `pattern` is copied for these (number too)
READONLY_TYPES = STRING_TYPES | {"number", "date"} | (FORMATS.keys() - {"color"})
INPUT_TYPES = STRING_TYPES | FORMATS.keys() | NO_PARAMETER_TYPES
INPUT_TYPES |= {"number", "range", "date", "checkbox", "radio"}

_EXACT = Context(prec=1000)  # doubles in decimal: every digit of a quotient fits
_FLOAT = LazyPattern(r"-?(\d+(?:\.\d*)?|\.\d+)([eE][+-]?\d+)?")


# A pattern ignoring case tries a match at every byte: its words are looked for first.
_FORM_WORDS = KeywordBytesPattern(
    rb"tool(name|description|paramdescription|autosubmit|title)",
    re.IGNORECASE,
    needs=("toolname tooldescription toolparamdescription toolautosubmit tooltitle",),
)
_HANDLER_WORDS = (b"respondWith", b"agentInvoked")
# A JSX form, or a JSX tag with a tool attribute (compiled bundles have neither).
_JSX_FORM = re.compile(
    rb"<form[\s/>]"
    rb"|<[A-Za-z][\w.:-]*\s[^<>]*?\b(?i:tool(name|description|paramdescription|autosubmit|title))\b"
)


def extract_declarative(model: FileModel) -> Declarative:
    """Forms, submit handlers and tool-event listeners of a file whose scripts have been
    evaluated. Each part is looked for only when the file holds its words."""
    text = model.source.text
    has_forms = _FORM_WORDS.search(text) is not None
    has_handlers = any(word in text for word in _HANDLER_WORDS)
    documents: list[Document] = []
    if has_forms or has_handlers:
        if model.markup is not None:
            documents.append(dom.from_markup(model.markup, text, model.language))
        for script in model.scripts:  # JSX forms (a compiled bundle has none to walk)
            has_form = _JSX_FORM.search(text, script.span.start, script.span.end) is not None
            if script.language in ("tsx", "javascript") and has_form:
                documents.append(dom.from_jsx(script, model.language))
    markups = [_markup(document) for document in documents]
    forms: list[Form] = []
    for markup in markups if has_forms else []:
        forms.extend(_forms(markup))
    for form in forms:
        form.groups = _groups(form)
        form.tool = _tool(form)
    handlers = _handlers(model, markups) if has_handlers else []
    listeners = [
        listener
        for script in model.scripts
        for listener in submit.tool_event_listeners(model.source, script)
    ]
    return Declarative(markups, forms, handlers, listeners)


def _handlers(model: FileModel, markups: list[MarkupDocument]) -> list[SubmitHandler]:
    found: dict[int, SubmitHandler] = {}
    candidates: list[SubmitHandler] = []
    for script in model.scripts:
        candidates.extend(submit.script_handlers(model.source, script))
    for markup in markups:
        for element in markup.document.elements:
            if element.handlers and markup.is_form(element):
                candidates.extend(submit.element_handlers(element, model.scripts, model.source))
    for handler in candidates:
        known = found.get(handler.function.id)
        if known is None:
            found[handler.function.id] = handler
        elif not handler.prevented:
            known.prevented = False  # attached once without `.prevent` as well
    return list(found.values())


# -- forms and their controls ----------------------------------------------------------


def _markup(document: Document) -> MarkupDocument:
    markup = MarkupDocument(document)
    for element in document.elements:  # parents come before their children
        budget.check()
        parent = element.parent
        outer = None
        if parent is not None:
            outer = parent if markup.is_form(parent) else markup.enclosing_form[id(parent)]
            if parent.component or id(parent) in markup.in_component:
                markup.in_component.add(id(element))
        markup.enclosing_form[id(element)] = outer
        markup.levels[id(element)] = markup.levels[id(parent)] + 1 if parent is not None else 0
        markup.conditional_in_form[id(element)] = element.conditional or (
            parent is not None
            and not markup.is_form(parent)
            and markup.conditional_in_form[id(parent)]
        )
        # The HTML parser drops a <form> start tag inside another form.
        nested = element.language == "html" and outer is not None
        if element.tag == "form" and not element.ignored and not nested:
            markup.forms.add(id(element))
        identifier = element.string("id")
        if identifier is UNKNOWN:
            markup.unknown_ids = True
        elif isinstance(identifier, str):
            markup.by_id.setdefault(identifier, element)
    for element in document.elements:
        if element.component and _label_target(element) is not None:
            markup.unknown_label_targets = True  # <Label htmlFor="email">: most likely a label
        if element.tag != "label" or element.ignored:
            continue
        target = element.string("for")
        if target is UNKNOWN:
            markup.unknown_label_targets = True
        elif target is None:
            labeled = _first_labelable(element)
            if labeled is UNKNOWN:
                markup.unsure.add(id(element))
            elif labeled is not None:
                markup.labels.setdefault(id(labeled), []).append(element)
        else:
            labeled = markup.by_id.get(target)
            if labeled is not None and _is_labelable(labeled) is True:
                markup.labels.setdefault(id(labeled), []).append(element)
    for element in document.elements:
        parent = element.parent
        if parent is not None and (
            id(parent) in markup.unsure or id(parent) in markup.in_unsure_label
        ):
            markup.in_unsure_label.add(id(element))
    return markup


def _label_target(element: Element) -> Any:
    target = element.value("for")
    return target if target is not None else element.value("htmlfor")


def _forms(markup: MarkupDocument) -> list[Form]:
    forms: dict[int, Form] = {}
    for element in markup.document.elements:
        if markup.is_form(element) and any(a in element.attrs for a in TOOL_ATTRIBUTES):
            forms[id(element)] = Form(element, markup, [], complete=True)
    if not forms:
        return []
    for element in markup.document.elements:
        if element.ignored:
            continue
        owner, certain = _owner(element, markup)
        form = forms.get(id(owner)) if owner is not None else None
        if form is None:
            continue
        if not certain or element.component or UNKNOWN_CONTENT in element.children:
            form.complete = False
        if element.tag in LISTED and not element.component:
            form.controls.append(element)
    return list(forms.values())


def _owner(element: Element, markup: MarkupDocument) -> tuple[Element | None, bool]:
    """The form an element belongs to (its `form=` attribute first, else the nearest form
    around it) and whether that is certain."""
    nearest = markup.enclosing_form[id(element)]
    if element.tag not in LISTED and not element.component:
        return nearest, True
    reference = element.string("form")
    if reference is UNKNOWN:
        return nearest, False
    if isinstance(reference, str):
        target = markup.by_id.get(reference)
        if target is not None and markup.is_form(target):
            return target, not markup.unknown_ids
        return None, True
    return nearest, True


def input_type(element: Element) -> Any:
    """The type of an `<input>` as the browser reads it (unknown types are "text")."""
    if element.memo is None:  # asked for many times per control: read it once
        declared = element.string("type")
        if declared is not UNKNOWN:
            declared = (declared or "text").strip().lower()
            declared = declared if declared in INPUT_TYPES else "text"
        element.memo = declared
    return element.memo


def is_disabled(element: Element) -> Any:
    """`disabled` on the control, or on a fieldset around it (except the fieldset's first
    legend, whose controls stay enabled)."""
    if element.tag in ("input", "select", "textarea", "button", "fieldset"):
        own = element.has("disabled")
        if own is not False:
            return own
    return _disabled_by_fieldset(element)


def _disabled_by_fieldset(element: Element) -> Any:
    """`disabled` of the nearest disabled fieldset around the element that does not hold it
    in its first legend; computed once per element, from the top down."""
    key = "disabled-by-fieldset"
    pending: list[Element] = []
    node: Element | None = element
    while node is not None and key not in node.derived:
        pending.append(node)
        node = node.parent
    for child in reversed(pending):
        parent = child.parent
        if parent is None:
            child.derived[key] = False
        elif parent.tag == "fieldset" and parent.has("disabled") is not False:
            if "first-legend" not in parent.derived:
                parent.derived["first-legend"] = next(
                    (c for c in parent.children if isinstance(c, Element) and c.tag == "legend"),
                    None,
                )
            legend = parent.derived["first-legend"]
            inherited = parent.derived[key]
            child.derived[key] = parent.has("disabled") if child is not legend else inherited
        else:
            child.derived[key] = parent.derived[key]
    return element.derived[key]


def is_read_only(element: Element) -> Any:
    if element.tag == "textarea":
        return element.has("readonly")
    if element.tag != "input":
        return False
    kind = input_type(element)
    if kind is UNKNOWN:
        return UNKNOWN if element.has("readonly") is not False else False
    return element.has("readonly") if kind in READONLY_TYPES else False


def control_name(element: Element) -> Any:
    name = element.string("name")
    return "" if name is None else name


def _groups(form: Form) -> list[Group]:
    """The controls Chromium considers, grouped by name in document order."""
    groups: dict[str, Group] = {}
    for control in form.controls:
        skipped = _or(is_disabled(control), is_read_only(control))
        if skipped is True:
            continue
        name = control_name(control)
        if name is UNKNOWN:
            form.complete = False
            continue
        group = groups.setdefault(name, Group(name, []))
        group.controls.append(control)
        if skipped is UNKNOWN or form.is_conditional(control) or _type_of(control) is UNKNOWN:
            group.uncertain = True
    for group in groups.values():
        if len(group.controls) > 1:
            kinds = {_type_of(control) for control in group.controls}
            group.conflict = not (kinds == {"radio"} or kinds == {"checkbox"})
    return list(groups.values())


def _type_of(control: Element) -> Any:
    return input_type(control) if control.tag == "input" else control.tag


def _or(*values: Any) -> Any:
    if any(v is True for v in values):
        return True
    return UNKNOWN if any(v is UNKNOWN for v in values) else False


# -- the tool ------------------------------------------------------------------------------


def _tool(form: Form) -> ToolDefinition | None:
    element = form.element
    name = element.string("toolname")
    description = element.string("tooldescription")
    if name is None or description is None:
        return None  # Chromium registers a form only with both attributes
    if isinstance(name, str) and not VALID_NAME.fullmatch(name):
        return None
    entries = [
        ("name", _attribute_value(element, "toolname")),
        ("description", _attribute_value(element, "tooldescription")),
    ]
    if element.value("tooltitle") is not None:
        entries.append(("title", _attribute_value(element, "tooltitle")))
    entries.append(("inputSchema", _schema(form)))
    definition = _object(entries, element.span, complete=not element.open)
    definition.node = element.node
    return ToolDefinition(
        kind="declarative",
        definition=definition,
        registered_at=element.span,
        script=element.script,
        element=element.node,
        integration=element.library,
    )


def _attribute_value(element: Element, name: str) -> Value:
    attr = element.attr(name)
    value = element.string(name)
    span = (attr.value_span or attr.span) if attr is not None else element.span
    if isinstance(value, str):
        return Value("string", value, span)
    return unknown(span)


def _schema(form: Form) -> Value:
    span = form.element.span
    properties: list[tuple[str, Value]] = []
    required: list[Value] = []
    complete = form.complete
    required_complete = form.complete
    for group in form.groups:
        if group.conflict and not group.uncertain:
            continue  # Chromium drops the parameter
        if group.uncertain:
            complete = False
            required_complete = False
            if group.conflict:
                continue
        prop = _group_property(group, form)
        if prop is None:
            continue
        properties.append((group.name, prop))
        is_required = _or(*(c.has("required") for c in group.controls))
        if is_required is True:
            required.append(Value("string", group.name, Span.of(group.controls[0].node)))
        elif is_required is UNKNOWN:
            required_complete = False
    return _object(
        [
            ("type", Value("string", "object", span)),
            ("properties", _object(properties, span, complete)),
            ("required", Value("array", required, span, complete=required_complete)),
        ],
        span,
    )


def _group_property(group: Group, form: Form) -> Value | None:
    first = group.controls[0]
    span = first.span
    if len(group.controls) > 1:
        kind = _type_of(first)
        choices = _choices(group.controls, form)
        description = _group_description(group, form)
        if kind == "radio":
            return _object([*_enum(choices, span), *_described(description, span)], span)
        items = _object(_enum(choices, span), span)
        return _object(
            [
                ("type", _string("array", span)),
                ("items", items),
                ("uniqueItems", Value("boolean", True, span)),
                *_described(description, span),
            ],
            span,
        )
    if first.tag == "textarea":
        description = describe(first, form.markup)
        return _object([("type", _string("string", span)), *_described(description, span)], span)
    if first.tag == "select":
        return _select(first, form)
    if first.tag != "input":
        return None  # button, fieldset, output: never a parameter
    return _input(first, form)


def _input(control: Element, form: Form) -> Value | None:
    kind = input_type(control)
    span = control.span
    if kind is UNKNOWN:
        return unknown(span)
    if kind in NO_PARAMETER_TYPES:
        return None
    description = describe(control, form.markup)
    entries: list[tuple[str, Value]]
    if kind in STRING_TYPES:
        entries = [("type", _string("string", span))]
    elif kind in ("number", "range"):
        entries = [("type", _string("number", span)), *_numeric(control, kind)]
    elif kind == "date":
        entries = [("type", _string("string", span)), ("format", _string("date", span))]
        return _object([*entries, ("description", _date_description(description, span))], span)
    elif kind in FORMATS:
        entries = [("type", _string("string", span)), ("format", _string(FORMATS[kind], span))]
    elif kind == "checkbox":
        entries = [("type", _string("boolean", span))]
    else:  # a radio button alone: a one-value enum
        choices = _choices([control], form)
        entries = _enum(choices, span)
    if kind in PATTERN_TYPES:
        pattern = control.string("pattern")
        if pattern is not None:
            entries.append(("pattern", _attribute_value(control, "pattern")))
    return _object([*entries, *_described(description, span)], span)


def _numeric(control: Element, kind: str) -> list[tuple[str, Value]]:
    """minimum, maximum and multipleOf of a number or range input, as Chromium emits them.

    Invalid numbers are ignored; a range defaults to 0..100 and its maximum is never
    below its minimum. `multipleOf` is the step (1 by default, none for a number with
    step="any") and only appears when the step base (min, else value, else 0) is itself
    a multiple of it, since JSON Schema's multipleOf counts from zero.
    """
    span = control.span
    raw = {name: control.string(name) for name in ("min", "max", "step", "value")}
    if any(value is UNKNOWN for value in raw.values()):
        return [("minimum", unknown(span)), ("maximum", unknown(span))]
    minimum, maximum = parse_float(raw["min"]), parse_float(raw["max"])
    if kind == "range":
        minimum = minimum if minimum is not None else Decimal(0)
        maximum = maximum if maximum is not None else Decimal(100)
        maximum = max(maximum, minimum)
    found: list[tuple[str, Value]] = []
    if minimum is not None:
        found.append(("minimum", _number(minimum, span)))
    if maximum is not None:
        found.append(("maximum", _number(maximum, span)))
    step_text = (raw["step"] or "").strip().lower()
    if step_text == "any" and kind == "number":
        return found
    step = parse_float(raw["step"])
    if step is None or step <= 0:
        step = Decimal(1)
    base = parse_float(raw["min"])
    if base is None:
        base = parse_float(raw["value"])
    if base is None or _is_multiple(base, step):
        found.append(("multipleOf", _number(step, span)))
    return found


def _is_multiple(number: Decimal, step: Decimal) -> bool:
    try:
        return _EXACT.remainder(number, step) == 0
    except InvalidOperation:
        return False


def parse_float(text: str | None) -> Decimal | None:
    """An HTML floating-point number as Chromium parses it for number and range inputs
    (no whitespace, no `+`, no trailing `.`), or None."""
    if text is None or not _FLOAT.compiled.fullmatch(text) or text.endswith("."):
        return None
    try:
        value = float(text)
    except ValueError:
        return None
    if value in (float("inf"), float("-inf")):
        return None
    try:
        return Decimal(repr(value)) + 0  # `+ 0` turns -0 into 0
    except InvalidOperation:
        return None


def _select(control: Element, form: Form) -> Value:
    span = control.span
    options: list[Element] = []
    uncertain = False
    for element in control.elements():
        if element.component or UNKNOWN_CONTENT in element.children:
            uncertain = True
        if element.tag == "option":
            options.append(element)
            uncertain = uncertain or _conditional_within(element, control)
    if UNKNOWN_CONTENT in control.children or uncertain:
        choices: Any = UNKNOWN
    else:
        choices = [(_option_value(o), _option_title(o), o.span) for o in options]
    entries = _enum(choices, span)
    multiple = control.has("multiple")
    description = _described(describe(control, form.markup), span)
    if multiple is UNKNOWN:
        return unknown(span)
    if multiple:
        items = _object(entries, span)
        return _object(
            [
                ("type", _string("array", span)),
                ("items", items),
                ("uniqueItems", Value("boolean", True, span)),
                *description,
            ],
            span,
        )
    return _object([*entries, *description], span)


def _conditional_within(element: Element, container: Element) -> bool:
    node: Element | None = element
    while node is not None and node is not container:
        if node.conditional:
            return True
        node = node.parent
    return False


def _option_value(option: Element) -> Any:
    value = option.string("value")
    if value is not None:
        return value
    content = text_of(option)
    if content is UNKNOWN:
        return UNKNOWN
    return " ".join(re.split(r"[ \t\n\f\r]+", content.strip(" \t\n\f\r")))


def _option_title(option: Element) -> Any:
    return text_of(option)


def _choices(controls: list[Element], form: Form) -> list[Any]:
    """(value, title, span) of radio buttons or checkboxes: the title is the text of their
    labels, left out when empty."""
    choices = []
    for control in controls:
        value = control.string("value")
        title = join_labels(labels_of(control, form.markup))
        choices.append(
            ("on" if value is None else value, title if title != "" else None, control.span)
        )
    return choices


def _enum(choices: Any, span: Span) -> list[tuple[str, Value]]:
    """`type`, `anyOf` (each choice with its `const` and, when it has one, `title`) and `enum`."""
    if choices is UNKNOWN:
        return [
            ("type", _string("string", span)),
            ("anyOf", unknown(span)),
            ("enum", unknown(span)),
        ]
    any_of = []
    values = []
    for value, title, where in choices:
        const = _string(value, where) if isinstance(value, str) else unknown(where)
        entry = [("type", _string("string", where)), ("const", const)]
        if title is UNKNOWN:
            entry.append(("title", unknown(where)))
        elif title is not None:
            entry.append(("title", _string(title, where)))
        any_of.append(_object(entry, where))
        values.append(const)
    return [
        ("type", _string("string", span)),
        ("anyOf", Value("array", any_of, span)),
        ("enum", Value("array", values, span)),
    ]


# -- descriptions --------------------------------------------------------------------------


class Description(Struct, frozen=True):
    """Where a parameter's description comes from, and its text (UNKNOWN when bound)."""

    text: Any
    span: Span
    source: str  # "toolparamdescription", "label", "aria-description" or "fieldset"


def describe(control: Element, markup: MarkupDocument) -> Any:
    """A control's description as Chromium picks it: a non-empty `toolparamdescription`,
    else its labels' texts (each trimmed, joined with "; "), else `aria-description`.
    None when it has none; UNKNOWN when that cannot be known."""
    own = control.string("toolparamdescription")
    if own is UNKNOWN:
        return UNKNOWN
    if own:
        return Description(
            own, _value_span(control, "toolparamdescription"), "toolparamdescription"
        )
    labels = labels_of(control, markup)
    joined = join_labels(labels)
    if joined is UNKNOWN:
        return UNKNOWN
    if joined:
        return Description(joined, labels[0].span, "label")
    aria = control.string("aria-description")
    if aria is UNKNOWN:
        return UNKNOWN
    if aria:
        return Description(aria, _value_span(control, "aria-description"), "aria-description")
    return None


def _group_description(group: Group, form: Form) -> Any:
    """A radio or checkbox group is described only by the `toolparamdescription` of the
    nearest fieldset holding all its controls (inside the form)."""
    common = _common_ancestor(group.controls, form.markup)
    node: Element | None = common
    while node is not None and node is not form.element:
        if node.component:
            return UNKNOWN
        if node.tag == "fieldset":
            text = node.string("toolparamdescription")
            if text is UNKNOWN:
                return UNKNOWN
            if text:
                return Description(text, _value_span(node, "toolparamdescription"), "fieldset")
            return None
        node = node.parent
    return None


def _common_ancestor(elements: list[Element], markup: MarkupDocument) -> Element | None:
    """The deepest element that is, or holds, every one of `elements`. Each walk up stops
    at an element an earlier walk passed, which is on the line of the common ancestor so
    far: the higher of the two is the new one."""
    common = elements[0]
    seen = {id(common), *(id(a) for a in common.ancestors())}
    for element in elements[1:]:
        node: Element | None = element
        while node is not None and id(node) not in seen:
            seen.add(id(node))
            node = node.parent
        if node is None:
            return None
        if markup.levels[id(node)] < markup.levels[id(common)]:
            common = node
    return common


def _date_description(description: Any, span: Span) -> Value:
    if description is UNKNOWN:
        return unknown(span)
    if description is None:
        return _string(DATE_HINT, span)
    return _string(f"{description.text} ({DATE_HINT})", description.span)


def _described(description: Any, span: Span) -> list[tuple[str, Value]]:
    if description is None:
        return []
    if description is UNKNOWN:
        return [("description", unknown(span))]
    return [("description", _string(description.text, description.span))]


def _value_span(element: Element, name: str) -> Span:
    attr = element.attr(name)
    if attr is None:
        return element.span
    return attr.value_span or attr.span


def labels_of(control: Element, markup: MarkupDocument) -> Any:
    """The `<label>` elements of a control in document order, or UNKNOWN when a label
    could come from a component or a binding."""
    if _is_labelable(control) is not True:
        return []
    if id(control) in markup.in_component:
        return UNKNOWN  # a component around the control may wrap it in a label
    identifier = control.string("id")
    if identifier is UNKNOWN or (identifier is not None and markup.unknown_label_targets):
        return UNKNOWN
    if id(control) in markup.in_unsure_label:
        return UNKNOWN
    return markup.labels.get(id(control), [])


def _is_labelable(element: Element) -> Any:
    if element.component or element.tag not in LABELABLE:
        return UNKNOWN if element.component else False
    if element.tag == "input":
        kind = input_type(element)
        return UNKNOWN if kind is UNKNOWN else kind != "hidden"
    return True


def _first_labelable(label: Element) -> Any:
    for element in label.elements():
        labelable = _is_labelable(element)
        if labelable is not False:
            return UNKNOWN if labelable is UNKNOWN else element
    return None


def join_labels(labels: Any) -> Any:
    if labels is UNKNOWN:
        return UNKNOWN
    texts = []
    for label in labels:
        content = text_of(label, skip=LABELABLE)
        if content is UNKNOWN:
            return UNKNOWN
        texts.append(strip_space(content))
    return "; ".join(texts)


def text_of(element: Element, skip: frozenset[str] = frozenset()) -> Any:
    """The text inside an element (its textContent), leaving out elements of the tags
    in `skip`; UNKNOWN when part of it is bound."""
    parts: list[str] = []
    stack: list[Any] = list(reversed(element.children))
    while stack:
        child = stack.pop()
        if isinstance(child, Element):
            if child.tag in skip:
                continue
            if child.component:
                return UNKNOWN
            stack.extend(reversed(child.children))
        elif child in (UNKNOWN_TEXT, UNKNOWN_CONTENT):
            return UNKNOWN
        else:
            parts.append(child)
    return "".join(parts)


def strip_space(text: str) -> str:
    """Trimmed as Chromium trims label text: ASCII whitespace and Unicode spaces of the
    bidi class WS (an em space goes, a no-break space stays)."""
    start, end = 0, len(text)
    while start < end and _is_space(text[start]):
        start += 1
    while end > start and _is_space(text[end - 1]):
        end -= 1
    return text[start:end]


def _is_space(char: str) -> bool:
    if char in " \t\n\v\f\r":
        return True
    return ord(char) > 0x7F and unicodedata.bidirectional(char) == "WS"


# -- values ----------------------------------------------------------------------------------


def _string(text: str, span: Span) -> Value:
    return Value("string", text, span)


def _number(number: Decimal, span: Span) -> Value:
    integral = number == number.to_integral_value() and abs(number) < Decimal("1e21")
    return Value("number", int(number) if integral else float(number), span)


def _object(entries: list[tuple[str, Value]], span: Span, complete: bool = True) -> Value:
    data = {key: Entry(key, value.span, value) for key, value in entries}
    return Value("object", data, span, complete=complete)


def iter_tools(declarative: Declarative) -> Iterator[ToolDefinition]:
    for form in declarative.forms:
        if form.tool is not None:
            yield form.tool
