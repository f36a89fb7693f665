"""A tool event or handler property whose name the browser does not know."""

from __future__ import annotations

from webmcp_lint.checks import Context, check
from webmcp_lint.diagnostics import Edit, Fix
from webmcp_lint.model import EventListener, FileModel
from webmcp_lint.model.forms import TOOL_EVENT, TOOL_EVENTS
from webmcp_lint.workspace.source import SourceFile

# `what` is "event", or "handler property" for `ontool...`.
MESSAGES = {
    "unknown-tool-event": (
        '"{{name}}" is not a WebMCP {{what}}, so this listener never runs: the name is "{{right}}".'
    ),
    "tool-event-wrong-case": (
        '"{{name}}" is not a WebMCP {{what}}, so this listener never runs: the name is '
        '"{{right}}" (event names are case-sensitive).'
    ),
}


@check(messages=MESSAGES)
def tool_event_name(model: FileModel, ctx: Context) -> None:
    if model.declarative is None:
        return
    for listener in model.declarative.listeners:
        name = listener.name
        valid = [f"on{e}" for e in TOOL_EVENTS] if listener.property else list(TOOL_EVENTS)
        if name in valid:
            continue
        match = TOOL_EVENT.fullmatch(name)
        if match is None or (listener.property and not _handler_property(listener)):
            continue
        family = match.group(2).lower()
        right = next(v for v in valid if family in v)
        what = "handler property" if listener.property else "event"
        ctx.report(
            listener.span,
            "tool-event-wrong-case" if name.lower() == right else "unknown-tool-event",
            fix=_rename(model.source, listener, right),
            name=name,
            what=what,
            right=right,
        )


def _rename(source: SourceFile, listener: EventListener, right: str) -> Fix | None:
    """The name written right: the property, or the string with its own quotes (only
    when it is written as it reads, without escapes)."""
    written = source.slice(listener.span)
    if listener.property:
        replacement = right
    elif len(written) >= 2 and written[0] in "\"'`" and written[1:-1] == listener.name:
        replacement = written[0] + right + written[-1]
    else:
        return None
    return Fix(f'Rename to "{right}"', (Edit(listener.span, replacement),))


def _handler_property(listener: EventListener) -> bool:
    """`x.ontoolcanceled = ...` is a DOM handler property when it is written in lower case
    (as DOM handler properties are) or set on the window or the model context; a
    camel-case property of another object is more likely the page's own callback."""
    receiver = listener.receiver.replace("?", "")
    if receiver in ("window", "self", "globalThis") or receiver.endswith("modelContext"):
        return True
    return listener.name == listener.name.lower()
