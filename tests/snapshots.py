"""Checked-in snapshots that a reviewer reads in a diff.

`assert_snapshot(name, text)` compares `text` with `tests/snapshots/<name>`. Run the
tests with `UPDATE_SNAPSHOTS=1` to write them anew, then read `git diff tests/snapshots`:
every changed line is a change users will see. A missing snapshot fails (it is written
when UPDATE_SNAPSHOTS is set).
"""

from __future__ import annotations

import os
from pathlib import Path

from webmcp_lint.diagnostics import Diagnostic

DIRECTORY = Path(__file__).parent / "snapshots"


def assert_snapshot(name: str, text: str) -> None:
    path = DIRECTORY / name
    if os.environ.get("UPDATE_SNAPSHOTS"):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        return
    assert path.is_file(), f"no snapshot {path}: run the tests with UPDATE_SNAPSHOTS=1"
    expected = path.read_text(encoding="utf-8")
    assert text == expected, f"{name} changed: run with UPDATE_SNAPSHOTS=1 and read the diff"


def describe(diagnostics: list[Diagnostic]) -> str:
    """Findings as lines a reviewer reads: where, what, the fix and related locations."""
    lines = []
    for d in diagnostics:
        where = f"{d.path}:{d.line}:{d.column}-{d.end_line}:{d.end_column}"
        lines.append(f"{where} {d.severity} {d.rule}")
        lines.append(f"    {d.message}")
        for related in d.related:
            at = related.located
            elsewhere = "" if related.path_in(d.path) == d.path else f"{related.path}:"
            lines.append(
                f"    related {elsewhere}{at.line}:{at.column}-{at.end_line}:{at.end_column}: "
                f"{related.message}"
            )
        if d.fix is not None:
            lines.append(f"    fix ({d.fix.applicability}): {d.fix.description}")
            for edit in d.fix.edits:
                at = edit.located
                lines.append(
                    f"      {at.line}:{at.column}-{at.end_line}:{at.end_column} -> {edit.replacement!r}"
                )
    return "\n".join(lines) + "\n"
