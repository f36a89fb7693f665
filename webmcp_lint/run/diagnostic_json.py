"""Findings as JSON values and back, checked as they are read: the cache's entries and
the finding store (`findings.py`) keep them so (never as pickles, which run code)."""

from __future__ import annotations

from typing import Any

from webmcp_lint.diagnostics import Diagnostic, Edit, Fix, Location, Related
from webmcp_lint.workspace.source import Span


def encode_diagnostic(diagnostic: Diagnostic) -> dict[str, Any]:
    fix = diagnostic.fix
    return {
        "path": diagnostic.path,
        "rule": diagnostic.rule,
        "severity": diagnostic.severity,
        "message": diagnostic.message,
        "location": encode_location(diagnostic.location),
        "snippet": list(diagnostic.snippet),
        "related": [
            [r.span.start, r.span.end, r.message, encode_location(r.location), r.path]
            for r in diagnostic.related
        ],
        "fix": None
        if fix is None
        else {
            "description": fix.description,
            "applicability": fix.applicability,
            "edits": [
                [e.span.start, e.span.end, e.replacement, encode_location(e.location)]
                for e in fix.edits
            ],
        },
        "fingerprint": diagnostic.fingerprint,
        "snippet_start": diagnostic.snippet_start,
        "snippet_start_byte": diagnostic.snippet_start_byte,
        "message_id": diagnostic.message_id,
        "data": [list(item) for item in diagnostic.data],
    }


def decode_diagnostic(data: dict[str, Any]) -> Diagnostic:
    from webmcp_lint.registry import rules

    fix = data["fix"]
    if fix is not None:
        if fix["applicability"] not in ("safe", "unsafe"):
            raise ValueError("applicability")
        fix = Fix(
            as_text(fix["description"]),
            tuple(
                Edit(Span(as_number(s), as_number(e)), as_text(text), decode_location(where))
                for s, e, text, where in fix["edits"]
            ),
            fix["applicability"],
        )
    if data["rule"] not in rules() or data["severity"] not in ("error", "warning", "info"):
        raise ValueError("rule or severity")
    fingerprint = data["fingerprint"]
    location = decode_location(data["location"])
    if location is None:
        raise ValueError("location")
    return Diagnostic(
        as_text(data["path"]),
        data["rule"],
        data["severity"],
        as_text(data["message"]),
        location,
        tuple(as_text(line) for line in data["snippet"]),
        tuple(
            Related(
                Span(as_number(s), as_number(e)),
                as_text(message),
                decode_location(where),
                None if path is None else as_text(path),
            )
            for s, e, message, where, path in data["related"]
        ),
        fix,
        fingerprint=None if fingerprint is None else as_text(fingerprint),
        snippet_start=as_number(data["snippet_start"]),
        snippet_start_byte=as_number(data["snippet_start_byte"]),
        message_id=as_text(data["message_id"]),
        data=tuple((as_text(name), as_value(value)) for name, value in data["data"]),
    )


def as_value(data: Any) -> str | int | float | bool:
    if not isinstance(data, str | int | float | bool):
        raise ValueError("message data")
    return data


def encode_location(location: Location | None) -> list[int] | None:
    if location is None:
        return None
    return [location.line, location.column, location.end_line, location.end_column]


def decode_location(data: Any) -> Location | None:
    if data is None:
        return None
    line, column, end_line, end_column = (as_number(n) for n in data)
    return Location(line, column, end_line, end_column)


def as_text(value: Any) -> str:
    if not isinstance(value, str):
        raise TypeError("not a string")
    return value


def as_number(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError("not an integer")
    return value
