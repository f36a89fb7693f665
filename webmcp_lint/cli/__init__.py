"""The command line: `check` (the default), `rule`, `rules`, `tools`, `server`.

Exit codes: 0 no finding at or above `--fail-on`; 1 findings; 2 usage or configuration
error. Findings never produce a traceback, and neither does a broken file.
"""

from __future__ import annotations

import contextlib
import functools
import importlib
import json
import os
import stat
import sys
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

import click

from webmcp_lint import __version__
from webmcp_lint.model.diagnostics import SEVERITIES
from webmcp_lint.output import FAILURE_FORMATS, FINGERPRINTED_FORMATS, FORMATS, count
from webmcp_lint.output.inert import inert_json, printable

if TYPE_CHECKING:
    from webmcp_lint.config import Resolver, Settings
    from webmcp_lint.model.diagnostics import Diagnostic
    from webmcp_lint.output import baseline as baselines
    from webmcp_lint.run.cache import Cache
    from webmcp_lint.run.fix_loop import Fixed
    from webmcp_lint.run.pipeline import FileResult, Task
    from webmcp_lint.workspace.discovery import Notify

EXIT_OK, EXIT_FINDINGS, EXIT_USAGE = 0, 1, 2
STDIN = "-"
# `-` without --stdin-filename: read as JavaScript (its TSX fallback parses JSX and
# TypeScript too), with the configuration of the working directory, shown as `-`.
STDIN_DEFAULT_NAME = "stdin.js"
GLOB_CHARACTERS = ("*", "?", "[")


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


def size_option(value: str | None) -> int | None:
    from webmcp_lint.workspace.reading import parse_size

    if value is None:
        return None
    try:
        return parse_size(value)
    except ValueError as error:
        raise click.BadParameter(str(error)) from None


def split_selectors(values: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(item.strip() for value in values for item in value.split(",") if item.strip())


output_format_option = functools.partial(
    click.option, "--output-format", "--format", "output_format", show_default=True
)

# Options of `check` and `verify`, whose findings go out the same way (and `--config`,
# which `tools` takes too).
config_option = click.option(
    "--config",
    "config_file",
    type=click.Path(path_type=Path, dir_okay=False),
    help="Use this configuration file for every file.",
)
findings_format_option = output_format_option(
    type=click.Choice(FORMATS),
    envvar="WEBMCP_LINT_OUTPUT_FORMAT",
    default="text",
    help="How to print findings (also: WEBMCP_LINT_OUTPUT_FORMAT).",
)
findings_file_option = click.option(
    "-o",
    "--output-file",
    type=click.Path(path_type=Path, dir_okay=False),
    help="Write findings to this file instead of standard output.",
)
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
    """`--no-cache` and `--cache-dir`, which `check` and `tools` share."""
    command = click.option(
        "--cache-dir",
        type=click.Path(path_type=Path, file_okay=False),
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


@click.group(cls=DefaultGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="webmcp-lint")
def main() -> None:
    """A static linter for WebMCP tool definitions.

    Run `webmcp-lint check` (the default command) on files or directories.
    `webmcp-lint PATH...` is `webmcp-lint check PATH...` unless PATH is exactly the
    name of a command: write `tools/` or `./tools` to lint a directory named `tools`.
    """


CHECK_SUMMARY = "Lint files and directories (default: the current directory)."


@main.command(short_help=CHECK_SUMMARY)
@click.argument("paths", nargs=-1)
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
    "--exclude",
    multiple=True,
    help="Gitignore-style patterns (comma-separated) that replace the configured `exclude`, "
    "the defaults included.",
)
@click.option(
    "--extend-exclude",
    multiple=True,
    help="Gitignore-style patterns (comma-separated) to exclude as well.",
)
@config_option
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
@findings_format_option
@findings_file_option
@click.option("--statistics", is_flag=True, help="Count findings per rule instead of listing them.")
@click.option(
    "--stdin-filename",
    help="Lint standard input (given as `-`) as if it were this file: its language, "
    "configuration and excludes.",
)
@fail_on_option
@exit_zero_option
@click.option(
    "--max-file-size",
    callback=lambda _ctx, _param, value: size_option(value),
    help="Skip files larger than this, with a finding (e.g. 10MB, 512KiB) [default: 10MB].",
)
@click.option(
    "--include-build-output",
    is_flag=True,
    help="Lint build output too (bundles, the folders bundler configs write to), which is "
    "left out by default.",
)
@quiet_option
@no_color_option
@click.option(
    "--jobs",
    "-j",
    type=click.IntRange(min=1),
    default=None,
    help="Worker processes [default: CPU count].",
)
@click.option(
    "--fix",
    is_flag=True,
    help="Apply the safe fixes to the files (with `-`: print the fixed text) and report "
    "what remains.",
)
@click.option(
    "--unsafe-fixes",
    is_flag=True,
    help="Apply (with --fix or --diff) and show the unsafe fixes too.",
)
@click.option(
    "--diff",
    is_flag=True,
    help="Print a unified diff of what --fix would change, write nothing; exit 1 when "
    "something would change.",
)
@click.option(
    "--baseline",
    "baseline_file",
    type=click.Path(path_type=Path, dir_okay=False),
    help="Report only the findings this baseline file does not hold.",
)
@click.option(
    "--write-baseline",
    "write_baseline_file",
    type=click.Path(path_type=Path, dir_okay=False),
    help="Write every finding to this baseline file (JSON) and exit 0.",
)
@cache_options
def check(
    paths: tuple[str, ...],
    select: tuple[str, ...],
    extend_select: tuple[str, ...],
    ignore: tuple[str, ...],
    exclude: tuple[str, ...],
    extend_exclude: tuple[str, ...],
    config_file: Path | None,
    show_settings: bool,
    force_exclude: bool,
    output_format: str,
    output_file: Path | None,
    statistics: bool,
    stdin_filename: str | None,
    fail_on: str | None,
    exit_zero: bool,
    max_file_size: int | None,
    include_build_output: bool,
    quiet: bool,
    no_color: bool,
    jobs: int | None,
    fix: bool,
    unsafe_fixes: bool,
    diff: bool,
    baseline_file: Path | None,
    write_baseline_file: Path | None,
    no_cache: bool,
    cache_dir: Path | None,
) -> None:
    """Lint files and directories (default: the current directory).

    PATHS are files, directories (walked, with excludes and .gitignore applied) and
    quoted glob patterns such as 'src/**/*.ts' (expanded here, excluded files left
    out). `-` alone reads standard input. A path that does not exist is an error.
    """
    from webmcp_lint.config import ConfigError, Overrides, Resolver
    from webmcp_lint.model.diagnostics import fails
    from webmcp_lint.output import Report, render
    from webmcp_lint.run import discover, engine, pipeline

    cwd = Path.cwd().resolve()
    try:
        overrides = Overrides(
            select=checked_selectors("--select", select) or None,
            extend_select=checked_selectors("--extend-select", extend_select),
            ignore=checked_selectors("--ignore", ignore),
            fail_on=fail_on,  # type: ignore[arg-type]
            exclude=checked_patterns("--exclude", exclude) if exclude else None,
            extend_exclude=checked_patterns("--extend-exclude", extend_exclude),
            cwd=cwd,
            max_file_size=max_file_size,
            include_build_output=include_build_output,
        )
        reading_stdin = STDIN in paths
        if reading_stdin and len(paths) > 1:
            raise usage_error("`-` (standard input) must be the only path", "[PATHS]...")
        if stdin_filename and not reading_stdin:
            raise usage_error("needs `-` as the only path", "--stdin-filename")
        if stdin_filename and os.path.isdir(stdin_filename):
            raise usage_error(f"{stdin_filename} is a directory, not a file", "--stdin-filename")
        notices = Notices(cwd)
        resolver = Resolver(overrides, config_file, cwd)
        if show_settings:
            target = Path(stdin_filename or (paths[0] if paths else "."))
            settings = resolver.for_file(target)
            described = settings.describe()
            described["enabled-rules"] = sorted(settings.enabled_rules(target.resolve()))
            from webmcp_lint.extract import project, runtime

            directory = target.resolve() if target.is_dir() else target.resolve().parent
            described["what-it-runs-on"] = runtime.describe(
                target,
                project.project_root(directory) or directory,
                runtime.Classifier(settings.root, settings.test_patterns),
                settings.runtime,
            )
            described["frameworks"] = {
                name: f"{version} ({where})" if version else f"unknown ({where})"
                for name, version, where in project.framework_versions(
                    directory, project.project_root(directory) or directory
                )
            }
            click.echo(json.dumps(described, indent=2))
            return
        fingerprints = output_format in FINGERPRINTED_FORMATS
        if reading_stdin:
            tasks = stdin_tasks(stdin_filename, resolver, force_exclude, fingerprints)
        else:
            found = files_to_lint(paths or (".",), resolver, force_exclude, notices.add)
            tasks = [
                pipeline.Task(
                    path,
                    discover.display_path(path, cwd),
                    settings,
                    fingerprints=fingerprints,
                    unreadable=unreadable,
                    follow=not (fix or diff),
                    real=real,
                )
                for path, real, settings, unreadable in found
            ]
        if diff and write_baseline_file is not None:
            raise usage_error("--diff writes nothing", "--write-baseline")
        known_baseline = None
        if baseline_file is not None:
            from webmcp_lint.output import baseline as baselines

            try:
                known_baseline = baselines.read(baseline_file)
            except baselines.BaselineError as error:
                raise ConfigError(f"--baseline: {error}") from None
    except (click.UsageError, ConfigError) as error:
        message = error.format_message() if isinstance(error, click.UsageError) else str(error)
        report_failure(message, output_format, output_file)
        if isinstance(error, ConfigError):
            raise ConfigurationError(message) from None
        raise

    if not tasks and not reading_stdin and not force_exclude and not quiet:
        click.echo(
            "webmcp-lint: warning: no file webmcp-lint reads under the given paths", err=True
        )
    fixing = fix or diff
    fixed: list[Fixed] = []
    if fixing:
        from webmcp_lint.run import fix_loop as fixer

        write = fix and not diff and not reading_stdin
        fixed = fixer.run(tasks, jobs, fixer.Mode(unsafe=unsafe_fixes, write=write))
        results = [outcome.result for outcome in fixed]
    else:
        cache = None if no_cache or reading_stdin else open_cache(cache_dir, resolver, cwd)
        if cache is None:
            results = engine.run(tasks, jobs)
        else:
            from webmcp_lint.run import cache as caching

            results = caching.run(tasks, jobs, cache)
    for outcome in fixed:
        for message in outcome.notices:
            notices.add_message(message)
    if diff:
        print_diff(fixed, output_file, quiet)
    if reading_stdin and fix:
        stdin_text = fixed[0].after or fixed[0].before if fixed else sys.stdin.buffer.read()
        sys.stdout.buffer.write(stdin_text or b"")
        sys.stdout.flush()
    diagnostics = sorted(
        (d for result in results for d in result.diagnostics), key=lambda d: d.sort_key()
    )
    if write_baseline_file is not None:
        from webmcp_lint.output import baseline as baselines

        directory = (cwd / write_baseline_file).parent
        entries = baselines.keyed(diagnostics, baselines.relative_to(directory, cwd))
        try:
            baselines.write(write_baseline_file, entries)
        except baselines.BaselineError as error:
            raise ConfigurationError(f"--write-baseline: {error}") from None
        if not quiet:
            files = len({key.path for key, _ in entries})
            click.echo(
                f"Wrote {count(len(entries), 'finding')} in {count(files, 'file')} to "
                f"{write_baseline_file}."
            )
        return
    baselined = 0
    if known_baseline is not None and baseline_file is not None:
        diagnostics, baselined = apply_baseline(
            known_baseline, baseline_file, diagnostics, tasks, results, cwd, quiet
        )
    shown = notices.show(results)
    report = Report(
        diagnostics,
        files_checked=sum(1 for r in results if r.read and not r.prefiltered),
        files_skipped=sum(1 for r in results if r.prefiltered and not r.build_output),
        build_output=sum(1 for r in results if r.build_output),
        color=output_file is None and use_color(no_color),
        statistics=statistics,
        cwd=cwd,
        notices=shown,
        quiet=quiet,
        fixed=sum(outcome.fixed for outcome in fixed),
        unsafe_fixes=unsafe_fixes,
        baselined=baselined,
    )
    if not diff:
        to_stderr = reading_stdin and fix and output_file is None
        write_output(render(report, output_format), output_file, to_stderr)

    if diff:
        sys.exit(EXIT_FINDINGS if any(outcome.changed for outcome in fixed) else EXIT_OK)
    failing = any(
        fails(result.diagnostics, task.settings.fail_on)
        for task, result in zip(tasks, results, strict=True)
    )
    if failing and not exit_zero:
        sys.exit(EXIT_FINDINGS)


def open_cache(option: Path | None, resolver: Resolver, cwd: Path) -> Cache | None:
    """The cache of this run: `--cache-dir`, else `cache-dir` of the configuration that
    applies to the working directory, else `.webmcp-lint-cache` in that
    configuration's directory (the working directory when there is none). None when it
    cannot be made (a read-only checkout)."""
    from webmcp_lint.run.cache import DIRECTORY_NAME, Cache

    if option is not None:
        directory = cwd / option
    else:
        settings = resolver.for_directory(cwd)
        directory = settings.cache_dir or settings.root / DIRECTORY_NAME
    return Cache.open(directory)


def print_diff(fixed: list[Fixed], output_file: Path | None, quiet: bool) -> None:
    """`--diff`: what the fixes would change, as one unified diff; the count on stderr."""
    from webmcp_lint.run.edits import unified_diff

    changed = [outcome for outcome in fixed if outcome.changed]
    text = "".join(
        unified_diff(
            (outcome.before or b"").decode("utf-8"),
            (outcome.after or b"").decode("utf-8"),
            outcome.result.path,
        )
        for outcome in changed
    )
    write_output(text, output_file)
    if not quiet:
        fixes = sum(outcome.fixed for outcome in changed)
        click.echo(
            f"Would fix {count(fixes, 'problem')} in {count(len(changed), 'file')}."
            if changed
            else "No fixes available.",
            err=True,
        )


def apply_baseline(
    known: set[baselines.Key],
    baseline_file: Path,
    diagnostics: list[Diagnostic],
    tasks: list[Task],
    results: list[FileResult],
    cwd: Path,
    quiet: bool,
) -> tuple[list[Diagnostic], int]:
    """The findings the baseline does not hold (also left in `results`, for the exit
    code), and how many it holds. Stale entries are a note, not a failure."""
    from webmcp_lint.checks.registry import rules
    from webmcp_lint.output import baseline as baselines

    path_of = baselines.relative_to((cwd / baseline_file).parent, cwd)
    entries = baselines.keyed(diagnostics, path_of)
    retired = frozenset(key.rule for key in known if key.rule not in rules())
    checked = {
        path_of(task.display): task.settings.enabled_rules(task.path) | retired
        for task, result in zip(tasks, results, strict=True)
        if result.read
    }
    comparison = baselines.compare(entries, known, checked)
    reported = {id(diagnostic) for diagnostic in comparison.new}
    for result in results:
        result.diagnostics = [d for d in result.diagnostics if id(d) in reported]
    if comparison.stale and not quiet:
        entries_text = "entry" if comparison.stale == 1 else "entries"
        click.echo(
            f"webmcp-lint: note: {comparison.stale} baseline {entries_text} in "
            f"{baseline_file} match no finding any more (fixed, or the line changed); "
            f"`--write-baseline {baseline_file}` drops them.",
            err=True,
        )
    return comparison.new, comparison.baselined


def stdin_tasks(
    stdin_filename: str | None, resolver: Resolver, force_exclude: bool, fingerprints: bool
) -> list[Task]:
    """Standard input as the file `--stdin-filename` names, else as `-` (JavaScript);
    nothing when --force-exclude and the configuration excludes that file."""
    from webmcp_lint.run import discover, pipeline

    cwd = resolver.cwd
    target = Path(stdin_filename) if stdin_filename else cwd / STDIN_DEFAULT_NAME
    display = discover.display_path(target, cwd) if stdin_filename else STDIN
    settings = resolver.for_file(target)
    if force_exclude and settings.is_excluded(target):
        return []
    # One byte past the limit is enough to tell that the input is too large.
    data = sys.stdin.buffer.read(settings.max_file_size + 1)
    return [pipeline.Task(target, display, settings, data, fingerprints=fingerprints)]


def checked_selectors(option: str, values: tuple[str, ...]) -> tuple[str, ...]:
    from webmcp_lint.config import known_selectors

    selectors = split_selectors(values)
    known = known_selectors()
    for selector in selectors:
        if selector not in known:
            raise usage_error(
                f"unknown rule or category {selector!r} (see `webmcp-lint rules`)", option
            )
    return selectors


def checked_patterns(option: str, values: tuple[str, ...]) -> tuple[str, ...]:
    from webmcp_lint.workspace.discovery import pattern_errors

    patterns = split_selectors(values)
    for index, why in pattern_errors(list(patterns)):
        raise usage_error(f"invalid pattern {patterns[index]!r} ({why})", option)
    return patterns


def named(argument: str) -> bool:
    """Whether a path argument names something: it exists, or cannot be looked at (a
    file in a directory without permission, a link loop: a finding says why)."""
    try:
        os.lstat(argument)
    except (FileNotFoundError, NotADirectoryError):
        return False
    except (OSError, ValueError):
        return True
    return True


def files_to_lint(
    arguments: Iterable[str], resolver: Resolver, force_exclude: bool, notify: Notify
) -> Iterator[tuple[Path, str, Settings, str | None]]:
    """The files the path arguments name, each once, with its real path and its settings
    (and, for a directory that cannot be listed, why). A missing path, or a glob pattern
    that matches no file webmcp-lint reads, is a usage error."""
    from webmcp_lint.run import discover

    paths: list[Path] = []
    for argument in arguments:
        if named(argument):
            paths.append(Path(argument))
        elif any(character in argument for character in GLOB_CHARACTERS):
            matches = glob_files(argument, resolver, notify)
            if not matches:
                raise usage_error(
                    f"{argument}: no file webmcp-lint reads matches this pattern "
                    "(excluded and ignored files are left out)",
                    "[PATHS]...",
                )
            paths.extend(matches)
        else:
            raise usage_error(f"{argument}: no such file or directory", "[PATHS]...")
    return discover.discover_files(paths, resolver, force_exclude, notify)


def glob_files(pattern: str, resolver: Resolver, notify: Notify) -> list[Path]:
    """The files a glob pattern matches, found as a directory walk finds them (excludes
    and ignore files apply). Wildcards follow gitignore: `*` and `?` stay within one
    path segment, `**` matches any number of directories."""
    import pathspec

    from webmcp_lint.run import discover

    parts = Path(pattern).parts
    literal = 0
    while literal < len(parts) and not any(c in parts[literal] for c in GLOB_CHARACTERS):
        literal += 1
    base = Path(*parts[:literal]) if literal else Path(".")
    if not base.is_dir():
        return []
    spec = pathspec.GitIgnoreSpec.from_lines(["/" + "/".join(parts[literal:])])
    return [
        path
        for path, _, _ in discover.discover([base], resolver, False, notify)
        if spec.match_file(Path(os.path.relpath(path, base)).as_posix())
    ]


class Notices:
    """What a person should know that is not a finding (a link not followed, an invalid
    pattern in a .gitignore, a rule's internal error): on standard error, escaped, and
    in the formats that carry them (SARIF, github, markdown)."""

    def __init__(self, cwd: Path) -> None:
        self.cwd = cwd
        self.messages: dict[str, None] = {}

    def add(self, path: Path, message: str) -> None:
        from webmcp_lint.run.discover import display_path

        self.messages[f"{display_path(path, self.cwd)}: {message}"] = None

    def add_message(self, message: str) -> None:
        self.messages[message] = None

    def show(self, results: list[FileResult]) -> list[str]:
        for result in results:
            self.messages.update(dict.fromkeys(result.internal_errors))
        for notice in self.messages:
            click.echo(f"webmcp-lint: {printable(notice)}", err=True)
        return list(self.messages)


def report_failure(message: str, output_format: str, output_file: Path | None) -> None:
    """Where CI reads only the output (SARIF, annotations, test reports), say that the
    run failed: an empty SARIF log from a failed run would close every open alert."""
    if output_format in FAILURE_FORMATS:
        from webmcp_lint.output import Report, render

        write_output(render(Report([], config_errors=[message]), output_format), output_file)


def use_color(no_color: bool) -> bool:
    if no_color or os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    return sys.stdout.isatty()


def write_output(text: str, output_file: Path | None, to_stderr: bool = False) -> None:
    if output_file is None:
        stream = sys.stderr if to_stderr else sys.stdout
        stream.write(text)
        stream.flush()
        return
    try:
        write_atomically(output_file, text)
    except OSError as error:
        raise ConfigurationError(
            f"--output-file: cannot write {output_file}: {error.strerror or error}"
        ) from None


def write_atomically(path: Path, text: str) -> None:
    """Write `text` to a temporary file beside `path` and rename it over `path`: a reader
    (a CI upload step, an editor) never sees half a report, and a failed run leaves the
    previous one. A path that exists and is not a regular file (/dev/stdout, a FIFO) is
    written to directly; a symbolic link to a regular file is replaced where it leads."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        info = None
    if info is not None and not stat.S_ISREG(info.st_mode):
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(text)
        return
    import tempfile

    target = os.path.realpath(path)  # through a link, also one to a file still to come
    directory, name = os.path.split(target)
    descriptor, temporary = tempfile.mkstemp(dir=directory, prefix=f".{name}.", suffix=".tmp")
    try:
        with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
            handle.write(text)
        if info is not None:
            mode = stat.S_IMODE(info.st_mode)
        else:
            umask = os.umask(0)
            os.umask(umask)
            mode = 0o666 & ~umask
        os.chmod(temporary, mode)
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


RULE_SUMMARY = "Print the documentation page of one rule."


@main.command(short_help=RULE_SUMMARY)
@click.argument("rule_id")
@output_format_option(type=click.Choice(("markdown", "json")), default="markdown")
def rule(rule_id: str, output_format: str) -> None:
    """Print the documentation page of one rule: what it is (severity, category, kind,
    fix, test files, options), then the page. `--output-format json` gives the same as
    data: the page's metadata and its body."""
    from webmcp_lint.checks.registry import rules

    catalog = rules()
    if rule_id not in catalog:
        raise usage_error(f"unknown rule {rule_id!r} (see `webmcp-lint rules`)", "RULE_ID")
    found = catalog[rule_id]
    if output_format == "json":
        click.echo(json.dumps({**rule_summary(found), "page": found.body_for_people}, indent=2))
        return
    body = found.body_for_people.rstrip()
    title, _, rest = body.partition("\n")
    if not title.startswith("# "):
        title, rest = f"# {found.id}", body
    click.echo(f"{title}\n\n{found.summary}\n\n{rule_header(found)}\n{rest.lstrip()}")


def rule_header(found: Any) -> str:
    """What a reader wants to know before the page: a Markdown list."""
    options = [
        f"`{o.name}` ({o.type}, default `{json.dumps(o.default)}`"
        + (f", at least {o.minimum}" if o.minimum is not None else "")
        + ")"
        for o in found.options.values()
    ]
    lines = [
        f"- Severity: {found.severity}",
        f"- Category: {found.category}",
        f"- Kind: {found.kind}"
        + (" (it guesses from names and words)" if found.kind == "heuristic" else ""),
        f"- Fixable: {'yes (see Fix)' if found.fixable else 'no'}",
        f"- Runs on test files: {'yes' if found.in_tests else 'no'}",
        f"- Options: {', '.join(options) if options else 'none'}",
        f"- Page: {found.url}",
    ]
    return "\n".join(lines) + "\n"


def rule_summary(found: Any) -> dict[str, Any]:
    return {
        "id": found.id,
        "category": found.category,
        "severity": found.severity,
        "kind": found.kind,
        "summary": found.summary,
        "tags": list(found.tags),
        "fixable": found.fixable,
        "in_tests": found.in_tests,
        "options": [
            {"name": o.name, "type": o.type, "default": o.default, "minimum": o.minimum}
            for o in found.options.values()
        ],
        "sources": list(found.sources),
        "url": found.url,
    }


RULES_SUMMARY = "List every rule with its category, default severity and summary."


@main.command("rules", short_help=RULES_SUMMARY)
@output_format_option(type=click.Choice(("text", "json")), default="text")
def list_rules(output_format: str) -> None:
    """List every rule with its category, default severity and summary."""
    from webmcp_lint.checks.registry import OPT_IN_CATEGORIES, rules

    catalog = rules().values()
    if output_format == "json":
        click.echo(json.dumps([rule_summary(r) for r in catalog], indent=2))
        return
    id_width = max(len(r.id) for r in catalog)
    category_width = max(len(r.category) for r in catalog)
    for r in catalog:
        kind = " (heuristic)" if r.kind == "heuristic" else ""
        kind += " (off unless selected)" if r.category in OPT_IN_CATEGORIES else ""
        click.echo(
            f"{r.id.ljust(id_width)}  {r.category.ljust(category_width)}  "
            f"{r.severity.ljust(7)}  {r.summary}{kind}"
        )


TOOLS_SUMMARY = "List every tool the files give to agents: the site's tool manifest."


@main.command(short_help=TOOLS_SUMMARY)
@click.argument("paths", nargs=-1)
@output_format_option(type=click.Choice(("json", "markdown")), default="json")
@config_option
@click.option(
    "-o",
    "--output-file",
    type=click.Path(path_type=Path, dir_okay=False),
    help="Write the manifest to this file instead of standard output.",
)
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


VERIFY_SUMMARY = "Open pages in Chromium and compare the tools they register with the code."
LIVE_INSTALL = (
    "install the live extra and a Chromium 146 or later (pip install 'webmcp-lint[live]'; "
    "apt-get install chromium), or name one with --chromium or WEBMCP_LINT_CHROMIUM"
)


@main.command(short_help=VERIFY_SUMMARY)
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
    from webmcp_lint.model.diagnostics import fails
    from webmcp_lint.output import Report, render
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
    from webmcp_lint.run import discover, engine, pipeline

    try:
        resolver = Resolver(Overrides(), config_file, cwd)
        tasks = [
            pipeline.Task(
                path,
                discover.display_path(path, cwd),
                settings,
                collect_tools=True,
                follow=True,
                real=real,
            )
            for path, real, settings, _ in files_to_lint(
                paths or (".",), resolver, False, notices.add
            )
        ]
        cache = None if no_cache else open_cache(cache_dir, resolver, cwd)
    except ConfigError as error:
        raise ConfigurationError(str(error)) from None
    if cache is None:
        return resolver, tasks, engine.run(tasks)
    from webmcp_lint.run import cache as caching

    return resolver, tasks, caching.run(tasks, None, cache)


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


SERVER_SUMMARY = "Run the Language Server (LSP) over stdio, for editors."
LSP_PACKAGES = ("pygls", "lsprotocol")


@main.command(short_help=SERVER_SUMMARY)
def server() -> None:
    """Run the Language Server (LSP) over stdio, for editors.

    Needs the `lsp` extra: pip install 'webmcp-lint[lsp]'.
    """
    missing = []
    for package in LSP_PACKAGES:
        try:
            importlib.import_module(package)
        except ImportError:
            missing.append(package)
    if missing:
        raise ConfigurationError(
            f"the language server needs pygls and lsprotocol ({' and '.join(missing)} "
            f"{'is' if len(missing) == 1 else 'are'} missing): pip install 'webmcp-lint[lsp]'"
        )
    from webmcp_lint.cli.lsp import serve

    serve()
