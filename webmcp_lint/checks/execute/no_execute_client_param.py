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


# What using a member of `{ signal }` that is not there does, by how it is used.
THROWS = "this throws a TypeError and the tool fails"
SKIPPED = "the `?.()` call is skipped and nothing it should do happens"
READ = "this reads `undefined` and nothing it should do happens"


@check()
def no_execute_client_param(model: FileModel, ctx: Context) -> None:
    for tool in registered_tools(model.tools):
        body = Body.of(tool)
        if body is None or body.options is None:
            continue
        for node, member, outcome in _client_uses(body):
            ctx.report(
                head_span(model.source, Span.of(node)),
                f"`execute`'s second argument is `{{ signal }}`, not an agent or client: "
                f"`{member}` is undefined there, so {outcome}. Ask the user in your own UI "
                "(and mark risky tools with `consequentialHint: true`); use the argument only "
                "for `signal`.",
            )


def _client_uses(body: Body) -> Iterator[tuple[Node, str, str]]:
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
                bound = _bound_name(part)
                outcomes = [_outcome(use) for use in body.references(bound)] if bound else []
                outcome = next((o for o in (THROWS, SKIPPED) if o in outcomes), READ)
                yield part, text(key), outcome
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
        outcome = _outcome(parent)
        if member in CLIENT_MEMBERS or outcome != READ:
            yield parent, f"{text(options)}.{member}", outcome


def _bound_name(part: Node) -> Node | None:
    """The identifier a destructuring part binds: `x`, `{ x: y }` binds y, `{ x = 1 }` x."""
    if part.type == "pair_pattern":
        value = part.child_by_field_name("value")
        return value if value is not None and value.type == "identifier" else None
    if part.type == "object_assignment_pattern":
        return part.child_by_field_name("left")
    return part


def _outcome(value: Node) -> str:
    """What using an undefined `value` does: calling it throws, `?.()` skips the call,
    anything else reads `undefined`."""
    node = climb(value)
    call = node.parent
    if call is None or call.type != "call_expression":
        return READ
    if call.child_by_field_name("function") != node:
        return READ  # passed as an argument
    optional = any(child.type == "optional_chain" for child in call.children)
    return SKIPPED if optional else THROWS
