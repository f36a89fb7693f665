"""A React component or hook that registers a tool by hand instead of with `useWebMCP`."""

from __future__ import annotations

from webmcp_lint.checks import Context, check
from webmcp_lint.checks._forms import is_react
from webmcp_lint.checks._frameworks import (
    REACT_SOURCES,
    imports_any,
)
from webmcp_lint.model import FileModel

MESSAGES = {
    "registers-by-hand": (
        "This React component or hook registers a WebMCP tool by hand: use `useWebMCP` from "
        "`use-webmcp-tool`, which registers on mount, unregisters on unmount, survives "
        "StrictMode's double effects and re-registers when the tool changes."
    ),
}


@check(messages=MESSAGES)
def react_use_webmcp(model: FileModel, ctx: Context) -> None:
    react = None  # whether the file is React: asked once (it searches the whole text)
    for use in model.api_uses:
        if use.root != "document" or use.path != ("modelContext", "registerTool"):
            continue
        if not imports_any(use.script, REACT_SOURCES):
            if react is None:
                react = is_react(model)
            if not react:
                continue
        if not use.analysable:
            continue
        if model.functions.component(use.node, use.script) is None:
            continue
        ctx.report(use.span, "registers-by-hand")
