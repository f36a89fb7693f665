"""`tools`: the site's tool manifest (every tool the files give to agents), or its
comparison with a committed one. Also the static inventory `verify` compares pages with.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

import click

from webmcp_lint.cli.check import Notices, files_to_lint, open_cache, run_tasks, write_output
from webmcp_lint.cli.errors import EXIT_FINDINGS, ConfigurationError
from webmcp_lint.cli.options import (
    cache_options,
    config_option,
    output_file_option,
    output_format_option,
)
from webmcp_lint.output import count
from webmcp_lint.output.inert import inert_json, printable

if TYPE_CHECKING:
    from webmcp_lint.config import Resolver
    from webmcp_lint.run.pipeline import FileResult, Task

TOOLS_SUMMARY = "List every tool the files give to agents: the site's tool manifest."


@click.command(short_help=TOOLS_SUMMARY)
@click.argument("paths", nargs=-1)
@output_format_option(type=click.Choice(("json", "markdown")), default="json")
@config_option
@output_file_option("the manifest")
@click.option(
    "--check",
    "manifest",
    type=click.Path(path_type=Path, dir_okay=False),
    help="Compare the tools found with this manifest; exit 1 and list the differences "
    "when a tool was added, removed or changed.",
)
@cache_options
def tools(
    paths: tuple[str, ...],
    output_format: str,
    config_file: Path | None,
    output_file: Path | None,
    manifest: Path | None,
    no_cache: bool,
    cache_dir: Path | None,
) -> None:
    """List every tool the files give to agents: the site's tool manifest.

    PATHS are read as `check` reads them (default: the current directory). With
    --check FILE, compare them with a committed manifest instead (names, titles,
    descriptions, input and output schemas and annotations; not where tools are defined).
    """
    from webmcp_lint.output.contract import ManifestError, differences, read_manifest
    from webmcp_lint.output.inventory import markdown_table

    cwd = Path.cwd().resolve()
    notices = Notices(cwd)
    try:
        committed = read_manifest(manifest) if manifest is not None else None
    except ManifestError as error:
        raise ConfigurationError(f"--check: {error}") from None
    _, _, results = static_inventory(paths, config_file, cwd, notices, no_cache, cache_dir)
    notices.show(results)
    note_unresolved(results)
    found = [tool for result in results for tool in result.tools if tool["name"] is not None]
    if committed is not None and manifest is not None:
        changes = differences(committed, found)
        if not changes:
            click.echo(f"The tool contract matches {manifest}: {count(len(found), 'tool')}.")
            return
        click.echo(f"The tools differ from {manifest}:")
        for line in changes:
            click.echo(f"  {line}")
        click.echo(
            f"If the change is intended, update the manifest: webmcp-lint tools -o {manifest}"
        )
        sys.exit(EXIT_FINDINGS)
    if output_format == "json":
        text = inert_json(json.dumps(found, indent=2, ensure_ascii=False)) + "\n"
    else:
        text = markdown_table(found)
    write_output(text, output_file)


def static_inventory(
    paths: Iterable[str],
    config_file: Path | None,
    cwd: Path,
    notices: Notices,
    no_cache: bool = True,
    cache_dir: Path | None = None,
) -> tuple[Resolver, list[Task], list[FileResult]]:
    """The files of `paths` linted for their tools (`tools`, `verify`), imports
    followed; through the cache unless `no_cache`."""
    from webmcp_lint.config import ConfigError, Overrides, Resolver
    from webmcp_lint.run import discover, pipeline

    try:
        resolver = Resolver(Overrides(), config_file, cwd)
        tasks = [
            pipeline.Task(
                file.path,
                discover.display_path(file.path, cwd),
                file.context,
                collect_tools=True,
                follow=True,
                real=file.real,
                regular=file.regular,
            )
            for file in files_to_lint(paths or (".",), resolver, False, notices.add)
        ]
        cache = None if no_cache else open_cache(cache_dir, resolver, cwd)
    except ConfigError as error:
        raise ConfigurationError(str(error)) from None
    return resolver, tasks, run_tasks(tasks, None, cache)


def note_unresolved(results: list[FileResult]) -> None:
    """Count on standard error the registrations whose tool is not known statically."""
    unresolved = sorted(
        {
            (tool["path"], tool["line"], "")
            for r in results
            for tool in r.tools
            if tool["name"] is None
        }
        | {(site.path, site.line, site.via) for r in results for site in r.unresolved}
    )
    if unresolved:
        where = ", ".join(
            f"{path}:{line}" + (f" ({via})" if via else "") for path, line, via in unresolved
        )
        click.echo(
            f"webmcp-lint: {count(len(unresolved), 'registration')} whose tool is not known "
            f"statically, not listed: {printable(where)}",
            err=True,
        )
