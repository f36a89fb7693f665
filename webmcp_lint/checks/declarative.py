"""Declarative tools: `<form toolname>` attributes, parameters and autosubmit."""

from __future__ import annotations

import re
from collections.abc import Iterator

from webmcp_lint.checks import Context as CheckContext
from webmcp_lint.checks import legacy_check as check
from webmcp_lint.diagnostics import Finding, Related
from webmcp_lint.extract.declarative import (
    NO_PARAMETER_TYPES,
    TOOL_ATTRIBUTES,
    VALID_NAME,
    control_name,
    describe,
    input_type,
    is_disabled,
    is_read_only,
)
from webmcp_lint.model import UNKNOWN, FileModel, Form, Group, Page
from webmcp_lint.model.dom import Attr, Element

PARAMETER_TAGS = frozenset({"input", "select", "textarea"})
OFF_VALUES = frozenset({"false", "no", "off", "0", "none", "disabled", "null", "undefined"})


def _forms(model: FileModel) -> list[Form]:
    return model.declarative.forms if model.declarative is not None else []


def _pages(model: FileModel) -> list[Page]:
    return model.declarative.pages if model.declarative is not None else []


# -- form-tool-attributes ------------------------------------------------------------------


@check("form-tool-attributes")
def form_tool_attributes(model: FileModel, context: CheckContext) -> Iterator[Finding]:
    for form in _forms(model):
        yield from _form_attributes(form.element)
    for page in _pages(model):
        for element in page.document.elements:
            if element.ignored or element.component:
                continue
            yield from _misplaced(element, page)


def _form_attributes(form: Element) -> Iterator[Finding]:
    name, description = form.value("toolname"), form.value("tooldescription")
    for present, missing in (("toolname", "tooldescription"), ("tooldescription", "toolname")):
        attr = form.attr(present)
        if attr is not None and form.value(missing) is None:
            yield Finding(
                "form-tool-attributes",
                f"This form has `{present}` but no `{missing}`: Chromium registers a form as "
                f"a tool only with both, so agents never see it. Add `{missing}`.",
                attr.span,
            )
    text = form.string("toolname")
    if isinstance(text, str) and not VALID_NAME.fullmatch(text) and description is not None:
        attr = form.attr("toolname")
        assert attr is not None and name is not None
        suggestion = re.sub(r"[^A-Za-z0-9_.\-]+", "_", text.strip()).strip("_")[:128]
        hint = f' Try "{suggestion}".' if suggestion else ""
        yield Finding(
            "form-tool-attributes",
            f"The tool name {_quote(text)} is not 1-128 characters of A-Z, a-z, 0-9, _, - "
            f"and .: Chromium silently skips the form, so agents never see it.{hint}",
            attr.value_span or attr.span,
        )


def _misplaced(element: Element, page: Page) -> Iterator[Finding]:
    written = [element.attrs[name] for name in TOOL_ATTRIBUTES if name in element.attrs]
    if written and not page.is_form(element):
        names = ", ".join(f"`{attr.raw_name}`" for attr in written)
        where = (
            "a form nested in another form (the HTML parser drops the inner <form> tag)"
            if element.tag == "form"
            else f"a <{element.tag}>, not a <form>"
        )
        yield Finding(
            "form-tool-attributes",
            f"{names} {'is' if len(written) == 1 else 'are'} on {where}, so the browser "
            "ignores them and no tool is registered. Put the tool attributes on the <form>.",
            written[0].span,
        )
    attr = element.attr("toolparamdescription")
    if attr is None or element.tag == "fieldset":
        return
    if element.tag not in PARAMETER_TAGS:
        yield Finding(
            "form-tool-attributes",
            f"`toolparamdescription` on a <{element.tag}> is ignored: it describes a parameter "
            "only on an input, select, textarea, or a fieldset around a radio or checkbox group. "
            "Move it to the control.",
            attr.span,
        )
    elif element.tag == "input" and input_type(element) in NO_PARAMETER_TYPES:
        kind = input_type(element)
        yield Finding(
            "form-tool-attributes",
            f'`toolparamdescription` on an input of type "{kind}" is ignored: Chromium never '
            "makes such a control a parameter. Remove it, or describe a control the agent fills.",
            attr.span,
        )


def _quote(text: str) -> str:
    shown = text if len(text) <= 60 else text[:57] + "..."
    return '"' + shown.replace('"', '\\"') + '"'


# -- parameters ------------------------------------------------------------------------------


def _kind(control: Element) -> str:
    if control.tag == "input":
        kind = input_type(control)
        if kind == "radio":
            return "a radio button"
        if kind == "checkbox":
            return "a checkbox"
        return f"a {kind} input" if isinstance(kind, str) else "an input"
    return f"a <{control.tag}>"


@check("form-param-conflict")
def form_param_conflict(model: FileModel, context: CheckContext) -> Iterator[Finding]:
    for form in _forms(model):
        if form.tool is None:
            continue
        for group in form.groups:
            if not group.conflict or group.uncertain or group.name == "":
                continue
            first, second = group.controls[0], group.controls[1]
            kinds = " and ".join(dict.fromkeys(_kind(c) for c in group.controls[:3]))
            yield Finding(
                "form-param-conflict",
                f'{len(group.controls)} controls are named "{group.name}" ({kinds}): Chromium '
                f'drops the "{group.name}" parameter from the tool, so the agent cannot fill '
                "it. Give each control its own name (only radio buttons, or only checkboxes, "
                "may share one).",
                second.span,
                related=(Related(first.span, "first control with this name"),),
            )


def _parameter_controls(form: Form) -> Iterator[Element]:
    """Controls that become parameters (when named): not disabled or read-only, and not
    hidden, file or button-like."""
    for control in form.controls:
        if control.tag not in PARAMETER_TAGS:
            continue
        if control.tag == "input" and input_type(control) in NO_PARAMETER_TYPES:
            continue
        if is_disabled(control) is not False or is_read_only(control) is not False:
            continue
        yield control


@check("form-param-name")
def form_param_name(model: FileModel, context: CheckContext) -> Iterator[Finding]:
    for form in _forms(model):
        if form.tool is None:
            continue
        for control in _parameter_controls(form):
            if control.value("name") is not None or control_name(control) is UNKNOWN:
                continue
            described = control.attr("toolparamdescription") is not None
            opening = "has a `toolparamdescription` but no `name`" if described else "has no `name`"
            yield Finding(
                "form-param-name",
                f"This control {opening}: Chromium makes it a parameter with an empty name "
                "(or drops it when another control has no name either), so the agent cannot "
                "fill it meaningfully. Add a `name` that says what it holds.",
                control.span,
            )


@check("form-param-description")
def form_param_description(model: FileModel, context: CheckContext) -> Iterator[Finding]:
    for form in _forms(model):
        if form.tool is None:
            continue
        for group in form.groups:
            if group.conflict or group.uncertain or group.name == "":
                continue
            yield from _undescribed(group, form)


def _undescribed(group: Group, form: Form) -> Iterator[Finding]:
    first = group.controls[0]
    if first.tag not in PARAMETER_TAGS:
        return
    if first.tag == "input" and input_type(first) in NO_PARAMETER_TYPES:
        return
    if len(group.controls) > 1:
        if _group_described(group, form):
            return
        yield Finding(
            "form-param-description",
            f'The {_kind(first)[2:]} group "{group.name}" has no description: Chromium '
            "describes a group only by a `toolparamdescription` on a <fieldset> around it, so "
            "the agent sees a bare name. Wrap the group in <fieldset toolparamdescription=...>.",
            first.span,
        )
        return
    if describe(first, form.page) is not None:
        return
    yield Finding(
        "form-param-description",
        f'The parameter "{group.name}" has no description (no `toolparamdescription`, '
        "<label> or `aria-description`), so the agent sees a bare name. Add "
        "toolparamdescription with what to enter, or a <label>.",
        first.span,
    )


def _group_described(group: Group, form: Form) -> bool:
    schema = form.tool.input_schema if form.tool is not None else None
    properties = schema.get("properties") if schema is not None else None
    prop = properties.get(group.name) if properties is not None else None
    return prop is None or not prop.known or prop.get("description") is not None


# -- autosubmit --------------------------------------------------------------------------------


def _react(model: FileModel) -> bool:
    """Whether a JSX file is React (which drops `true` given to an unknown attribute)."""
    text = model.source.text
    return re.search(rb"""from\s+["'](react|react-dom|next)(/[^"']*)?["']""", text) is not None


def _autosubmit(form: Form, react: bool) -> tuple[Attr | None, object]:
    """The toolautosubmit attribute and whether the browser gets it: True, False or UNKNOWN."""
    element = form.element
    attr = element.attr("toolautosubmit")
    if attr is None:
        return None, False
    value = attr.value
    if value is UNKNOWN:
        return attr, UNKNOWN
    if value is True:
        return attr, not (element.script is not None and react)
    if value is False:  # Vue and Svelte render false as "false"; Astro leaves it out
        return attr, element.language in ("vue", "svelte")
    return attr, True


@check("form-autosubmit-value")
def form_autosubmit_value(model: FileModel, context: CheckContext) -> Iterator[Finding]:
    react = _react(model)
    for form in _forms(model):
        attr, on = _autosubmit(form, react)
        if attr is None:
            continue
        value = attr.value
        if value is True and on is False:
            yield Finding(
                "form-autosubmit-value",
                "React leaves out an unknown attribute whose value is `true`, so this form "
                'never gets `toolautosubmit`. Write toolautosubmit="" to switch it on.',
                attr.span,
            )
            continue
        written = "false" if value is False else value
        if on is True and isinstance(written, str) and written.strip().lower() in OFF_VALUES:
            yield Finding(
                "form-autosubmit-value",
                f'`toolautosubmit` is a boolean attribute: any value, even "{written}", '
                "switches it on, so the agent submits this form without the user. Remove "
                "the attribute to keep the user in control.",
                attr.span,
            )


# Words that say a form pays, orders, deletes, sends or transfers.
CONSEQUENTIAL = {
    "pays": {"pay", "pays", "payment", "purchase", "purchases", "buy", "buys", "checkout"},
    "deletes": {"delete", "deletes", "remove", "removes", "erase", "destroy", "purge"},
    "sends": {"send", "sends"},
    "transfers": {"transfer", "transfers", "wire", "withdraw", "donate"},
}
ORDER_VERBS = frozenset({"place", "places", "submit", "submits", "confirm", "confirms"})
ARTICLES = frozenset({"the", "a", "an", "your", "my", "this"})
READ_VERBS = frozenset(
    {"search", "find", "get", "list", "show", "view", "check", "track", "lookup", "filter"}
    | {"sort", "browse", "preview", "calculate", "estimate", "compare", "query", "read"}
)


def words(text: str) -> list[str]:
    spaced = re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", text)
    return [w.lower() for w in re.split(r"[^A-Za-z0-9]+", spaced) if w]


def consequence(text: str, leading: bool) -> tuple[str, str] | None:
    """What a text says the form does ("pays", ...) and the word that says it. `leading`
    texts (a description, a button label) also count an "order" that starts them."""
    found = words(text)
    if leading and found and found[0] in ("order", "orders"):
        return "orders", found[0]
    for index, word in enumerate(found):
        if word in ("order", "orders"):  # "place order", "places the order"
            start = index - 1
            if start > 0 and found[start] in ARTICLES:
                start -= 1
            if start >= 0 and found[start] in ORDER_VERBS:
                return "orders", " ".join(found[start : index + 1])
        for verb, vocabulary in CONSEQUENTIAL.items():
            if word in vocabulary:
                return verb, word
    return None


@check("form-autosubmit-consequential")
def form_autosubmit_consequential(model: FileModel, context: CheckContext) -> Iterator[Finding]:
    react = _react(model)
    for form in _forms(model):
        attr, on = _autosubmit(form, react)
        if attr is None or on is not True or form.tool is None:
            continue
        name = form.element.string("toolname")
        if isinstance(name, str) and words(name)[:1] and words(name)[0] in READ_VERBS:
            continue
        for where, text, leading in _signals(form):
            found = consequence(text, leading)
            if found is None:
                continue
            verb, word = found
            yield Finding(
                "form-autosubmit-consequential",
                f"`toolautosubmit` lets the agent submit this form without the user, and the "
                f'form looks like it {verb} ("{word}" in {where}). Remove toolautosubmit so '
                "the user reviews and submits it.",
                attr.span,
            )
            break


def _signals(form: Form) -> Iterator[tuple[str, str, bool]]:
    element = form.element
    # "Order" leads a description or a button label as a verb ("Orders a pizza", "Order
    # now"), but a tool name as a noun as often as not (order_status).
    for attribute, where, leading in (
        ("toolname", "the tool name", False),
        ("tooldescription", "the description", True),
        ("action", "the action URL", False),
    ):
        value = element.string(attribute)
        if isinstance(value, str):
            yield where, value, leading
    for control in form.controls:
        label = _submit_label(control)
        if label:
            yield "the submit button", label, True


def _submit_label(control: Element) -> str | None:
    if control.tag == "input" and input_type(control) in ("submit", "image"):
        value = control.string("value")
        return value if isinstance(value, str) else None
    if control.tag == "button" and control.string("type") in (None, "submit"):
        parts = [c for c in control.children if isinstance(c, str) and not c.startswith("\x00")]
        return " ".join("".join(parts).split()) or None
    return None


# -- sensitive fields ----------------------------------------------------------------------------

SENSITIVE_AUTOCOMPLETE = {
    "current-password": "a password",
    "new-password": "a password",
    "one-time-code": "a one-time code",
    "cc-number": "a payment card number",
    "cc-csc": "a card security code",
    "cc-exp": "a card expiry date",
    "cc-exp-month": "a card expiry date",
    "cc-exp-year": "a card expiry date",
}


@check("form-sensitive-field")
def form_sensitive_field(model: FileModel, context: CheckContext) -> Iterator[Finding]:
    for form in _forms(model):
        if form.tool is None:
            continue
        for control in _parameter_controls(form):
            what = _sensitive(control)
            if what is None:
                continue
            name = control_name(control)
            shown = f' "{name}"' if isinstance(name, str) and name else ""
            yield Finding(
                "form-sensitive-field",
                f"This field takes {what}, and Chromium exposes it to the agent as the tool "
                f"parameter{shown}: the agent would be asked to supply (or could read back) the "
                "user's secret. Leave it out of the tool form and let the user enter it.",
                control.span,
            )


def _sensitive(control: Element) -> str | None:
    if control.tag == "input" and input_type(control) == "password":
        return "a password"
    autocomplete = control.string("autocomplete")
    if not isinstance(autocomplete, str) or not autocomplete.split():
        return None
    return SENSITIVE_AUTOCOMPLETE.get(autocomplete.split()[-1].lower())
