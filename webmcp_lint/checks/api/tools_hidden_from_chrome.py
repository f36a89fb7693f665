"""Tools registered on a polyfill or shim that keeps them out of Chrome's own registry."""

from __future__ import annotations

from webmcp_lint.checks import Context, check
from webmcp_lint.checks._runtime import evidence
from webmcp_lint.diagnostics import Related
from webmcp_lint.model import ApiUse, FileModel
from webmcp_lint.model.runtime import Implementation, Surface

REGISTERING = frozenset({"registerTool", "provideContext"})
_SURFACES: dict[str, Surface] = {"document": "document", "navigator": "navigator"}


@check()
def tools_hidden_from_chrome(model: FileModel, ctx: Context) -> None:
    hidden: list[tuple[ApiUse, Implementation]] = []
    for use in model.api_uses:
        surface = _SURFACES.get(use.root)
        if use.call is None or use.member not in REGISTERING or surface is None:
            continue
        provider = model.runtime_at(use.node).hidden_from_chrome(surface)
        if provider is not None:
            hidden.append((use, provider))
    if not hidden:
        return
    (first, provider), rest = hidden[0], hidden[1:]
    related = [Related(use.span, "registered there too") for use, _ in rest]
    related.extend(evidence(provider))
    written = f"{first.root}.modelContext"
    ctx.report(
        first.span,
        f"In Chrome, `{written}` is {_owner(provider)}, which keeps the tools it is given "
        "out of Chrome's own registry: Chrome's agent never sees them, only agents that "
        f"talk to {_short(provider)}. {_advice(provider)}",
        related=related,
    )


def _owner(provider: Implementation) -> str:
    if provider.kind == "package":
        return f"{provider.label}'s"
    return provider.name


def _short(provider: Implementation) -> str:
    return provider.name if provider.kind == "package" else "it"


def _advice(provider: Implementation) -> str:
    if provider.name in ("@mcp-b/global", "@mcp-b/webmcp-polyfill"):
        return (
            f"Upgrade {provider.name} to 3.0 or later and register on "
            "`document.modelContext`, which then reaches Chrome's registry."
        )
    if provider.kind == "package":
        return "Register on `document.modelContext` where Chrome has WebMCP."
    return (
        "Register on `document.modelContext`, and install the shim there only where the "
        "browser has none."
    )
