"""WebMCP code nested deeper than the rules that read its surroundings look.

Rules that walk up from WebMCP code (is it guarded, awaited, cleaned up, inside a
component?) skip code more than `MAX_ANALYSED_DEPTH` levels below its script's root
(`checks/_frameworks.py`): this rule says so, once per file, where the first such code
is.
"""

from __future__ import annotations

from tree_sitter import Node

from webmcp_lint.checks import Context, check
from webmcp_lint.model import FileModel
from webmcp_lint.syntax.nodes import MAX_ANALYSED_DEPTH, callee_name

_NOT_LOOKED_AT = (
    ": the rules that read the code around WebMCP code (whether it is guarded, awaited, "
    "cleaned up, or inside a component) do not look this deep, so their findings about it "
    "may be missing. Move the code into a function declared at a shallower level."
)
# `shown`: the first code that deep, as the API it reaches or the call that registers
MESSAGES = {
    "nested-too-deep": (
        "`{{shown}}` is nested more than {{depth}} syntax levels deep" + _NOT_LOOKED_AT
    ),
    "tool-nested-too-deep": (
        "`{{shown}}` is nested more than {{depth}} syntax levels deep (1 of this file's tools "
        "is)" + _NOT_LOOKED_AT
    ),
    "tools-nested-too-deep": (
        "`{{shown}}` is nested more than {{depth}} syntax levels deep ({{tools}} of this "
        "file's tools are)" + _NOT_LOOKED_AT
    ),
}


@check(messages=MESSAGES)
def source_too_deep(model: FileModel, ctx: Context) -> None:
    deep: list[tuple[Node, str]] = []
    for use in model.api_uses:
        if not use.analysable:
            deep.append((use.node, ".".join((use.root, *use.path))))
    deep_tools = 0
    for tool in model.tools:
        if tool.call is None or tool.script is None:
            continue
        if not tool.analysable:
            deep_tools += 1
            deep.append((tool.call, callee_name(tool.call) or "this call"))
    if not deep:
        return
    node, shown = min(deep, key=lambda found: found[0].start_byte)
    depth = MAX_ANALYSED_DEPTH
    if deep_tools == 0:
        ctx.report(node, "nested-too-deep", shown=shown, depth=depth)
    elif deep_tools == 1:
        ctx.report(node, "tool-nested-too-deep", shown=shown, depth=depth)
    else:
        ctx.report(node, "tools-nested-too-deep", shown=shown, depth=depth, tools=deep_tools)
