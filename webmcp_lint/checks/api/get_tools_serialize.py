"""What `getTools()` returns, serialized, cloned or posted: each tool holds its `window` in
Chrome before 160 (so this throws), and is a `Tool` object from Chrome 160 (`"{}"`, or a
DataCloneError)."""

from __future__ import annotations

from webmcp_lint.checks import Context, check
from webmcp_lint.checks._tool_objects import tool_uses
from webmcp_lint.checks._util import head_span
from webmcp_lint.model import FileModel
from webmcp_lint.workspace.source import Span

PLAIN = "`tools.map(({ name, description, inputSchema }) => ({ name, description, inputSchema }))`"


MESSAGES = {
    "stringify-fails": (
        "`JSON.stringify()` of what `getTools()` returns fails: each tool holds its "
        "`window`, so Chrome before 160 throws a TypeError (a circular structure), "
        'and Chrome 160\'s `Tool` objects give `"{}"`. Copy the fields you need '
        f"first: {PLAIN}."
    ),
    "clone-fails": (
        "`{{what}}` of what `getTools()` returns throws a DataCloneError: each "
        "tool holds its `window` (Chrome before 160), and Chrome 160's `Tool` objects "
        f"cannot be cloned. Pass plain objects: {PLAIN}."
    ),
}


@check(messages=MESSAGES)
def get_tools_serialize(model: FileModel, ctx: Context) -> None:
    for use in tool_uses(model):
        at = head_span(model.source, Span.of(use.node))
        if use.kind == "stringify":
            ctx.report(at, "stringify-fails")
        elif use.kind in ("clone", "post"):
            ctx.report(at, "clone-fails", what=use.what)
