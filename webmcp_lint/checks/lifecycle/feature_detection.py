"""A use of `document.modelContext` where the browser may not support WebMCP (unless what
the file runs on provides it in every browser: a polyfill the page always installs)."""

from __future__ import annotations

from webmcp_lint.checks import Context, check
from webmcp_lint.model import ApiUse, FileModel
from webmcp_lint.syntax.nodes import enclosing_function, text

MESSAGES = {
    "unchecked-support": (
        "`{{code}}` runs without checking that the browser supports WebMCP: where "
        "`document.modelContext` is missing (most browsers today) this throws a TypeError. "
        'Test `if ("modelContext" in document)` first, or use `?.`.'
    ),
}


@check(messages=MESSAGES)
def feature_detection(model: FileModel, ctx: Context) -> None:
    reported: set[int] = set()  # one finding per function (or per script's top level)
    for use in model.api_uses:
        if use.root != "document" or len(use.path) < 2 or use.script.evaluator is None:
            continue
        runtime = model.runtime_at(use.node)
        if not runtime.known or runtime.everywhere("document"):
            continue  # a runtime the page always has is the check
        if not use.analysable:
            continue
        scope = enclosing_function(use.node)
        scope_id = scope.id if scope is not None else use.script.root.id
        if scope_id in reported or model.functions.guarded(use.node, use.script):
            continue
        reported.add(scope_id)
        ctx.report(use.span, "unchecked-support", code=_shown(use))


def _shown(use: ApiUse) -> str:
    written = " ".join(text(use.node).split())
    return written if len(written) <= 60 else "document." + ".".join(use.path)
