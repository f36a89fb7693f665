"""The precision corpus: every warning and error webmcp-lint gives on the real-world-shaped
projects of tests/corpus/ has a verdict (VERDICTS.toml), and the tools it finds are the
tools a WebMCP expert counts (TOOLS.toml).

A new finding without a verdict fails: read it, judge it as a user would (real, wrong,
debatable) and add it. A verdict whose finding is gone fails too: remove it (and enjoy
the fix). `python -m tests.corpus_runner` prints the precision table.
"""

from __future__ import annotations

import pytest

from tests.corpus_runner import PROJECTS, read, run

RUNS = {project: run(project) for project in PROJECTS}


@pytest.mark.parametrize("project", PROJECTS)
def test_every_warning_and_error_has_a_verdict(project: str) -> None:
    found = {(d.rule, d.path, d.line) for d in RUNS[project].diagnostics if d.severity != "info"}
    judged = {
        (f["rule"], f["path"], f["line"]) for f in read(project, "VERDICTS.toml").get("finding", [])
    }
    assert sorted(found - judged) == [], "findings without a verdict in VERDICTS.toml"
    assert sorted(judged - found) == [], "verdicts whose finding is gone: remove them"


@pytest.mark.parametrize("project", PROJECTS)
def test_the_tools_found_are_the_tools_an_expert_counts(project: str) -> None:
    """Tools marked `missed = "why"` in TOOLS.toml are not found yet; the rest must be."""
    expected = read(project, "TOOLS.toml").get("tool", [])
    found = {(t["name"], t["path"], t["line"]) for t in RUNS[project].tools if t["name"]}
    want = {
        (t["name"], t["path"], t["line"])
        for t in expected
        if "missed" not in t and not t.get("dynamic")
    }
    known_misses = {(t["name"], t["path"], t["line"]) for t in expected if "missed" in t}
    assert sorted(want - found) == []
    assert sorted(known_misses & found) == [], "found now: remove its `missed` mark"
