"""Precision: realistic tools written the way Chrome's guidance shows them produce no
finding from the description, schema and secret rules, nor (their execute and annotations
modules) from any rule."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import REPO, lint, tools
from tests.rules.tool_code import tool_with_execute

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


# -- execute and annotations -------------------------------------------------------------

EXECUTE_AND_ANNOTATION_MODULES = sorted(
    path
    for path in (REPO / "examples" / "clean").iterdir()
    if path.name.startswith(("execute-", "annotations-"))
)


@pytest.mark.parametrize("path", EXECUTE_AND_ANNOTATION_MODULES, ids=lambda p: p.name)
def test_clean_modules_in_the_style_of_chrome_guidance_have_no_finding(path: Path) -> None:
    diagnostics = lint(path.read_text(encoding="utf-8"), path.name)
    assert [f"{d.line}: {d.rule}" for d in diagnostics] == []


def test_there_are_at_least_three_clean_modules_with_tools() -> None:
    assert len(EXECUTE_AND_ANNOTATION_MODULES) >= 3
    for path in EXECUTE_AND_ANNOTATION_MODULES:
        assert "registerTool" in path.read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("path", "old", "new", "rule"),
    [
        (
            "execute-checkout.js",
            "signal.throwIfAborted();\n"
            "      const { ok, data } = await api(`/orders/${encodeURIComponent(orderId)}`, { signal });",
            "const { ok, data } = await api(`/orders/${encodeURIComponent(orderId)}`);",
            "execute-forward-signal",
        ),
        (
            "execute-checkout.js",
            "if (signal.aborted) throw error;",
            "throw error;",
            "execute-no-throw",
        ),
        (
            "execute-checkout.js",
            'async execute({ shipping = "standard" }, { signal }) {\n'
            "    if (!SHIPPING.includes(shipping)) {\n"
            '      return { error: `Choose one of: ${SHIPPING.join(", ")}.` };\n'
            "    }",
            "async execute({ shipping }, { signal }) {",
            "execute-apply-defaults",
        ),
        ("execute-support-desk.ts", "limit = 10 }", "limit }", "execute-apply-defaults"),
        (
            "execute-support-desk.ts",
            "annotations: { readOnlyHint: true, untrustedContentHint: true },",
            "annotations: { readOnlyHint: true },",
            "untrusted-content-hint",
        ),
        (
            "execute-flights.html",
            '{ signal });\n        if (!response.ok) return { error: "Flight',
            '{});\n        if (!response.ok) return { error: "Flight',
            "execute-forward-signal",
        ),
        (
            "annotations-notes.js",
            "annotations: { consequentialHint: true },",
            "",
            "consequential-hint",
        ),
        (
            "annotations-notes.js",
            "annotations: { readOnlyHint: true, untrustedContentHint: true },\n  execute({ noteId })",
            "annotations: { readOnlyHint: true },\n  execute({ noteId })",
            "untrusted-content-hint",
        ),
        (
            "annotations-notes.js",
            "  annotations: { readOnlyHint: true },\n  execute() {",
            "  execute() {",
            "read-only-hint",
        ),
        (
            "annotations-notes.js",
            "  async execute({ noteId }) {\n    if (!notesStore.has(noteId))",
            "  annotations: { readOnlyHint: true },\n"
            "  async execute({ noteId }) {\n    if (!notesStore.has(noteId))",
            "annotation-conflict",
        ),
    ],
)
def test_clean_modules_are_not_clean_by_accident(path: str, old: str, new: str, rule: str) -> None:
    """Taking one safeguard out of a clean module brings back the finding it prevents."""
    text = (REPO / "examples" / "clean" / path).read_text(encoding="utf-8")
    assert old in text
    changed = text.replace(old, new, 1)
    assert rule in {d.rule for d in lint(changed, path)}


def test_many_tools_with_their_own_helpers_in_one_file() -> None:
    """Each tool's checks resolve its own helper (speed: benchmarks/run.py)."""
    parts = []
    for i in range(300):
        parts.append(
            f"async function load{i}(id, signal) {{ return fetch('/a/{i}/' + id, {{ signal }}); }}\n"
            + tool_with_execute(
                f"async execute({{ id }}, {{ signal }}) {{ if (!id) return 0; return load{i}(id, signal); }}",
                '{ type: "object", properties: { id: { type: "string", description: "Id" } } }',
            ).replace('"do_it"', f'"do_it_{i}"')
        )
    assert lint("".join(parts), config={"select": ["execute"]}) == []
