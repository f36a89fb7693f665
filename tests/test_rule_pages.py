"""Every rule has one page, and every example on every page does what the page says."""

from __future__ import annotations

import json
import re

import pytest

from tests.helpers import REPO, lint_example, rules_in, run_cli
from webmcp_lint.checks import all_checks
from webmcp_lint.engine import ENGINE_RULES
from webmcp_lint.registry import rules

ALL_RULES = rules()
EXAMPLES = [
    pytest.param(rule, example, id=f"{rule.id}:{example.role}:{example.line}")
    for rule in ALL_RULES.values()
    for example in rule.examples()
]


def test_every_check_has_a_page_and_every_page_a_check() -> None:
    assert set(all_checks()) <= set(ALL_RULES)
    assert set(ALL_RULES) - set(all_checks()) == set(ENGINE_RULES)


@pytest.mark.parametrize("rule", ALL_RULES.values(), ids=lambda r: r.id)
def test_page_has_the_sections_a_reader_needs(rule) -> None:  # type: ignore[no-untyped-def]
    for heading in ("## What it flags", "## Why it matters", "## How to fix", "## Sources"):
        assert heading in rule.page, f"{rule.id}: missing {heading!r}"
    assert rule.sources, f"{rule.id}: no sources in the front matter"
    roles = {example.role for example in rule.examples()}
    if rule.id != "source-unreadable":  # it cannot be shown with a code block
        assert roles == {"bad", "good"}, f"{rule.id}: needs bad and good examples"


@pytest.mark.parametrize("rule", ALL_RULES.values(), ids=lambda r: r.id)
def test_a_fixable_rule_says_what_its_fix_does_and_pins_its_output(rule) -> None:  # type: ignore[no-untyped-def]
    """`fixable: true` means a `## Fix` section that says whether the fix is safe or
    unsafe (and why), and RuleTester cases that pin the fixed code."""
    section = re.search(r"^## Fix\n(.*?)(?=^## |\Z)", rule.page, re.M | re.S)
    if not rule.fixable:
        assert section is None, f"{rule.id}: a `## Fix` section, but `fixable: false`"
        return
    assert section is not None, f"{rule.id}: fixable, but its page has no `## Fix` section"
    assert re.search(r"\b(Safe|Unsafe)\b", section.group(1)), f"{rule.id}: safe or unsafe?"
    tests = REPO / "tests" / "rules" / f"test_{rule.id.replace('-', '_')}.py"
    assert "output=" in tests.read_text(encoding="utf-8"), f"{rule.id}: no fixed output pinned"


@pytest.mark.parametrize(("rule", "example"), EXAMPLES)
def test_example(rule, example) -> None:  # type: ignore[no-untyped-def]
    found = lint_example(example.code, example.filename)
    if example.role == "bad":
        assert rule.id in rules_in(found), f"{rule.id} bad example at line {example.line}"
    else:
        shown = [f"{d.rule}: {d.message}" for d in found]
        assert not found, f"{rule.id} good example at line {example.line}: {shown}"


def test_rules_json_lists_every_rule_with_its_metadata() -> None:
    result = run_cli("rules", "--format", "json")
    assert result.returncode == 0, result.stderr
    listed = json.loads(result.stdout)
    assert [r["id"] for r in listed] == sorted(ALL_RULES)
    for entry in listed:
        rule = ALL_RULES[entry["id"]]
        assert entry["category"] == rule.category
        assert entry["severity"] == rule.severity
        assert entry["summary"] == rule.summary
        assert entry["kind"] in ("static", "heuristic")


def test_rule_command_prints_the_page() -> None:
    result = run_cli("rule", "tool-name-format")
    assert result.returncode == 0
    assert result.stdout.startswith("# tool-name-format")
    assert "search products" in result.stdout
    missing = run_cli("rule", "no-such-rule")
    assert missing.returncode == 2
    assert "unknown rule 'no-such-rule'" in missing.stderr


def test_readme_lists_every_rule_with_its_page() -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    for rule in ALL_RULES.values():
        row = f"| [`{rule.id}`](rules/{rule.id}.md) | {rule.category} | {rule.severity} |"
        assert row in readme, f"README rules table lacks {rule.id} (or its metadata changed)"
