"""Tool attributes a form is missing, a tool name Chromium skips, and tool attributes on
elements that ignore them."""

from __future__ import annotations

import re

from webmcp_lint.checks import Context, check
from webmcp_lint.checks._forms import PARAMETER_TAGS, forms
from webmcp_lint.checks._util import quoted
from webmcp_lint.extract.declarative import NO_PARAMETER_TYPES, TOOL_ATTRIBUTES, input_type
from webmcp_lint.model import FileModel, Page
from webmcp_lint.model.dom import Element
from webmcp_lint.model.tools import VALID_NAME


@check()
def form_tool_attributes(model: FileModel, ctx: Context) -> None:
    for form in forms(model):
        _form_attributes(form.element, ctx)
    pages = model.declarative.pages if model.declarative is not None else []
    for page in pages:
        for element in page.document.elements:
            if element.ignored or element.component:
                continue
            _misplaced(element, page, ctx)


def _form_attributes(form: Element, ctx: Context) -> None:
    name, description = form.value("toolname"), form.value("tooldescription")
    for present, missing in (("toolname", "tooldescription"), ("tooldescription", "toolname")):
        attr = form.attr(present)
        if attr is not None and form.value(missing) is None:
            ctx.report(
                attr.span,
                f"This form has `{present}` but no `{missing}`: Chromium registers a form as "
                f"a tool only with both, so agents never see it. Add `{missing}`.",
            )
    title = form.attr("tooltitle")
    if title is not None and name is None and description is None:
        ctx.report(
            title.span,
            "This form has `tooltitle` but neither `toolname` nor `tooldescription`: "
            "Chromium registers no tool for it, so the title is shown nowhere. Add both, or "
            "remove `tooltitle`.",
        )
    text = form.string("toolname")
    if isinstance(text, str) and not VALID_NAME.fullmatch(text) and description is not None:
        attr = form.attr("toolname")
        assert attr is not None and name is not None
        suggestion = re.sub(r"[^A-Za-z0-9_.\-]+", "_", text.strip()).strip("_")[:128]
        hint = f' Try "{suggestion}".' if suggestion else ""
        ctx.report(
            attr.value_span or attr.span,
            f"The tool name {quoted(text)} is not 1-128 characters of A-Z, a-z, 0-9, _, - "
            f"and .: Chromium silently skips the form, so agents never see it.{hint}",
        )


def _misplaced(element: Element, page: Page, ctx: Context) -> None:
    written = [element.attrs[name] for name in TOOL_ATTRIBUTES if name in element.attrs]
    if written and not page.is_form(element):
        names = ", ".join(f"`{attr.raw_name}`" for attr in written)
        where = (
            "a form nested in another form (the HTML parser drops the inner <form> tag)"
            if element.tag == "form"
            else f"a <{element.tag}>, not a <form>"
        )
        ctx.report(
            written[0].span,
            f"{names} {'is' if len(written) == 1 else 'are'} on {where}, so the browser "
            "ignores them and no tool is registered. Put the tool attributes on the <form>.",
        )
    _misplaced_parameter_title(element, ctx)
    attr = element.attr("toolparamdescription")
    if attr is None or element.tag == "fieldset":
        return
    if element.tag not in PARAMETER_TAGS:
        ctx.report(
            attr.span,
            f"`toolparamdescription` on a <{element.tag}> is ignored: it describes a parameter "
            "only on an input, select, textarea, or a fieldset around a radio or checkbox group. "
            "Move it to the control.",
        )
    elif element.tag == "input" and input_type(element) in NO_PARAMETER_TYPES:
        kind = input_type(element)
        ctx.report(
            attr.span,
            f'`toolparamdescription` on an input of type "{kind}" is ignored: Chromium never '
            "makes such a control a parameter. Remove it, or describe a control the agent fills.",
        )


def _misplaced_parameter_title(element: Element, ctx: Context) -> None:
    """`toolparamtitle` where no parameter is: ignored by every Chrome (a warning: Chromium
    156 reads it nowhere, so the browser suite cannot tell a misplaced one apart)."""
    attr = element.attr("toolparamtitle")
    if attr is None or element.tag == "fieldset":
        return  # whether later Chrome titles a group by its fieldset is not known
    if element.tag not in PARAMETER_TAGS:
        where = f"a <{element.tag}>"
    elif element.tag == "input" and input_type(element) in NO_PARAMETER_TYPES:
        where = f'an input of type "{input_type(element)}"'
    else:
        return
    ctx.report(
        attr.span,
        f"`toolparamtitle` on {where} is ignored: it titles a parameter only on an input, "
        "select or textarea that Chromium makes one (and Chromium 156 reads it nowhere; "
        "later Chrome shows it as the parameter's title). Move it to the control.",
        severity="warning",
    )
