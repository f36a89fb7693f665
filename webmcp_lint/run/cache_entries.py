"""Cache entries as JSON: a file's result (its diagnostics, tools, project facts and what
it gives the page pass) encoded, and decoded without trusting it: every value is checked
for its type, and anything else raises, which the cache reads as a miss."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from msgspec import Struct
from msgspec.structs import replace

from webmcp_lint.checks.page_tools import Anchor, PageTool
from webmcp_lint.model import ProjectFacts, TsConfigFacts
from webmcp_lint.run import page_pass as pages
from webmcp_lint.run.diagnostic_json import (
    as_number,
    as_text,
    decode_diagnostic,
    encode_diagnostic,
)
from webmcp_lint.run.pipeline import FileResult


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
    encoded: dict[str, Any] = plain(replace(page, pending=()))
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
    """Records as dicts, tuples and frozensets as lists, for JSON."""
    if isinstance(data, Struct):
        return {name: plain(getattr(data, name)) for name in data.__struct_fields__}
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


def as_flag(value: Any) -> bool:
    if not isinstance(value, bool):
        raise TypeError("not a boolean")
    return value
