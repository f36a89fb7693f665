"""The command line: `check` (the default), `rule`, `rules`, `tools`, `server`.

Exit codes: 0 no finding at or above `--fail-on`; 1 findings; 2 usage or configuration
error. Findings never produce a traceback, and neither does a broken file.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any, NoReturn

import click

from webmcp_lint import __version__
from webmcp_lint.diagnostics import SEVERITIES

EXIT_OK, EXIT_FINDINGS, EXIT_USAGE = 0, 1, 2
OUTPUT_FORMATS = ("text", "concise", "json", "sarif", "github")


class DefaultGroup(click.Group):
    """`webmcp-lint PATH...` means `webmcp-lint check PATH...`."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if not args or (
            args[0] not in self.commands and args[0] not in ("--help", "-h", "--version")
        ):
            args = ["check", *args]
        return super().parse_args(ctx, args)


def fail(message: str) -> NoReturn:
    click.echo(f"webmcp-lint: error: {message}", err=True)
    sys.exit(EXIT_USAGE)


def split_selectors(values: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(item.strip() for value in values for item in value.split(",") if item.strip())


@click.group(cls=DefaultGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="webmcp-lint")
def main() -> None:
    """A static linter for WebMCP tool definitions.

    Run `webmcp-lint check` (the default command) on files or directories.
    """


@main.command()
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@click.option(
    "--select",
    multiple=True,
    help="Rules, categories or ALL to enable (comma-separated); replaces the configured `select`.",
)
@click.option(
    "--extend-select", multiple=True, help="Rules or categories to enable on top of the selection."
)
@click.option("--ignore", multiple=True, help="Rules or categories to disable (comma-separated).")
@click.option(
    "--config",
    "config_file",
    type=click.Path(path_type=Path, dir_okay=False),
    help="Use this configuration file for every file.",
)
@click.option(
    "--show-settings",
    is_flag=True,
    help="Print the settings that apply to the first path and exit.",
)
@click.option(
    "--force-exclude",
    is_flag=True,
    help="Apply excludes to paths given explicitly too (for pre-commit and editors).",
)
@click.option(
    "--output-format",
    type=click.Choice(OUTPUT_FORMATS),
    envvar="WEBMCP_LINT_OUTPUT_FORMAT",
    default="text",
    show_default=True,
    help="How to print findings.",
)
@click.option(
    "-o",
    "--output-file",
    type=click.Path(path_type=Path, dir_okay=False),
    help="Write findings to this file instead of standard output.",
)
@click.option("--statistics", is_flag=True, help="Count findings per rule instead of listing them.")
@click.option(
    "--stdin-filename", help="Lint standard input (given as `-`) as if it were this file."
)
@click.option(
    "--fail-on",
    type=click.Choice(SEVERITIES),
    default=None,
    help="Lowest severity that makes the exit code 1 [default: warning].",
)
@click.option("--exit-zero", is_flag=True, help="Exit with 0 even when there are findings.")
@click.option("--no-color", is_flag=True, help="Never colour the output (also: NO_COLOR).")
@click.option(
    "--jobs",
    "-j",
    type=click.IntRange(min=1),
    default=None,
    help="Worker processes [default: CPU count].",
)
def check(
    paths: tuple[Path, ...],
    select: tuple[str, ...],
    extend_select: tuple[str, ...],
    ignore: tuple[str, ...],
    config_file: Path | None,
    show_settings: bool,
    force_exclude: bool,
    output_format: str,
    output_file: Path | None,
    statistics: bool,
    stdin_filename: str | None,
    fail_on: str | None,
    exit_zero: bool,
    no_color: bool,
    jobs: int | None,
) -> None:
    """Lint files and directories (default: the current directory)."""
    from webmcp_lint import engine
    from webmcp_lint.config import ConfigError, Overrides, Resolver, known_selectors
    from webmcp_lint.diagnostics import fails
    from webmcp_lint.report import Report, render

    cwd = Path.cwd().resolve()
    selectors = known_selectors()
    for option, values in (
        ("--select", select),
        ("--extend-select", extend_select),
        ("--ignore", ignore),
    ):
        for selector in split_selectors(values):
            if selector not in selectors:
                fail(f"{option}: unknown rule or category {selector!r} (see `webmcp-lint rules`)")
    overrides = Overrides(
        select=split_selectors(select) or None,
        extend_select=split_selectors(extend_select),
        ignore=split_selectors(ignore),
        fail_on=fail_on,  # type: ignore[arg-type]
    )
    reading_stdin = paths == (Path("-"),)
    if reading_stdin and not stdin_filename:
        fail("reading standard input (`-`) needs --stdin-filename PATH")
    if stdin_filename and not reading_stdin:
        fail("--stdin-filename needs `-` as the only path")
    try:
        resolver = Resolver(overrides, config_file, cwd)
        if show_settings:
            target = Path(stdin_filename) if stdin_filename else (paths[0] if paths else Path("."))
            settings = resolver.for_file(target)
            described = settings.describe()
            described["enabled-rules"] = sorted(settings.enabled_rules(target.resolve()))
            click.echo(json.dumps(described, indent=2))
            return
        tasks: list[engine.Task] = []
        sarif = output_format == "sarif"
        if reading_stdin:
            assert stdin_filename is not None
            target = Path(stdin_filename)
            settings = resolver.for_file(target)
            if not (force_exclude and settings.is_excluded(target)):
                data = sys.stdin.buffer.read()
                display = engine.display_path(target, cwd)
                tasks.append(engine.Task(target, display, settings, data, fingerprints=sarif))
        else:
            for path, settings in engine.discover(paths or (Path("."),), resolver, force_exclude):
                display = engine.display_path(path, cwd)
                tasks.append(engine.Task(path, display, settings, fingerprints=sarif))
    except ConfigError as error:
        report_configuration_error(str(error), output_format, output_file)
        sys.exit(EXIT_USAGE)

    results = engine.run(tasks, jobs)
    diagnostics = sorted(
        (d for result in results for d in result.diagnostics), key=lambda d: d.sort_key()
    )
    notices = [message for result in results for message in result.internal_errors]
    for notice in notices:
        click.echo(f"webmcp-lint: {notice}", err=True)
    color = output_file is None and use_color(no_color)
    report = Report(diagnostics, len(tasks), color, statistics, cwd, notices=notices)
    write_output(render(report, output_format), output_file)

    failing = any(
        fails(result.diagnostics, task.settings.fail_on)
        for task, result in zip(tasks, results, strict=True)
    )
    if failing and not exit_zero:
        sys.exit(EXIT_FINDINGS)


def report_configuration_error(message: str, output_format: str, output_file: Path | None) -> None:
    click.echo(f"webmcp-lint: error: {message}", err=True)
    if output_format in ("sarif", "github"):  # where CI would otherwise see nothing
        from webmcp_lint.report import Report, render

        write_output(render(Report([], config_errors=[message]), output_format), output_file)


def use_color(no_color: bool) -> bool:
    if no_color or os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    return sys.stdout.isatty()


def write_output(text: str, output_file: Path | None) -> None:
    if output_file is None:
        sys.stdout.write(text)
        sys.stdout.flush()
        return
    try:
        output_file.write_text(text, encoding="utf-8")
    except OSError as error:
        fail(f"--output-file: cannot write {output_file}: {error.strerror or error}")


@main.command()
@click.argument("rule_id")
@click.option(
    "--format",
    "output_format",
    type=click.Choice(("markdown", "json")),
    default="markdown",
    show_default=True,
)
def rule(rule_id: str, output_format: str) -> None:
    """Print the documentation page of one rule."""
    from webmcp_lint.registry import rules

    catalog = rules()
    if rule_id not in catalog:
        fail(f"unknown rule {rule_id!r} (see `webmcp-lint rules`)")
    found = catalog[rule_id]
    if output_format == "json":
        click.echo(json.dumps({**rule_summary(found), "page": found.body}, indent=2))
    else:
        click.echo(found.body.rstrip())


def rule_summary(found: Any) -> dict[str, Any]:
    return {
        "id": found.id,
        "category": found.category,
        "severity": found.severity,
        "kind": found.kind,
        "summary": found.summary,
        "tags": list(found.tags),
        "url": found.url,
    }


@main.command("rules")
@click.option(
    "--format",
    "output_format",
    type=click.Choice(("text", "json")),
    default="text",
    show_default=True,
)
def list_rules(output_format: str) -> None:
    """List every rule with its category, default severity and summary."""
    from webmcp_lint.registry import rules

    catalog = rules().values()
    if output_format == "json":
        click.echo(json.dumps([rule_summary(r) for r in catalog], indent=2))
        return
    id_width = max(len(r.id) for r in catalog)
    category_width = max(len(r.category) for r in catalog)
    for r in catalog:
        kind = " (heuristic)" if r.kind == "heuristic" else ""
        click.echo(
            f"{r.id.ljust(id_width)}  {r.category.ljust(category_width)}  "
            f"{r.severity.ljust(7)}  {r.summary}{kind}"
        )


@main.command()
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@click.option(
    "--format",
    "output_format",
    type=click.Choice(("json", "markdown")),
    default="json",
    show_default=True,
)
@click.option(
    "--config",
    "config_file",
    type=click.Path(path_type=Path, dir_okay=False),
    help="Use this configuration file for every file.",
)
def tools(paths: tuple[Path, ...], output_format: str, config_file: Path | None) -> None:
    """List every tool the files give to agents: the site's tool manifest."""
    from webmcp_lint import engine
    from webmcp_lint.config import ConfigError, Overrides, Resolver
    from webmcp_lint.inventory import markdown_table

    cwd = Path.cwd().resolve()
    try:
        resolver = Resolver(Overrides(), config_file, cwd)
        tasks = [
            engine.Task(path, engine.display_path(path, cwd), settings, collect_tools=True)
            for path, settings in engine.discover(paths or (Path("."),), resolver, False)
        ]
    except ConfigError as error:
        fail(str(error))
    found = [tool for result in engine.run(tasks) for tool in result.tools]
    if output_format == "json":
        click.echo(json.dumps(found, indent=2, ensure_ascii=False))
    else:
        click.echo(markdown_table(found), nl=False)


@main.command()
def server() -> None:
    """Run the Language Server (LSP) over stdio, for editors.

    Needs the `lsp` extra: pip install 'webmcp-lint[lsp]'.
    """
    try:
        from webmcp_lint.lsp import serve
    except ImportError as error:
        if error.name is None or error.name.split(".")[0] not in ("pygls", "lsprotocol"):
            raise
        fail(
            f"the language server needs pygls and lsprotocol ({error.name} is missing): "
            "pip install 'webmcp-lint[lsp]'"
        )
    serve()
