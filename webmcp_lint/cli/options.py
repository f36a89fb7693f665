"""The options more than one command takes, each declared once: `check` and `verify`
report findings the same way, `check` and `tools` share the cache, and every command
that reads files takes `--config`. Each is a decorator; a command lists them in the
order its `--help` shows them.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import click

from webmcp_lint.output import FORMATS
from webmcp_lint.registry import SEVERITIES


def size_option(value: str | None) -> int | None:
    """A size such as `10MB` as bytes (`--max-file-size`)."""
    from webmcp_lint.workspace.reading import parse_size

    if value is None:
        return None
    try:
        return parse_size(value)
    except ValueError as error:
        raise click.BadParameter(str(error)) from None


def split_selectors(values: tuple[str, ...]) -> tuple[str, ...]:
    """The items of a repeatable, comma-separated option, blanks left out."""
    return tuple(item.strip() for value in values for item in value.split(",") if item.strip())


# Each command gives its own choices and default.
output_format_option = functools.partial(
    click.option, "--output-format", "--format", "output_format", show_default=True
)


# The options that take a path are made when a command that takes them is imported, and
# import pathlib then: `rules` and `--version` load no pathlib.
def path_type(**checks: bool) -> click.Path:
    """A path argument given to the command as a `pathlib.Path`."""
    from pathlib import Path

    return click.Path(path_type=Path, **checks)


def output_file_option(what: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """`-o`/`--output-file`: where the command writes `what` instead of standard output."""
    return click.option(
        "-o",
        "--output-file",
        type=path_type(dir_okay=False),
        help=f"Write {what} to this file instead of standard output.",
    )


def config_option(command: Callable[..., Any]) -> Callable[..., Any]:
    """`--config` (every command that reads files)."""
    return click.option(
        "--config",
        "config_file",
        type=path_type(dir_okay=False),
        help="Use this configuration file for every file.",
    )(command)


# How findings go out (`check`, `verify`).
findings_format_option = output_format_option(
    type=click.Choice(FORMATS),
    envvar="WEBMCP_LINT_OUTPUT_FORMAT",
    default="text",
    help="How to print findings (also: WEBMCP_LINT_OUTPUT_FORMAT).",
)


def findings_file_option(command: Callable[..., Any]) -> Callable[..., Any]:
    return output_file_option("findings")(command)


fail_on_option = click.option(
    "--fail-on",
    type=click.Choice(SEVERITIES),
    default=None,
    help="Lowest severity that makes the exit code 1 [default: warning].",
)
exit_zero_option = click.option(
    "--exit-zero", is_flag=True, help="Exit with 0 even when there are findings."
)
quiet_option = click.option(
    "-q",
    "--quiet",
    is_flag=True,
    help="Print the findings and nothing else (no summary, no notes).",
)
no_color_option = click.option(
    "--no-color", is_flag=True, help="Never colour the output (also: NO_COLOR)."
)


def cache_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """`--no-cache` and `--cache-dir` (`check`, `tools`)."""
    command = click.option(
        "--cache-dir",
        type=path_type(file_okay=False),
        help="Keep the cache here [default: `cache-dir` of the configuration, else "
        ".webmcp-lint-cache beside it or in the working directory].",
    )(command)
    return click.option(
        "--no-cache",
        is_flag=True,
        envvar="WEBMCP_LINT_NO_CACHE",
        help="Lint every file again: neither read nor write the cache (also: "
        "WEBMCP_LINT_NO_CACHE=1).",
    )(command)
