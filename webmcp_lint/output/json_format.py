"""A JSON list of findings: stable keys, 1-based positions, exclusive `end_column`."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import msgspec

from webmcp_lint.diagnostics import Diagnostic, Fix, Location
from webmcp_lint.output.inert import inert_json
from webmcp_lint.output.report import Report
from webmcp_lint.registry import rules


def render(report: Report) -> str:
    return "".join(chunks(report))


def chunks(report: Report) -> Iterator[str]:
    """The list a finding at a time, as `json.dumps(findings, indent=2)` writes it: an
    item's lines one level in (a string in JSON holds no raw line break)."""
    if report.statistics:
        catalog = rules()
        stats = [
            {
                "rule": rule,
                "count": count,
                "severity": catalog[rule].severity,
                "summary": catalog[rule].summary,
            }
            for rule, count in report.rule_counts()
        ]
        yield inert_json(json.dumps(stats, indent=2, ensure_ascii=False)) + "\n"
        return
    before = "[\n  "
    for d in report.diagnostics:
        item = _indented(_finding(d)).replace("\n", "\n  ")
        yield before + inert_json(item)
        before = ",\n  "
    yield "[]\n" if before == "[\n  " else "\n]\n"


_ENCODER = msgspec.json.Encoder()


def _indented(finding: dict[str, Any]) -> str:
    """`json.dumps(finding, indent=2, ensure_ascii=False)`, the same text, written by
    msgspec in C rather than by json's Python encoder (json's C one does not indent)."""
    try:
        return msgspec.json.format(_ENCODER.encode(finding), indent=2).decode()
    except UnicodeEncodeError:  # a lone surrogate (a path that is not UTF-8) json keeps
        return json.dumps(finding, indent=2, ensure_ascii=False)


def _finding(d: Diagnostic) -> dict[str, Any]:
    return {
        "rule": d.rule,
        "severity": d.severity,
        "message": d.message,
        "path": d.path,
        "line": d.line,
        "column": d.column,
        "end_line": d.end_line,
        "end_column": d.end_column,
        "url": d.url,
        "fix": _fix(d.fix),
        "related": [
            {"message": r.message, "path": r.path_in(d.path), **_at(r.located)} for r in d.related
        ],
        **({"page": d.page} if d.page is not None else {}),
    }


def _fix(fix: Fix | None) -> dict[str, Any] | None:
    if fix is None:
        return None
    return {
        "description": fix.description,
        "applicability": fix.applicability,
        "edits": [{**_at(e.located), "replacement": e.replacement} for e in fix.edits],
    }


def _at(location: Location) -> dict[str, int]:
    return {
        "line": location.line,
        "column": location.column,
        "end_line": location.end_line,
        "end_column": location.end_column,
    }
