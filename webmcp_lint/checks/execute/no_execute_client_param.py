"""`execute` uses its second argument as an agent or client; it is only `{ signal }`."""

from __future__ import annotations

from collections.abc import Iterator

from tree_sitter import Node

from webmcp_lint.checks import Context, check
from webmcp_lint.checks._body import Body, climb
from webmcp_lint.checks._util import head_span, registered_tools
from webmcp_lint.model import FileModel
from webmcp_lint.source import Span
from webmcp_lint.syntax.nodes import property_name, text

CLIENT_MEMBERS = frozenset({"requestUserInteraction", "requestUserInput"})


@check()
def no_execute_client_param(model: FileModel, ctx: Context) -> None:
    for tool in registered_tools(model.tools):
        second = tool.wrapper.second_argument if tool.wrapper is not None else None
        if second in ("none", "library"):
            continue  # the library passes nothing, or an object of its own (webmcp-kit)
        body = Body.of(tool)
        if body is None or body.options is None:
            continue
        for node, member in _client_uses(body):
            ctx.report(
                head_span(model.source, Span.of(node)),
                f"`execute`'s second argument is `{{ signal }}`, not an agent or client: "
                f"`{member}` is undefined there, so this throws a TypeError and the tool "
                "fails. Ask the user in your own UI (and mark risky tools with "
                "`consequentialHint: true`); use the argument only for `signal`.",
            )


def _client_uses(body: Body) -> Iterator[tuple[Node, str]]:
    options = body.options
    assert options is not None
    if options.type == "object_pattern":
        for part in options.named_children:
            key = part
            if part.type == "pair_pattern":
                key = part.child_by_field_name("key") or part
            elif part.type == "object_assignment_pattern":
                key = part.child_by_field_name("left") or part
            if text(key) in CLIENT_MEMBERS:
                yield part, text(key)
        return
    if options.type != "identifier":
        return
    for reference in body.references(options):
        node = climb(reference)
        parent = node.parent
        if parent is None or parent.type != "member_expression":
            continue
        if parent.child_by_field_name("object") != node:
            continue
        member = property_name(parent)
        if member is None or member == "signal":
            continue
        called = climb(parent).parent
        is_call = called is not None and called.type == "call_expression"
        if member in CLIENT_MEMBERS or is_call:
            yield parent, f"{text(options)}.{member}"
