"""The command line: the group `main`, whose commands each live in a module here:
`check` (the default), `rule` and `rules`, `tools`, `verify`, `server`; the options
several commands share are in `options.py`. Exit codes: 0 no finding at or above
`--fail-on`; 1 findings; 2 usage or configuration error. Findings never produce a
traceback, and neither does a broken file.
"""

from __future__ import annotations

import gc
import importlib
import os
import sys
from types import ModuleType

# What the program imports (click here, a command's modules in `get_command`) lives to its
# end: the collector is paused meanwhile, and then it all goes to the oldest generation
# (`kept`). Collections during these imports found nothing to free, and were 1.4% of a
# pre-commit run's instructions.
_collecting = gc.isenabled()
gc.disable()
import click  # noqa: E402

from webmcp_lint import __version__, kept  # noqa: E402

kept(_collecting)


def import_kept(name: str) -> ModuleType:
    """The module imported with the collector paused (see `kept`)."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        return importlib.import_module(name)
    finally:
        kept(collecting)


# Each command's module is imported only when that command runs (or `--help` lists them
# all): `--version` and `rules` need none of what `check` imports.
COMMANDS = {
    "check": "webmcp_lint.cli.check:check",
    "rule": "webmcp_lint.cli.rules:rule",
    "rules": "webmcp_lint.cli.rules:list_rules",
    "server": "webmcp_lint.cli.server:server",
    "tools": "webmcp_lint.cli.tools:tools",
    "verify": "webmcp_lint.cli.verify:verify",
}


class DefaultGroup(click.Group):
    """`webmcp-lint PATH...` means `webmcp-lint check PATH...`.

    The first argument names a command only when it is exactly a command's name;
    anything else (`tools/`, `./tools`, an option, a file) starts the arguments of
    `check`. When a bare command name is also a path here, a note says how to lint it.
    """

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in COMMANDS:
            return None
        module, _, name = COMMANDS[cmd_name].partition(":")
        command: click.Command = getattr(import_kept(module), name)
        return command

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if not args or (args[0] not in COMMANDS and args[0] not in ("--help", "-h", "--version")):
            args = ["check", *args]
        elif args[0] != "check" and args[0] in COMMANDS and os.path.lexists(args[0]):
            name = args[0]
            kind, spelled = (
                ("directory", f"{name}/") if os.path.isdir(name) else ("file", f"./{name}")
            )
            click.echo(
                f"webmcp-lint: note: `{name}` is a command here: to lint the {kind}, "
                f"write `{spelled}` or `webmcp-lint check {name}`.",
                err=True,
            )
        return super().parse_args(ctx, args)


@click.group(cls=DefaultGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="webmcp-lint")
def main() -> None:
    """A static linter for WebMCP tool definitions.

    Run `webmcp-lint check` (the default command) on files or directories.
    `webmcp-lint PATH...` is `webmcp-lint check PATH...` unless PATH is exactly the
    name of a command: write `tools/` or `./tools` to lint a directory named `tools`.
    """


def run() -> None:
    """The program (`webmcp-lint`, `python -m webmcp_lint`): `main`, then, its output
    flushed, an exit that skips the interpreter's clean-up. Freeing every object and
    module one by one was 5% of the instructions of a pre-commit run on 16 files; every
    file and process the commands open is closed before they return."""
    try:
        main()
    except SystemExit as exiting:
        if not (exiting.code is None or isinstance(exiting.code, int)):
            raise
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        except OSError:
            raise exiting from None  # the interpreter reports it at its exit, as usual
        os._exit(exiting.code or 0)
