"""A tool form's control that becomes a parameter without a name."""

from __future__ import annotations

from webmcp_lint.checks import Context, check
from webmcp_lint.checks._forms import parameter_controls, registered_forms
from webmcp_lint.extract.declarative import control_name
from webmcp_lint.model import UNKNOWN, FileModel


@check()
def form_param_name(model: FileModel, ctx: Context) -> None:
    for form in registered_forms(model):
        for control in parameter_controls(form):
            if control.value("name") is not None or control_name(control) is UNKNOWN:
                continue
            described = control.attr("toolparamdescription") is not None
            opening = "has a `toolparamdescription` but no `name`" if described else "has no `name`"
            ctx.report(
                control.span,
                f"This control {opening}: Chromium makes it a parameter with an empty name "
                "(or drops it when another control has no name either), so the agent cannot "
                "fill it meaningfully. Add a `name` that says what it holds.",
            )
