"""`execute` uses its second argument as an agent or client; it is only `{ signal }`."""

from __future__ import annotations

from collections.abc import Iterator

from tree_sitter import Node

from webmcp_lint.checks import Context, check
from webmcp_lint.checks._runtime import only_polyfill_agents_call
from webmcp_lint.checks._util import head_span, registered_tools
from webmcp_lint.model import FileModel, FunctionFacts
from webmcp_lint.syntax.nodes import text
from webmcp_lint.workspace.source import Span

CLIENT_MEMBERS = frozenset({"requestUserInteraction", "requestUserInput"})


def _client_message(outcome: str) -> str:
    """What a member of `{ signal }` used as a client's is, and what using it does."""
    return (
        "`execute`'s second argument is `{ signal }`, not an agent or client: `{{member}}` is "
        f"undefined there, so {outcome}. Ask the user in your own UI (and mark risky tools "
        "with `consequentialHint: true`); use the argument only for `signal`."
    )


MESSAGES = {
    "client-member-called": _client_message("this throws a TypeError and the tool fails"),
    "client-member-called-optionally": _client_message(
        "the `?.()` call is skipped and nothing it should do happens"
    ),
    "client-member-read": _client_message(
        "this reads `undefined` and nothing it should do happens"
    ),
}
# The message for a use of a member of `{ signal }` that is not there, by how it is used.
MESSAGE_OF_USE = {
    "call": "client-member-called",
    "optional-call": "client-member-called-optionally",
    "read": "client-member-read",
}


@check(messages=MESSAGES)
def no_execute_client_param(model: FileModel, ctx: Context) -> None:
    for tool in registered_tools(model.tools):
        second = tool.wrapper.second_argument if tool.wrapper is not None else None
        if second in ("none", "library"):
            continue  # the library passes nothing, or an object of its own (webmcp-kit)
        facts = model.functions.of_tool(tool)
        if facts is None or facts.options is None:
            continue
        if only_polyfill_agents_call(model, tool, "client"):
            continue  # MCP-B 2.2 to 4.x hands execute a client with requestUserInteraction
        for node, member, use in _client_uses(facts):
            at = head_span(model.source, Span.of(node))
            ctx.report(at, MESSAGE_OF_USE[use], member=member)


def _client_uses(facts: FunctionFacts) -> Iterator[tuple[Node, str, str]]:
    """Reads of the options that treat them as an agent or client: a known client
    member destructured or read, or any member but `signal` called."""
    for read in facts.option_reads:
        if read.destructured:
            if read.member in CLIENT_MEMBERS:
                yield read.node, read.member, read.use
        elif read.member != "signal" and (read.member in CLIENT_MEMBERS or read.use != "read"):
            yield read.node, f"{text(facts.options)}.{read.member}", read.use
