"""`respondWith()` called after the submit event has been dispatched."""

from __future__ import annotations

from webmcp_lint.checks import Context, check
from webmcp_lint.checks._respond_with import callee_span, submit_handlers
from webmcp_lint.model import FileModel


@check()
def respond_with_sync(model: FileModel, ctx: Context) -> None:
    for handler in submit_handlers(model):
        for call in handler.respond_with:
            if call.timing == "after-await":
                reason = "after an `await`, when the submit event has already been dispatched"
            elif call.timing == "deferred":
                reason = "in a callback that runs after the submit event has been dispatched"
            else:
                continue
            ctx.report(
                callee_span(call.node),
                f"`respondWith()` is called {reason}: Chrome throws InvalidStateError and the "
                "agent gets no result. Call it synchronously in the handler and pass it the "
                "promise: `event.respondWith(save(data))`.",
            )
