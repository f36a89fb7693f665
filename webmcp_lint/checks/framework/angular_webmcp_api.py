"""An Angular class that registers a tool by hand instead of with Angular's WebMCP API."""

from __future__ import annotations

from webmcp_lint.checks import Context, check
from webmcp_lint.checks._frameworks import ANGULAR_CORE, angular_class, imports_any, within_depth
from webmcp_lint.model import FileModel


@check()
def angular_webmcp_api(model: FileModel, ctx: Context) -> None:
    for use in model.api_uses:
        if use.root != "document" or use.path != ("modelContext", "registerTool"):
            continue
        if not imports_any(use.script, {ANGULAR_CORE}):
            continue
        if not within_depth(use.node, use.script.root) or angular_class(use.node) is None:
            continue
        ctx.report(
            use.span,
            "This Angular class registers a WebMCP tool by hand: use "
            "`declareExperimentalWebMcpTool(tool)` (or `provideExperimentalWebMcpTools([...])` "
            "in providers) from `@angular/core`, which unregisters the tool when its "
            "injector is destroyed.",
        )
