"""What users see, checked in: each rule's findings on `examples/` and on its page's
examples, with messages, spans, fixes and related locations (tests/snapshots/rules/, one
file per rule), and the bytes of every output format on the examples."""

from __future__ import annotations

import functools
import json
import shutil
from pathlib import Path

import pytest

from tests.helpers import REPO, lint_example, run_cli
from tests.snapshots import DIRECTORY, assert_snapshot, describe
from webmcp_lint import __version__
from webmcp_lint.config import Overrides, Resolver
from webmcp_lint.diagnostics import Diagnostic
from webmcp_lint.registry import rules
from webmcp_lint.run import discover, engine, pipeline, pool

RULE_SNAPSHOTS = "rules"  # tests/snapshots/rules/<rule>.txt, one file per rule


@functools.cache
def _examples_findings() -> dict[str, list[Diagnostic]]:
    """The findings on `examples/`, by rule, in report order."""
    resolver = Resolver(Overrides(), None, REPO)
    tasks = [
        pipeline.Task(path, path.relative_to(REPO).as_posix(), settings)
        for path, settings, _ in discover.discover([REPO / "examples"], resolver, False)
    ]
    found: dict[str, list[Diagnostic]] = {}
    diagnostics = [d for result in engine.run(tasks, jobs=1) for d in result.diagnostics]
    for diagnostic in sorted(diagnostics, key=lambda d: d.sort_key()):
        found.setdefault(diagnostic.rule, []).append(diagnostic)
    return found


@pytest.mark.parametrize("rule_id", sorted(rules()))
def test_findings_of_each_rule(rule_id: str) -> None:
    """A rule's findings on `examples/` and on its page's examples, in its own file, so a
    change shows which rule it lands on."""
    on_examples = _examples_findings().get(rule_id, [])
    sections = ["== examples/\n" + (describe(on_examples) if on_examples else "(no findings)\n")]
    for number, example in enumerate(rules()[rule_id].examples(), start=1):
        found = lint_example(example.code, example.filename)
        title = f"== page example {number} ({example.role})"
        sections.append(title + "\n" + (describe(found) if found else "(no findings)\n"))
    assert_snapshot(f"{RULE_SNAPSHOTS}/{rule_id}.txt", "\n".join(sections))


def test_every_finding_on_the_examples_is_of_a_rule_with_a_snapshot() -> None:
    assert set(_examples_findings()) <= set(rules())
    written = {path.stem for path in (DIRECTORY / RULE_SNAPSHOTS).glob("*.txt")}
    assert written == set(rules()), "a snapshot of a rule that is gone, or a rule without one"


def test_snapshot_paths_are_plain(tmp_path: Path) -> None:
    """The snapshot text does not depend on where the repository is checked out."""
    for path in (DIRECTORY / RULE_SNAPSHOTS).glob("*.txt"):
        assert str(REPO) not in path.read_text(encoding="utf-8"), path


# The bytes users' tools read: the examples' JSON and SARIF findings and their tool
# manifest. Any change in these files is a change in output (a speed-up must make none).
# Only what depends on the checkout is replaced: the repository's file URI in SARIF's
# `originalUriBaseIds`, and the version.
OUTPUTS = {
    "examples.json": ("check", "--output-format", "json", "--exit-zero", "examples"),
    "examples.sarif": ("check", "--output-format", "sarif", "--exit-zero", "examples"),
    "examples-tools.json": ("tools", "examples"),
}


def _plain(text: str) -> str:
    return text.replace(REPO.as_uri() + "/", "file:///REPOSITORY/").replace(__version__, "VERSION")


@pytest.mark.parametrize("name", sorted(OUTPUTS))
def test_output_on_the_bundled_examples(name: str) -> None:
    result = run_cli(*OUTPUTS[name], cwd=REPO)
    assert result.returncode == 0, result.stderr
    assert_snapshot(name, _plain(result.stdout))


def test_output_with_workers_is_the_output_of_one_process(tmp_path: Path) -> None:
    """Enough files for worker processes (pool.PARALLEL_THRESHOLD): `-j2` prints what
    `-j1` prints, byte for byte, in the same order."""
    for copy in range(3):
        shutil.copytree(REPO / "examples", tmp_path / f"copy{copy}")
    assert sum(1 for _ in tmp_path.rglob("*.*")) > pool.PARALLEL_THRESHOLD
    outputs = [
        run_cli("check", "--output-format", "json", "--exit-zero", "-j", jobs, ".", cwd=tmp_path)
        for jobs in ("1", "2")
    ]
    assert outputs[0].returncode == outputs[1].returncode == 0, outputs[1].stderr
    assert len(json.loads(outputs[0].stdout)) == 3 * len(json.loads(_examples_json()))
    assert outputs[1].stdout == outputs[0].stdout


def _examples_json() -> str:
    return (REPO / "tests" / "snapshots" / "examples.json").read_text(encoding="utf-8")
