"""The lifecycle area's rules together (feature detection, registration, teardown, the
framework integrations, TypeScript types): the bundled examples, deeply nested code and
every language through the command line. Each rule's own cases are in
tests/rules/test_<rule_id>.py."""

from __future__ import annotations

import json
from pathlib import Path

from tests.helpers import REPO, lint, run_cli

TOOL = '{ name: "show_cart", description: "Shows the cart.", execute: async () => ({}) }'
REGISTER = f"document.modelContext.registerTool({TOOL})"


# -- the bundled examples ----------------------------------------------------------------

MY_RULES = {
    "feature-detection",
    "register-promise-handled",
    "register-cleanup",
    "react-use-webmcp",
    "angular-webmcp-api",
    "hook-conditional",
    "no-handwritten-types",
    "tsconfig-webmcp-types",
}


def check_json(*paths: str) -> list[dict[str, object]]:
    result = run_cli("check", "--output-format", "json", "--exit-zero", *paths, cwd=REPO)
    assert result.returncode == 0, result.stderr
    findings: list[dict[str, object]] = json.loads(result.stdout)
    return findings


def test_clean_lifecycle_examples_have_no_finding() -> None:
    examples = sorted(p.name for p in (REPO / "examples" / "clean").glob("lifecycle-*"))
    assert len(examples) >= 3
    assert check_json(*(f"examples/clean/{name}" for name in examples)) == []


def test_faulty_lifecycle_examples_show_every_rule_of_the_area() -> None:
    examples = sorted(p.name for p in (REPO / "examples" / "faulty").glob("lifecycle-*"))
    found = {finding["rule"] for finding in check_json(*(f"examples/faulty/{n}" for n in examples))}
    assert found >= MY_RULES


# -- pathological input ------------------------------------------------------------------


def test_code_nested_beyond_any_hand_written_program_is_not_analysed() -> None:
    deep = "if (ready) {" * 1_000 + f"{REGISTER};" + "}" * 1_000
    assert [d.rule for d in lint(deep) if d.rule in MY_RULES] == []
    shallow = "if (ready) {" * 20 + f"{REGISTER};" + "}" * 20
    assert {d.rule for d in lint(shallow)} >= {"feature-detection", "register-promise-handled"}


# -- through the command line, in every language -----------------------------------------

ELEMENT = f"""class CartPanel extends HTMLElement {{
  connectedCallback() {{
    {REGISTER};
  }}
}}
"""
WRAPPED = {
    "panel.js": ELEMENT,
    "panel.ts": ELEMENT,
    "panel.jsx": ELEMENT,
    "panel.tsx": ELEMENT,
    "page.html": f"<!doctype html>\n<script type=module>\n{ELEMENT}</script>\n",
    "Panel.vue": f'<script setup lang="ts">\n{ELEMENT}</script>\n<template><p /></template>\n',
    "Panel.svelte": f"<script>\n{ELEMENT}</script>\n<p>cart</p>\n",
}


def test_lifecycle_rules_work_in_every_language_through_the_cli(tmp_path: Path) -> None:
    for name, content in WRAPPED.items():
        (tmp_path / name).write_text(content, encoding="utf-8")
    result = run_cli("check", "--output-format", "json", ".", cwd=tmp_path)
    assert result.returncode == 1, result.stderr
    by_file: dict[str, set[str]] = {}
    for finding in json.loads(result.stdout):
        by_file.setdefault(finding["path"], set()).add(finding["rule"])
    expected = {"feature-detection", "register-promise-handled", "register-cleanup"}
    assert {name: rules & MY_RULES for name, rules in by_file.items()} == {
        name: expected for name in WRAPPED
    }
