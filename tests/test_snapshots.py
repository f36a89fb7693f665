"""What users see, checked in: the findings on `examples/` and on every rule page's
examples, with messages, spans, fixes and related locations (tests/snapshots/)."""

from __future__ import annotations

from pathlib import Path

from tests.helpers import REPO, lint_example
from tests.snapshots import assert_snapshot, describe
from webmcp_lint import engine
from webmcp_lint.config import Overrides, Resolver
from webmcp_lint.registry import rules


def test_findings_on_the_bundled_examples() -> None:
    resolver = Resolver(Overrides(), None, REPO)
    tasks = [
        engine.Task(path, path.relative_to(REPO).as_posix(), settings)
        for path, settings in engine.discover([REPO / "examples"], resolver, False)
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
