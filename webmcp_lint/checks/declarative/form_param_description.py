"""A tool form's parameter, or radio or checkbox group, that has no description."""

from __future__ import annotations

from webmcp_lint.checks import Context, check
from webmcp_lint.checks._forms import PARAMETER_TAGS, control_kind, registered_forms
from webmcp_lint.extract.declarative import NO_PARAMETER_TYPES, describe, input_type
from webmcp_lint.model import FileModel, Form, Group

_BARE_NAME = (
    "so the agent sees a bare name. Add `toolparamdescription` with what to enter, or a `<label>`."
)
MESSAGES = {
    "group-without-description": (
        'The {{kind}} group "{{name}}" has no description: Chromium describes a group only '
        "by a `toolparamdescription` on a `<fieldset>` around it, so the agent sees a bare "
        'name. Wrap the group in `<fieldset toolparamdescription="...">`.'
    ),
    "parameter-without-description": (
        'The parameter "{{name}}" has no description (no `toolparamdescription`, `<label>` '
        "or `aria-description`), " + _BARE_NAME
    ),
    "parameter-title-not-description": (
        'The parameter "{{name}}" has no description (no `toolparamdescription`, `<label>` '
        "or `aria-description`; its `toolparamtitle` is not one, and Chromium 156 does not "
        "pass it on), " + _BARE_NAME
    ),
}


@check(messages=MESSAGES)
def form_param_description(model: FileModel, ctx: Context) -> None:
    for form in registered_forms(model):
        for group in form.groups:
            if group.conflict or group.uncertain or group.name == "":
                continue
            _undescribed(group, form, ctx)


def _undescribed(group: Group, form: Form, ctx: Context) -> None:
    first = group.controls[0]
    if first.tag not in PARAMETER_TAGS:
        return
    if first.tag == "input" and input_type(first) in NO_PARAMETER_TYPES:
        return
    if len(group.controls) > 1:
        if _group_described(group, form):
            return
        ctx.report(
            first.span,
            "group-without-description",
            kind=control_kind(first)[2:],
            name=group.name,
        )
        return
    if describe(first, form.markup) is not None:
        return
    titled = first.attr("toolparamtitle") is not None
    message_id = "parameter-title-not-description" if titled else "parameter-without-description"
    ctx.report(first.span, message_id, name=group.name)


def _group_described(group: Group, form: Form) -> bool:
    schema = form.tool.input_schema if form.tool is not None else None
    properties = schema.get("properties") if schema is not None else None
    prop = properties.get(group.name) if properties is not None else None
    return prop is None or not prop.known or prop.get("description") is not None
