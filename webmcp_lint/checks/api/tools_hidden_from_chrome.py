"""Tools registered on a polyfill or shim that keeps them out of Chrome's own registry."""

from __future__ import annotations

from msgspec import Struct

from webmcp_lint.checks import Context, check
from webmcp_lint.checks._runtime import evidence
from webmcp_lint.diagnostics import Related
from webmcp_lint.extract.runtime import HOOKS_ON_DOCUMENT_FROM, registered_on
from webmcp_lint.model import FileModel, ToolDefinition
from webmcp_lint.model.runtime import Implementation, Surface
from webmcp_lint.workspace.source import Span

REGISTERING = frozenset({"registerTool", "provideContext"})
_SURFACES: dict[str, Surface] = {"document": "document", "navigator": "navigator"}


MESSAGES = {
    # `label` is the package with its version, `advice` what to do (`_advice`)
    "registered-on-package": (
        "In Chrome, `{{surface}}.modelContext` is {{label}}'s, which keeps the tools it is "
        "given out of Chrome's own registry: Chrome's agent never sees them, only agents "
        "that talk to {{package}}. {{advice}}"
    ),
    "registered-on-shim": (
        "In Chrome, `{{surface}}.modelContext` is {{shim}}, which keeps the tools it is given "
        "out of Chrome's own registry: Chrome's agent never sees them, only agents that talk "
        "to it. Register on `document.modelContext`, and install the shim there only where "
        "the browser has none."
    ),
    "hook-registers-on-package": (
        "In Chrome, `{{api}}` of {{integration}} {{version}} registers on "
        "`{{surface}}.modelContext`, which is {{label}}'s, which keeps the tools it is given "
        "out of Chrome's own registry: Chrome's agent never sees them, only agents that talk "
        "to {{package}}. {{advice}}"
    ),
    "hook-registers-on-shim": (
        "In Chrome, `{{api}}` of {{integration}} {{version}} registers on "
        "`{{surface}}.modelContext`, which is {{shim}}, which keeps the tools it is given out "
        "of Chrome's own registry: Chrome's agent never sees them, only agents that talk to "
        "it. Register on `document.modelContext`, and install the shim there only where the "
        "browser has none."
    ),
}


class _Hidden(Struct, frozen=True):
    """A registration Chrome's agent never sees: where it is, the `modelContext` it is
    made on (`document` or `navigator`), what provides that, and the hook that makes it
    (None for a call of `registerTool` or `provideContext`)."""

    span: Span
    surface: str
    provider: Implementation
    hook: ToolDefinition | None = None


@check(messages=MESSAGES)
def tools_hidden_from_chrome(model: FileModel, ctx: Context) -> None:
    hidden: list[_Hidden] = []
    for use in model.api_uses:
        surface = _SURFACES.get(use.root)
        if use.call is None or use.member not in REGISTERING or surface is None:
            continue
        provider = model.runtime_at(use.node).hidden_from_chrome(surface)
        if provider is not None:
            hidden.append(_Hidden(use.span, use.root, provider))
    for tool in model.tools:
        if tool.kind != "integration" or tool.integration not in HOOKS_ON_DOCUMENT_FROM:
            continue
        found = registered_on(model, tool)
        provider = found[0].hidden_from_chrome(found[1]) if found is not None else None
        if found is not None and provider is not None:
            hidden.append(_Hidden(tool.registration, found[1], provider, tool))
    if not hidden:
        return
    hidden.sort(key=lambda found: found.span.start)
    first, rest = hidden[0], hidden[1:]
    related = [Related(other.span, "registered there too") for other in rest]
    related.extend(evidence(first.provider))
    _report(model, ctx, first, related)


def _report(model: FileModel, ctx: Context, hidden: _Hidden, related: list[Related]) -> None:
    at, surface, provider, tool = hidden.span, hidden.surface, hidden.provider, hidden.hook
    package = provider.kind == "package"
    if tool is None and package:
        ctx.report(
            at,
            "registered-on-package",
            related=related,
            surface=surface,
            label=provider.label,
            package=provider.name,
            advice=_advice(provider, hooked=False),
        )
    elif tool is None:
        ctx.report(at, "registered-on-shim", related=related, surface=surface, shim=provider.name)
    else:
        api, integration = tool.api or "useWebMCP", tool.integration or ""
        version = model.project.framework(integration) or ""  # known: it says the surface
        if package:
            ctx.report(
                at,
                "hook-registers-on-package",
                related=related,
                api=api,
                integration=integration,
                version=version,
                surface=surface,
                label=provider.label,
                package=provider.name,
                advice=_advice(provider, hooked=api.startswith("use")),
            )
        else:
            ctx.report(
                at,
                "hook-registers-on-shim",
                related=related,
                api=api,
                integration=integration,
                version=version,
                surface=surface,
                shim=provider.name,
            )


def _advice(provider: Implementation, hooked: bool) -> str:
    """What to do about a package that keeps the tools out of Chrome's registry."""
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
    return "Register on `document.modelContext` where Chrome has WebMCP."
