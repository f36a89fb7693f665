"""`toolautosubmit` on a form that looks like it pays, orders, deletes, sends or transfers."""

from __future__ import annotations

import re
from collections.abc import Iterator

from webmcp_lint.checks import Context, check
from webmcp_lint.checks._forms import autosubmit, forms, is_react
from webmcp_lint.extract.declarative import input_type
from webmcp_lint.model import FileModel, Form
from webmcp_lint.model.dom import Element

# Words that say a form pays, orders, deletes, sends or transfers.
CONSEQUENTIAL = {
    "pays": {"pay", "pays", "payment", "purchase", "purchases", "buy", "buys", "checkout"},
    "deletes": {"delete", "deletes", "remove", "removes", "erase", "destroy", "purge"},
    "sends": {"send", "sends"},
    "transfers": {"transfer", "transfers", "wire", "withdraw", "donate"},
}
ORDER_VERBS = frozenset({"place", "places", "submit", "submits", "confirm", "confirms"})
ARTICLES = frozenset({"the", "a", "an", "your", "my", "this"})
READ_VERBS = frozenset(
    {"search", "find", "get", "list", "show", "view", "check", "track", "lookup", "filter"}
    | {"sort", "browse", "preview", "calculate", "estimate", "compare", "query", "read"}
)


def words(text: str) -> list[str]:
    spaced = re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", text)
    return [w.lower() for w in re.split(r"[^A-Za-z0-9]+", spaced) if w]


def consequence(text: str, leading: bool) -> tuple[str, str] | None:
    """What a text says the form does ("pays", ...) and the word that says it. `leading`
    texts (a description, a button label) also count an "order" that starts them."""
    found = words(text)
    if leading and found and found[0] in ("order", "orders"):
        return "orders", found[0]
    for index, word in enumerate(found):
        if word in ("order", "orders"):  # "place order", "places the order"
            start = index - 1
            if start > 0 and found[start] in ARTICLES:
                start -= 1
            if start >= 0 and found[start] in ORDER_VERBS:
                return "orders", " ".join(found[start : index + 1])
        for verb, vocabulary in CONSEQUENTIAL.items():
            if word in vocabulary:
                return verb, word
    return None


MESSAGES = {
    "autosubmit-consequential-form": (
        "`toolautosubmit` lets the agent submit this form without the user, and the form "
        'looks like it {{verb}} ("{{word}}" in {{where}}). Remove `toolautosubmit` so the '
        "user reviews and submits it."
    ),
}


@check(messages=MESSAGES)
def form_autosubmit_consequential(model: FileModel, ctx: Context) -> None:
    react = is_react(model)
    for form in forms(model):
        attr, on = autosubmit(form, react)
        if attr is None or on is not True or form.tool is None:
            continue
        name = form.element.string("toolname")
        if isinstance(name, str) and words(name)[:1] and words(name)[0] in READ_VERBS:
            continue
        for where, text, leading in _signals(form):
            found = consequence(text, leading)
            if found is None:
                continue
            verb, word = found
            ctx.report(
                attr.span, "autosubmit-consequential-form", verb=verb, word=word, where=where
            )
            break


def _signals(form: Form) -> Iterator[tuple[str, str, bool]]:
    element = form.element
    # "Order" leads a description or a button label as a verb ("Orders a pizza", "Order
    # now"), but a tool name as a noun as often as not (order_status).
    for attribute, where, leading in (
        ("toolname", "the tool name", False),
        ("tooldescription", "the description", True),
        ("action", "the action URL", False),
    ):
        value = element.string(attribute)
        if isinstance(value, str):
            yield where, value, leading
    for control in form.controls:
        label = _submit_label(control)
        if label:
            yield "the submit button", label, True


def _submit_label(control: Element) -> str | None:
    if control.tag == "input" and input_type(control) in ("submit", "image"):
        value = control.string("value")
        return value if isinstance(value, str) else None
    if control.tag == "button" and control.string("type") in (None, "submit"):
        parts = [c for c in control.children if isinstance(c, str) and not c.startswith("\x00")]
        return " ".join("".join(parts).split()) or None
    return None
