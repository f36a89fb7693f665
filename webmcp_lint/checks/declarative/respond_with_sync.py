"""`respondWith()` called after the submit event has been dispatched."""

from __future__ import annotations

from webmcp_lint.checks import Context, check
from webmcp_lint.checks._respond_with import callee_span, submit_handlers
from webmcp_lint.model import FileModel

_NO_RESULT = (
    ": Chrome throws InvalidStateError and the agent gets no result. Call it synchronously "
    "in the handler and pass it the promise: `event.respondWith(save(data))`."
)
MESSAGES = {
    "respond-with-after-await": (
        "`respondWith()` is called after an `await`, when the submit event has already been "
        "dispatched" + _NO_RESULT
    ),
    "respond-with-deferred": (
        "`respondWith()` is called in a callback that runs after the submit event has been "
        "dispatched" + _NO_RESULT
    ),
}


@check(messages=MESSAGES)
def respond_with_sync(model: FileModel, ctx: Context) -> None:
    for handler in submit_handlers(model):
        for call in handler.respond_with:
            if call.timing == "after-await":
                ctx.report(callee_span(call.node), "respond-with-after-await")
            elif call.timing == "deferred":
                ctx.report(callee_span(call.node), "respond-with-deferred")
