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


@check()
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
    verb = "is" if deep_tools == 1 else "are"
    tally = f" ({deep_tools} of this file's tools {verb})" if deep_tools else ""
    ctx.report(
        node,
        f"`{shown}` is nested more than {MAX_ANALYSED_DEPTH} syntax levels deep{tally}: "
        "the rules that read the code around WebMCP code (whether it is guarded, awaited, "
        "cleaned up, or inside a component) do not look this deep, so their findings about "
        "it may be missing. Move the code into a function declared at a shallower level.",
    )
