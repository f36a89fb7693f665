"""Members removed from WebMCP: `unregisterTool`, `provideContext`, `clearContext` and
`modelContextTesting`."""

from __future__ import annotations

from webmcp_lint.checks import Context, check
from webmcp_lint.model import FileModel

REMOVED_METHODS = {
    "unregisterTool": (
        "`unregisterTool()` was removed from WebMCP, so this call throws a TypeError. "
        "Register with `registerTool(tool, { signal })` and call `abort()` on its "
        "AbortController to unregister."
    ),
    "provideContext": (
        "`provideContext()` was removed from WebMCP, so this call throws a TypeError. "
        "Register each tool with `registerTool(tool, { signal })` instead."
    ),
    "clearContext": (
        "`clearContext()` was removed from WebMCP, so this call throws a TypeError. "
        "Give each registration a `signal` and abort it to remove the tool."
    ),
}


@check()
def no_removed_api(model: FileModel, ctx: Context) -> None:
    for use in model.api_uses:
        if use.path == ("modelContextTesting",):
            ctx.report(
                use.span,
                "`modelContextTesting` was removed in Chrome 152, so this code throws or "
                "does nothing: use `document.modelContext.getTools()` and `executeTool()`.",
            )
        elif use.member in REMOVED_METHODS:
            ctx.report(use.span, REMOVED_METHODS[use.member])
