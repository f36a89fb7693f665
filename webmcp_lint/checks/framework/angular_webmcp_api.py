"""An Angular class that registers a tool by hand instead of with Angular's WebMCP API."""

from __future__ import annotations

from webmcp_lint.checks import Context, check
from webmcp_lint.checks._frameworks import ANGULAR_CORE, imports_any
from webmcp_lint.extract.implementations import parse_version
from webmcp_lint.model import FileModel

# The Angular release that brought `declareExperimentalWebMcpTool`.
FIRST_MAJOR = 22


MESSAGES = {
    "registers-by-hand": (
        "This Angular class registers a WebMCP tool by hand: use "
        "`declareExperimentalWebMcpTool(tool)` (or `provideExperimentalWebMcpTools([...])` "
        "in providers) from `@angular/core`, which unregisters the tool when its injector is "
        "destroyed."
    ),
}


@check(messages=MESSAGES)
def angular_webmcp_api(model: FileModel, ctx: Context) -> None:
    if not _has_the_integration(model.project.framework(ANGULAR_CORE)):
        return  # an Angular older than 22 has no integration to move to
    for use in model.api_uses:
        if use.root != "document" or use.path != ("modelContext", "registerTool"):
            continue
        if not imports_any(use.script, {ANGULAR_CORE}):
            continue
        if not use.analysable or model.functions.angular_class(use.node, use.script) is None:
            continue
        ctx.report(use.span, "registers-by-hand")


def _has_the_integration(version: str | None) -> bool:
    """Whether the project's Angular has the WebMCP integration: 22 or later, or a
    version that cannot be told (no package.json says)."""
    if not version:
        return True
    major = parse_version(version)
    return major is None or major[0] >= FIRST_MAJOR
