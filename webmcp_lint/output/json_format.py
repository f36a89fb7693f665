"""A JSON list of findings: stable keys, 1-based positions, exclusive `end_column`."""

from __future__ import annotations

import json
from typing import Any

from webmcp_lint.checks.registry import rules
from webmcp_lint.diagnostics import Fix, Location
from webmcp_lint.output import Report
from webmcp_lint.output.inert import inert_json


def render(report: Report) -> str:
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
        return inert_json(json.dumps(stats, indent=2, ensure_ascii=False)) + "\n"
    findings = [
        {
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
                {"message": r.message, "path": r.path_in(d.path), **_at(r.located)}
                for r in d.related
            ],
            **({"page": d.page} if d.page is not None else {}),
        }
        for d in report.diagnostics
    ]
    return inert_json(json.dumps(findings, indent=2, ensure_ascii=False)) + "\n"


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
