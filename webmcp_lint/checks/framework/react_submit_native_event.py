"""`respondWith` or `agentInvoked` read from React's synthetic submit event, which has
neither: they live on `event.nativeEvent`."""

from __future__ import annotations

from tree_sitter import Node

from webmcp_lint.checks import Context, check
from webmcp_lint.checks._forms import is_react
from webmcp_lint.checks._respond_with import submit_handlers
from webmcp_lint.diagnostics import Edit, Fix
from webmcp_lint.model import FileModel, SubmitHandler
from webmcp_lint.syntax.nodes import (
    descendants,
    property_name,
    text,
    unwrap,
)
from webmcp_lint.workspace.source import Span

NATIVE_ONLY = frozenset({"respondWith", "agentInvoked"})


MESSAGES = {
    "synthetic-event-lacks-member": (
        "React hands `onSubmit` a SyntheticEvent, which has no `respondWith` or "
        "`agentInvoked`: `{{event}}.{{member}}` is undefined, so `agentInvoked` is never true "
        "and `respondWith(...)` throws TypeError; the agent never gets the answer. Read them "
        "from `{{event}}.nativeEvent`."
    ),
    "synthetic-event-lacks-members": (
        "React hands `onSubmit` a SyntheticEvent, which has no `respondWith` or "
        "`agentInvoked`: `{{event}}.agentInvoked` and `{{event}}.respondWith` are undefined, "
        "so `agentInvoked` is never true and `respondWith(...)` throws TypeError; the agent "
        "never gets the answer. Read them from `{{event}}.nativeEvent`."
    ),
}


@check(messages=MESSAGES)
def react_submit_native_event(model: FileModel, ctx: Context) -> None:
    if not is_react(model):
        return
    forms = _dom_forms(model)
    for handler in submit_handlers(model):
        if handler.event is None or not _jsx_on_submit(model, handler):
            continue
        if handler.target not in forms:
            continue  # a component's onSubmit: react-webmcp's <WebMCPForm> passes nativeEvent
        uses = list(_synthetic_uses(handler))
        if not uses:
            continue
        at, event = Span.of(uses[0]), handler.event
        fix = Fix(f"Use {event}.nativeEvent", tuple(_native(use) for use in uses), "unsafe")
        names = {property_name(use) or "" for use in uses}  # of NATIVE_ONLY: one, or both
        if len(names) == 1:
            (name,) = names
            ctx.report(at, "synthetic-event-lacks-member", fix=fix, event=event, member=name)
        else:
            ctx.report(at, "synthetic-event-lacks-members", fix=fix, event=event)


def _dom_forms(model: FileModel) -> set[str]:
    """The handler targets (`element:START`) of the JSX `<form>` elements React renders
    itself, not a component or a library's element that renders a form."""
    if model.declarative is None:
        return set()
    return {
        f"element:{element.span.start}"
        for markup in model.declarative.markups
        for element in markup.document.elements
        if element.tag == "form" and not element.component and element.library is None
    }


def _jsx_on_submit(model: FileModel, handler: SubmitHandler) -> bool:
    """Attached with JSX `onSubmit={...}` (React's event system), not `addEventListener`."""
    return model.source.slice(handler.span).startswith("onSubmit")


def _synthetic_uses(handler: SubmitHandler) -> list[Node]:
    """`event.respondWith` and `event.agentInvoked` on the handler's own event parameter."""
    found = []
    for member in descendants(handler.function, frozenset({"member_expression"})):
        obj = member.child_by_field_name("object")
        if obj is None or property_name(member) not in NATIVE_ONLY:
            continue
        obj = unwrap(obj)
        if obj.type != "identifier" or text(obj) != handler.event:
            continue
        if not handler.script.semantic.is_shadowed(handler.event, member, handler.function):
            found.append(member)
    return found


def _native(member: Node) -> Edit:
    obj = member.child_by_field_name("object")
    assert obj is not None
    end = unwrap(obj).end_byte
    return Edit(Span(end, end), ".nativeEvent")
