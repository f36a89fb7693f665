"""GitHub Actions workflow commands: each finding becomes an annotation on the file.

`::error file=F,line=L,endLine=E,col=C,endColumn=K,title=T::message`, with `warning` and
`notice` for the other severities. GitHub drops an annotation whose `col`/`endColumn`
span several lines (astral-sh/ruff#22074), so those are given only for one-line
findings. Values are escaped as the Actions toolkit does (`%`, CR, LF; in properties
also `:` and `,`); other control characters in messages (an escape sequence in a tool
name) are escaped first, as every format escapes them (see `inert.printable`). Paths
are relative to the repository root, as GitHub expects.
"""

from __future__ import annotations

from collections.abc import Iterator

from webmcp_lint.diagnostics import Diagnostic
from webmcp_lint.output._paths import is_url, repository_path
from webmcp_lint.output.inert import printable
from webmcp_lint.output.report import Report

COMMANDS = {"error": "error", "warning": "warning", "info": "notice"}


def escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def command(name: str, message: str, **properties: str | int | None) -> str:
    given = ",".join(
        f"{key}={escape_property(str(value))}"
        for key, value in properties.items()
        if value is not None
    )
    data = escape_data(printable(message, line_breaks=True))
    return f"::{name}{' ' + given if given else ''}::{data}\n"


def annotation(d: Diagnostic, path: str) -> str:
    # A path with a control character cannot be given to the runner as it is, and a URL
    # (a page of `verify`) is no file: such an annotation names it in its message only.
    located = printable(path) == path and not is_url(path)
    one_line = d.line == d.end_line
    return command(
        COMMANDS[d.severity],
        f"{path}:{d.line}:{d.column}: [{d.rule}] {d.message} ({d.url})",
        file=path if located else None,
        line=d.line if located else None,
        endLine=d.end_line if located else None,
        col=d.column if located and one_line else None,
        endColumn=d.end_column if located and one_line and d.end_column > d.column else None,
        title=f"webmcp-lint ({d.rule})",
    )


def render(report: Report) -> str:
    return "".join(chunks(report))


def chunks(report: Report) -> Iterator[str]:
    for d in report.diagnostics:
        yield annotation(d, repository_path(d.path, report.cwd) or d.path)
    for message in report.config_errors:
        yield command("error", message, title="webmcp-lint configuration")
    for notice in report.notices:
        yield command("warning", notice, title="webmcp-lint")
