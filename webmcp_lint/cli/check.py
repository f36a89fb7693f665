"""`check`, the default command: lint paths (or standard input), optionally fix them or
hold them against a baseline, and report the findings. Also the pieces `tools` and
`verify` read files and write output with: `files_to_lint`, `open_cache`, `run_tasks`,
`Notices`, `write_output`, `report_failure`.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, overload

import click
from msgspec import Struct

from webmcp_lint.cli.errors import EXIT_FINDINGS, EXIT_OK, ConfigurationError, usage_error
from webmcp_lint.cli.options import (
    cache_options,
    config_option,
    exit_zero_option,
    fail_on_option,
    findings_file_option,
    findings_format_option,
    no_color_option,
    quiet_option,
    size_option,
    split_selectors,
)
from webmcp_lint.output import FAILURE_FORMATS, FINGERPRINTED_FORMATS, count
from webmcp_lint.output.inert import printable

if TYPE_CHECKING:
    from webmcp_lint.config import Overrides, Resolver, Settings
    from webmcp_lint.diagnostics import Diagnostic
    from webmcp_lint.output import baseline as baselines
    from webmcp_lint.output.report import Report
    from webmcp_lint.run.cache import Cache, Unchanged
    from webmcp_lint.run.findings import FindingStore
    from webmcp_lint.run.fix_loop import Fixed
    from webmcp_lint.run.pipeline import FileResult, Outcome, Task
    from webmcp_lint.workspace.discovery import Found, Notify

STDIN = "-"
# `-` without --stdin-filename: read as JavaScript (its TSX fallback parses JSX and
# TypeScript too), with the configuration of the working directory, shown as `-`.
STDIN_DEFAULT_NAME = "stdin.js"
GLOB_CHARACTERS = ("*", "?", "[")

CHECK_SUMMARY = "Lint files and directories (default: the current directory)."


class CheckOptions(Struct, frozen=True):
    """The options of one `check` run, as click parsed them (one field per parameter)."""

    paths: tuple[str, ...]
    # Which rules, which files.
    select: tuple[str, ...]
    extend_select: tuple[str, ...]
    ignore: tuple[str, ...]
    exclude: tuple[str, ...]
    extend_exclude: tuple[str, ...]
    config_file: Path | None
    show_settings: bool
    force_exclude: bool
    stdin_filename: str | None
    max_file_size: int | None
    include_build_output: bool
    # How findings are reported, and the exit code.
    output_format: str
    output_file: Path | None
    statistics: bool
    fail_on: str | None
    exit_zero: bool
    quiet: bool
    no_color: bool
    # How the files are linted.
    jobs: int | None
    fix: bool
    unsafe_fixes: bool
    diff: bool
    baseline_file: Path | None
    write_baseline_file: Path | None
    no_cache: bool
    cache_dir: Path | None

    @property
    def reading_stdin(self) -> bool:
        return STDIN in self.paths

    @property
    def fixing(self) -> bool:
        """`--fix` or `--diff`: each file goes through the fix loop."""
        return self.fix or self.diff


@click.command(short_help=CHECK_SUMMARY)
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
def check(**parsed: Any) -> None:
    """Lint files and directories (default: the current directory).

    PATHS are files, directories (walked, with excludes and .gitignore applied) and
    quoted glob patterns such as 'src/**/*.ts' (expanded here, excluded files left
    out). `-` alone reads standard input. A path that does not exist is an error.
    """
    from webmcp_lint.config import Resolver
    from webmcp_lint.run.findings import StoreError, store_or_memory

    options = CheckOptions(**parsed)
    cwd = Path.cwd().resolve()
    notices = Notices(cwd)
    with failures_reported(options.output_format, options.output_file):
        overrides = command_line_overrides(options, cwd)
        check_standard_input(options)
        resolver = Resolver(overrides, options.config_file, cwd)
        if options.show_settings:
            show_settings(options, resolver)
            return
        files = files_of(options, resolver, notices)
        if options.diff and options.write_baseline_file is not None:
            raise usage_error("--diff writes nothing", "--write-baseline")
        known_baseline = read_baseline(options.baseline_file)

    warn_when_nothing_to_lint(options, files)
    aside = store_or_memory() if keeps_findings_aside(options, files) else contextlib.nullcontext()
    with aside as store:
        try:
            report_and_exit(options, cwd, notices, files, known_baseline, resolver, store)
        except StoreError as error:
            raise ConfigurationError(
                f"cannot keep the findings in a temporary file ({error}): "
                "set TMPDIR to a directory with free space"
            ) from None


FEW_FILES = 64  # the findings of fewer files are kept in memory: a temporary file costs more


def keeps_findings_aside(options: CheckOptions, files: Files) -> bool:
    """Whether the findings are kept out of memory until the report (`run.findings`):
    when the engine lints every file of many and the report only reads them in order."""
    return (
        len(files.found) >= FEW_FILES
        and options.no_cache
        and not options.fixing
        and options.baseline_file is None
        and options.write_baseline_file is None
    )


def report_and_exit(
    options: CheckOptions,
    cwd: Path,
    notices: Notices,
    files: Files,
    known_baseline: set[baselines.Key] | None,
    resolver: Resolver,
    store: FindingStore | None,
) -> None:
    from webmcp_lint.output import render_chunks
    from webmcp_lint.run.findings import InPathOrder, diagnostics_of

    fixed, tasks, results, unchanged = lint(options, files, resolver, cwd, store)
    for outcome in fixed:
        for message in outcome.notices:
            notices.add_message(message)
    if options.diff:
        print_diff(fixed, options.output_file, options.quiet)
    if options.reading_stdin and options.fix:
        print_fixed_input(fixed)
    diagnostics: Sequence[Diagnostic]
    if store is not None:
        diagnostics = InPathOrder(results)
    else:
        diagnostics = sorted(
            (d for result in results for d in diagnostics_of(result)), key=lambda d: d.sort_key()
        )
    if options.write_baseline_file is not None:
        write_baseline(options.write_baseline_file, list(diagnostics), cwd, options.quiet)
        return
    baselined = 0
    if known_baseline is not None and options.baseline_file is not None:
        diagnostics, baselined = apply_baseline(
            known_baseline,
            options.baseline_file,
            list(diagnostics),
            tasks,
            results,
            cwd,
            options.quiet,
        )
    shown = notices.show(results)
    if not options.diff:
        report = findings_report(
            options, cwd, diagnostics, results, fixed, baselined, shown, unchanged
        )
        to_stderr = options.reading_stdin and options.fix and options.output_file is None
        output = render_chunks(report, options.output_format)
        write_output(output, options.output_file, to_stderr)

    if options.diff:
        sys.exit(EXIT_FINDINGS if any(outcome.changed for outcome in fixed) else EXIT_OK)
    if failing(tasks, results) and not options.exit_zero:
        sys.exit(EXIT_FINDINGS)


@contextlib.contextmanager
def failures_reported(output_format: str, output_file: Path | None) -> Iterator[None]:
    """Usage and configuration errors, also written where CI reads the output
    (`report_failure`); a broken configuration exits as a `ConfigurationError`."""
    from webmcp_lint.config import ConfigError

    try:
        yield
    except (click.UsageError, ConfigError) as error:
        message = error.format_message() if isinstance(error, click.UsageError) else str(error)
        report_failure(message, output_format, output_file)
        if isinstance(error, ConfigError):
            raise ConfigurationError(message) from None
        raise


def command_line_overrides(options: CheckOptions, cwd: Path) -> Overrides:
    """What the options change in every configuration; selectors and patterns checked."""
    from webmcp_lint.config import Overrides

    return Overrides(
        select=checked_selectors("--select", options.select) or None,
        extend_select=checked_selectors("--extend-select", options.extend_select),
        ignore=checked_selectors("--ignore", options.ignore),
        fail_on=options.fail_on,  # type: ignore[arg-type]
        exclude=checked_patterns("--exclude", options.exclude) if options.exclude else None,
        extend_exclude=checked_patterns("--extend-exclude", options.extend_exclude),
        cwd=cwd,
        max_file_size=options.max_file_size,
        include_build_output=options.include_build_output,
    )


def check_standard_input(options: CheckOptions) -> None:
    """`-` alone, and `--stdin-filename` only with it, naming a file."""
    if options.reading_stdin and len(options.paths) > 1:
        raise usage_error("`-` (standard input) must be the only path", "[PATHS]...")
    stdin_filename = options.stdin_filename
    if stdin_filename and not options.reading_stdin:
        raise usage_error("needs `-` as the only path", "--stdin-filename")
    if stdin_filename and os.path.isdir(stdin_filename):
        raise usage_error(f"{stdin_filename} is a directory, not a file", "--stdin-filename")


def show_settings(options: CheckOptions, resolver: Resolver) -> None:
    """`--show-settings`: the settings of the first path, as JSON, with the rules they
    enable, what the code runs on and the frameworks found."""
    from webmcp_lint.extract import project, runtime

    target = Path(options.stdin_filename or (options.paths[0] if options.paths else "."))
    settings = resolver.for_file(target)
    described = settings.describe()
    described["enabled-rules"] = sorted(settings.enabled_rules(target.resolve()))
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


class Files(Struct, frozen=True):
    """The files of a run: standard input's task, or the files the paths name as
    discovery found them, each made a task by `task` with the path `display` shows for
    it (the cache's index answers most files of a cached run without a task)."""

    found: list[Found[Settings]]
    stdin: list[Task]
    task: Callable[[Found[Settings], str], Task]
    display: Callable[[str], str]

    def __bool__(self) -> bool:
        return bool(self.found or self.stdin)

    def tasks(self) -> list[Task]:
        """Each file's task, made once: the files as found are let go (a `Found` per file
        of a tree, held to the end of the run, is memory that grows with the tree)."""
        if self.stdin:
            return self.stdin
        tasks = [self.task(file, self.display(file.path)) for file in self.found]
        self.found.clear()
        return tasks


def files_of(options: CheckOptions, resolver: Resolver, notices: Notices) -> Files:
    """Standard input, or the files the paths name."""
    from webmcp_lint.run import discover, pipeline

    fingerprints = options.output_format in FINGERPRINTED_FORMATS
    follow = not options.fixing
    cwd = resolver.cwd

    def task(file: Found[Settings], display: str) -> Task:
        return pipeline.Task(
            file.path,
            display,
            file.context,
            fingerprints=fingerprints,
            unreadable=file.unreadable,
            follow=follow,
            real=file.real,
            regular=file.regular,
        )

    def display(path: str) -> str:
        return discover.display_path(path, cwd)

    if options.reading_stdin:
        stdin = stdin_tasks(options.stdin_filename, resolver, options.force_exclude, fingerprints)
        return Files([], stdin, task, display)
    paths = options.paths or (".",)
    found = list(files_to_lint(paths, resolver, options.force_exclude, notices.add))
    return Files(found, [], task, display)


def read_baseline(baseline_file: Path | None) -> set[baselines.Key] | None:
    """The findings `--baseline` holds, when given; a broken file is a ConfigError."""
    if baseline_file is None:
        return None
    from webmcp_lint.config import ConfigError
    from webmcp_lint.output import baseline as baselines

    try:
        return baselines.read(baseline_file)
    except baselines.BaselineError as error:
        raise ConfigError(f"--baseline: {error}") from None


def warn_when_nothing_to_lint(options: CheckOptions, files: Files) -> None:
    """A warning when the paths hold no file to lint; not with --force-exclude (editors
    and pre-commit, which may pass only excluded files) nor standard input."""
    if files or options.reading_stdin or options.force_exclude or options.quiet:
        return
    click.echo("webmcp-lint: warning: no file webmcp-lint reads under the given paths", err=True)


def lint(
    options: CheckOptions,
    files: Files,
    resolver: Resolver,
    cwd: Path,
    store: FindingStore | None = None,
) -> tuple[list[Fixed], list[Task], Sequence[Outcome], Unchanged | None]:
    """Each task's result, and with `--fix`/`--diff` each file's fix outcome (else
    none); through the cache unless fixing, reading standard input or `--no-cache`;
    without the cache, findings kept in `store` when there is one. With the cache and
    no baseline (which reads every file's rules), the files its index answers are
    `Unchanged`, without a task or a result."""
    if options.fixing:
        from webmcp_lint.run import fix_loop as fixer

        write = options.fix and not options.diff and not options.reading_stdin
        mode = fixer.Mode(unsafe=options.unsafe_fixes, write=write)
        tasks = files.tasks()
        fixed = fixer.run(tasks, options.jobs, mode)
        return fixed, tasks, [outcome.result for outcome in fixed], None
    cache = None
    if not options.no_cache and not options.reading_stdin:
        cache = open_cache(options.cache_dir, resolver, cwd)
    if cache is not None and options.baseline_file is None and not options.write_baseline_file:
        from webmcp_lint.run import cache as caching

        return [], *caching.run_found(files.found, files.task, files.display, options.jobs, cache)
    tasks = files.tasks()
    return [], tasks, run_tasks(tasks, options.jobs, cache, store), None


@overload
def run_tasks(
    tasks: list[Task], jobs: int | None, cache: Cache | None, store: None = None
) -> list[FileResult]: ...
@overload
def run_tasks(
    tasks: list[Task], jobs: int | None, cache: Cache | None, store: FindingStore | None
) -> Sequence[Outcome]: ...
def run_tasks(
    tasks: list[Task], jobs: int | None, cache: Cache | None, store: FindingStore | None = None
) -> Sequence[Outcome]:
    """Each task's result: through `cache` when there is one, else all linted (their
    findings in `store`, when given)."""
    if cache is None:
        from webmcp_lint.run import engine

        return engine.run(tasks, jobs, store)
    from webmcp_lint.run import cache as caching

    return caching.run(tasks, jobs, cache)


def print_fixed_input(fixed: list[Fixed]) -> None:
    """`--fix -`: the fixed text (or the text as read, when nothing changed) on stdout."""
    stdin_text = fixed[0].after or fixed[0].before if fixed else sys.stdin.buffer.read()
    sys.stdout.buffer.write(stdin_text or b"")
    sys.stdout.flush()


def write_baseline(
    baseline_file: Path, diagnostics: list[Diagnostic], cwd: Path, quiet: bool
) -> None:
    """`--write-baseline`: every finding, keyed by paths relative to the file's directory."""
    from webmcp_lint.output import baseline as baselines

    directory = (cwd / baseline_file).parent
    entries = baselines.keyed(diagnostics, baselines.relative_to(directory, cwd))
    try:
        baselines.write(baseline_file, entries)
    except baselines.BaselineError as error:
        raise ConfigurationError(f"--write-baseline: {error}") from None
    if not quiet:
        files = len({key.path for key, _ in entries})
        click.echo(
            f"Wrote {count(len(entries), 'finding')} in {count(files, 'file')} to {baseline_file}."
        )


def findings_report(
    options: CheckOptions,
    cwd: Path,
    diagnostics: Sequence[Diagnostic],
    results: Sequence[Outcome],
    fixed: list[Fixed],
    baselined: int,
    notices: list[str],
    unchanged: Unchanged | None = None,
) -> Report:
    from webmcp_lint.output.report import Report

    skipped = unchanged.skipped if unchanged is not None else 0
    build_output = unchanged.build_output if unchanged is not None else 0
    checked = 0
    for result in results:  # one pass: each flag of a filed result is read from its store
        left_out = result.build_output
        build_output += left_out
        if result.prefiltered:
            skipped += not left_out
        elif result.read:
            checked += 1
    return Report(
        diagnostics,
        files_checked=checked,
        files_skipped=skipped,
        build_output=build_output,
        color=options.output_file is None and use_color(options.no_color),
        statistics=options.statistics,
        cwd=cwd,
        notices=notices,
        quiet=options.quiet,
        fixed=sum(outcome.fixed for outcome in fixed),
        unsafe_fixes=options.unsafe_fixes,
        baselined=baselined,
    )


def failing(tasks: list[Task], results: Sequence[Outcome]) -> bool:
    """Whether a file has a finding at or above its `fail-on` severity (a filed result
    knows its own: the engine let its task go)."""
    from webmcp_lint.diagnostics import SEVERITY_RANK
    from webmcp_lint.run.findings import Filed, fails_at

    if not tasks:  # a run with a store: the engine let them go
        return any(isinstance(result, Filed) and result.fails for result in results)
    return any(
        fails_at(result, SEVERITY_RANK[task.settings.fail_on])
        for task, result in zip(tasks, results, strict=True)
    )


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
    results: Sequence[Outcome],
    cwd: Path,
    quiet: bool,
) -> tuple[list[Diagnostic], int]:
    """The findings the baseline does not hold (also left in `results`, for the exit
    code), and how many it holds. Stale entries are a note, not a failure."""
    from webmcp_lint.output import baseline as baselines
    from webmcp_lint.registry import rules
    from webmcp_lint.run.findings import diagnostics_of, set_diagnostics

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
    for result in results:  # in memory: a run with a baseline keeps no store
        set_diagnostics(result, [d for d in diagnostics_of(result) if id(d) in reported])
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
) -> Iterator[Found[Settings]]:
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

    def show(self, results: Sequence[Outcome]) -> list[str]:
        for result in results:
            if errors := result.internal_errors:  # few have any: no table for the others
                self.messages.update(dict.fromkeys(errors))
        for notice in self.messages:
            click.echo(f"webmcp-lint: {printable(notice)}", err=True)
        return list(self.messages)


def report_failure(message: str, output_format: str, output_file: Path | None) -> None:
    """Where CI reads only the output (SARIF, annotations, test reports), say that the
    run failed: an empty SARIF log from a failed run would close every open alert."""
    if output_format in FAILURE_FORMATS:
        from webmcp_lint.output import render
        from webmcp_lint.output.report import Report

        write_output(render(Report([], config_errors=[message]), output_format), output_file)


def use_color(no_color: bool) -> bool:
    if no_color or os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    return sys.stdout.isatty()


WRITE_BATCH = 1 << 16


def write_output(
    text: str | Iterable[str], output_file: Path | None, to_stderr: bool = False
) -> None:
    """The output on stdout (or stderr), else in `-o FILE`, replaced atomically: a reader
    (a CI upload step, an editor) never sees half a report, and a failed run leaves the
    previous one. `/dev/stdout` and other streams are written to directly; a link to a
    file is written where it leads."""
    pieces = [text] if isinstance(text, str) else text
    if output_file is None:
        stream = sys.stderr if to_stderr else sys.stdout
        # Pieces (a finding each) are written WRITE_BATCH characters at a time: an
        # unbuffered stream (PYTHONUNBUFFERED, as many containers set) makes each write a
        # system call, 100,000 of them for as many findings.
        batch: list[str] = []
        size = 0
        for piece in pieces:
            batch.append(piece)
            size += len(piece)
            if size >= WRITE_BATCH:
                stream.write("".join(batch))
                batch, size = [], 0
        stream.write("".join(batch))
        stream.flush()
        return
    from webmcp_lint.workspace.writing import write_atomically

    try:
        write_atomically(output_file, "".join(pieces).encode("utf-8"))
    except OSError as error:
        raise ConfigurationError(
            f"--output-file: cannot write {output_file}: {error.strerror or error}"
        ) from None
