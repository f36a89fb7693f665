"""Hand-written WebMCP type declarations instead of the official `webmcp-types`.

One finding per file, the other declarations as related locations. Quiet where the
declarations are the API's own: a types package, a package that implements a runtime
(a polyfill), a file that installs a shim, a project that runs on its own shim. For code
that runs on another runtime whose API `webmcp-types` does not describe (MCP-B before
3.0, other polyfills on `navigator`), an info that names it.
"""

from __future__ import annotations

from collections.abc import Iterator

from tree_sitter import Node

from webmcp_lint.checks import Context, check
from webmcp_lint.checks._runtime import evidence
from webmcp_lint.diagnostics import Related
from webmcp_lint.extract.project import TS_SCRIPT_LANGUAGES
from webmcp_lint.model import FileModel, Runtime, Script
from webmcp_lint.model.runtime import Implementation
from webmcp_lint.model.tools import CONTEXT_METHODS
from webmcp_lint.syntax.nodes import descendants, text
from webmcp_lint.workspace.source import Span

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
# Names other code uses for its own types too (a chat library's `ModelContext`): such a
# declaration is WebMCP's only when one of its members is, another declaration of the
# file is (`Document.modelContext`, a spec-only name, `namespace WebMCP`), or the file
# uses WebMCP's API.
SHARED_NAMES = frozenset({"ModelContext", "ModelContextTool", "ModelContextClient"})
WEBMCP_MEMBERS = CONTEXT_METHODS | {"inputSchema", "requestUserInteraction"}
_WORDS = sorted({"modelContext", "WebMCP"} | SPEC_TYPE_NAMES)
_TYPE_DECLARATIONS = frozenset({"interface_declaration", "type_alias_declaration"})


MESSAGES = {
    "handwritten-types-other-runtime": (
        "Hand-written WebMCP types ({{names}}): this code runs on {{runtime}}, whose API "
        "(`navigator.modelContext`, `provideContext`) `webmcp-types` does not describe. Use "
        "the types it ships, or `webmcp-types` once you move to `document.modelContext`."
    ),
    "handwritten-types": (
        "Hand-written WebMCP types ({{names}}) drift from the spec (the `execute` `signal`, "
        "new annotations, `executeTool`) and hide API changes from the type checker: install "
        "`webmcp-types` and delete them."
    ),
}


@check(messages=MESSAGES)
def no_handwritten_types(model: FileModel, ctx: Context) -> None:
    runtime = model.runtime
    own_shim = any(i.kind == "shim" for i in model.installs) or any(
        i.kind == "shim" for i in runtime.implementations
    )
    if runtime.implements is not None or own_shim:
        return  # the API's own declarations: a types package, a polyfill, the project's shim
    declarations = [
        found
        for script in model.scripts
        if script.language in TS_SCRIPT_LANGUAGES
        for found in _declarations(model, script)
    ]
    if not declarations:
        return
    uses_webmcp = any(use.path[:1] == ("modelContext",) for use in model.api_uses)
    if not uses_webmcp and not any(_of_webmcp(node, shown) for node, shown in declarations):
        return  # only shared names, nothing of WebMCP's in them: another library's types
    (first, _), rest = declarations[0], declarations[1:]
    names = ", ".join(dict.fromkeys(f"`{shown}`" for _, shown in declarations))
    related = [Related(Span.of(node), f"`{shown}` declared here too") for node, shown in rest]
    other = _other_api(runtime)
    if other is not None:
        ctx.report(
            first,
            "handwritten-types-other-runtime",
            related=related + evidence(other),
            severity="info",
            names=names,
            runtime=other.label,
        )
        return
    ctx.report(first, "handwritten-types", related=related, names=names)


def _other_api(runtime: Runtime) -> Implementation | None:
    """A published runtime the code runs on whose API is on `navigator` only (MCP-B
    before 3.0, `@webmcp-auto-ui/core`, ...): `webmcp-types` does not describe it."""
    for implementation in runtime.implementations:
        if implementation.kind == "package" and implementation.surfaces == {"navigator"}:
            return implementation
    return None


def _declarations(model: FileModel, script: Script) -> Iterator[tuple[Node, str]]:
    """Declarations of `modelContext` on Document/Navigator, of the spec's interfaces,
    and of a `WebMCP` namespace, with how to show each."""
    seen: set[int] = set()
    for node, _ in script.semantic.at_words(_WORDS):
        if node.id in seen:
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


def _of_webmcp(node: Node, shown: str) -> bool:
    """Whether a declaration is surely WebMCP's: not one of the shared names, or one
    with a member only WebMCP's types have."""
    if shown not in SHARED_NAMES:
        return True
    declaration = node.parent
    return declaration is not None and any(
        part.type in ("property_identifier", "identifier") and text(part) in WEBMCP_MEMBERS
        for part in descendants(declaration)
    )


def _derived(declaration: Node) -> bool:
    """A type alias computed from the declared API (`NonNullable<Document['modelContext']>`,
    `WebMCP.ModelContextTool`): it follows the installed types, it does not copy them."""
    if declaration.type != "type_alias_declaration":
        return False
    value = declaration.child_by_field_name("value")
    written = text(value) if value is not None else ""
    return "['modelContext']" in written.replace('"', "'") or written.startswith("WebMCP.")
