"""`path:line:col: severity [rule] message`, one line each: the editor contract."""

from __future__ import annotations

from collections.abc import Iterator

from webmcp_lint.output.inert import printable, printable_path
from webmcp_lint.output.report import Report
from webmcp_lint.output.text_format import statistics_table


def render(report: Report) -> str:
    return "".join(chunks(report))


def chunks(report: Report) -> Iterator[str]:
    if report.statistics:
        yield statistics_table(report, color=False)
        return
    for d in report.diagnostics:
        yield (
            f"{printable_path(d.path)}:{d.line}:{d.column}: {d.severity} [{d.rule}] "
            f"{printable(d.message)}\n"
        )
