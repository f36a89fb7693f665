"""A TypeScript project that uses the WebMCP API without loading `webmcp-types`."""

from __future__ import annotations

from webmcp_lint.checks import Context, check
from webmcp_lint.extract.project import REFERENCE, TS_SCRIPT_LANGUAGES, WEBMCP_TYPES
from webmcp_lint.model import FileModel
from webmcp_lint.workspace.source import Span

MESSAGES = {
    "webmcp-types-not-loaded": (
        "`{{tsconfig}}` does not load `webmcp-types`, so TypeScript does not know "
        "`document.modelContext` and the WebMCP types: run `npm i -D webmcp-types` and add "
        '"webmcp-types" to `compilerOptions.types` '
        '(or a `/// <reference types="webmcp-types" />`).'
    ),
}


@check(messages=MESSAGES)
def tsconfig_webmcp_types(model: FileModel, ctx: Context) -> None:
    tsconfig = model.project.tsconfig
    if tsconfig is None or tsconfig.webmcp_types is not False:
        return
    if REFERENCE.search(model.source.text):
        return
    for script in model.scripts:
        if script.language not in TS_SCRIPT_LANGUAGES:
            continue
        if any(source.split("/")[0] == WEBMCP_TYPES for source, _ in script.semantic.imports()):
            return
    first = _first_typed_use(model)
    if first is None:
        return
    ctx.report(first, "webmcp-types-not-loaded", tsconfig=tsconfig.display)


def _first_typed_use(model: FileModel) -> Span | None:
    """The first reach into `document.modelContext` or the `WebMCP` namespace in
    TypeScript code."""
    spans = [
        use.span
        for use in model.api_uses
        if use.root == "document"
        and not use.in_check
        and use.script.language in TS_SCRIPT_LANGUAGES
    ]
    for script in model.scripts:
        if script.language not in TS_SCRIPT_LANGUAGES:
            continue
        for node, _ in script.semantic.at_words(("WebMCP",)):
            parent = node.parent
            if parent is not None and parent.type == "nested_type_identifier":
                spans.append(Span.of(parent))
    return min(spans, key=lambda span: span.start) if spans else None
