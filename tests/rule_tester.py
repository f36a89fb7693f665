"""A rule test harness in the style of ESLint's RuleTester.

Each rule has `tests/rules/test_<rule_id>.py` with a list of valid cases (code the rule
must not flag) and invalid cases (code it must flag), run through the whole engine with
only that rule selected. An invalid case pins every finding: message, line and column
(and the end, when given), and, for a fixable rule, the code after every fix is applied.

    from tests.rule_tester import Finding, Invalid, RuleTester, Valid

    tests = RuleTester("no-removed-api")
    test_valid = tests.valid([Valid("registry.unregisterTool('a');")])
    test_invalid = tests.invalid([
        Invalid("document.modelContext.unregisterTool('a');",
                [Finding("`unregisterTool()` was removed ...", 1, 1, 1, 37)]),
    ])
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import lint_files, lint_result
from webmcp_lint.config import Settings
from webmcp_lint.diagnostics import Applicability, Diagnostic, Severity
from webmcp_lint.diagnostics import Finding as Found
from webmcp_lint.model import FileModel
from webmcp_lint.registry import rules
from webmcp_lint.run import pipeline
from webmcp_lint.run.edits import apply_fixes


@dataclass(frozen=True)
class Valid:
    """Code the rule must not flag. It must reach the rule: a case the byte prefilter
    drops before any rule runs (no WebMCP word in it) says so with `prefiltered=True`,
    and then asserts that the prefilter drops it."""

    code: str
    filename: str = "example.js"
    options: dict[str, Any] = field(default_factory=dict)
    prefiltered: bool = False


@dataclass(frozen=True)
class Finding:
    """An expected finding: the id of its message among the rule's declared messages
    with the values of the message's placeholders, and where it starts (and ends, if
    given). The text a user reads is in the rule's snapshot (tests/snapshots/rules)."""

    id: str
    line: int
    column: int
    end_line: int | None = None
    end_column: int | None = None
    severity: Severity | None = None
    related: list[tuple[int, int, str]] | None = None  # (line, column, message) of each
    applicability: Applicability | None = None  # of its fix: "safe" or "unsafe"
    data: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Invalid:
    code: str
    findings: list[Finding]
    output: str | None = None  # the code with every fix applied; None: no finding has a fix
    filename: str = "example.js"
    options: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Placed:
    """An expected finding of a page rule: in which file, and its related locations as
    (path, line, column, message)."""

    path: str
    id: str  # the message's id, as `Finding.id`
    line: int
    column: int
    related: list[tuple[str, int, int, str]] = field(default_factory=list)
    severity: Severity | None = None
    data: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Project:
    """Files linted together in one run (for page rules): path → code, and every finding
    the rule must report (none: the project is valid)."""

    files: dict[str, str]
    findings: list[Placed] = field(default_factory=list)
    options: dict[str, Any] = field(default_factory=dict)
    name: str = ""


def _case_id(case: Valid | Invalid) -> str:
    first = case.code.strip().splitlines()[0] if case.code.strip() else "<empty>"
    return f"{case.filename}:{first[:50]}"


class RuleTester:
    def __init__(self, rule: str) -> None:
        assert rule in rules(), f"no rule {rule!r}"
        self.rule = rule

    def lint(self, code: str, filename: str, options: dict[str, Any]) -> list[Diagnostic]:
        return [d for d in self.result(code, filename, options).diagnostics if d.rule == self.rule]

    def result(self, code: str, filename: str, options: dict[str, Any]) -> pipeline.FileResult:
        config: dict[str, Any] = {"select": [self.rule]}
        if options:
            config["options"] = {self.rule: options}
        return lint_result(code, filename, config)

    def valid(self, cases: list[Valid]) -> Callable[[Valid], None]:
        @pytest.mark.parametrize("case", cases, ids=_case_id)
        def test_valid(case: Valid) -> None:
            result = self.result(case.code, case.filename, case.options)
            found = [d for d in result.diagnostics if d.rule == self.rule]
            assert found == [], f"{self.rule} flagged valid code: {[d.message for d in found]}"
            assert result.prefiltered == case.prefiltered, (
                "the prefilter drops this case before any rule runs: give it a WebMCP word, "
                "or say prefiltered=True"
                if result.prefiltered
                else "the case reaches the rule: it is not prefiltered"
            )

        return test_valid

    def invalid(self, cases: list[Invalid]) -> Callable[[Invalid], None]:
        @pytest.mark.parametrize("case", cases, ids=_case_id)
        def test_invalid(case: Invalid) -> None:
            found = self.lint(case.code, case.filename, case.options)
            assert [_actual(d, e) for d, e in zip(found, case.findings, strict=False)] == [
                _expected(e) for e in case.findings[: len(found)]
            ]
            assert len(found) == len(case.findings), (
                f"expected {len(case.findings)} findings, got {len(found)}: "
                f"{[(d.line, d.column, d.message) for d in found]}"
            )
            fixes = [d.fix for d in found if d.fix is not None]
            if case.output is None:
                assert fixes == [], "a finding has a fix: pin the fixed code in `output`"
            else:
                fixed, _ = apply_fixes(case.code.encode("utf-8"), fixes)
                assert fixed.decode("utf-8") == case.output

        return test_invalid

    def lint_project(self, case: Project, root: Path) -> list[Diagnostic]:
        config: dict[str, Any] = {"select": [self.rule]}
        if case.options:
            config["options"] = {self.rule: case.options}
        return [d for d in lint_files(case.files, root, config) if d.rule == self.rule]

    def projects(self, cases: list[Project]) -> Callable[..., None]:
        @pytest.mark.parametrize("case", cases, ids=lambda c: c.name or next(iter(c.files)))
        def test_project(case: Project, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
            monkeypatch.chdir(tmp_path)
            found = self.lint_project(case, tmp_path)
            actual = [
                Placed(
                    d.path,
                    _said(d)[0],
                    d.line,
                    d.column,
                    [
                        (r.path_in(d.path), r.located.line, r.located.column, r.message)
                        for r in d.related
                    ],
                    d.severity if e.severity is not None else None,
                    _said(d)[1],
                )
                for d, e in zip(found, case.findings, strict=False)
            ]
            assert actual == case.findings[: len(found)]
            assert len(found) == len(case.findings), (
                f"expected {len(case.findings)} findings, got {len(found)}: "
                f"{[(d.path, d.line, d.message) for d in found]}"
            )

        return test_project


class PageRuleTester(RuleTester):
    """A rule tester for page rules (its `projects` cases are where they show)."""


def _said(found: Diagnostic) -> tuple[str, dict[str, Any]]:
    """What a finding says: its message's id and data."""
    assert found.message_id, (
        f"{found.rule} reported a text, not a declared message: {found.message}"
    )
    return found.message_id, dict(found.data)


def _expected(expected: Finding) -> tuple[Any, ...]:
    return (
        (expected.id, expected.data),
        expected.line,
        expected.column,
        expected.end_line,
        expected.end_column,
        expected.severity,
        expected.related,
        expected.applicability,
    )


def _actual(found: Diagnostic, expected: Finding) -> tuple[Any, ...]:
    """The found finding, with the parts the expectation leaves out left out too."""
    return (
        _said(found),
        found.line,
        found.column,
        found.end_line if expected.end_line is not None else None,
        found.end_column if expected.end_column is not None else None,
        found.severity if expected.severity is not None else None,
        [(r.located.line, r.located.column, r.message) for r in found.related]
        if expected.related is not None
        else None,
        found.fix.applicability if found.fix and expected.applicability else None,
    )


def run_check_on(rule: str, model: FileModel) -> list[Found]:
    """The findings of one rule's check on a model a test built (or changed) itself,
    run the way the engine runs it."""
    result = pipeline.FileResult(model.source.display_path)
    found = list(pipeline.run_checks(model, Settings(root=Path.cwd()), frozenset({rule}), result))
    assert not result.internal_errors, result.internal_errors
    return found
