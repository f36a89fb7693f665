"""Controls of one tool form that share a name Chromium cannot make one parameter of."""

from __future__ import annotations

from webmcp_lint.checks import Context, check
from webmcp_lint.checks._forms import control_kind, registered_forms
from webmcp_lint.diagnostics import Related
from webmcp_lint.model import FileModel

MESSAGES = {
    "conflicting-control-names": (
        '{{count}} controls are named "{{name}}" ({{kinds}}): Chromium drops the "{{name}}" '
        "parameter from the tool, so the agent cannot fill it. Give each control its own name "
        "(only radio buttons, or only checkboxes, may share one)."
    ),
}


@check(messages=MESSAGES)
def form_param_conflict(model: FileModel, ctx: Context) -> None:
    for form in registered_forms(model):
        for group in form.groups:
            if not group.conflict or group.uncertain or group.name == "":
                continue
            first, second = group.controls[0], group.controls[1]
            kinds = " and ".join(dict.fromkeys(control_kind(c) for c in group.controls[:3]))
            ctx.report(
                second.span,
                "conflicting-control-names",
                related=(Related(first.span, "first control with this name"),),
                count=len(group.controls),
                name=group.name,
                kinds=kinds,
            )
