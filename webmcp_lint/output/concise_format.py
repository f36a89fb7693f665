"""`path:line:col: severity [rule] message`, one line each: the editor contract."""

from __future__ import annotations

from webmcp_lint.output import Report
from webmcp_lint.output.inert import printable, printable_path
from webmcp_lint.output.text_format import statistics_table


def render(report: Report) -> str:
    if report.statistics:
        return statistics_table(report, color=False)
    lines = [
        f"{printable_path(d.path)}:{d.line}:{d.column}: {d.severity} [{d.rule}] "
        f"{printable(d.message)}"
        for d in report.diagnostics
    ]
    return "".join(line + "\n" for line in lines)
