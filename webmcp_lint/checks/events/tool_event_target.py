"""A tool event listened for on `window` or `document`, where Chromium 156 never fires it."""

from __future__ import annotations

from webmcp_lint.checks import Context, check
from webmcp_lint.diagnostics import Related
from webmcp_lint.model import FileModel
from webmcp_lint.model.forms import TOOL_EVENTS
from webmcp_lint.workspace.source import Span

# What a page listens on when it means the whole page; `document.modelContext` is the
# only target of the tool events (verified in tests/browser/test_facts_events.py).
PAGE_TARGETS = frozenset({"window", "document", "self", "globalThis", "document.body"})

_ONLY_MODEL_CONTEXT = (
    " never runs: Chromium 156 fires `{{event}}` at `document.modelContext` only, not at "
    "`{{receiver}}` (up to Chromium 155 `toolactivated` and `toolcancel` went to `window`). "
    "Listen on `document.modelContext`."
)
MESSAGES = {
    "handler-on-page": "This `{{receiver}}.{{handler}}`" + _ONLY_MODEL_CONTEXT,
    "listener-on-page": 'This "{{event}}" listener' + _ONLY_MODEL_CONTEXT,
}


@check(messages=MESSAGES)
def tool_event_target(model: FileModel, ctx: Context) -> None:
    """One finding per file, at the first such listener, the others related: one belief
    (the events go to the page) behind all of them."""
    if model.declarative is None:
        return
    # Where, how it is listened for, the event, the receiver, and the handler property.
    found: list[tuple[Span, str, str, str, str | None]] = []
    for listener in model.declarative.listeners:
        event = listener.name[2:] if listener.property else listener.name
        if listener.property and not listener.name.startswith("on"):
            continue
        if event not in TOOL_EVENTS or listener.receiver_span is None:
            continue  # a misspelled name is tool-event-name's
        receiver = "".join(listener.receiver.split()).replace("?", "")
        if receiver not in PAGE_TARGETS:
            continue
        how = f"`{receiver}.{listener.name}`" if listener.property else f'"{event}" listener'
        handler = listener.name if listener.property else None
        found.append((listener.receiver_span, how, event, receiver, handler))
    if not found:
        return
    (span, _, event, receiver, handler), rest = found[0], found[1:]
    related = [
        Related(other, f"the {what} on `{on}` never runs either") for other, what, _, on, _ in rest
    ]
    if handler is not None:
        ctx.report(
            span,
            "handler-on-page",
            related=related,
            receiver=receiver,
            handler=handler,
            event=event,
        )
    else:
        ctx.report(span, "listener-on-page", related=related, event=event, receiver=receiver)
