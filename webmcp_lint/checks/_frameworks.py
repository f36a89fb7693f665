"""Which frameworks a script imports, for the framework rules. What framework code a
node sits in is a fact of the model (`model.functions.component`, `.angular_class`,
`.lifecycle`: extract/frameworks.py)."""

from __future__ import annotations

from webmcp_lint.model import Script

REACT_SOURCES = frozenset(
    {"react", "react-dom", "react-dom/client", "preact", "preact/hooks", "preact/compat"}
)
ANGULAR_CORE = "@angular/core"


def imports_any(script: Script, sources: frozenset[str] | set[str]) -> bool:
    return any(source in sources for source, _ in script.semantic.imports())
