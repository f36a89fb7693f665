"""One file through the pipeline: read, prefilter, parse, extract, check, suppress,
position (`lint_task`). What comes back is plain data (`FileResult`), so formatters
never touch syntax trees or files. Also the findings the pipeline reports itself (a
file unreadable, too large, out of time, a suppression unused), the result of a file
whose worker was stopped, and project-scope findings kept once per project.
"""

from __future__ import annotations

import contextlib
import functools
import importlib
import os
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from msgspec import Struct, field
from msgspec.structs import replace

from webmcp_lint import to_oldest_generation
from webmcp_lint.checks import Check, Context, all_checks, checks_of, typed_options
from webmcp_lint.checks.meta.source_timeout import RULE as TIMEOUT
from webmcp_lint.checks.meta.source_timeout import timed_out
from webmcp_lint.checks.meta.source_too_large import RULE as TOO_LARGE
from webmcp_lint.checks.meta.source_unreadable import RULE as UNREADABLE
from webmcp_lint.checks.meta.source_unreadable import unreadable
from webmcp_lint.checks.meta.unused_suppression import MESSAGES as UNUSED_MESSAGES
from webmcp_lint.checks.meta.unused_suppression import RULE as UNUSED
from webmcp_lint.checks.meta.unused_suppression import report_unused
from webmcp_lint.config import Settings
from webmcp_lint.diagnostics import Diagnostic, Finding, Location, Related
from webmcp_lint.registry import rules
from webmcp_lint.run import page_pass as pages
from webmcp_lint.run.findings import (
    Filed,
    Packed,
    Screened,
    collector_paused,
    diagnostics_of,
    may_hold_project_scope,
    set_diagnostics,
)
from webmcp_lint.run.positions import (
    frame,
    locate,
    to_diagnostic,
    with_fingerprints,
    with_registration_site,
    without_fix_at,
)
from webmcp_lint.workspace import budget
from webmcp_lint.workspace.build_output import built
from webmcp_lint.workspace.discovery import (
    decode_source,
    language_of,
    may_hold_webmcp,
    read_source,
    transcode,
)
from webmcp_lint.workspace.reading import TooLargeError, UnreadableError
from webmcp_lint.workspace.source import SourceFile, Span

# The parsers, the model and the checks are imported when a file is parsed (`_lint_source`):
# a run over files without WebMCP code (most pre-commit runs) loads none of them.
if TYPE_CHECKING:
    from webmcp_lint.model import FileModel, Handoff, ProjectFacts, Site, ToolDefinition

# Rules the engine reports itself, at the stage where they arise (checks/meta/).
ENGINE_RULES = frozenset({UNREADABLE, TOO_LARGE, TIMEOUT, UNUSED})

BOM = b"\xef\xbb\xbf"


class FileResult(Struct):
    path: str
    diagnostics: list[Diagnostic] = field(default_factory=list)
    tools: list[dict[str, Any]] = field(default_factory=list)
    parsed: bool = False
    internal_errors: list[str] = field(default_factory=list)
    read: bool = False  # its bytes were read
    prefiltered: bool = False  # read, but it holds no WebMCP word: not parsed
    # Following imports (`Task.follow`): tools this file registers that another file
    # writes, the names of its functions that register what they are given, the
    # registrations whose tool could not be known, and the files its findings depend on.
    handoffs: list[Handoff] = field(default_factory=list)
    forwarders: list[str] = field(default_factory=list)
    unresolved: list[Site] = field(default_factory=list)
    dependencies: tuple[str, ...] = ()
    # What the result depends on besides the file's bytes and settings: the project
    # facts the checks read (and whether the file holds TypeScript, which decides them).
    # The cache keeps a result only while the facts found again are the same.
    typescript: bool = False
    project: ProjectFacts | None = None
    # False when the outcome depends on the process (a parse stopped for the memory the
    # process grew by, a recursion limit): the cache never keeps it.
    cacheable: bool = True
    page: pages.PageFile | None = None  # its tools, for the page rules
    build_output: bool = False  # left out: a bundler's output (build_output.py)
    packed: Packed | None = None  # encoded in a worker, for the parent's store


# A file's result: in memory, or filed once a run's store holds its findings (findings.py).
Outcome = FileResult | Filed


# One per file of the run, to the end; untracked by the collector (gc=False): nothing it
# holds can lead back to it, so it is in no reference cycle.
class Task(Struct, frozen=True, gc=False):
    file: str | Path  # the path as discovery gives it (most files never need a `Path`)
    display: str
    settings: Settings
    data: bytes | None = None  # standard input
    collect_tools: bool = False
    fingerprints: bool = False  # GitHub's line hashes, for SARIF
    unreadable: str | None = None  # why discovery could not read it (a directory)
    real: str | None = None  # its real path, when discovery knows it
    follow: bool = False  # follow imports into the project's other modules
    handoffs: tuple[Handoff, ...] = ()  # tools other files register that this one writes
    calls_forwarder: bool = False  # names another file's registering function: parse it
    regular: bool = False  # discovery's listing saw a regular file: read without a `stat`

    @property
    def path(self) -> Path:
        # Not kept: a `Path` per file of a tree (and its interned parts) held to the end.
        return Path(self.file)


NOT_READ: Screened = (False, False, False, None)


def screened(task: Task) -> Screened | bytes | None:
    """A file read before it is linted: what its result says when it needs no parsing
    (not a language webmcp-lint reads, no WebMCP word), else its bytes; None when
    linting must tell (standard input, a file that cannot be read)."""
    if task.data is not None or task.unreadable is not None:
        return None
    language = language_of(task.file)
    if language is None:
        return NOT_READ
    try:
        words = task.settings.wrapper_words
        data = read_source(task.file, task.settings.max_file_size, words, task.regular)
        text = transcode(data, words)
    except UnreadableError:
        return None
    if may_hold_webmcp(text, words):
        if _built(task, text):
            return (True, True, True, None)
        return data
    return (True, True, False, pages.loader(task.file, language, task.display, text, task.real))


def screen(task: Task) -> FileResult | bytes | None:
    """`screened`, with a file's result when it needs no parsing."""
    done = screened(task)
    return screened_result(task, done) if isinstance(done, tuple) else done


def screened_result(task: Task, screened: Screened) -> FileResult:
    read, prefiltered, build_output, page = screened
    return FileResult(
        task.display, read=read, prefiltered=prefiltered, build_output=build_output, page=page
    )


def _built(task: Task, data: bytes) -> bool:
    """A file that is build output by its bytes (build_output.py), when it is left out."""
    return not task.settings.include_build_output and built(task.path, data) is not None


def stopped_result(task: Task, seconds: float | None) -> FileResult:
    """The result of a file whose worker process was stopped past its budget of `seconds`
    (a source-timeout finding at 1:1, as for a deadline checked in time), or died (None:
    killed from outside, out of memory, a crash in a parser; an internal error)."""
    # How long a file takes depends on the machine's load: the cache never keeps it.
    result = FileResult(task.display, read=True, parsed=True, cacheable=False)
    if seconds is None:
        result.internal_errors.append(
            f"{task.display}: the worker process checking this file stopped unexpectedly; "
            "the file was not checked (please report this)"
        )
    elif TIMEOUT in task.settings.enabled_rules(task.path):
        severity = task.settings.severity_of(TIMEOUT, rules()[TIMEOUT].severity)
        why = f"{budget.DeadlineExceeded(seconds)} The process checking it was stopped."
        result.diagnostics = [timed_out(task.display, why, Location(1, 1, 1, 1), severity)]
    return result


MAX_SAME = 10  # other files' places a project-scope finding lists


def once_per_project(results: Sequence[Outcome]) -> None:
    """Keep one finding of each project-scope rule (`scope: project`) per message: the
    one in the first file by path of each package (the nearest `package.json`), with the
    places of the others as related locations (at most MAX_SAME). Such a finding is
    about the project (its `tsconfig.json`, the
    polyfill it installs), not about each file that shows it."""
    first: dict[tuple[str, str, str], tuple[list[Diagnostic], int]] = {}
    packages: dict[Path, str] = {}
    holders: list[tuple[Outcome, list[Diagnostic]]] = []  # changed until the end
    for result in sorted(filter(may_hold_project_scope, results), key=lambda r: r.path):
        diagnostics = diagnostics_of(result)
        kept: list[Diagnostic] = []
        holds = False
        for diagnostic in diagnostics:
            if rules()[diagnostic.rule].scope == "project":
                key = (diagnostic.rule, diagnostic.message, _package_of(result.path, packages))
                if key in first:
                    _add_same(*first[key], diagnostic)
                    continue
                first[key] = (kept, len(kept))
                holds = True
            kept.append(diagnostic)
        if holds:
            holders.append((result, kept))
        elif len(kept) != len(diagnostics):
            set_diagnostics(result, kept)
    for result, kept in holders:
        set_diagnostics(result, kept)


def _package_of(display: str, known: dict[Path, str]) -> str:
    """The directory of the nearest `package.json` above a file (its project), else ""."""
    for directory in Path(display).parents:
        if directory not in known:
            known[directory] = (
                directory.as_posix() if (directory / "package.json").is_file() else ""
            )
        if known[directory]:
            return known[directory]
    return ""


def _add_same(diagnostics: list[Diagnostic], index: int, same: Diagnostic) -> None:
    kept = diagnostics[index]
    if same.path == kept.path or sum(r.message == SAME_HERE for r in kept.related) >= MAX_SAME:
        return
    where = Related(Span(0, 0), SAME_HERE, same.location, same.path)
    diagnostics[index] = replace(kept, related=(*kept.related, where))


SAME_HERE = "the same here"


def lint_task(task: Task) -> FileResult:
    language = language_of(task.file)
    result = FileResult(task.display)
    if task.unreadable is not None:
        enabled = task.settings.enabled_rules(task.path)
        _unreadable(result, task, enabled, UnreadableError(task.unreadable))
        return result
    if language is None:
        return result
    limit, words = task.settings.max_file_size, task.settings.wrapper_words
    try:
        if task.data is None:
            data = read_source(task.file, limit, words, task.regular)
        elif len(task.data) > limit:
            raise TooLargeError(limit, len(task.data))
        else:
            data = task.data
        data = transcode(data, words)
    except UnreadableError as error:
        _unreadable(result, task, task.settings.enabled_rules(task.path), error)
        return result
    result.read = True
    if not may_hold_webmcp(data, words) and not (
        task.follow and (task.handoffs or task.calls_forwarder)
    ):
        result.prefiltered = True
        # An HTML page without WebMCP code may load scripts that have tools.
        result.page = pages.loader(task.file, language, task.display, data, task.real)
        return result
    if task.data is None and _built(task, data):
        result.prefiltered = result.build_output = True
        return result
    path = task.path  # a new `Path` each time: one for the file's every question
    enabled = task.settings.enabled_rules(path)  # per-file-ignores: not for every file
    try:
        text = decode_source(data)
    except UnreadableError as error:
        _unreadable(result, task, enabled, error, data if task.fingerprints else b"")
        return result
    source = SourceFile(path, task.display, language, text)
    result.parsed = True
    # Parsing, extraction and checks share one wall-clock deadline (workspace/budget.py);
    # a file over it is reported, with none of its other findings, and the run goes on.
    try:
        with budget.deadline(budget.seconds_for(len(data))):
            _lint_source(source, task, enabled, result, data.startswith(BOM))
    except budget.DeadlineExceeded as exceeded:
        result.diagnostics, result.tools = [], []
        result.cacheable = False  # a wall-clock deadline depends on the machine's load
        _timed_out(result, task, enabled, str(exceeded), source, Span(0, 0), data.startswith(BOM))
    return result


@functools.cache
def import_linting(every_check: bool = False) -> None:
    """Import what parsing and checking a file needs (`_lint_source`'s modules; with
    `every_check`, every check: a pool's workers forked from this process share them,
    where each would otherwise import them itself; a run in one process imports the
    checks of its selection, `_file_checks`). What the imports make lives to the end:
    the collector is paused meanwhile, and then it all goes to the oldest generation
    (walking it in young collections was 2% of a pre-commit run's instructions)."""
    with collector_paused():
        for module in ("webmcp_lint.extract.linking", "webmcp_lint.run.suppress"):
            importlib.import_module(module)
        if every_check:
            all_checks()
    to_oldest_generation()


def work_out_runtime(task: Task) -> None:
    """What the task's project runs on, worked out in this process (and kept in
    `runtime`'s scans): worker processes forked from it share it, where each would
    otherwise scan every source file of the package itself for its first file."""
    if task.settings.runtime:
        return  # declared: nothing is scanned
    from webmcp_lint.extract import project, runtime
    from webmcp_lint.model import ProjectFacts

    classifier = runtime.Classifier(task.settings.root, task.settings.test_patterns)
    with contextlib.suppress(Exception):  # the worker that lints the file reports it
        project.with_runtime(ProjectFacts(), task.path, classifier, None)


def _lint_source(
    source: SourceFile, task: Task, enabled: frozenset[str], result: FileResult, had_bom: bool
) -> None:
    import_linting()
    from webmcp_lint.extract import extract, project
    from webmcp_lint.extract.handoffs import exported_forwarders
    from webmcp_lint.extract.integrations import as_installed
    from webmcp_lint.extract.linking import ProjectLinker
    from webmcp_lint.model.runtime import UNKNOWN_RUNTIME
    from webmcp_lint.run import suppress
    from webmcp_lint.syntax import ParseTimeout

    try:
        linker = (
            ProjectLinker(str(source.path), task.settings.wrappers, task.display, task.real)
            if task.follow
            else None
        )
        model = extract(source, task.settings.wrappers, linker, task.handoffs)
    except RecursionError:
        too_deep = UnreadableError("Nested too deeply for webmcp-lint to analyse.")
        _unreadable(result, task, enabled, too_deep)
        result.cacheable = False  # how deep a stack goes depends on the process
        return
    except ParseTimeout as timeout:
        # A budget of processor time gives the same outcome on a busy machine: the
        # cache keeps it (a file that never parses costs its budget once). How much
        # memory the process has grown by is not the file's alone.
        result.cacheable = timeout.reason == "time"
        where = Span(timeout.span.start, timeout.span.start)
        _timed_out(result, task, enabled, str(timeout), source, where, had_bom)
        return
    result.typescript = project.holds_typescript(model)
    model.project = project.facts_for(source.path, task.display, result.typescript, task.real)
    as_installed(model)  # a library's schemas as its installed version registers them
    if model.scripts:
        try:
            _add_runtime(model, task)
        except budget.DeadlineExceeded:
            raise  # the file's deadline passed while its package was scanned
        except Exception as error:  # a project file read wrongly: nothing is concluded
            if os.environ.get("WEBMCP_LINT_DEBUG"):
                raise
            model.runtime = UNKNOWN_RUNTIME
            result.internal_errors.append(
                f"{task.display}: internal error finding what it runs on: "
                f"{type(error).__name__}: {error} (please report this)"
            )
    result.project = model.project
    if linker is not None:
        result.handoffs = model.handoffs
        result.unresolved = model.unresolved
        result.forwarders = exported_forwarders(model)
    findings = list(run_checks(model, task.settings, enabled, result))
    if linker is not None:  # after the checks: function facts follow calls into modules
        result.dependencies = tuple(sorted(model.dependencies))
    routed = [tool for tool in model.tools if tool.via is not None]
    if routed:  # looked up per finding: only the few tools registered elsewhere
        findings = [with_registration_site(f, routed, source.display_path) for f in findings]
    if linker is not None and linker.detached:
        findings = [without_fix_at(finding, linker.detached) for finding in findings]
    suppressions = suppress.directives(model)
    kept = suppress.apply(findings, suppressions, source)
    # Every checked file gives the page pass its import edges, with or without tools.
    hashed = source.text.decode("utf-8") if task.fingerprints and model.tools else None
    try:
        result.page = pages.collect(
            model,
            source.path,
            task.display,
            task.settings,
            enabled,
            suppressions,
            lambda span: frame(source, span),
            hashed,
            task.real,
        )
    except Exception as error:
        if os.environ.get("WEBMCP_LINT_DEBUG"):
            raise
        result.internal_errors.append(
            f"{task.display}: internal error in the page rules' facts: "
            f"{type(error).__name__}: {error} (please report this)"
        )
    if task.collect_tools:
        from webmcp_lint.output.inventory import summarize

        result.tools = [
            summarize(tool, source, _runtime_labels(model, tool))
            for tool in model.tools
            if not tool.forwards
        ]
    # What is left needs the findings and the text, not the model: its trees and nodes
    # go now rather than stay beside the diagnostics (a file of many tools: a tenth of
    # its peak).
    del model, routed
    held: list[tuple[tuple[int, str], Diagnostic]] = []
    if UNUSED in enabled:
        unused, later = (Context(UNUSED, fixable=False, messages=UNUSED_MESSAGES) for _ in range(2))
        page = result.page
        covering = page.held() if page is not None else frozenset()
        keys = report_unused(suppressions, set(rules()), enabled, unused, covering, later)
        kept.extend(unused.findings)
        held = [
            (key, to_diagnostic(finding, source, task.settings))
            for key, finding in zip(keys, later.findings, strict=True)
        ]
    diagnostics = sorted(
        {to_diagnostic(f, source, task.settings): None for f in kept}, key=Diagnostic.sort_key
    )
    if task.fingerprints:
        diagnostics = with_fingerprints(diagnostics, source, had_bom)
    result.diagnostics = diagnostics
    if held and result.page is not None:  # decided by the page pass (pages.run)
        shown = [d for _, d in held]
        if task.fingerprints:
            shown = with_fingerprints(shown, source, had_bom)
        pending = tuple(
            pages.Pending(index, key, d) for ((index, key), _), d in zip(held, shown, strict=True)
        )
        result.page = replace(result.page, pending=pending)


def _runtime_labels(model: FileModel, tool: ToolDefinition) -> list[str] | None:
    """What provides the `modelContext` a tool is registered on (`navigator`'s for a
    `navigator.modelContext.registerTool(...)` or an MCP-B hook before 4.0, else
    `document`'s)."""
    from webmcp_lint.extract import runtime

    found = runtime.registered_on(model, tool)
    if found is not None:
        return found[0].labels(found[1])
    node = tool.call if tool.call is not None else tool.element
    return (model.runtime_at(node) if node is not None else model.runtime).labels("document")


def _add_runtime(model: FileModel, task: Task) -> None:
    """What the file runs on (runtime.py), into its model and its project facts."""
    from webmcp_lint.extract import project, runtime
    from webmcp_lint.extract.installs import installs

    path = model.source.path
    classifier = runtime.Classifier(task.settings.root, task.settings.test_patterns)
    declared = runtime.declared(task.settings.runtime) if task.settings.runtime else None
    model.project = project.with_runtime(model.project, path, classifier, declared, task.real)
    facts = model.project.runtime
    if facts is None:
        return
    model.installs = installs(model)
    model.runtime = runtime.file_runtime(facts, model.installs, task.display)
    if facts.test_file and facts.declared is None and facts.implements is None:
        root = project.project_root(path.resolve().parent) or path.resolve().parent
        model.page_runtime = functools.cache(lambda: runtime.page_runtime(path, root))


def _timed_out(
    result: FileResult,
    task: Task,
    enabled: frozenset[str],
    why: str,
    source: SourceFile,
    where: Span,
    had_bom: bool,
) -> None:
    """The one finding of a file whose parse or whose deadline ran out (source-timeout)."""
    if TIMEOUT not in enabled:
        return
    severity = task.settings.severity_of(TIMEOUT, rules()[TIMEOUT].severity)
    found = [timed_out(task.display, why, locate(source, where), severity)]
    if task.fingerprints:
        found = with_fingerprints(found, source, had_bom)
    result.diagnostics = found


def run_checks(
    model: FileModel, settings: Settings, enabled: frozenset[str], result: FileResult
) -> Iterator[Finding]:
    for rule_id, check, options, fixable in _file_checks(settings, enabled):
        context = Context(rule_id, options, messages=check.messages)
        context.fixable = fixable
        budget.check()
        try:
            legacy = check.run(model, context)
            if legacy is not None:
                context.findings.extend(legacy)
        except budget.DeadlineExceeded:
            raise  # the file's time is up: lint_task reports it
        except Exception as error:
            if os.environ.get("WEBMCP_LINT_DEBUG"):
                raise
            result.internal_errors.append(
                f"{model.source.display_path}: internal error in rule {rule_id}: "
                f"{type(error).__name__}: {error} (please report this)"
            )
            continue
        yield from context.findings


# The checks a file runs, with their options: the same for every file of one
# configuration and selection (a run has one or a few), so made once for each; per file
# and rule they were 2% of a dense run. Keyed by the settings' identity, which the entry
# keeps alive.
_FileCheck = tuple[str, Check, Any, bool]  # the rule, its check, its options, fixable
_FILE_CHECKS: dict[tuple[int, frozenset[str]], tuple[Settings, tuple[_FileCheck, ...]]] = {}
MAX_FILE_CHECKS = 64


def _file_checks(settings: Settings, enabled: frozenset[str]) -> tuple[_FileCheck, ...]:
    key = (id(settings), enabled)
    known = _FILE_CHECKS.get(key)
    if known is not None and known[0] is settings:
        return known[1]
    catalog = rules()
    with collector_paused():  # the modules imported live to the end, as import_linting's
        checks = checks_of(sorted(r for r in enabled if catalog[r].scope != "page"))
    to_oldest_generation()
    made = []
    for rule_id, check in checks.items():
        rule = catalog[rule_id]
        options = settings.options_for(rule_id, rule.option_defaults())
        made.append((rule_id, check, typed_options(check, options), rule.fixable))
    if len(_FILE_CHECKS) >= MAX_FILE_CHECKS:
        _FILE_CHECKS.clear()
    planned = tuple(made)
    _FILE_CHECKS[key] = (settings, planned)
    return planned


def _unreadable(
    result: FileResult,
    task: Task,
    enabled: frozenset[str],
    error: UnreadableError,
    data: bytes = b"",
) -> None:
    """A finding at 1:1 for a file that was not linted: `error.rule` says why
    (source-unreadable, source-too-large)."""
    if error.rule in enabled:
        severity = task.settings.severity_of(error.rule, rules()[error.rule].severity)
        finding = unreadable(task.display, str(error), severity, data)
        result.diagnostics.append(replace(finding, rule=error.rule))
