"""A password, one-time code or payment card field in a tool form."""

from __future__ import annotations

from webmcp_lint.checks import Context, check
from webmcp_lint.checks._forms import parameter_controls, registered_forms
from webmcp_lint.extract.declarative import control_name, input_type
from webmcp_lint.model import FileModel
from webmcp_lint.model.dom import Element

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


@check()
def form_sensitive_field(model: FileModel, ctx: Context) -> None:
    for form in registered_forms(model):
        for control in parameter_controls(form):
            what = _sensitive(control)
            if what is None:
                continue
            name = control_name(control)
            shown = f' "{name}"' if isinstance(name, str) and name else ""
            ctx.report(
                control.span,
                f"This field takes {what}, and Chromium exposes it to the agent as the tool "
                f"parameter{shown}: the agent would be asked to supply (or could read back) the "
                "user's secret. Leave it out of the tool form and let the user enter it.",
            )


def _sensitive(control: Element) -> str | None:
    if control.tag == "input" and input_type(control) == "password":
        return "a password"
    autocomplete = control.string("autocomplete")
    if not isinstance(autocomplete, str) or not autocomplete.split():
        return None
    return SENSITIVE_AUTOCOMPLETE.get(autocomplete.split()[-1].lower())
