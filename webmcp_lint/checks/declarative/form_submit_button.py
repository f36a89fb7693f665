"""A tool form with neither a submit button nor `toolautosubmit`: Chromium refuses to
run it."""

from __future__ import annotations

from webmcp_lint import KeywordBytesPattern
from webmcp_lint.checks import Context, check
from webmcp_lint.checks._forms import autosubmit, is_react, registered_forms
from webmcp_lint.extract.declarative import input_type
from webmcp_lint.model import UNKNOWN, FileModel
from webmcp_lint.model.dom import UNKNOWN_CONTENT, Element

# A script that may add a control to the page (Chromium looks for the button when the
# agent runs the tool, so one added by script counts).
_ADDS_CONTROLS = KeywordBytesPattern(
    rb"""createElement\(\s*["'`](button|input)|innerHTML|outerHTML|insertAdjacentHTML""",
    needs=("createElement innerHTML outerHTML insertAdjacentHTML",),
)


MESSAGES = {
    "no-submit-button": (
        "This tool form has no submit button and no `toolautosubmit`, so Chromium refuses to "
        'run it: `executeTool` rejects with "UnknownError: No submit button was found" and '
        "the form is not even filled. Add a submit button for the user to confirm with, or "
        "`toolautosubmit` if the agent may submit it alone."
    ),
}


@check(messages=MESSAGES)
def form_submit_button(model: FileModel, ctx: Context) -> None:
    react = is_react(model)
    scripts_add_controls = any(
        _ADDS_CONTROLS.search(model.source.text, s.span.start, s.span.end) for s in model.scripts
    )
    names: set[str] = set()
    for form in registered_forms(model):
        name = form.element.string("toolname")
        if isinstance(name, str):
            if name in names:
                continue  # Chromium skips a second form of that name: tool-name-unique's
            names.add(name)
        # `complete` speaks for the form's descendants; content written straight in
        # the form (`{children}`, a slot) may render the button too.
        unknown_content = UNKNOWN_CONTENT in form.element.children
        if not form.complete or form.element.open or unknown_content or scripts_add_controls:
            continue
        attribute, on = autosubmit(form, react)
        if attribute is not None or on is not False:
            continue  # an attribute the framework drops is form-autosubmit-value's
        if any(_may_submit(control) for control in form.controls):
            continue
        where = form.element.attr("toolname")
        ctx.report(where.span if where is not None else form.element.span, "no-submit-button")


def _may_submit(control: Element) -> bool:
    """A submit button, or a control that may be one (its type is bound)."""
    if control.tag == "button":
        kind = control.string("type")
        if kind is UNKNOWN or kind is None:
            return True
        return str(kind).strip().lower() not in ("button", "reset")
    if control.tag == "input":
        kind = input_type(control)
        return kind is UNKNOWN or kind in ("submit", "image")
    return False
