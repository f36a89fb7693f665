"""A tool's facts the page checks read (`page_tools.PageTool`), found in the file's
process from its model; apart from `page_tools`, whose data a cached run decodes
without importing a check."""

from __future__ import annotations

from collections.abc import Iterable

from webmcp_lint.checks._hints import description_text
from webmcp_lint.checks.annotations.consequential_hint import consequential
from webmcp_lint.checks.annotations.untrusted_content_hint import (
    trusted_origins,
    untrusted_without_hint,
)
from webmcp_lint.model import FileModel, ToolDefinition


def page_facts(
    tool: ToolDefinition, model: FileModel, trusted_origins_option: Iterable[object]
) -> tuple[str | None, str | None, str | None]:
    """A tool's description, why it is consequential and what untrusted content it
    returns without the hint (for registered tools; a form has no annotations)."""
    untrusted = None
    if tool.kind != "declarative":
        trusted = trusted_origins(trusted_origins_option)
        untrusted = untrusted_without_hint(tool, model, trusted)
    return description_text(tool), consequential(tool, model), untrusted
