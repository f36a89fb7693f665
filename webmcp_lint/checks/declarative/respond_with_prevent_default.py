"""`respondWith()` without `preventDefault()` before it."""

from __future__ import annotations

from webmcp_lint.checks import Context, check
from webmcp_lint.checks._respond_with import (
    callee_span,
    calls,
    event_method,
    respond_with_calls,
    submit_handlers,
)
from webmcp_lint.model import FileModel, SubmitHandler
from webmcp_lint.syntax.nodes import arguments, enclosing_function, text, unwrap


@check()
def respond_with_prevent_default(model: FileModel, ctx: Context) -> None:
    handlers = submit_handlers(model)
    for handler in handlers:
        if handler.prevented:
            continue
        if any(
            other is not handler and other.target in (handler.target, "*") and _prevents(other)
            for other in handlers
        ):
            continue  # another listener may cancel the event first
        for call in respond_with_calls(handler):
            if call.timing != "dispatch":
                continue
            start = call.node.start_byte
            if _prevents(handler, start) or _passes_event(handler, start):
                continue
            ctx.report(
                callee_span(call.node),
                "`respondWith()` is called without `preventDefault()` before it: Chrome "
                "throws InvalidStateError, the form submits normally and the agent gets no "
                "result. Call `event.preventDefault()` first.",
            )


def _passes_event(handler: SubmitHandler, before: int) -> bool:
    """Whether the handler hands its event to another function before `before` (which
    may call preventDefault for it)."""
    for call in calls(handler.function):
        if call.start_byte >= before:
            break
        for argument in arguments(call):
            if unwrap(argument).type == "identifier" and text(argument) == handler.event:
                return True
    return False


def _prevents(handler: SubmitHandler, before: int | None = None) -> bool:
    for call in calls(handler.function):
        if before is not None and call.start_byte >= before:
            break
        if enclosing_function(call) != handler.function:
            continue
        if event_method(call, handler) == "preventDefault":
            return True
    return False
