"""Members removed from WebMCP: `unregisterTool`, `provideContext`, `clearContext` and
`modelContextTesting`.

A call throws a TypeError; a call behind a check for the member (or an optional call)
never runs, which is a different mistake with a different message. A read on its own
(`expect(mc.unregisterTool).toBeUndefined()`) is not a use and is not reported.
"""

from __future__ import annotations

import re
from collections import Counter

from tree_sitter import Node

from webmcp_lint.checks import Context, check
from webmcp_lint.checks._expressions import expects_failure, outermost, statement_of
from webmcp_lint.checks._fixes import insert_after
from webmcp_lint.diagnostics import Edit, Fix, Related
from webmcp_lint.model import ApiUse, FileModel, ToolDefinition
from webmcp_lint.source import Span
from webmcp_lint.syntax.nodes import (
    arguments,
    called_member,
    descendants,
    enclosing_function,
    function_body,
    text,
)

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
    unregistered = Counter(_unregistered_name(use) for use in model.api_uses)
    type_test = model.source.display_path.endswith((".test-d.ts", ".test-d.tsx"))
    for use in model.api_uses:
        if type_test and _expected_type_error(use.node):
            continue  # a type test asserting the member is gone: it never runs
        if use.path == ("modelContextTesting",):
            if _used(use.node) and not expects_failure(use.node):
                ctx.report(use.span, TESTING)
        elif use.member in REMOVED and use.call is not None and not expects_failure(use.call):
            name = _unregistered_name(use)
            fix = _abort_fix(use, name, model) if name and unregistered[name] == 1 else None
            _report_call(use, ctx, fix)


def _expected_type_error(node: Node) -> bool:
    """Whether the statement holding `node` follows a `// @ts-expect-error` comment."""
    statement = node
    while statement.parent is not None and not statement.type.endswith("statement"):
        statement = statement.parent
    previous = statement.prev_sibling
    return (
        previous is not None
        and previous.type == "comment"
        and text(previous).lstrip("/* ").startswith("@ts-expect-error")
    )


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


def _report_call(use: ApiUse, ctx: Context, fix: Fix | None) -> None:
    name = use.member
    assert name is not None and use.call is not None
    if any(child.type == "optional_chain" for child in use.call.children):
        why = "the optional call never happens"
        related: list[Related] = []
    else:
        guard = _guard(use.call, name)
        if guard is None:
            ctx.report(use.span, REMOVED_METHODS[name], fix=fix)
            return
        if name == "unregisterTool" and _aborted_before(use.call):
            return  # the old trial's fallback, after the abort that unregisters today
        why = "the check in front of this call is always false"
        related = [Related(guard, "the check that is always false")]
        fix = None  # the call would go, the dead check would stay
    effect, how = REMOVED[name]
    ctx.report(
        use.span,
        f"`{name}()` was removed from WebMCP, so {why} and {effect}. {how}",
        related=related,
        fix=fix,
    )


def _unregistered_name(use: ApiUse) -> str | None:
    """The tool name an `unregisterTool(name)` call passes, when it is known."""
    if use.member != "unregisterTool" or use.call is None:
        return None
    args = arguments(use.call)
    return use.script.value(args[0]).as_text() if len(args) == 1 else None


def _abort_fix(use: ApiUse, name: str, model: FileModel) -> Fix | None:
    """`unregisterTool(name)` becomes `controller.abort()`, with `controller` declared
    before the registration of `name` and its signal passed to it. Only where that is
    certain to work: one registration of the name in the file, without options, in a
    block that also holds the unregistration (so the cleanup sees the controller)."""
    assert use.call is not None
    registrations = [t for t in model.tools if t.kind == "imperative" and t.known_name == name]
    if len(registrations) != 1:
        return None
    (tool,) = registrations
    statement = _registration_statement(tool)
    if statement is None or statement.parent is None:
        return None
    block = statement.parent
    if not (statement.end_byte <= use.call.start_byte and use.call.end_byte <= block.end_byte):
        return None
    controller = _free_name(name, model.source.text[block.start_byte : block.end_byte])
    if controller is None or tool.call is None:
        return None
    line_start = model.source.text.rfind(b"\n", 0, statement.start_byte) + 1
    before = model.source.text[line_start : statement.start_byte].decode("utf-8")
    after_declaration = "\n" + before if not before.strip() else " "
    definition = arguments(tool.call)[0]
    return Fix(
        "Unregister through an AbortController",
        (
            Edit(
                Span(statement.start_byte, statement.start_byte),
                f"const {controller} = new AbortController();{after_declaration}",
            ),
            insert_after(model.source.text, definition, f"{{ signal: {controller}.signal }}"),
            Edit(Span.of(use.call), f"{controller}.abort()"),
        ),
        "unsafe",
    )


def _registration_statement(tool: ToolDefinition) -> Node | None:
    """The statement of a `registerTool(tool)` call without options, when it stands in a
    block (or at the top level) where a declaration can go before it."""
    if tool.call is None or len(arguments(tool.call)) != 1:
        return None
    statement = statement_of(tool.call)
    parent = statement.parent
    if parent is None or parent.type not in ("statement_block", "program"):
        return None
    return statement


_IDENTIFIER_PARTS = re.compile(r"[A-Za-z0-9]+")


def _free_name(tool_name: str, scope: bytes) -> str | None:
    """`controller`, or `<toolName>Controller`, whichever the code around does not use."""
    parts = _IDENTIFIER_PARTS.findall(tool_name)
    camel = parts[0].lower() + "".join(p.capitalize() for p in parts[1:]) if parts else ""
    for candidate in ("controller", f"{camel}Controller"):
        if candidate[0].isalpha() and not re.search(rb"\b%s\b" % candidate.encode(), scope):
            return candidate
    return None


def _aborted_before(call: Node) -> bool:
    """Whether the function holding `call` calls `.abort()` before it."""
    function = enclosing_function(call)
    body = function_body(function) if function is not None else None
    if body is None:
        return False
    for node in descendants(body, frozenset({"call_expression"})):
        if node.start_byte >= call.start_byte:
            break
        member = called_member(node)
        if member is not None and member[1] == "abort" and not arguments(node):
            return True
    return False


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
