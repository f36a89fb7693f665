"""A tool event listened for on `window` or `document`, where Chromium 156 never fires it."""

from __future__ import annotations

from webmcp_lint.checks import Context, check
from webmcp_lint.extract.submit import TOOL_EVENTS
from webmcp_lint.model import FileModel

# What a page listens on when it means the whole page; `document.modelContext` is the
# only target of the tool events (verified in tests/browser/test_facts_events.py).
PAGE_TARGETS = frozenset({"window", "document", "self", "globalThis", "document.body"})


@check()
def tool_event_target(model: FileModel, ctx: Context) -> None:
    if model.declarative is None:
        return
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
        ctx.report(
            listener.receiver_span,
            f"This {how} never runs: Chromium 156 fires `{event}` at `document.modelContext` "
            f"only, not at `{receiver}` (up to Chromium 155 `toolactivated` and `toolcancel` "
            "went to `window`). Listen on `document.modelContext`.",
        )
