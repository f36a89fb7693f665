"""A tool form's control that becomes a parameter without a name."""

from __future__ import annotations

import re

from webmcp_lint import LazyPattern
from webmcp_lint.checks import Context, check
from webmcp_lint.checks._forms import parameter_controls, registered_forms, sensitive_field
from webmcp_lint.extract.declarative import control_name
from webmcp_lint.model import UNKNOWN, FileModel
from webmcp_lint.model.dom import Element

# Words of a control that takes a secret (a card number, its code or expiry, a password):
# left without a name on purpose, so the user fills it, not the agent.
_SECRET_WORDS = LazyPattern(
    r"card|cvv|cvc|csc|expir|security.?code|password|passcode|\bpin\b|one.?time", re.I
)


_UNNAMED = (
    ": Chromium makes it a parameter with an empty name (or drops it when another control "
    "has no name either), so the agent cannot fill it meaningfully. Add a `name` that says "
    "what it holds."
)
MESSAGES = {
    "control-without-name": "This control has no `name`" + _UNNAMED,
    "described-control-without-name": (
        "This control has a `toolparamdescription` but no `name`" + _UNNAMED
    ),
}


@check(messages=MESSAGES)
def form_param_name(model: FileModel, ctx: Context) -> None:
    for form in registered_forms(model):
        for control in parameter_controls(form):
            if control.value("name") is not None or control_name(control) is UNKNOWN:
                continue
            if _takes_a_secret(control):
                continue  # naming it would hand the user's secret to the agent
            described = control.attr("toolparamdescription") is not None
            message_id = "described-control-without-name" if described else "control-without-name"
            ctx.report(control.span, message_id)


def _takes_a_secret(control: Element) -> bool:
    """A field for a password, a one-time code or payment card data, by its type, its
    `autocomplete` or the words of its id, placeholder and label attributes."""
    if sensitive_field(control) is not None:
        return True
    for attribute in ("id", "placeholder", "aria-label", "title", "class", "data-field"):
        written = control.string(attribute)
        if isinstance(written, str) and _SECRET_WORDS.compiled.search(written):
            return True
    return False
