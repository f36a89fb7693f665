"""Tools registered on a polyfill or shim that keeps them out of Chrome's own registry."""

from __future__ import annotations

from webmcp_lint.checks import Context, check
from webmcp_lint.checks._runtime import evidence
from webmcp_lint.extract.runtime import HOOKS_ON_DOCUMENT_FROM, registered_on
from webmcp_lint.model import FileModel
from webmcp_lint.model.diagnostics import Related
from webmcp_lint.model.runtime import Implementation, Surface
from webmcp_lint.workspace.source import Span

REGISTERING = frozenset({"registerTool", "provideContext"})
_SURFACES: dict[str, Surface] = {"document": "document", "navigator": "navigator"}


@check()
def tools_hidden_from_chrome(model: FileModel, ctx: Context) -> None:
    hidden: list[tuple[Span, str, Implementation]] = []  # where, what registers, provider
    for use in model.api_uses:
        surface = _SURFACES.get(use.root)
        if use.call is None or use.member not in REGISTERING or surface is None:
            continue
        provider = model.runtime_at(use.node).hidden_from_chrome(surface)
        if provider is not None:
            hidden.append((use.span, f"`{use.root}.modelContext` is", provider))
    for tool in model.tools:
        if tool.kind != "integration" or tool.integration not in HOOKS_ON_DOCUMENT_FROM:
            continue
        found = registered_on(model, tool)
        provider = found[0].hidden_from_chrome(found[1]) if found is not None else None
        if found is not None and provider is not None:
            version = model.project.framework(tool.integration or "")
            hook = f"`{tool.api or 'useWebMCP'}` of {tool.integration} {version}"
            hidden.append(
                (
                    tool.registration,
                    f"{hook} registers on `{found[1]}.modelContext`, which is",
                    provider,
                )
            )
    if not hidden:
        return
    hidden.sort(key=lambda found: found[0].start)
    (span, what, provider), rest = hidden[0], hidden[1:]
    related = [Related(other, "registered there too") for other, _, _ in rest]
    related.extend(evidence(provider))
    ctx.report(
        span,
        f"In Chrome, {what} {_owner(provider)}, which keeps the tools it is given "
        "out of Chrome's own registry: Chrome's agent never sees them, only agents that "
        f"talk to {_short(provider)}. {_advice(provider, hooked=what.startswith('`use'))}",
        related=related,
    )


def _owner(provider: Implementation) -> str:
    if provider.kind == "package":
        return f"{provider.label}'s"
    return provider.name


def _short(provider: Implementation) -> str:
    return provider.name if provider.kind == "package" else "it"


def _advice(provider: Implementation, hooked: bool) -> str:
    if provider.name in ("@mcp-b/global", "@mcp-b/webmcp-polyfill"):
        where = (
            "use its hooks from 4.0, which register on `document.modelContext`"
            if hooked
            else "register on `document.modelContext`"
        )
        return (
            f"Upgrade {provider.name} to 3.0 or later and {where}, which then reaches "
            "Chrome's registry."
        )
    if provider.kind == "package":
        return "Register on `document.modelContext` where Chrome has WebMCP."
    return (
        "Register on `document.modelContext`, and install the shim there only where the "
        "browser has none."
    )
