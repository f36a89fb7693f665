"""`respondWith()` called for every submission, not only for an agent's."""

from __future__ import annotations

from webmcp_lint.checks import Context, check
from webmcp_lint.checks._respond_with import callee_span, submit_handlers
from webmcp_lint.model import FileModel

MESSAGES = {
    "respond-with-for-every-submission": (
        "`respondWith()` runs for every submission, but it throws InvalidStateError when a "
        "person submits the form, which breaks their submission. Call it only "
        "`if (event.agentInvoked)`."
    ),
}


@check(messages=MESSAGES)
def respond_with_agent_invoked(model: FileModel, ctx: Context) -> None:
    for handler in submit_handlers(model):
        for call in handler.respond_with:
            if call.timing == "unknown":
                continue
            mentioned = handler.agent_invoked_end
            if mentioned is not None and mentioned <= call.node.start_byte:
                continue  # checked before
            ctx.report(callee_span(call.node), "respond-with-for-every-submission")
