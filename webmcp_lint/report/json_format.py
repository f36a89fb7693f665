"""A JSON list of findings: stable keys, 1-based positions, exclusive `end_column`."""

from __future__ import annotations

import json

from webmcp_lint.inert import inert_json
from webmcp_lint.registry import rules
from webmcp_lint.report import Report


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
        }
        for d in report.diagnostics
    ]
    return inert_json(json.dumps(findings, indent=2, ensure_ascii=False)) + "\n"
