"""The bundled examples: the clean ones are clean, the faulty ones show every rule."""

from __future__ import annotations

import json

from tests.helpers import REPO, run_cli
from webmcp_lint.checks.live import LIVE_RULES
from webmcp_lint.registry import rules


def test_clean_examples_have_no_finding() -> None:
    result = run_cli("check", "--output-format", "json", "examples/clean", cwd=REPO)
    assert json.loads(result.stdout) == []
    assert result.returncode == 0


def test_faulty_examples_show_a_finding_of_every_rule() -> None:
    result = run_cli("check", "--output-format", "json", "examples/faulty", cwd=REPO)
    assert result.returncode == 1
    found = {finding["rule"] for finding in json.loads(result.stdout)}
    # The live rules show only in a browser: `verify` on the examples' pages shows one
    # (tests/browser/test_live.py::test_the_bundled_examples).
    assert sorted(set(rules()) - LIVE_RULES - found) == []


def test_readme_run_command_output_mentions_every_faulty_file() -> None:
    result = run_cli("check", "examples/", cwd=REPO)
    listed = {
        line.split(":")[0] for line in result.stdout.splitlines() if line.startswith("examples/")
    }
    faulty = {
        p.relative_to(REPO).as_posix()
        for p in (REPO / "examples" / "faulty").rglob("*")
        if p.is_file() and p.suffix not in (".json", ".toml")
    }
    assert listed == faulty
