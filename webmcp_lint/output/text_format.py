"""The default, human format: location, severity, rule, message, a code frame, a summary."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from msgspec import Struct

from webmcp_lint.diagnostics import SNIPPET_COLUMNS, Diagnostic
from webmcp_lint.output import count
from webmcp_lint.output.inert import printable, printable_path
from webmcp_lint.output.report import Report
from webmcp_lint.registry import rules

_STYLES = {
    "error": "1;31",
    "warning": "1;33",
    "info": "1;36",
    "path": "1",
    "dim": "2",
    "rule": "35",
    "ok": "1;32",
}
MAX_CARET_WIDTH = 200


def paint(text: str, style: str, color: bool) -> str:
    return f"\x1b[{_STYLES[style]}m{text}\x1b[0m" if color else text


def render(report: Report) -> str:
    return "".join(chunks(report))


def chunks(report: Report) -> Iterator[str]:
    color = report.color
    if report.statistics:
        yield statistics_table(report, color) + summary(report, color)
        return
    tally = Tally(Counter())
    for d in report.diagnostics:  # read once: a large run's are read from a file
        can_fix = fixable(d, report.unsafe_fixes)
        tally.add(d, can_fix)
        yield _diagnostic(d, color, can_fix)
    yield summary(report, color, tally)


class Tally(Struct):
    """What the summary counts: findings by severity, fixes `--fix` applies, and fixes
    it would apply with `--unsafe-fixes`."""

    severities: Counter[str]
    available: int = 0
    hidden: int = 0

    @classmethod
    def of(cls, report: Report) -> Tally:
        tally = cls(Counter())
        for d in report.diagnostics:
            tally.add(d, fixable(d, report.unsafe_fixes))
        return tally

    def add(self, d: Diagnostic, can_fix: bool) -> None:
        self.severities[d.severity] += 1
        self.available += can_fix
        self.hidden += d.fix is not None and not can_fix


def _diagnostic(d: Diagnostic, color: bool, can_fix: bool) -> str:
    mark = "[*] " if can_fix else ""
    path = printable_path(d.path)
    location = d.location
    head = (
        f"{paint(f'{path}:{location.line}:{location.column}', 'path', color)}: "
        f"{paint(d.severity, d.severity, color)} "
        f"{paint(f'[{d.rule}]', 'rule', color)} {mark}{printable(d.message)}\n"
    )
    frame = _frame(d, color)
    help_line = f"   {paint('=', 'dim', color)} see {d.url}\n"
    related = "".join(
        f"   {paint('=', 'dim', color)} {printable(r.message)} "
        f"({printable_path(r.path_in(d.path))}:{r.located.line}:{r.located.column})\n"
        for r in d.related
    )
    return head + frame + related + help_line + "\n"


CUT = "..."  # where a long line was cut


def _shown(code: str) -> str:
    """Code as a frame prints it: escaped (see `printable`), tabs as four columns."""
    return printable(code).expandtabs(4)


def _frame(d: Diagnostic, color: bool) -> str:
    if not d.snippet:
        return ""
    location = d.location
    width = len(str(location.line + len(d.snippet) - 1))
    gutter = paint(" " * width + " |", "dim", color)
    lines = [gutter + "\n"]
    for offset, raw in enumerate(d.snippet):
        number = location.line + offset
        # The engine cut long lines around the finding; one code point more than it
        # shows says the line goes on.
        before = CUT if offset == 0 and d.snippet_start else ""
        body = raw[:SNIPPET_COLUMNS]
        code = before + body + (CUT if len(raw) > SNIPPET_COLUMNS else "")
        # Most code has nothing to escape and no tab: it shows as it is, a column a
        # code point, and so does every part of it.
        as_is = code.isascii() and code.isprintable()
        line = code if as_is else _shown(code)
        lines.append(f"{paint(str(number).rjust(width) + ' |', 'dim', color)} {line}\n")
        if offset == 0:
            start_code = before + body[: location.column - 1 - d.snippet_start]
            start = len(start_code if as_is else _shown(start_code))
            if location.end_line != location.line:
                end = len(line)
            else:
                end_code = before + body[: location.end_column - 1 - d.snippet_start]
                end = len(end_code if as_is else _shown(end_code))
            carets = "^" * max(1, min(end - start, MAX_CARET_WIDTH))
            lines.append(f"{gutter} {' ' * start}{paint(carets, d.severity, color)}\n")
    return "".join(lines)


def summary(report: Report, color: bool, tally: Tally | None = None) -> str:
    if report.quiet:
        return ""
    tally = tally or Tally.of(report)
    counts = tally.severities
    total = sum(counts.values())
    files = report.checked(count)
    if report.baselined:
        files += f"; {report.baselined} in the baseline not shown"
    fixed = f"Fixed {count(report.fixed, 'problem')}.\n" if report.fixed else ""
    if total == 0:
        return fixed + paint(f"No problems found ({files}).", "ok", color) + "\n"
    parts = [
        count(counts[severity], severity)
        for severity in ("error", "warning", "info")
        if counts[severity]
    ]
    found = f"Found {count(total, 'problem')} ({', '.join(parts)}) in {files}.\n"
    return fixed + found + fixable_line(report, tally)


def fixable(d: Diagnostic, unsafe_fixes: bool) -> bool:
    """Whether the finding's fix is applied by `--fix` (with `--unsafe-fixes` as given)."""
    return d.fix is not None and (unsafe_fixes or d.fix.applicability == "safe")


def fixable_line(report: Report, tally: Tally) -> str:
    """How many findings `--fix` would fix, and how many more `--unsafe-fixes` would, as
    ruff says it."""
    available, hidden = tally.available, tally.hidden
    options = "`--fix --unsafe-fixes` options" if report.unsafe_fixes else "`--fix` option"
    head = f"[*] {available} fixable with the {options}" if available else "No fixes available"
    if hidden:
        hidden_fixes = f"{hidden} hidden {'fix' if hidden == 1 else 'fixes'}"
        return f"{head} ({hidden_fixes} can be enabled with the `--unsafe-fixes` option).\n"
    return f"{head}.\n" if available else ""


def statistics_table(report: Report, color: bool) -> str:
    catalog = rules()
    rows = report.rule_counts()
    if not rows:
        return ""
    severities = {d.rule: d.severity for d in report.diagnostics}
    width = max(len(str(number)) for _, number in rows)
    id_width = max(len(rule) for rule, _ in rows)
    lines = []
    for rule, number in rows:
        severity = severities[rule]
        lines.append(
            f"{str(number).rjust(width)}  {paint(rule.ljust(id_width), 'rule', color)}  "
            f"{paint(severity.ljust(7), severity, color)}  {catalog[rule].summary}\n"
        )
    return "".join(lines)
