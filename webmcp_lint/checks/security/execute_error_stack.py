"""`execute` returns a caught error's stack trace to the agent."""

from __future__ import annotations

from webmcp_lint.checks import Context, check
from webmcp_lint.checks._util import registered_tools
from webmcp_lint.model import FileModel
from webmcp_lint.syntax.nodes import text
from webmcp_lint.workspace.source import Span

MESSAGES = {
    "stack-returned": (
        "`execute` returns `{{error}}.stack` to the agent: a stack trace shows the page's "
        "source paths and internals to a model and to whoever steers it, and does not help it "
        "recover. Return what went wrong and what to do next (`{{error}}.message`, or a "
        "message of your own) and log the stack."
    ),
}


@check(messages=MESSAGES)
def execute_error_stack(model: FileModel, ctx: Context) -> None:
    seen: set[int] = set()
    for tool in registered_tools(model.tools):
        facts = model.functions.of_tool(tool)
        if facts is None:
            continue
        for stack in facts.returned_stacks:
            if stack.id in seen:
                continue
            seen.add(stack.id)
            error = text(stack.child_by_field_name("object"))
            if len(error) > 40:
                error = "error"
            ctx.report(Span.of(stack), "stack-returned", error=error)
