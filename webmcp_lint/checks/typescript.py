"""TypeScript: the official `webmcp-types` instead of hand-written declarations."""

from __future__ import annotations

import re
from collections.abc import Iterator

from tree_sitter import Node

from webmcp_lint.checks import Context as CheckContext
from webmcp_lint.checks import legacy_check as check
from webmcp_lint.diagnostics import Finding
from webmcp_lint.extract.integrations import import_sources
from webmcp_lint.model import FileModel, Script
from webmcp_lint.project import REFERENCE, TS_SCRIPT_LANGUAGES, WEBMCP_TYPES
from webmcp_lint.source import Span
from webmcp_lint.syntax.nodes import text

# The interfaces `webmcp-types` declares under these names (and the old client object).
SPEC_TYPE_NAMES = frozenset(
    {
        "ModelContext",
        "ModelContextTool",
        "ModelContextRegisterToolOptions",
        "ModelContextGetToolOptions",
        "ModelContextExecuteToolOptions",
        "ModelContextClient",
    }
)
GLOBAL_INTERFACES = frozenset({"Document", "Navigator"})
_WORDS = re.compile(rb"\b(modelContext|ModelContext\w*|WebMCP)\b")
_TYPE_DECLARATIONS = frozenset({"interface_declaration", "type_alias_declaration"})
_WEBMCP_NAMESPACE = re.compile(rb"\bWebMCP\s*\.")


@check("no-handwritten-types")
def no_handwritten_types(model: FileModel, context: CheckContext) -> Iterator[Finding]:
    for script in model.scripts:
        if script.language not in TS_SCRIPT_LANGUAGES:
            continue
        by_statement: dict[int, list[tuple[Node, str]]] = {}
        for node, shown in _declarations(model, script):
            by_statement.setdefault(_top_statement(node).id, []).append((node, shown))
        for declarations in by_statement.values():
            first = declarations[0][0]
            names = ", ".join(f"`{shown}`" for _, shown in declarations)
            yield Finding(
                "no-handwritten-types",
                f"Hand-written WebMCP types ({names}) drift from the spec (the `execute` "
                "`signal`, new annotations, `executeTool`) and hide API changes from the "
                "type checker: install `webmcp-types` and delete them.",
                Span.of(first),
            )


def _declarations(model: FileModel, script: Script) -> Iterator[tuple[Node, str]]:
    """Declarations of `modelContext` on Document/Navigator, of the spec's interfaces,
    and of a `WebMCP` namespace, with how to show each."""
    seen: set[int] = set()
    for match in _WORDS.finditer(model.source.text, script.span.start, script.span.end):
        node = script.root.descendant_for_byte_range(match.start(), match.end())
        if node is None or node.id in seen:
            continue
        seen.add(node.id)
        parent = node.parent
        if parent is None or parent.child_by_field_name("name") != node:
            continue
        word = text(node)
        if word == "modelContext" and parent.type in ("property_signature", "method_signature"):
            owner = parent.parent.parent if parent.parent is not None else None
            if owner is not None and owner.type == "interface_declaration":
                interface = text(owner.child_by_field_name("name"))
                if interface in GLOBAL_INTERFACES:
                    yield parent, f"{interface}.modelContext"
        elif word in SPEC_TYPE_NAMES and parent.type in _TYPE_DECLARATIONS:
            yield node, word
        elif word == "WebMCP" and parent.type in ("internal_module", "module"):
            yield node, "namespace WebMCP"


def _top_statement(node: Node) -> Node:
    while node.parent is not None and node.parent.type != "program":
        node = node.parent
    return node


@check("tsconfig-webmcp-types")
def tsconfig_webmcp_types(model: FileModel, context: CheckContext) -> Iterator[Finding]:
    tsconfig = model.project.tsconfig
    if tsconfig is None or tsconfig.webmcp_types is not False:
        return
    if REFERENCE.search(model.source.text):
        return
    for script in model.scripts:
        if script.language not in TS_SCRIPT_LANGUAGES:
            continue
        if any(source.split("/")[0] == WEBMCP_TYPES for source, _ in import_sources(script)):
            return
    first = _first_typed_use(model)
    if first is None:
        return
    yield Finding(
        "tsconfig-webmcp-types",
        f"`{tsconfig.display}` does not load `webmcp-types`, so TypeScript does not know "
        "`document.modelContext` and the WebMCP types: run `npm i -D webmcp-types` and add "
        '"webmcp-types" to `compilerOptions.types` '
        '(or a `/// <reference types="webmcp-types" />`).',
        first,
    )


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
        for match in _WEBMCP_NAMESPACE.finditer(
            model.source.text, script.span.start, script.span.end
        ):
            node = script.root.descendant_for_byte_range(match.start(), match.start() + 6)
            parent = node.parent if node is not None else None
            if parent is not None and parent.type == "nested_type_identifier":
                spans.append(Span.of(parent))
    return min(spans, key=lambda span: span.start) if spans else None
