"""A password, one-time code or payment card field in a tool form."""

from __future__ import annotations

from webmcp_lint.checks import Context, check
from webmcp_lint.checks._forms import parameter_controls, registered_forms, sensitive_field
from webmcp_lint.extract.declarative import control_name
from webmcp_lint.model import FileModel

_SECRET = (
    ": the agent would be asked to supply (or could read back) the user's secret. Leave it "
    "out of the tool form and let the user enter it."
)
MESSAGES = {
    "sensitive-parameter": (
        "This field takes {{what}}, and Chromium exposes it to the agent as the tool "
        'parameter "{{name}}"' + _SECRET
    ),
    "sensitive-unnamed-parameter": (
        "This field takes {{what}}, and Chromium exposes it to the agent as the tool "
        "parameter" + _SECRET
    ),
}


@check(messages=MESSAGES)
def form_sensitive_field(model: FileModel, ctx: Context) -> None:
    for form in registered_forms(model):
        for control in parameter_controls(form):
            what = sensitive_field(control)
            if what is None:
                continue
            name = control_name(control)
            if isinstance(name, str) and name:
                ctx.report(control.span, "sensitive-parameter", what=what, name=name)
            else:
                ctx.report(control.span, "sensitive-unnamed-parameter", what=what)
