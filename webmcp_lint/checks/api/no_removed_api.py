"""Members removed from WebMCP: `unregisterTool`, `provideContext`, `clearContext` and
`modelContextTesting`.

A call throws a TypeError; a call behind a check for the member (or an optional call)
never runs, which is a different mistake with a different message. A read on its own
(`expect(mc.unregisterTool).toBeUndefined()`) is not a use and is not reported.
"""

from __future__ import annotations

from tree_sitter import Node

from webmcp_lint.checks import Context, check
from webmcp_lint.checks._expressions import expects_failure, outermost
from webmcp_lint.diagnostics import Related
from webmcp_lint.model import ApiUse, FileModel
from webmcp_lint.source import Span
from webmcp_lint.syntax.nodes import descendants, text

# What each removed method did, and how to do it now.
REMOVED = {
    "unregisterTool": (
        "the tool is never unregistered",
        "Register with `registerTool(tool, { signal })` and call `abort()` on its "
        "AbortController to unregister.",
    ),
    "provideContext": (
        "the tools are never registered",
        "Register each tool with `registerTool(tool, { signal })` instead.",
    ),
    "clearContext": (
        "the tools are never removed",
        "Give each registration a `signal` and abort it to remove the tool.",
    ),
}
REMOVED_METHODS = {
    name: f"`{name}()` was removed from WebMCP, so this call throws a TypeError. {how}"
    for name, (_, how) in REMOVED.items()
}
TESTING = (
    "`modelContextTesting` was removed in Chrome 152, so this code throws or does nothing: "
    "use `document.modelContext.getTools()` and `executeTool()`."
)


@check()
def no_removed_api(model: FileModel, ctx: Context) -> None:
    for use in model.api_uses:
        if use.path == ("modelContextTesting",):
            if _used(use.node) and not expects_failure(use.node):
                ctx.report(use.span, TESTING)
        elif use.member in REMOVED and use.call is not None and not expects_failure(use.call):
            _report_call(use, ctx)


def _used(member: Node) -> bool:
    """`modelContextTesting.x` read or called, `modelContextTesting` itself called, or
    kept in a variable to use later; a read passed along (a test asserting that it is
    gone) is not a use."""
    node = outermost(member)
    parent = node.parent
    if parent is None:
        return False
    if parent.type == "call_expression":
        return parent.child_by_field_name("function") == node
    if parent.type == "variable_declarator":
        return parent.child_by_field_name("value") == node
    return parent.type in ("member_expression", "subscript_expression") and (
        parent.child_by_field_name("object") == node
    )


def _report_call(use: ApiUse, ctx: Context) -> None:
    name = use.member
    assert name is not None and use.call is not None
    if any(child.type == "optional_chain" for child in use.call.children):
        why = "the optional call never happens"
        related: list[Related] = []
    else:
        guard = _guard(use.call, name)
        if guard is None:
            ctx.report(use.span, REMOVED_METHODS[name])
            return
        why = "the check in front of this call is always false"
        related = [Related(guard, "the check that is always false")]
    effect, how = REMOVED[name]
    ctx.report(
        use.span,
        f"`{name}()` was removed from WebMCP, so {why} and {effect}. {how}",
        related=related,
    )


def _guard(call: Node, name: str) -> Span | None:
    """Where the code checks for the member before calling it: the left of `x && x()`, or
    the condition of an `if` whose branch holds the call. Only checks that mention the
    member count."""
    node = outermost(call)
    while node.parent is not None:
        parent = node.parent
        if parent.type == "binary_expression" and parent.child_by_field_name("right") == node:
            operator = parent.child_by_field_name("operator")
            left = parent.child_by_field_name("left")
            if operator is not None and text(operator) == "&&" and left is not None:
                found = _mention(left, name)
                if found is not None:
                    return found
        if parent.type == "if_statement" and parent.child_by_field_name("condition") != node:
            condition = parent.child_by_field_name("condition")
            found = _mention(condition, name) if condition is not None else None
            if found is not None:
                return found
        if parent.type.endswith("function") or parent.type in ("arrow_function", "program"):
            return None
        node = parent
    return None


def _mention(condition: Node, name: str) -> Span | None:
    """The first place `condition` reads the member `name` (as a property or a string)."""
    words = frozenset({"property_identifier", "string_fragment"})
    for found in descendants(condition, words):
        if text(found) == name and found.parent is not None:
            return Span.of(found.parent)
    return None
