"""reviewdog's Diagnostic Format as one JSON document (`rdjson`, a `DiagnosticResult`).

`reviewdog -f=rdjson` reads it. Positions follow the format's definition: lines from 1,
columns from 1 counted in UTF-8 bytes, the end exclusive. Findings count columns in code
points, so each column is converted with the text of its line (the finding's snippet);
where that text is not known (an end more than a few lines down, or far along a long
line, which the snippet holds only around the finding) the end is left out and the
range starts at the finding. A fix becomes a suggestion when every edit of it
lies on a known line; related locations are given by line.
"""

from __future__ import annotations

import json
from typing import Any

from webmcp_lint import INFORMATION_URI
from webmcp_lint.diagnostics import SNIPPET_COLUMNS, Diagnostic, Location
from webmcp_lint.output.inert import inert_json
from webmcp_lint.output.report import Report

SEVERITY = {"error": "ERROR", "warning": "WARNING", "info": "INFO"}
SOURCE = {"name": "webmcp-lint", "url": INFORMATION_URI}


def render(report: Report) -> str:
    result = {"source": SOURCE, "diagnostics": [_diagnostic(d) for d in report.diagnostics]}
    return inert_json(json.dumps(result, indent=2, ensure_ascii=False)) + "\n"


def _diagnostic(d: Diagnostic) -> dict[str, Any]:
    item: dict[str, Any] = {
        "message": d.message,
        "location": {"path": d.path, "range": _range(d, d.location)},
        "severity": SEVERITY[d.severity],
        "code": {"value": d.rule, "url": d.url},
    }
    if d.fix is not None:
        ranges = [_range(d, edit.located) for edit in d.fix.edits]
        if all("end" in r for r in ranges):
            item["suggestions"] = [
                {"range": r, "text": edit.replacement}
                for r, edit in zip(ranges, d.fix.edits, strict=True)
            ]
    if d.related:
        item["related_locations"] = [
            {
                "message": r.message,
                "location": {
                    "path": r.path_in(d.path),
                    "range": {
                        "start": {"line": r.located.line},
                        "end": {"line": r.located.end_line},
                    },
                },
            }
            for r in d.related
        ]
    return item


def _range(d: Diagnostic, location: Location) -> dict[str, Any]:
    start = _position(d, location.line, location.column)
    end = _position(d, location.end_line, location.end_column)
    if "column" not in start:
        return {"start": {"line": location.line}}
    return {"start": start, "end": end} if "column" in end else {"start": start}


def _position(d: Diagnostic, line: int, column: int) -> dict[str, int]:
    """`line`/`column` (code points) as reviewdog's byte column, when the line's text is
    in the finding's snippet (a long line is cut there: only its start is known); a first
    column needs no text."""
    if column == 1:
        return {"line": line, "column": 1}
    index = line - d.line
    if not 0 <= index < len(d.snippet):
        return {"line": line}
    first_column, first_byte = (d.snippet_start, d.snippet_start_byte) if index == 0 else (0, 0)
    shown = d.snippet[index][:SNIPPET_COLUMNS]
    if not 0 <= column - 1 - first_column <= len(shown):  # outside the part of a long line
        return {"line": line}
    before = shown[: column - 1 - first_column]
    return {"line": line, "column": first_byte + len(before.encode("utf-8")) + 1}
