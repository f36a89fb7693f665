"""What several declarative-tool rules ask of a `<form toolname>`: its controls that
become parameters, what kind of control one is, and whether it autosubmits."""

from __future__ import annotations

import re
from collections.abc import Iterator

from webmcp_lint import LazyPattern
from webmcp_lint.extract.declarative import (
    NO_PARAMETER_TYPES,
    input_type,
    is_disabled,
    is_read_only,
)
from webmcp_lint.model import UNKNOWN, FileModel, Form
from webmcp_lint.model.dom import Attr, Element

PARAMETER_TAGS = frozenset({"input", "select", "textarea"})


def forms(model: FileModel) -> list[Form]:
    return model.declarative.forms if model.declarative is not None else []


def registered_forms(model: FileModel) -> Iterator[Form]:
    """The forms Chromium registers as tools."""
    return (form for form in forms(model) if form.tool is not None)


def control_kind(control: Element) -> str:
    """ "a radio button", "a number input", "a <select>"..."""
    if control.tag == "input":
        kind = input_type(control)
        if kind == "radio":
            return "a radio button"
        if kind == "checkbox":
            return "a checkbox"
        return f"a {kind} input" if isinstance(kind, str) else "an input"
    return f"a <{control.tag}>"


def parameter_controls(form: Form) -> Iterator[Element]:
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


_REACT_IMPORT = re.compile(rb"""from\s+["'](react|react-dom|next)(/[^"']*)?["']""")
_PREACT_IMPORT = LazyPattern(rb"""from\s+["']preact(/[^"']*)?["']""")


def is_react(model: FileModel) -> bool:
    """Whether a JSX file is React (which drops `true` given to an unknown attribute, and
    hands `onSubmit` a SyntheticEvent): it imports React, or it is a JSX file of a
    project that lists React (whose automatic JSX runtime needs no import, React 17+),
    and not Preact."""
    text = model.source.text
    if _REACT_IMPORT.search(text) is not None:
        return True
    return (
        model.project.framework("react") is not None and _jsx_file(model) and not is_preact(model)
    )


def is_preact(model: FileModel) -> bool:
    """Whether a JSX file is Preact, whose `onSubmit` gets the native event: it imports
    Preact, or its project lists Preact and not React."""
    if _PREACT_IMPORT.compiled.search(model.source.text) is not None:
        return True
    project = model.project
    return project.framework("preact") is not None and project.framework("react") is None


def _jsx_file(model: FileModel) -> bool:
    return model.source.display_path.endswith((".jsx", ".tsx"))


def autosubmit(form: Form, react: bool) -> tuple[Attr | None, object]:
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


def sensitive_field(control: Element) -> str | None:
    """What secret a control takes (`a password`, `a payment card number`), or None."""
    if control.tag == "input" and input_type(control) == "password":
        return "a password"
    autocomplete = control.string("autocomplete")
    if not isinstance(autocomplete, str) or not autocomplete.split():
        return None
    return SENSITIVE_AUTOCOMPLETE.get(autocomplete.split()[-1].lower())
