"""How findings that depend on what a file runs on (model/runtime.py) say where they hold
and show why: the environment and implementation in the message, and the evidence (a
lockfile line, an import, a shim) as related locations."""

from __future__ import annotations

from webmcp_lint.diagnostics import Location, Related
from webmcp_lint.extract.runtime import registered_on
from webmcp_lint.model import FileModel, ToolDefinition
from webmcp_lint.model.runtime import (
    Environment,
    Implementation,
    Runtime,
    environment_phrase,
)
from webmcp_lint.workspace.source import Span

MAX_EVIDENCE = 2  # related locations a finding shows of its runtime's evidence


def where(runtime: Runtime, environment: Environment, provider: Implementation) -> str:
    """`on Chrome with WebMCP` (said only when something else is installed too, so a
    plain Chrome project reads as before), `on @mcp-b/global 5.1.0`, ..."""
    return environment_phrase(environment, runtime, provider)


def sentence(phrase: str) -> str:
    """A phrase that starts a sentence: its first letter capitalised."""
    return phrase[:1].upper() + phrase[1:]


def plain_chrome(runtime: Runtime, provider: Implementation) -> bool:
    """Whether the verdict is Chrome's with nothing else installed: messages then say
    what Chrome does without naming runtimes."""
    return provider.kind == "chrome" and not runtime.implementations


def evidence(*implementations: Implementation) -> list[Related]:
    """Where the file's runtime comes from, as related locations (at most a few)."""
    found: list[Related] = []
    for implementation in implementations:
        for item in implementation.evidence:
            if item.line <= 0 or len(found) >= MAX_EVIDENCE:
                continue
            location = Location(item.line, 1, item.line, 1)
            found.append(Related(Span(0, 0), f"{item.what}", location, item.path))
    return found


def only_polyfill_agents_call(model: FileModel, tool: ToolDefinition, attribute: str) -> bool:
    """Whether every implementation the tool is registered on, in every environment, has
    `attribute` true and keeps its tools out of Chrome's registry: only the polyfill's
    own agents call the tool, through its rules (`throws_reach_agent`: a throw becomes an
    `isError` result)."""
    found = registered_on(model, tool)
    if found is None:
        return False
    runtime, surface = found
    providers = runtime.providers(surface)
    return (
        runtime.known
        and bool(providers)
        and all(getattr(p, attribute) is True and p.reaches_chrome is False for _, p in providers)
    )


def never_in_chromes_registry(model: FileModel, tool: ToolDefinition) -> bool:
    """Whether, in Chrome with WebMCP, the `modelContext` the tool is registered on is
    one that keeps its tools out of Chrome's registry, or, for an MCP-B hook whose
    version puts it on `navigator`, nothing at all (the page installs no polyfill):
    Chrome's agent never sees the tool, so what only Chrome reads (`consequentialHint`)
    changes nothing. (Code that itself reaches for a `navigator.modelContext` nothing
    provides is fixed by moving to `document.modelContext`: there the hint counts.)"""
    found = registered_on(model, tool)
    if found is None or not found[0].known:
        return False
    runtime, surface = found
    provider = runtime.provider(surface, "chrome")
    if provider is None:
        return tool.kind == "integration"
    return provider.reaches_chrome is False


def never_given_a_signal(model: FileModel, tool: ToolDefinition) -> bool:
    """Whether every implementation the tool is registered on calls `execute` without a
    `{ signal }` (MCP-B and the polyfill before 2.3): there is none to pass on."""
    found = registered_on(model, tool)
    if found is None or not found[0].known:
        return False
    providers = found[0].providers(found[1])
    return bool(providers) and all(p.signal is False for _, p in providers)
