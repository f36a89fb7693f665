"""`verify`: open pages in Chromium and compare the tools they register with the static
inventory of the code (`tools`). Playwright is imported only when a browser starts:
`webmcp_lint.verify.browser` is imported inside the command.
"""

from __future__ import annotations

import contextlib
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

import click

from webmcp_lint.cli.check import Notices, named, report_failure, use_color, write_output
from webmcp_lint.cli.errors import EXIT_FINDINGS, ConfigurationError, usage_error
from webmcp_lint.cli.options import (
    config_option,
    exit_zero_option,
    fail_on_option,
    findings_file_option,
    findings_format_option,
    no_color_option,
    quiet_option,
)
from webmcp_lint.cli.tools import note_unresolved, static_inventory

if TYPE_CHECKING:
    from webmcp_lint.config import Settings

VERIFY_SUMMARY = "Open pages in Chromium and compare the tools they register with the code."
LIVE_INSTALL = (
    "install the live extra and a Chromium 146 or later (pip install 'webmcp-lint[live]'; "
    "apt-get install chromium), or name one with --chromium or WEBMCP_LINT_CHROMIUM"
)


@click.command(short_help=VERIFY_SUMMARY)
@click.argument("arguments", nargs=-1, metavar="PAGE... [PATH...]")
@click.option(
    "--serve",
    "serve_directory",
    type=click.Path(path_type=Path, file_okay=False, exists=True),
    help="Serve this directory (a built site) on the loopback address for the run; pages "
    "are then paths on it, such as /index.html.",
)
@click.option(
    "--chromium",
    envvar="WEBMCP_LINT_CHROMIUM",
    metavar="PATH",
    help="The Chromium or Chrome to run (also: WEBMCP_LINT_CHROMIUM) [default: "
    "/usr/bin/chromium, else chromium or google-chrome on the PATH].",
)
@click.option(
    "--timeout",
    type=click.FloatRange(min=0, min_open=True),
    default=30.0,
    show_default=True,
    help="Seconds each page may take to load and settle.",
)
@click.option(
    "--wait-until",
    type=click.Choice(("load", "networkidle")),
    default="networkidle",
    show_default=True,
    help="Wait for the load event only, or also until no request is made for 500 ms.",
)
@click.option(
    "--settle",
    type=click.FloatRange(min=0),
    default=1.0,
    show_default=True,
    help="Seconds the tools of a page must stay the same, from its load event, before "
    "they are read (for late registrations), within --timeout.",
)
@findings_format_option
@findings_file_option
@config_option
@fail_on_option
@exit_zero_option
@quiet_option
@no_color_option
def verify(
    arguments: tuple[str, ...],
    serve_directory: Path | None,
    chromium: str | None,
    timeout: float,
    wait_until: str,
    settle: float,
    output_format: str,
    output_file: Path | None,
    config_file: Path | None,
    fail_on: str | None,
    exit_zero: bool,
    quiet: bool,
    no_color: bool,
) -> None:
    """Open pages in Chromium and compare the tools they register with the code.

    PAGE is a URL (http:// or https://) or, with --serve DIR, a path on the served site
    (/index.html). PATH (default: the current directory) is read as `tools` reads it.
    Each page is loaded and left to settle, and every frame's tools are read with
    document.modelContext.getTools(). A tool registered that the code does not list, a
    tool the code lists for the page that did not register, a tool whose description,
    schema or annotations differ, and a page that could not be checked are findings.
    Exit codes as for `check`; 2 also when Playwright or Chromium is missing.
    """
    from webmcp_lint.diagnostics import fails
    from webmcp_lint.output import render
    from webmcp_lint.output.report import Report
    from webmcp_lint.verify import browser, live

    cwd = Path.cwd().resolve()
    notices = Notices(cwd)
    try:
        pages, paths = pages_and_paths(arguments, serve_directory is not None)
    except click.UsageError as error:
        report_failure(error.format_message(), output_format, output_file)
        raise
    resolver, tasks, results = static_inventory(paths, config_file, cwd, notices)
    roots = [cwd / path for path in paths if (cwd / path).is_dir()]
    locator = live.Locator(cwd, [*roots, cwd] if cwd not in roots else roots)
    known: dict[str, Settings] = {}

    def settings_for(path: str) -> Settings:
        if path not in known:
            is_url = "://" in path
            known[path] = resolver.for_directory(cwd) if is_url else resolver.for_file(cwd / path)
        return known[path]

    comparison = live.Comparison(live.Inventory(tasks, results), locator, settings_for)
    waits = browser.Waits(timeout, wait_until, settle)
    try:
        with contextlib.ExitStack() as stack:
            if serve_directory is not None:
                origin = stack.enter_context(browser.serve(serve_directory.resolve()))
                locator.served = (origin, serve_directory.resolve())
                pages = [
                    live.Page(origin + p.url if p.url.startswith("/") else p.url, p.shown)
                    for p in pages
                ]
            chromium_browser = stack.enter_context(browser.Chromium(chromium))
            for page in pages:
                comparison.visit(page, chromium_browser.visit(page.url, waits))
    except browser.BrowserUnavailable as error:
        message = f"cannot check pages in a browser: {error}; {LIVE_INSTALL}"
        report_failure(message, output_format, output_file)
        raise ConfigurationError(message) from None
    diagnostics = comparison.finish()
    for notice in comparison.notices:
        notices.add_message(notice)
    shown = notices.show(results)
    note_unresolved(results)
    report = Report(
        diagnostics,
        color=output_file is None and use_color(no_color),
        cwd=cwd,
        notices=shown,
        quiet=quiet,
        pages_checked=len(pages),
    )
    write_output(render(report, output_format), output_file)
    failing = any(
        fails([d], fail_on or settings_for(d.path).fail_on)  # type: ignore[arg-type]
        for d in diagnostics
    )
    if failing and not exit_zero:
        sys.exit(EXIT_FINDINGS)


def host_and_port(argument: str) -> bool:
    """Whether an argument is a URL without its scheme: `localhost:8080/`."""
    host, colon, rest = argument.partition(":")
    port = rest.split("/", 1)[0]
    named_host = all(c.isalnum() or c in "._-" for c in host)
    return bool(colon and host and named_host and port.isdigit())


def pages_and_paths(arguments: tuple[str, ...], serving: bool) -> tuple[list[Any], list[str]]:
    """The pages to open and the paths to read, told apart by their form: a URL (or,
    when serving a directory, a path starting with `/`) is a page."""
    from webmcp_lint.verify.live import Page

    pages, paths = [], []
    for argument in arguments:
        parts = urlsplit(argument)
        if "://" in argument:
            if parts.scheme not in ("http", "https") or not parts.netloc:
                raise usage_error(
                    f"{argument}: a page is an http:// or https:// URL", "PAGE... [PATH...]"
                )
            pages.append(Page(argument, argument))
        elif serving and argument.startswith("/"):
            pages.append(Page(argument, argument))
        else:
            hint = None
            if not named(argument) and host_and_port(argument):
                hint = f"a page needs its scheme: http://{argument}"
            elif not named(argument) and argument.startswith("/"):
                hint = "a path on a site is a page with --serve DIR"
            if hint is not None:
                raise usage_error(
                    f"{argument}: no such file or directory ({hint})", "PAGE... [PATH...]"
                )
            paths.append(argument)
    if not pages:
        raise usage_error(
            "no page to open: give a URL (http://localhost:8080/) or, with --serve DIR, a "
            "path on the served site (/index.html)",
            "PAGE... [PATH...]",
        )
    return pages, paths
