"""What users see, checked in: the findings on `examples/` and on every rule page's
examples, with messages, spans, fixes and related locations (tests/snapshots/)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.helpers import REPO, lint_example, run_cli
from tests.snapshots import assert_snapshot, describe
from webmcp_lint import __version__, engine
from webmcp_lint.config import Overrides, Resolver
from webmcp_lint.registry import rules


def test_findings_on_the_bundled_examples() -> None:
    resolver = Resolver(Overrides(), None, REPO)
    tasks = [
        engine.Task(path, path.relative_to(REPO).as_posix(), settings)
        for path, settings, _ in engine.discover([REPO / "examples"], resolver, False)
    ]
    diagnostics = [d for result in engine.run(tasks, jobs=1) for d in result.diagnostics]
    assert_snapshot("examples.txt", describe(sorted(diagnostics, key=lambda d: d.sort_key())))


def test_findings_on_the_rule_pages_examples() -> None:
    sections = []
    for rule in rules().values():
        for number, example in enumerate(rule.examples(), start=1):
            found = lint_example(example.code, example.filename)
            title = f"== {rule.id} example {number} ({example.role})"
            sections.append(title + "\n" + (describe(found) if found else "(no findings)\n"))
    assert_snapshot("rule-examples.txt", "\n".join(sections))


def test_snapshot_paths_are_plain(tmp_path: Path) -> None:
    """The snapshot text does not depend on where the repository is checked out."""
    text = (REPO / "tests" / "snapshots" / "examples.txt").read_text(encoding="utf-8")
    assert str(REPO) not in text


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
    """Enough files for worker processes (engine.PARALLEL_THRESHOLD): `-j2` prints what
    `-j1` prints, byte for byte, in the same order."""
    for copy in range(3):
        shutil.copytree(REPO / "examples", tmp_path / f"copy{copy}")
    assert sum(1 for _ in tmp_path.rglob("*.*")) > engine.PARALLEL_THRESHOLD
    outputs = [
        run_cli("check", "--output-format", "json", "--exit-zero", "-j", jobs, ".", cwd=tmp_path)
        for jobs in ("1", "2")
    ]
    assert outputs[0].returncode == outputs[1].returncode == 0, outputs[1].stderr
    assert len(json.loads(outputs[0].stdout)) == 3 * len(json.loads(_examples_json()))
    assert outputs[1].stdout == outputs[0].stdout


def _examples_json() -> str:
    return (REPO / "tests" / "snapshots" / "examples.json").read_text(encoding="utf-8")
