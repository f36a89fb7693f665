"""Precision: realistic tools written the way Chrome's guidance shows them produce no
finding from the description, schema and secret rules."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import REPO, lint, tools

RULES = {
    "description-repeats-schema",
    "description-length",
    "description-hidden-text",
    "description-prompt-injection",
    "description-negative",
    "input-schema-valid",
    "input-schema-root",
    "input-schema-required",
    "input-schema-default",
    "tool-unknown-member",
    "input-schema-missing",
    "no-secrets-in-tool-metadata",
}
CLEAN = sorted((REPO / "examples" / "clean").glob("descriptions-*"))


def test_there_are_at_least_three_clean_modules() -> None:
    assert len(CLEAN) >= 3


@pytest.mark.parametrize("path", CLEAN, ids=lambda p: p.name)
def test_clean_module_has_tools_and_no_finding_from_these_rules(path: Path) -> None:
    code = path.read_text(encoding="utf-8")
    assert len(tools(code, path.name)) >= 1, "the module must register tools to mean anything"
    found = [f"{d.rule}: {d.message}" for d in lint(code, path.name) if d.rule in RULES]
    assert found == []
