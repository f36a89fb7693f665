"""Every rule has one page, and every example on every page does what the page says."""

from __future__ import annotations

import json
import re

import pytest

from tests.helpers import REPO, lint_example, rules_in, run_cli
from webmcp_lint.checks import all_checks
from webmcp_lint.checks.live import LIVE_RULES
from webmcp_lint.registry import rules
from webmcp_lint.run.pipeline import ENGINE_RULES

ALL_RULES = rules()
# A live rule's bad example shows what Chromium does with a page, which no static run
# can: tests/browser/test_live.py serves each one. Its good example is linted here too.
EXAMPLES = [
    pytest.param(rule, example, id=f"{rule.id}:{example.role}:{example.line}")
    for rule in ALL_RULES.values()
    for example in rule.examples()
    if not (rule.id in LIVE_RULES and example.role == "bad")
]


def test_every_check_has_a_page_and_every_page_a_check() -> None:
    assert set(all_checks()) <= set(ALL_RULES)
    assert set(ALL_RULES) - set(all_checks()) == ENGINE_RULES | LIVE_RULES


@pytest.mark.parametrize("rule", ALL_RULES.values(), ids=lambda r: r.id)
def test_page_has_the_sections_a_reader_needs(rule) -> None:  # type: ignore[no-untyped-def]
    for heading in ("## What it flags", "## Why it matters", "## How to fix", "## Sources"):
        assert heading in rule.page, f"{rule.id}: missing {heading!r}"
    assert rule.sources, f"{rule.id}: no sources in the front matter"
    roles = {example.role for example in rule.examples()}
    # Not shown by a code block: a file, or fifty nested callbacks (tests/rules/ has them).
    if rule.id not in ("source-unreadable", "source-too-large", "source-too-deep"):
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


def test_rule_command_prints_the_page_for_people() -> None:
    result = run_cli("rule", "execute-forward-signal")
    assert result.returncode == 0
    head = (
        "# execute-forward-signal\n\n"
        "execute fetches or waits without the execution signal, so it keeps running after "
        "the agent cancels.\n\n"
        "- Severity: warning\n"
        "- Category: execute\n"
        "- Kind: static\n"
        "- Fixable: yes (see Fix)\n"
        "- Runs on test files: no\n"
        "- Options: `min-wait-ms` (integer, default `1000`, at least 0)\n"
        "- Page: https://github.com/webmcp-lint/webmcp-lint/blob/main/rules/"
        "execute-forward-signal.md\n\n"
        "## What it flags\n"
    )
    assert result.stdout.startswith(head)
    assert "---" not in result.stdout.split("## What it flags")[0]  # no front matter
    heuristic = run_cli("rule", "read-only-hint").stdout
    assert "- Kind: heuristic (it guesses from names and words)\n" in heuristic
    assert "- Options: none\n" in heuristic
    missing = run_cli("rule", "no-such-rule")
    assert missing.returncode == 2
    assert "unknown rule 'no-such-rule'" in missing.stderr


@pytest.mark.parametrize("rule", ALL_RULES.values(), ids=lambda r: r.id)
def test_the_page_for_people_fences_examples_with_language_and_role_only(rule) -> None:  # type: ignore[no-untyped-def]
    fences = re.findall(r"^```.*$", rule.body_for_people, re.M)
    examples = rule.examples()
    shown = [f for f in fences if f.endswith((" bad", " good"))]
    assert shown == [f"```{e.language} {e.role}" for e in examples]
    assert "browser=" not in rule.body_for_people.replace("`browser: examples`", "")
    # Nothing but fences changed.
    assert len(rule.body_for_people.splitlines()) == len(rule.body.splitlines())


def test_rule_json_has_the_metadata_and_the_body() -> None:
    page = json.loads(run_cli("rule", "no-removed-api", "--output-format", "json").stdout)
    rule = ALL_RULES["no-removed-api"]
    assert page == {
        "id": "no-removed-api",
        "category": "api",
        "severity": "error",
        "kind": "static",
        "summary": rule.summary,
        "tags": [],
        "fixable": True,
        "in_tests": True,
        "options": [],
        "sources": list(rule.sources),
        "url": rule.url,
        "page": rule.body_for_people,
    }
    signal = json.loads(run_cli("rule", "execute-forward-signal", "--format", "json").stdout)
    assert signal["options"] == [
        {"name": "min-wait-ms", "type": "integer", "default": 1000, "minimum": 0}
    ]


def test_readme_lists_every_rule_with_its_page() -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    for rule in ALL_RULES.values():
        row = f"| [`{rule.id}`](rules/{rule.id}.md) | {rule.category} | {rule.severity} |"
        assert row in readme, f"README rules table lacks {rule.id} (or its metadata changed)"
