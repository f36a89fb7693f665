"""`execute` ends without a value on a path, while other paths return one: reported where
that path ends, with where a value is returned and where `execute` starts as related
locations."""

from __future__ import annotations

from webmcp_lint.checks import Context, check
from webmcp_lint.checks._util import head_span, registered_tools
from webmcp_lint.diagnostics import Related
from webmcp_lint.model import FileModel
from webmcp_lint.workspace.source import Span

_NO_VALUE = (
    " without a value while other paths return one: the agent then gets the string "
    '"undefined" and cannot tell whether the tool worked. Return a result, or an error the '
    "agent can act on, on every path."
)
MESSAGES = {
    "end-without-value": "`execute` can run to its end" + _NO_VALUE,
    "return-without-value": "`return;` ends `execute`" + _NO_VALUE,
}


@check(messages=MESSAGES)
def execute_returns_nothing(model: FileModel, ctx: Context) -> None:
    seen: set[int] = set()
    for tool in registered_tools(model.tools):
        facts = model.functions.of_tool(tool)
        if facts is None or not facts.missing_returns or not facts.returns:
            continue
        related = [
            Related(head_span(model.source, Span.of(facts.returns[0])), "a value is returned here"),
            Related(head_span(model.source, Span.of(facts.node)), "`execute` starts here"),
        ]
        for node in facts.missing_returns:
            if node.id in seen:
                continue
            seen.add(node.id)
            ends = node.type == "}"  # else a bare `return;`
            message_id = "end-without-value" if ends else "return-without-value"
            ctx.report(Span.of(node), message_id, related=related)
