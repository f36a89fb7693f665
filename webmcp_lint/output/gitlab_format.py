"""GitLab Code Quality: the JSON list `artifacts:reports:codequality` reads.

Each finding is `{description, check_name, fingerprint, severity, location}` as GitLab
documents it ("Code Quality report format"): `location.path` relative to the repository
root, `location.positions` with 1-based lines and columns (code points, the end column
exclusive, as in every format). GitLab does not show `check_name`, so the description
starts with the rule id. The fingerprint is what GitLab tells issues apart by, from one
pipeline to the next: it hashes the rule, the path, the text of the line (GitHub's line
hash, so an issue stays the same issue when lines are added above it) and the message,
and a counter keeps two identical findings apart.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from typing import Any

from webmcp_lint.diagnostics import Diagnostic
from webmcp_lint.output._paths import repository_path
from webmcp_lint.output.inert import inert_json
from webmcp_lint.output.report import Report
from webmcp_lint.registry import rules

# GitLab's scale is info, minor, major, critical, blocker. A security rule ranks one
# step higher: a secret in a tool's description matters more than a misspelled hint.
SEVERITY = {"error": "major", "warning": "minor", "info": "info"}
SECURITY_SEVERITY = {"error": "critical", "warning": "major", "info": "minor"}


def render(report: Report) -> str:
    catalog = rules()
    seen: Counter[str] = Counter()
    paths: dict[str, str] = {}
    issues = []
    for d in report.diagnostics:
        if d.path not in paths:
            paths[d.path] = repository_path(d.path, report.cwd) or d.path
        path = paths[d.path]
        base = fingerprint(d, path)
        seen[base] += 1
        severity = SECURITY_SEVERITY if catalog[d.rule].security else SEVERITY
        issues.append(
            {
                "description": " ".join(f"{d.rule}: {d.message}".split()),
                "check_name": d.rule,
                "fingerprint": fingerprint(d, path, seen[base] - 1) if seen[base] > 1 else base,
                "severity": severity[d.severity],
                "location": {"path": path, "positions": _positions(d)},
            }
        )
    return inert_json(json.dumps(issues, indent=2, ensure_ascii=False)) + "\n"


def fingerprint(d: Diagnostic, path: str, occurrence: int = 0) -> str:
    line = d.fingerprint or str(d.line)
    parts = (d.rule, path, line, d.message, str(occurrence))
    return hashlib.sha256("\0".join(parts).encode()).hexdigest()[:32]


def _positions(d: Diagnostic) -> dict[str, Any]:
    return {
        "begin": {"line": d.line, "column": d.column},
        "end": {"line": d.end_line, "column": d.end_column},
    }
