"""Exit codes, and the errors every command raises in click's way."""

from __future__ import annotations

import click

from webmcp_lint.output.inert import printable

EXIT_OK, EXIT_FINDINGS, EXIT_USAGE = 0, 1, 2


class ConfigurationError(click.ClickException):
    """A broken configuration file or an output that cannot be written: `Error: ...`,
    exit code 2. Mistakes on the command line itself are click's usage errors. The
    message is escaped (it may quote a key or a path with control characters)."""

    exit_code = EXIT_USAGE

    def __init__(self, message: str) -> None:
        super().__init__(printable(message))


def usage_error(message: str, parameter: str) -> click.UsageError:
    """A usage error in click's style (the usage line, a hint, `Error: Invalid value
    for 'PARAMETER': MESSAGE`), exit code 2."""
    return click.BadParameter(
        printable(message), ctx=click.get_current_context(), param_hint=f"'{parameter}'"
    )
