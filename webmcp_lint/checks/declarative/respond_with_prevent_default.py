"""`respondWith()` without `preventDefault()` before it."""

from __future__ import annotations

from webmcp_lint.checks import Context, check
from webmcp_lint.checks._respond_with import callee_span, submit_handlers
from webmcp_lint.model import FileModel

MESSAGES = {
    "respond-with-without-prevent-default": (
        "`respondWith()` is called without `preventDefault()` before it: Chrome throws "
        "InvalidStateError, the form submits normally and the agent gets no result. Call "
        "`event.preventDefault()` first."
    ),
}


@check(messages=MESSAGES)
def respond_with_prevent_default(model: FileModel, ctx: Context) -> None:
    handlers = submit_handlers(model)
    for handler in handlers:
        if handler.prevented:
            continue
        if any(
            other is not handler
            and other.target in (handler.target, "*")
            and other.prevents_before()
            for other in handlers
        ):
            continue  # another listener may cancel the event first
        for call in handler.respond_with:
            if call.timing != "dispatch":
                continue
            start = call.node.start_byte
            if handler.prevents_before(start):
                continue
            passed = handler.passes_event_at
            if passed is not None and passed < start:
                continue  # handed to a function that may call preventDefault for it
            ctx.report(callee_span(call.node), "respond-with-without-prevent-default")
