"""SARIF 2.1.0 for GitHub code scanning: one run, every rule described, one result per finding.

The log is built from sarif-om objects and serialized here rather than with
jschema-to-python's `to_json`, which drops every value equal to its schema default (an
explicit `level: "warning"` on a result would vanish and the result would take the
rule's level), or with `attrs.asdict`, which keeps Python names. `_build` records which
fields were set, and `to_json_value` writes exactly those, under their SARIF names.

GitHub's requirements (docs: "SARIF support for code scanning"): repository-relative
URIs, explicit levels, `partialFingerprints.primaryLocationLineHash`, `results: []` when
clean, no suppressed results (GitHub would open alerts for them), and its limits.
"""

from __future__ import annotations

import functools
import gzip
import json
import re
from pathlib import Path
from typing import Any

import attr
import sarif_om

from webmcp_lint import INFORMATION_URI, __version__
from webmcp_lint.diagnostics import SEVERITY_RANK, Diagnostic, Location
from webmcp_lint.output._paths import (
    file_uri,
    is_url,
    relative_uri,
    repository_path,
    source_root,
)
from webmcp_lint.output.inert import inert_json
from webmcp_lint.output.report import Report
from webmcp_lint.registry import Rule, rules

SCHEMA_URI = (
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
)
SRCROOT = "%SRCROOT%"
COLUMN_KIND = "unicodeCodePoints"  # the column unit of every output format

# GitHub's limits (docs: "SARIF support for code scanning", "Limits"): a file over them
# is rejected, so the least severe results are left out and the log says so.
MAX_RESULTS = 25_000
MAX_GZIP_BYTES = 10_000_000
MAX_RELATED_LOCATIONS = 100  # GitHub keeps 100 of at most 1,000
MAX_TAGS = 20
MAX_DESCRIPTION = 1024
INDENTED_RESULTS = 2_000

LEVELS = {"error": "error", "warning": "warning", "info": "note"}
PROBLEM_SEVERITY = {"error": "error", "warning": "warning", "info": "recommendation"}
# GitHub ranks security alerts by this score: 7.0-8.9 is high, 4.0-6.9 medium, below low.
# A rule page may set its own with `security-severity:` in its front matter.
SECURITY_SEVERITY = {"error": "8.0", "warning": "5.5", "info": "2.0"}
PRECISION = {"static": "very-high", "heuristic": "medium"}


def render(report: Report) -> str:
    catalog = rules()
    kept = list(report.diagnostics)
    notes: list[str] = []
    if len(kept) > MAX_RESULTS:
        notes.append(_left_out(len(kept) - MAX_RESULTS, "25,000 results per run"))
        kept = most_severe(kept, MAX_RESULTS)
    text = _dump(build_log(report, kept, catalog, notes))
    total = len(kept)
    while kept and len(text) > MAX_GZIP_BYTES and _compressed(text) > MAX_GZIP_BYTES:
        kept = most_severe(kept, len(kept) // 2)
        note = _left_out(total - len(kept), "SARIF files of 10 MB compressed")
        text = _dump(build_log(report, kept, catalog, [*notes, note]))
    return text


def _compressed(text: str) -> int:
    return len(gzip.compress(text.encode()))


def most_severe(diagnostics: list[Diagnostic], count: int) -> list[Diagnostic]:
    """The `count` most severe findings, in their original order."""
    ranked = sorted(range(len(diagnostics)), key=lambda i: -SEVERITY_RANK[diagnostics[i].severity])
    return [diagnostics[i] for i in sorted(ranked[:count])]


def _left_out(count: int, limit: str) -> str:
    return (
        f"{count} less severe results were left out: GitHub code scanning accepts at most "
        f"{limit}. `--output-format json` lists them all."
    )


def _dump(log: Any) -> str:
    data = to_json_value(log)
    ordered = {"$schema": data.pop("$schema"), "version": data.pop("version"), **data}
    # Indented for people; a large log compact, which json writes ten times faster.
    indent = 2 if len(data["runs"][0]["results"]) <= INDENTED_RESULTS else None
    return inert_json(json.dumps(ordered, indent=indent, ensure_ascii=False)) + "\n"


def build_log(
    report: Report, diagnostics: list[Diagnostic], catalog: dict[str, Rule], notes: list[str]
) -> Any:
    index = {rule_id: position for position, rule_id in enumerate(catalog)}
    root = source_root(report.cwd)
    artifacts: dict[str, Any] = {}
    for d in diagnostics:
        for path in (d.path, *(r.path_in(d.path) for r in d.related)):
            if path not in artifacts:
                artifacts[path] = _artifact(path, report.cwd)
    results = [_result(d, index[d.rule], artifacts) for d in diagnostics]
    execution = [*report.notices, *notes]
    invocation = _build(
        sarif_om.Invocation,
        execution_successful=not report.config_errors,
        tool_configuration_notifications=[_notification(m, "error") for m in report.config_errors]
        or None,
        tool_execution_notifications=[_notification(m, "warning") for m in execution] or None,
        properties=None if report.config_errors else _counts(report),
    )
    driver = _build(
        sarif_om.ToolComponent,
        name="webmcp-lint",
        semantic_version=__version__,
        information_uri=INFORMATION_URI,
        rules=[_descriptor(rule) for rule in catalog.values()],
    )
    run = _build(
        sarif_om.Run,
        tool=_build(sarif_om.Tool, driver=driver),
        invocations=[invocation],
        original_uri_base_ids={
            SRCROOT: _build(
                sarif_om.ArtifactLocation,
                uri=file_uri(root, directory=True),
                description=_message("The root of the repository that was linted."),
            )
        },
        column_kind=COLUMN_KIND,
        results=results,
    )
    return _build(sarif_om.SarifLog, schema_uri=SCHEMA_URI, version="2.1.0", runs=[run])


def _counts(report: Report) -> dict[str, int]:
    if report.pages_checked is not None:
        return {"pagesChecked": report.pages_checked}
    return {"filesChecked": report.files_checked, "filesSkipped": report.files_skipped}


# -- rules ------------------------------------------------------------------------------


def _descriptor(rule: Rule) -> Any:
    tags = list(dict.fromkeys((rule.category, *rule.tags)))
    if rule.kind == "heuristic":
        tags.append("heuristic")
    properties: dict[str, Any] = {
        "tags": tags[:MAX_TAGS],
        "precision": PRECISION[rule.kind],
        "problem.severity": PROBLEM_SEVERITY[rule.severity],
    }
    if rule.security:
        properties["security-severity"] = security_severity(rule)
    return _build(
        sarif_om.ReportingDescriptor,
        id=rule.id,
        name=rule.id,
        short_description=_text(rule.summary),
        full_description=_text(
            _shorten(plain(section(rule.body, "What it flags")) or rule.summary)
        ),
        help=_build(
            sarif_om.MultiformatMessageString,
            text=_help_text(rule),
            markdown=f"{rule.body.rstrip()}\n\n[Rule page]({rule.url})\n",
        ),
        help_uri=rule.url,
        default_configuration=_build(sarif_om.ReportingConfiguration, level=LEVELS[rule.severity]),
        properties=properties,
    )


def security_severity(rule: Rule) -> str:
    """A number from 0.1 to 10.0, as a string (GitHub fails processing on anything else)."""
    declared = rule.security_severity
    value = declared if declared is not None else SECURITY_SEVERITY[rule.severity]
    if not 0.1 <= float(value) <= 10.0:
        raise ValueError(f"{rule.id}: security-severity {value} is not in 0.1-10.0")
    return f"{float(value):.1f}"


def section(body: str, title: str) -> str:
    match = re.search(rf"^## {re.escape(title)}\n(.*?)(?=^## |\Z)", body, re.M | re.S)
    return match.group(1).strip() if match else ""


def _help_text(rule: Rule) -> str:
    parts = [rule.summary]
    for title in ("What it flags", "Why it matters", "How to fix"):
        text = section(rule.body, title)
        if text:
            parts.append(f"{title}:\n{plain(text)}")
    parts.append(f"Rule page: {rule.url}")
    return "\n\n".join(parts)


def plain(markdown: str) -> str:
    """Page text for plain-text fields: hard-wrapped lines of a paragraph or list item
    joined into one; code blocks kept as they are."""
    lines: list[str] = []
    in_code = joinable = False
    for line in markdown.splitlines():
        stripped = line.strip()
        if stripped.startswith("```"):
            in_code = not in_code
            lines.append(line)
            joinable = False
        elif in_code or not stripped or re.match(r"(?:[-*]|\d+\.) ", stripped):
            lines.append(line)
            joinable = bool(stripped) and not in_code
        elif joinable:
            lines[-1] += " " + stripped
        else:
            lines.append(line)
            joinable = True
    return "\n".join(lines)


def _shorten(text: str) -> str:
    if len(text) <= MAX_DESCRIPTION:
        return text
    cut = text[: MAX_DESCRIPTION - 1]
    return cut[: cut.rfind(" ")].rstrip() + "…" if " " in cut else cut + "…"


# -- results ----------------------------------------------------------------------------


def _result(d: Diagnostic, rule_index: int, artifacts: dict[str, Any]) -> Any:
    artifact = artifacts[d.path]
    related = [
        _build(
            sarif_om.Location,
            id=number,
            physical_location=_physical(artifacts[r.path_in(d.path)], r.located),
            message=_message(r.message),
        )
        for number, r in enumerate(d.related[:MAX_RELATED_LOCATIONS], start=1)
    ]
    fixes = None
    if d.fix is not None:
        replacements = [
            _build(
                sarif_om.Replacement,
                deleted_region=_region(edit.located),
                inserted_content=_build(sarif_om.ArtifactContent, text=edit.replacement),
            )
            for edit in d.fix.edits
        ]
        change = _build(
            sarif_om.ArtifactChange, artifact_location=artifact, replacements=replacements
        )
        fixes = [
            _build(sarif_om.Fix, description=_message(d.fix.description), artifact_changes=[change])
        ]
    return _build(
        sarif_om.Result,
        rule_id=d.rule,
        rule_index=rule_index,
        level=LEVELS[d.severity],
        message=_message(d.message),
        locations=[_build(sarif_om.Location, physical_location=_physical(artifact, d.location))],
        partial_fingerprints={"primaryLocationLineHash": d.fingerprint} if d.fingerprint else None,
        related_locations=related or None,
        fixes=fixes,
        properties={"page": d.page} if d.page is not None else None,
    )


def _artifact(path: str, cwd: Path) -> Any:
    if is_url(path):  # a page `verify` opened
        return _build(sarif_om.ArtifactLocation, uri=path)
    relative = repository_path(path, cwd)
    if relative is None:  # outside the repository: an absolute file URI
        absolute = Path(path) if Path(path).is_absolute() else cwd / path
        return _build(sarif_om.ArtifactLocation, uri=file_uri(absolute))
    return _build(sarif_om.ArtifactLocation, uri=relative_uri(relative), uri_base_id=SRCROOT)


def _physical(artifact: Any, location: Location) -> Any:
    return _build(sarif_om.PhysicalLocation, artifact_location=artifact, region=_region(location))


def _region(location: Location) -> Any:
    return _build(
        sarif_om.Region,
        start_line=location.line,
        start_column=location.column,
        end_line=location.end_line,
        end_column=location.end_column,
    )


def _notification(text: str, level: str) -> Any:
    return _build(sarif_om.Notification, message=_message(text), level=level)


def _message(text: str) -> Any:
    return _build(sarif_om.Message, text=text)


def _text(text: str) -> Any:
    return _build(sarif_om.MultiformatMessageString, text=text)


# -- serialization ----------------------------------------------------------------------

_SET_FIELDS = "_webmcp_lint_set_fields"


def _build(cls: type, **values: Any) -> Any:
    """A sarif-om object that remembers which fields were given (None means absent)."""
    given = {name: value for name, value in values.items() if value is not None}
    instance = cls(**given)
    setattr(instance, _SET_FIELDS, frozenset(given))
    return instance


def to_json_value(value: Any) -> Any:
    """Plain JSON data under SARIF's property names: every field that `_build` was given,
    or, of an object made otherwise, every field whose value differs from its default."""
    if isinstance(value, (str, int, float)):  # most values: asked first
        return value
    if isinstance(value, (list, tuple)):
        return [to_json_value(item) for item in value]
    if isinstance(value, dict):
        return {str(key): to_json_value(item) for key, item in value.items()}
    given: frozenset[str] | None = getattr(value, _SET_FIELDS, None)
    if given is not None:
        # Every object `_build` makes is left as it was made: a field it was not given
        # holds its default, and the fields are looked up once per class.
        return {
            sarif_name: to_json_value(getattr(value, name))
            for name, sarif_name in _sarif_names(value.__class__)
            if name in given
        }
    if attr.has(type(value)):
        data = {}
        for field in attr.fields(type(value)):
            item = getattr(value, field.name)
            if item is None or _is_default(field, item):
                continue
            data[field.metadata["schema_property_name"]] = to_json_value(item)
        return data
    return value


@functools.cache
def _sarif_names(cls: type) -> tuple[tuple[str, str], ...]:
    """A sarif-om class's fields: their Python names and SARIF property names."""
    return tuple((field.name, field.metadata["schema_property_name"]) for field in attr.fields(cls))


def _is_default(field: Any, value: Any) -> bool:
    default = field.default
    if isinstance(default, attr.Factory):  # type: ignore[arg-type]
        default = default.factory()
    return bool(value == default)
