"""A Markdown summary for people: `$GITHUB_STEP_SUMMARY`, a pull request comment, a wiki.

A headline with the counts, a table of findings per rule (each linked to its page) and
a table of the findings, each location linked to the file on GitHub when the GitHub
Actions variables say where (`GITHUB_SERVER_URL`, `GITHUB_REPOSITORY`, `GITHUB_SHA`).
Bounded: at most MAX_FINDINGS findings are listed (the rest are counted), and each text
cell is cut at MAX_CELL characters. Everything taken from the code or from file names is
escaped, so it renders as the text it is and never as HTML, a link or Markdown.
"""

from __future__ import annotations

import os
import re
from urllib.parse import quote

from webmcp_lint.diagnostics import SEVERITY_RANK, Diagnostic, Severity
from webmcp_lint.output._paths import repository_path
from webmcp_lint.output.report import Report
from webmcp_lint.registry import rules

MAX_FINDINGS = 500
MAX_NOTICES = 20
MAX_CELL = 300
SEVERITY = {"error": "❌ error", "warning": "⚠️ warning", "info": "ℹ️ info"}  # noqa: RUF001

# Characters that would be read as something other than text: shown as `\u{...}`.
_INVISIBLE = re.compile(
    "[\x00-\x1f\x7f-\x9f\u00ad\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f"
    "\u2028-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufffb"
    "\U000e0000-\U000e0fff\ud800-\udfff]"
)
_ENTITIES = {"&": "&amp;", "<": "&lt;", ">": "&gt;"}


def text(value: str, limit: int = MAX_CELL) -> str:
    """`value` as literal Markdown text on one line of a table cell: invisible and
    control characters written as `\\u{...}`, `&`, `<`, `>` as entities, and every other
    ASCII punctuation character backslash-escaped (no emphasis, link, autolink, mention,
    emoji shortcode, code span or cell break can form)."""
    if len(value) > limit:
        value = value[: limit - 1] + "…"
    value = _INVISIBLE.sub(lambda match: f"\\u{{{ord(match.group()):x}}}", value)
    escaped = []
    for character in value:
        if character in _ENTITIES:
            escaped.append(_ENTITIES[character])
        elif character.isascii() and not character.isalnum() and character != " ":
            escaped.append("\\" + character)
        else:
            escaped.append(character)
    return "".join(escaped)


def render(report: Report) -> str:
    lines = ["## webmcp-lint", ""]
    if report.config_errors:
        lines += [f"❌ **The run failed**: {text(m, 2000)}" for m in report.config_errors]
        return "\n".join(lines) + "\n"
    lines += [_headline(report), ""]
    if report.diagnostics:
        lines += _rule_table(report)
        if not report.statistics:
            lines += ["", *_findings_table(report)]
    for notice in report.notices[:MAX_NOTICES]:
        lines += ["", f"⚠️ {text(notice, 2000)}"]
    if len(report.notices) > MAX_NOTICES:
        lines += ["", f"⚠️ {_plural(len(report.notices) - MAX_NOTICES, 'more notice')}."]
    return "\n".join(lines) + "\n"


def _plural(count: int, noun: str) -> str:
    return f"{count:,} {noun}{'' if count == 1 else 's'}"


def _headline(report: Report) -> str:
    files = report.checked(_plural)
    counts = report.counts()
    total = sum(counts.values())
    if not total:
        return f"✅ **No problems found** ({files})."
    parts = ", ".join(_plural(counts[s], s) for s in ("error", "warning", "info") if counts[s])
    return f"❌ **{_plural(total, 'problem')}** ({parts}) in {files}."


def _rule_table(report: Report) -> list[str]:
    catalog = rules()
    severities: dict[str, Severity] = {}
    for d in report.diagnostics:  # a rule's most severe finding (severities are per finding)
        if SEVERITY_RANK[d.severity] > SEVERITY_RANK[severities.get(d.rule, "info")]:
            severities[d.rule] = d.severity
        severities.setdefault(d.rule, d.severity)
    rows = ["| Rule | Severity | Findings | What it flags |", "| --- | --- | ---: | --- |"]
    for rule_id, count in report.rule_counts():
        rule = catalog[rule_id]
        rows.append(
            f"| [{text(rule_id)}]({rule.url}) | {SEVERITY[severities[rule_id]]} | "
            f"{count:,} | {text(rule.summary)} |"
        )
    return rows


def _findings_table(report: Report) -> list[str]:
    link = _file_link_base()
    rows = ["| Location | Severity | Rule | Message |", "| --- | --- | --- | --- |"]
    shown = report.diagnostics[:MAX_FINDINGS]
    for d in shown:
        rows.append(
            f"| {_location(d, report, link)} | {SEVERITY[d.severity]} | "
            f"[{text(d.rule)}]({d.url}) | {text(d.message)} |"
        )
    left_out = len(report.diagnostics) - len(shown)
    if left_out:
        rows += [
            "",
            f"{_plural(left_out, 'more finding')} not listed here (at most {MAX_FINDINGS} are): "
            "run `webmcp-lint check` to see them all.",
        ]
    return rows


def _file_link_base() -> str | None:
    server = os.environ.get("GITHUB_SERVER_URL")
    repository = os.environ.get("GITHUB_REPOSITORY")
    sha = os.environ.get("GITHUB_SHA")
    if not (server and repository and sha):
        return None
    if not re.fullmatch(r"https?://[A-Za-z0-9.:-]+", server) or not re.fullmatch(
        r"[0-9a-f]{7,64}", sha
    ):
        return None
    return f"{server}/{quote(repository, safe='/')}/blob/{sha}/"


def _location(d: Diagnostic, report: Report, link: str | None) -> str:
    label = text(f"{d.path}:{d.line}:{d.column}")
    relative = repository_path(d.path, report.cwd) if link else None
    if link is None or relative is None:
        return label
    return f"[{label}]({link}{quote(relative, safe='/')}#L{d.line})"
