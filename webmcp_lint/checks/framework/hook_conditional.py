"""`useWebMCP` called conditionally or in a loop."""

from __future__ import annotations

from tree_sitter import Node

from webmcp_lint.checks import Context, check
from webmcp_lint.checks._util import callee_text
from webmcp_lint.model import FileModel, Script
from webmcp_lint.syntax.nodes import (
    ITERATING_METHODS,
    LOOP_TYPES,
    ancestors,
    called_member,
    enclosing_function,
    text,
)
from webmcp_lint.workspace.source import Span

MESSAGES = {
    # a Vue composable: it runs once, when the component is set up
    "condition-checked-once": (
        "`{{hook}}` is called conditionally, so the condition is checked once when the "
        "component is set up: when it changes later, the tool does not follow. Call it "
        "unconditionally and pass `enabled: () => condition` (a getter or ref)."
    ),
    "called-in-loop": (
        "`{{hook}}` is called in a loop: React needs hooks in the same order on every "
        "render, or tools register under the wrong state. Call it once per tool at the top "
        "of a component (one small component per tool)."
    ),
    # the hook takes an `enabled` option
    "called-conditionally-pass-enabled": (
        "`{{hook}}` is called conditionally: React needs hooks in the same order on every "
        "render, so the tool registers and unregisters unpredictably. Call it "
        "unconditionally and pass `enabled: condition` instead."
    ),
    "called-conditionally": (
        "`{{hook}}` is called conditionally: React needs hooks in the same order on every "
        "render, so the tool registers and unregisters unpredictably. Call it "
        "unconditionally and render the component that calls it only when the condition "
        "holds."
    ),
}


@check(messages=MESSAGES)
def hook_conditional(model: FileModel, ctx: Context) -> None:
    seen: set[int] = set()
    for tool in model.tools:
        call = tool.call
        hook = tool.wrapper.hook if tool.wrapper is not None else None
        if hook is None or call is None or call.id in seen:
            continue
        seen.add(call.id)
        if tool.script is None or not tool.analysable:
            continue
        react = hook == "react"
        problem = _conditional(call, react, tool.script)
        if problem is None:
            continue
        function = call.child_by_field_name("function")
        where = Span.of(function if function is not None else call)
        if not react:
            message_id = "condition-checked-once"
        elif problem == "loop":
            message_id = "called-in-loop"
        elif tool.wrapper is not None and tool.wrapper.enabled_option:
            message_id = "called-conditionally-pass-enabled"
        else:
            message_id = "called-conditionally"
        ctx.report(where, message_id, hook=callee_text(call))


def _conditional(call: Node, react: bool, script: Script) -> str | None:
    """ "condition" or "loop" when the hook call does not run on every call of its
    component (or composable), else None."""
    function = enclosing_function(call)
    child = call
    for ancestor in ancestors(call):
        if ancestor == function:
            break
        kind = ancestor.type
        if kind in ("if_statement", "ternary_expression"):
            if child != ancestor.child_by_field_name("condition"):
                return "condition"
        elif kind == "binary_expression":
            operator = text(ancestor.child_by_field_name("operator"))
            if operator in ("&&", "||", "??") and child == ancestor.child_by_field_name("right"):
                return "condition"
        elif kind == "switch_case":
            return "condition"
        elif kind in LOOP_TYPES and react:
            body = ancestor.child_by_field_name("body")
            if child == body:
                return "loop"
        child = ancestor
    if function is None or not react:
        return None
    if _iteration_callback(function):
        return "loop"
    if _returns_before(function, call, script):
        return "condition"
    return None


def _iteration_callback(function: Node) -> bool:
    """`items.map(item => ...)`, `tools.forEach(function (tool) { ... })`."""
    holder = function.parent
    if holder is None or holder.type != "arguments" or holder.parent is None:
        return False
    member = called_member(holder.parent)
    return member is not None and member[1] in ITERATING_METHODS


def _returns_before(function: Node, call: Node, script: Script) -> bool:
    """A `return` of the same function earlier in the source than the hook call."""
    for statement in script.semantic.returns(function):
        if statement.start_byte >= call.start_byte:
            return False
        if statement.end_byte < call.end_byte:
            return True  # (`return useWebMCP(...)` holds the call: not before it)
    return False
