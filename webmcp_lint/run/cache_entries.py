"""Cache entries as JSON: a file's result (its diagnostics, tools, project facts and what
it gives the page pass) encoded, and decoded without trusting it: every value is checked
for its type, and anything else raises, which the cache reads as a miss."""

from __future__ import annotations

import dataclasses
from dataclasses import replace
from pathlib import Path
from typing import Any

from webmcp_lint.checks.page_tools import Anchor, PageTool
from webmcp_lint.diagnostics import Diagnostic, Edit, Fix, Location, Related
from webmcp_lint.model import ProjectFacts, TsConfigFacts
from webmcp_lint.run import page_pass as pages
from webmcp_lint.run.pipeline import FileResult
from webmcp_lint.workspace.source import Span


def encode_project(facts: ProjectFacts | None) -> Any:
    if facts is None:
        return None
    tsconfig = facts.tsconfig
    return {
        "tsconfig": None
        if tsconfig is None
        else [str(tsconfig.path), tsconfig.display, tsconfig.webmcp_types],
        "dependencies": sorted(facts.dependencies),
        "runtime": facts.runtime_key,
        "frameworks": [list(item) for item in facts.frameworks],
    }


def decode_project(data: Any) -> ProjectFacts | None:
    if data is None:
        return None
    tsconfig = data["tsconfig"]
    if tsconfig is not None:
        path, display, webmcp_types = tsconfig
        if webmcp_types not in (True, False, None):
            raise ValueError("webmcp_types")
        tsconfig = TsConfigFacts(Path(as_text(path)), as_text(display), webmcp_types)
    dependencies = frozenset(as_text(name) for name in data["dependencies"])
    frameworks = tuple((as_text(name), as_text(version)) for name, version in data["frameworks"])
    return ProjectFacts(
        tsconfig, dependencies, runtime_key=as_text(data["runtime"]), frameworks=frameworks
    )


def encode_result(result: FileResult) -> dict[str, Any]:
    encoded: dict[str, Any] = {
        "path": result.path,
        "diagnostics": [encode_diagnostic(d) for d in result.diagnostics],
        "tools": result.tools,
        "parsed": result.parsed,
        "read": result.read,
        "prefiltered": result.prefiltered,
        "typescript": result.typescript,
        "project": encode_project(result.project),
    }
    encoded["dependencies"] = list(result.dependencies)
    encoded["page"] = None if result.page is None else encode_page(result.page)
    return encoded


def encode_page(page: pages.PageFile) -> dict[str, Any]:
    encoded: dict[str, Any] = plain(dataclasses.asdict(replace(page, pending=())))
    encoded["pending"] = [
        [pending.index, pending.key, encode_diagnostic(pending.diagnostic)]
        for pending in page.pending
    ]
    return encoded


def decode_result(data: dict[str, Any]) -> FileResult:
    result = FileResult(
        as_text(data["path"]),
        [decode_diagnostic(d) for d in data["diagnostics"]],
        list(data["tools"]),
        as_flag(data["parsed"]),
        read=as_flag(data["read"]),
        prefiltered=as_flag(data["prefiltered"]),
        typescript=as_flag(data["typescript"]),
        project=decode_project(data["project"]),
    )
    result.dependencies = tuple(as_text(p) for p in data["dependencies"])
    result.page = None if data["page"] is None else decode_page(data["page"])
    return result


def plain(data: Any) -> Any:
    """Tuples and frozensets as lists, for JSON."""
    if isinstance(data, dict):
        return {key: plain(value) for key, value in data.items()}
    if isinstance(data, (list, tuple, frozenset)):
        return [plain(item) for item in (sorted(data) if isinstance(data, frozenset) else data)]
    return data


def decode_page(data: dict[str, Any]) -> pages.PageFile:
    """Page facts as `encode_result` wrote them (a malformed entry raises: a miss)."""
    tools = []
    for tool in data["tools"]:
        at = tool["at"]
        anchor = Anchor(
            as_number(at["line"]),
            as_number(at["column"]),
            as_number(at["end_line"]),
            as_number(at["end_column"]),
            tuple(as_text(line) for line in at["snippet"]),
            as_number(at["snippet_start"]),
            as_number(at["snippet_start_byte"]),
            None if at["fingerprint"] is None else as_text(at["fingerprint"]),
            frozenset(as_text(rule) for rule in at["suppressed"]),
            tuple((as_text(rule), as_number(index), as_text(key)) for rule, index, key in at["by"]),
        )
        tools.append(
            PageTool(
                as_text(tool["path"]),
                as_number(tool["order"]),
                as_text(tool["name"]),
                None if tool["description"] is None else as_text(tool["description"]),
                as_text(tool["kind"]),
                anchor,
                None if tool["consequential"] is None else as_text(tool["consequential"]),
                None if tool["untrusted"] is None else as_text(tool["untrusted"]),
            )
        )
    rules = {
        as_text(rule): (severity, dict(options))
        for rule, (severity, options) in data["rules"].items()
        if severity in (None, "error", "warning", "info") and isinstance(options, dict)
    }
    return pages.PageFile(
        as_text(data["path"]),
        as_text(data["real"]),
        tuple(tools),
        as_flag(data["html"]),
        tuple(tuple(as_text(p) for p in paths) for paths in data["scripts"]),
        as_text(data["project"]),
        as_text(data["project_shown"]),
        rules,
        tuple(as_text(specifier) for specifier in data["imports"]),
        tuple(
            pages.Pending(as_number(index), as_text(key), decode_diagnostic(diagnostic))
            for index, key, diagnostic in data["pending"]
        ),
    )


def encode_diagnostic(diagnostic: Diagnostic) -> dict[str, Any]:
    fix = diagnostic.fix
    return {
        "path": diagnostic.path,
        "rule": diagnostic.rule,
        "severity": diagnostic.severity,
        "message": diagnostic.message,
        "location": _encode_location(diagnostic.location),
        "snippet": list(diagnostic.snippet),
        "related": [
            [r.span.start, r.span.end, r.message, _encode_location(r.location), r.path]
            for r in diagnostic.related
        ],
        "fix": None
        if fix is None
        else {
            "description": fix.description,
            "applicability": fix.applicability,
            "edits": [
                [e.span.start, e.span.end, e.replacement, _encode_location(e.location)]
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
    from webmcp_lint.checks.registry import rules

    fix = data["fix"]
    if fix is not None:
        if fix["applicability"] not in ("safe", "unsafe"):
            raise ValueError("applicability")
        fix = Fix(
            as_text(fix["description"]),
            tuple(
                Edit(Span(as_number(s), as_number(e)), as_text(text), _decode_location(where))
                for s, e, text, where in fix["edits"]
            ),
            fix["applicability"],
        )
    if data["rule"] not in rules() or data["severity"] not in ("error", "warning", "info"):
        raise ValueError("rule or severity")
    fingerprint = data["fingerprint"]
    location = _decode_location(data["location"])
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
                _decode_location(where),
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


def _encode_location(location: Location | None) -> list[int] | None:
    if location is None:
        return None
    return [location.line, location.column, location.end_line, location.end_column]


def _decode_location(data: Any) -> Location | None:
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


def as_flag(value: Any) -> bool:
    if not isinstance(value, bool):
        raise TypeError("not a boolean")
    return value
