"""Tool attributes a form is missing, a tool name Chromium skips, and tool attributes on
elements that ignore them."""

from __future__ import annotations

import re

from webmcp_lint.checks import Context, check
from webmcp_lint.checks._forms import PARAMETER_TAGS, forms
from webmcp_lint.checks._util import quoted
from webmcp_lint.extract.declarative import NO_PARAMETER_TYPES, TOOL_ATTRIBUTES, input_type
from webmcp_lint.model import FileModel, MarkupDocument
from webmcp_lint.model.dom import Element
from webmcp_lint.model.tools import VALID_NAME

_INVALID_NAME = (
    "The tool name {{name}} is not 1-128 characters of A-Z, a-z, 0-9, _, - and .: Chromium "
    "silently skips the form, so agents never see it."
)
_IGNORED = (
    ", so the browser ignores them and no tool is registered. Put the tool attributes on the "
    "<form>."
)
_TITLE_IGNORED = (
    " is ignored: it titles a parameter only on an input, select or textarea that Chromium "
    "makes one (and Chromium 156 reads it nowhere; later Chrome shows it as the parameter's "
    "title). Move it to the control."
)
MESSAGES = {
    "missing-tool-attribute": (
        "This form has `{{present}}` but no `{{missing}}`: Chromium registers a form as a tool "
        "only with both, so agents never see it. Add `{{missing}}`."
    ),
    "title-without-tool": (
        "This form has `tooltitle` but neither `toolname` nor `tooldescription`: Chromium "
        "registers no tool for it, so the title is shown nowhere. Add both, or remove "
        "`tooltitle`."
    ),
    "invalid-tool-name": _INVALID_NAME + ' Try "{{suggestion}}".',
    "invalid-tool-name-no-suggestion": _INVALID_NAME,
    "tool-attributes-on-nested-form": (
        "{{names}} {{verb}} on a form nested in another form (the HTML parser drops the inner "
        "<form> tag)" + _IGNORED
    ),
    "tool-attributes-not-on-form": "{{names}} {{verb}} on a <{{tag}}>, not a <form>" + _IGNORED,
    "param-description-not-on-control": (
        "`toolparamdescription` on a <{{tag}}> is ignored: it describes a parameter only on an "
        "input, select, textarea, or a fieldset around a radio or checkbox group. Move it to "
        "the control."
    ),
    "param-description-on-non-parameter-input": (
        '`toolparamdescription` on an input of type "{{type}}" is ignored: Chromium never '
        "makes such a control a parameter. Remove it, or describe a control the agent fills."
    ),
    "param-title-not-on-control": "`toolparamtitle` on a <{{tag}}>" + _TITLE_IGNORED,
    "param-title-on-non-parameter-input": (
        '`toolparamtitle` on an input of type "{{type}}"' + _TITLE_IGNORED
    ),
}


@check(messages=MESSAGES)
def form_tool_attributes(model: FileModel, ctx: Context) -> None:
    for form in forms(model):
        _form_attributes(form.element, ctx)
    markups = model.declarative.markups if model.declarative is not None else []
    for markup in markups:
        for element in markup.document.elements:
            if element.ignored or element.component:
                continue
            _misplaced(element, markup, ctx)


def _form_attributes(form: Element, ctx: Context) -> None:
    name, description = form.value("toolname"), form.value("tooldescription")
    for present, missing in (("toolname", "tooldescription"), ("tooldescription", "toolname")):
        attr = form.attr(present)
        if attr is not None and form.value(missing) is None:
            ctx.report(attr.span, "missing-tool-attribute", present=present, missing=missing)
    title = form.attr("tooltitle")
    if title is not None and name is None and description is None:
        ctx.report(title.span, "title-without-tool")
    text = form.string("toolname")
    if isinstance(text, str) and not VALID_NAME.fullmatch(text) and description is not None:
        attr = form.attr("toolname")
        assert attr is not None and name is not None
        suggestion = re.sub(r"[^A-Za-z0-9_.\-]+", "_", text.strip()).strip("_")[:128]
        at = attr.value_span or attr.span
        if suggestion:
            ctx.report(at, "invalid-tool-name", name=quoted(text), suggestion=suggestion)
        else:
            ctx.report(at, "invalid-tool-name-no-suggestion", name=quoted(text))


def _misplaced(element: Element, markup: MarkupDocument, ctx: Context) -> None:
    written = [element.attrs[name] for name in TOOL_ATTRIBUTES if name in element.attrs]
    if written and not markup.is_form(element):
        names = ", ".join(f"`{attr.raw_name}`" for attr in written)
        verb = "is" if len(written) == 1 else "are"
        if element.tag == "form":
            ctx.report(written[0].span, "tool-attributes-on-nested-form", names=names, verb=verb)
        else:
            ctx.report(
                written[0].span,
                "tool-attributes-not-on-form",
                names=names,
                verb=verb,
                tag=element.tag,
            )
    _misplaced_parameter_title(element, ctx)
    attr = element.attr("toolparamdescription")
    if attr is None or element.tag == "fieldset":
        return
    if element.tag not in PARAMETER_TAGS:
        ctx.report(attr.span, "param-description-not-on-control", tag=element.tag)
    elif element.tag == "input" and input_type(element) in NO_PARAMETER_TYPES:
        kind = str(input_type(element))
        ctx.report(attr.span, "param-description-on-non-parameter-input", type=kind)


def _misplaced_parameter_title(element: Element, ctx: Context) -> None:
    """`toolparamtitle` where no parameter is: ignored by every Chrome (a warning: Chromium
    156 reads it nowhere, so the browser suite cannot tell a misplaced one apart)."""
    attr = element.attr("toolparamtitle")
    if attr is None or element.tag == "fieldset":
        return  # whether later Chrome titles a group by its fieldset is not known
    if element.tag not in PARAMETER_TAGS:
        ctx.report(attr.span, "param-title-not-on-control", severity="warning", tag=element.tag)
    elif element.tag == "input" and input_type(element) in NO_PARAMETER_TYPES:
        ctx.report(
            attr.span,
            "param-title-on-non-parameter-input",
            severity="warning",
            type=str(input_type(element)),
        )
