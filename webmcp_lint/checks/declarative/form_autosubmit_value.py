"""A `toolautosubmit` value that does not do what it says: "false" that switches it on, or
`true` that React leaves out."""

from __future__ import annotations

from webmcp_lint.checks import Context, check
from webmcp_lint.checks._forms import autosubmit, forms, is_react
from webmcp_lint.model import FileModel

OFF_VALUES = frozenset({"false", "no", "off", "0", "none", "disabled", "null", "undefined"})


MESSAGES = {
    "react-drops-true": (
        "React leaves out an unknown attribute whose value is `true`, so this form never gets "
        '`toolautosubmit`. Write toolautosubmit="" to switch it on.'
    ),
    "off-value-switches-on": (
        '`toolautosubmit` is a boolean attribute: any value, even "{{value}}", switches it '
        "on, so the agent submits this form without the user. Remove the attribute to keep "
        "the user in control."
    ),
}


@check(messages=MESSAGES)
def form_autosubmit_value(model: FileModel, ctx: Context) -> None:
    react = is_react(model)
    for form in forms(model):
        attr, on = autosubmit(form, react)
        if attr is None:
            continue
        value = attr.value
        if value is True and on is False:
            ctx.report(attr.span, "react-drops-true")
            continue
        written = "false" if value is False else value
        if on is True and isinstance(written, str) and written.strip().lower() in OFF_VALUES:
            ctx.report(attr.span, "off-value-switches-on", value=written)
