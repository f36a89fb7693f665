"""Hand-written WebMCP type declarations instead of the official `webmcp-types`."""

from __future__ import annotations

import re
from collections.abc import Iterator

from tree_sitter import Node

from webmcp_lint.checks import Context, check
from webmcp_lint.model import FileModel, Script
from webmcp_lint.project import TS_SCRIPT_LANGUAGES
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


@check()
def no_handwritten_types(model: FileModel, ctx: Context) -> None:
    for script in model.scripts:
        if script.language not in TS_SCRIPT_LANGUAGES:
            continue
        by_statement: dict[int, list[tuple[Node, str]]] = {}
        for node, shown in _declarations(model, script):
            by_statement.setdefault(_top_statement(node).id, []).append((node, shown))
        for declarations in by_statement.values():
            first = declarations[0][0]
            names = ", ".join(f"`{shown}`" for _, shown in declarations)
            ctx.report(
                first,
                f"Hand-written WebMCP types ({names}) drift from the spec (the `execute` "
                "`signal`, new annotations, `executeTool`) and hide API changes from the "
                "type checker: install `webmcp-types` and delete them.",
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
            if not _derived(parent):
                yield node, word
        elif word == "WebMCP" and parent.type in ("internal_module", "module"):
            yield node, "namespace WebMCP"


def _derived(declaration: Node) -> bool:
    """A type alias computed from the declared API (`NonNullable<Document['modelContext']>`,
    `WebMCP.ModelContextTool`): it follows the installed types, it does not copy them."""
    if declaration.type != "type_alias_declaration":
        return False
    value = declaration.child_by_field_name("value")
    written = text(value) if value is not None else ""
    return "['modelContext']" in written.replace('"', "'") or written.startswith("WebMCP.")


def _top_statement(node: Node) -> Node:
    while node.parent is not None and node.parent.type != "program":
        node = node.parent
    return node
