"""The command line: the group `main`, whose commands each live in a module here:
`check` (the default), `rule` and `rules`, `tools`, `verify`, `server`; the options
several commands share are in `options.py`. Exit codes: 0 no finding at or above
`--fail-on`; 1 findings; 2 usage or configuration error. Findings never produce a
traceback, and neither does a broken file.
"""

from __future__ import annotations

import os

import click

from webmcp_lint import __version__
from webmcp_lint.cli.check import check
from webmcp_lint.cli.rules import list_rules, rule
from webmcp_lint.cli.server import server
from webmcp_lint.cli.tools import tools
from webmcp_lint.cli.verify import verify


class DefaultGroup(click.Group):
    """`webmcp-lint PATH...` means `webmcp-lint check PATH...`.

    The first argument names a command only when it is exactly a command's name;
    anything else (`tools/`, `./tools`, an option, a file) starts the arguments of
    `check`. When a bare command name is also a path here, a note says how to lint it.
    """

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if not args or (
            args[0] not in self.commands and args[0] not in ("--help", "-h", "--version")
        ):
            args = ["check", *args]
        elif args[0] != "check" and args[0] in self.commands and os.path.lexists(args[0]):
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


main.add_command(check)
main.add_command(rule)
main.add_command(list_rules)
main.add_command(tools)
main.add_command(verify)
main.add_command(server)
