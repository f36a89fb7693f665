"""`respondWith()` called for every submission, not only for an agent's."""

from __future__ import annotations

from webmcp_lint.checks import Context, check
from webmcp_lint.checks._respond_with import callee_span, respond_with_calls, submit_handlers
from webmcp_lint.model import FileModel


@check()
def respond_with_agent_invoked(model: FileModel, ctx: Context) -> None:
    for handler in submit_handlers(model):
        for call in respond_with_calls(handler):
            if call.timing == "unknown":
                continue
            source = handler.function.text or b""
            before = source[: call.node.start_byte - handler.function.start_byte]
            if b"agentInvoked" in before:
                continue
            ctx.report(
                callee_span(call.node),
                "`respondWith()` runs for every submission, but it throws InvalidStateError "
                "when a person submits the form, which breaks their submission. Call it only "
                "`if (event.agentInvoked)`.",
            )
