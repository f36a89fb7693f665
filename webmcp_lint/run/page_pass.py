"""The page pass: page rules over the tools an agent sees together, after every file.

Each file checked keeps its tools as plain data (`collect`, in the file's process); once
the run is checked, `run` groups them into pages and runs every page check over each:

- a page is an entry and the files it reaches through the import graph of the run
  (`page_graph.py`): an HTML file with the scripts it loads (`<script src>` naming a file
  of the run, relative to the HTML file, or from the site root: any directory above it)
  and what they import, or a module no file of the run imports (`main.tsx`) with the
  modules it imports, directly or not; every file of the run gives its import edges,
  even one without WebMCP code;
- a file with tools no entry reaches (no import edge known for it) is on the page of its
  project (the nearest directory with a `package.json`, else the configuration's root):
  nothing narrower is known;
- a check declared `@page_check(group="project")` sees every tool of a project at once.

A finding lands on one tool's file: the rule must be enabled there, and its inline
suppressions apply. A suppression naming a page rule counts as used only when the page
pass dropped a finding through it: while the file is checked that is not known, so the
file holds back the unused-suppression findings of suppressions that cover a tool
(`PageFile.pending`), and the pass reports those it did not use. A tool whose file does
not enable a rule (`per-file-ignores`, test code) takes no part in it.
Files and tools are visited in path order, so `-j1` and `-j2` report the same. A tool
on several pages is reported once per rule and place: the finding with the most related
locations (the widest page) is kept.
"""

from __future__ import annotations

import functools
import os
import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, cast

from msgspec import Struct, field
from msgspec.structs import replace

from webmcp_lint.checks import PageContext, PageReport, checks_of, typed_options
from webmcp_lint.config import Settings
from webmcp_lint.diagnostics import Diagnostic, Location, Related, Severity
from webmcp_lint.diagnostics.fingerprints import line_hashes
from webmcp_lint.output.inert import shorten
from webmcp_lint.registry import rules
from webmcp_lint.run import page_graph
from webmcp_lint.workspace.discovery import decode_source
from webmcp_lint.workspace.reading import UnreadableError
from webmcp_lint.workspace.source import Language, SourceFile, Span

# What a file without tools needs (`loader`, `without_tools`) imports no parser, model
# or check: a run over files without WebMCP code loads none of them.
if TYPE_CHECKING:
    from tree_sitter import Tree

    from webmcp_lint.checks.page_tools import Anchor, PageTool
    from webmcp_lint.model import FileModel, Suppression, ToolDefinition

MAX_MESSAGE = 1000
# Page checks compare tools pair by pair: a page's first MAX_PAGE_TOOLS tools are checked
# (a real page has tens), and a finding keeps MAX_RELATED related locations.
MAX_PAGE_TOOLS = 1000
MAX_RELATED = 20
# An HTML file without WebMCP code is parsed only to find the scripts it loads; a larger
# one (a generated page, not a page that loads tool scripts) is not.
MAX_LOADER_BYTES = 1_000_000
MAX_ROOT_LEVELS = 16  # directories above an HTML file a root-relative `src` is tried in
Frame = Callable[[Span], tuple[Location, tuple[str, ...], int, int]]


class Pending(Struct, frozen=True):
    """An unused-suppression finding held back until the page pass: the suppression
    (its index among the file's) covers a tool for `key` (a page rule, or "*"), and is
    used only if a page finding was dropped through it."""

    index: int
    key: str
    diagnostic: Diagnostic


# One per file of the run, to the end; untracked by the collector (gc=False): nothing it
# holds can lead back to it, so it is in no reference cycle.
class PageFile(Struct, frozen=True, gc=False):
    """What a checked file gives the page pass."""

    path: str  # display path
    real: str  # resolved path, to match `<script src>`
    tools: Sequence[PageTool]  # a tuple, or `findings.Aside` in a run's store
    html: bool
    scripts: tuple[tuple[str, ...], ...]  # for each `<script src>`, the files it may be
    project: str  # resolved directory of its project
    project_shown: str
    # The page rules enabled for the file: their configured severity and options.
    rules: dict[str, tuple[Severity | None, dict[str, Any]]] = field(default_factory=dict)
    imports: tuple[str, ...] = ()  # the specifiers it imports, as written
    pending: Sequence[Pending] = ()  # unused-suppression findings the pass decides

    def held(self) -> frozenset[tuple[int, str]]:
        """The suppressions (index, key) that cover a tool, whose use only the page
        pass can tell."""
        return frozenset((index, key) for tool in self.tools for _, index, key in tool.at.by)


def with_shared_parts(
    file: PageFile, known: dict[Any, Any], path: str, real: str | None
) -> PageFile:
    """The file at the display `path` (and at `real`, when known) with its page rules'
    settings, its project and its import specifiers the same objects as every other
    file's that are equal (`known`): a run's files have a handful of configurations and
    projects, import the same modules, and a copy of them per file grew with the tree."""
    return replace(
        file,
        path=path,
        real=real or file.real,
        rules=known.setdefault((PageFile, repr(file.rules)), file.rules),
        project=known.setdefault(file.project, file.project),
        project_shown=known.setdefault(file.project_shown, file.project_shown),
        imports=tuple(map(known.setdefault, file.imports, file.imports)),
    )


NO_RULES: frozenset[str] = frozenset()


def import_checks(file: PageFile) -> None:
    """Import the page checks a file with tools enables, and what the pass resolves
    imports with: a process that lints no file (it screens files beside a worker that
    lints them) would import them once every file is done, alone (sparse: about 40 ms,
    with the extract package the checks' helpers are in). Only a file with tools has
    page rules (`rules`): a worker's result comes with its tools encoded aside
    (`findings.packed`)."""
    if file.rules:
        from webmcp_lint.extract import modules  # noqa: F401  (`page_graph._resolve`'s)

        checks_of(sorted(file.rules))


def page_rules() -> list[str]:
    return sorted(rule_id for rule_id, rule in rules().items() if rule.scope == "page")


# -- in the file's process ---------------------------------------------------------------


def collect(
    model: FileModel,
    path: Path,
    display: str,
    settings: Settings,
    enabled: frozenset[str],
    suppressions: list[Suppression],
    frame: Frame,
    text: str | None,  # the file's text when fingerprints are wanted
    real: str | None = None,  # its real path, when known
) -> PageFile | None:
    """The file's tools with known names, as page checks read them."""
    from webmcp_lint.checks.page_facts import page_facts
    from webmcp_lint.checks.page_tools import Anchor, PageTool
    from webmcp_lint.model.tools import VALID_NAME

    enabled_here = [rule for rule in page_rules() if rule in enabled]
    untrusted_options = settings.options_for(
        "untrusted-content-hint", rules()["untrusted-content-hint"].option_defaults()
    )["trusted-origins"]
    source = model.source
    # Each tool's page facts and anchor are built in one pass (a file of 100,000 tools
    # held a list of each on its peak); only the line hashes need every line first.
    on_page = [tool for tool in model.tools if _page_name(tool, VALID_NAME) is not None]
    if not on_page:
        return module(path, display, source.text, model, real)
    hashes: dict[int, str] = {}
    if text is not None:
        lines = (source.line_of(_at_name(tool, source).start) + 1 for tool in on_page)
        hashes = line_hashes(text, lines)

    def page_tool(order: int, tool: ToolDefinition) -> PageTool:
        description, consequential, untrusted = page_facts(tool, model, untrusted_options)
        location, snippet, start, start_byte = frame(_at_name(tool, source))
        by = _suppressed(suppressions, location.line, enabled_here)
        # Most tools have no suppression: one empty set for them (216 bytes a tool).
        suppressed = frozenset(rule for rule, _, _ in by) if by else NO_RULES
        anchor = Anchor(
            location.line,
            location.column,
            location.end_line,
            location.end_column,
            snippet,
            start,
            start_byte,
            hashes.get(location.line),
            suppressed,
            by,
        )
        name = cast(str, tool.known_name)
        return PageTool(
            display, order, name, description, tool.kind, anchor, consequential, untrusted
        )

    tools = tuple(page_tool(order, tool) for order, tool in enumerate(on_page))
    html = model.language == "html" and model.markup is not None
    scripts: tuple[tuple[str, ...], ...] = ()
    imports: tuple[str, ...] = ()
    if html and model.markup:
        scripts = _script_sources(model.markup, path)
        imports = _inline_imports(model.markup, model.source.text)
    elif model.language != "html":
        imports = page_graph.specifiers(model.source.text)
    return _page_file(path, display, settings, tools, html, scripts, enabled_here, imports, real)


def _page_name(tool: ToolDefinition, valid: re.Pattern[str]) -> str | None:
    """A tool's name when it is on the page: known, and one the browser accepts."""
    name = tool.known_name
    if name is None or tool.name is None or not valid.fullmatch(name):
        return None
    return name


def _at_name(tool: ToolDefinition, source: SourceFile) -> Span:
    """Where a tool's page findings land: its name, else its definition's first line."""
    from webmcp_lint.checks._util import head_span

    name = tool.name
    if name is not None:
        span = name.span  # made from its node each time it is read
        if span.end > span.start:
            return span
    return head_span(source, tool.span)


def module(
    path: Path, display: str, text: bytes, model: FileModel, real: str | None = None
) -> PageFile | None:
    """A checked file without tools the page rules read: what it loads and imports,
    which may lead to files with tools."""
    if model.language == "html":
        if model.markup is None:
            return None
        scripts = _script_sources(model.markup, path)
        imports = _inline_imports(model.markup, text)
        if not scripts and not imports:
            return None
        return without_tools(path, display, True, scripts, imports, real)
    imports = page_graph.specifiers(text)
    if not imports:
        return None
    return without_tools(path, display, False, (), imports, real)


def loader(
    path: str | Path, language: Language, display: str, data: bytes, real: str | None = None
) -> PageFile | None:
    """A file without WebMCP code (in `language`): the scripts an HTML file loads and the
    modules a script imports, which may have tools. `real`: its real path, when known."""
    if language != "html":
        imports = page_graph.specifiers(data)
        return without_tools(path, display, False, (), imports, real) if imports else None
    if len(data) > MAX_LOADER_BYTES or b"<script" not in data.lower():
        return None
    from webmcp_lint.syntax import ParseTimeout, parse_markup

    try:
        text = decode_source(data)
        tree = parse_markup(text, Span(0, len(text)), "html")
    except (UnreadableError, ParseTimeout, RecursionError):
        return None
    scripts = _script_sources(tree, Path(path))
    imports = _inline_imports(tree, text)
    return without_tools(path, display, True, scripts, imports, real)


def without_tools(
    path: str | Path,
    display: str,
    html: bool,
    scripts: tuple[tuple[str, ...], ...],
    imports: tuple[str, ...],
    real: str | None = None,
) -> PageFile:
    """A file that only leads to others: its project is not asked (it has no tool to put
    on a project's page, and a tree has thousands of such files)."""
    return PageFile(display, real or _real(path), (), html, scripts, "", "", {}, imports)


def _page_file(
    path: Path,
    display: str,
    settings: Settings,
    tools: tuple[PageTool, ...],
    html: bool,
    scripts: tuple[tuple[str, ...], ...],
    enabled_here: list[str],
    imports: tuple[str, ...] = (),
    real: str | None = None,
) -> PageFile:
    project, shown = _project_of(str(path.parent), os.getcwd(), settings.root)
    return PageFile(
        display,
        real or _real(path),
        tools,
        html,
        scripts,
        project,
        shown,
        {
            rule: (dict(settings.severity).get(rule), settings.options_for(rule, _defaults(rule)))
            for rule in enabled_here
        },
        imports,
    )


def _defaults(rule: str) -> dict[str, Any]:
    return rules()[rule].option_defaults()


def _suppressed(
    suppressions: list[Suppression], line: int, enabled: list[str]
) -> tuple[tuple[str, int, str], ...]:
    """The page rules an inline suppression covers on `line`: each with the index of the
    suppression and what it names (the rule, or "*"). None is marked used: only the page
    pass knows whether a finding lands here."""
    return tuple(
        (rule, index, rule if directive.rules else "*")
        for rule in enabled
        for index, directive in enumerate(suppressions)
        if directive.kind != "enable" and directive.covers(rule, line)
    )


def _script_sources(tree: Tree, path: Path) -> tuple[tuple[str, ...], ...]:
    """For each `<script src>` of an HTML file naming a local file, where it may be."""
    from webmcp_lint.syntax import markup, script_elements

    found = []
    for element in script_elements(tree.root_node):
        src = markup.attribute_map(element).get("src")
        value = (src.value or "").split("?")[0].split("#")[0].strip() if src else ""
        if not value or "://" in value or value.startswith(("//", "data:")):
            continue
        directory = path.parent.absolute()
        if value.startswith("/"):
            bases = [directory, *directory.parents][:MAX_ROOT_LEVELS]
            found.append(tuple(os.path.realpath(b / value.lstrip("/")) for b in bases))
        else:
            found.append((os.path.realpath(directory / value),))
    return tuple(found)


def _inline_imports(tree: Tree, text: bytes) -> tuple[str, ...]:
    """What an HTML file's inline scripts import."""
    from webmcp_lint.syntax import markup, script_elements

    found: dict[str, None] = {}
    for element in script_elements(tree.root_node):
        if "src" in markup.attribute_map(element):
            continue
        for child in element.children:
            if child.type == "raw_text":
                found.update(
                    dict.fromkeys(page_graph.specifiers(text[child.start_byte : child.end_byte]))
                )
    return tuple(found)[: page_graph.MAX_SPECIFIERS]


def _real(path: str | Path) -> str:
    """A file's resolved path, resolving each directory once (a tree has thousands of
    files per directory, and `realpath` asks about every part of the path)."""
    absolute = os.path.abspath(path)
    if os.path.islink(absolute):
        return os.path.realpath(absolute)
    directory, name = os.path.split(absolute)
    return os.path.join(_real_directory(directory), name)


@functools.lru_cache(maxsize=4096)
def _real_directory(directory: str) -> str:
    return os.path.realpath(directory)


# Kept per directory: every file of a directory asks, with a `stat` per level up (2% of a
# dense run). For the run, or until the language server sees a project change (`forget`).
@functools.lru_cache(maxsize=256)
def _project_of(directory: str, cwd: str, root: Path) -> tuple[str, str]:
    """The project of the files in `directory` (relative to `cwd`, or absolute): its
    path, and its path as messages name it."""
    project = _project_directory(Path(cwd, directory), root)
    return str(project), _shown(project, cwd)


def forget() -> None:
    """Drop the projects and real directories found so far (the language server, when a
    project changed)."""
    _project_of.cache_clear()
    _real_directory.cache_clear()


def _project_directory(directory: Path, root: Path) -> Path:
    """The nearest directory with a `package.json`, up to `root`; else `root`."""
    for candidate in [directory, *directory.parents][:64]:
        if (candidate / "package.json").is_file():
            return candidate
        if candidate == root:
            break
    return root


def _shown(directory: Path, cwd: str) -> str:
    """A project's directory as messages name it: relative to the working directory
    `cwd`, with a final slash (`./`, `app/`)."""
    try:
        shown = directory.relative_to(cwd).as_posix()
    except ValueError:
        shown = directory.as_posix()
    return shown.rstrip("/") + "/"


# -- after the run -----------------------------------------------------------------------


class Page(Struct, frozen=True):
    """A page (`ToolPage` without its tools) and its files that have tools, in path
    order: the page pass reads their tools a page at a time."""

    kind: Literal["html", "entry", "project"]
    path: str
    members: list[PageFile]


def pages_of(files: list[PageFile], aliased: page_graph.Aliases | None = None) -> list[Page]:
    """Every page of an entry with its files that have tools (`page_graph.py`: HTML
    entries first), then every project page with the files with tools no entry reaches;
    each in path order."""
    files = sorted(files, key=lambda f: f.path)
    found: list[Page] = []
    entries, held = page_graph.entry_pages(files, _has_tools, aliased)
    for entry, members in entries:  # the graph's nodes are the files given it
        chosen = cast("list[PageFile]", members)
        found.append(Page("html" if entry.html else "entry", entry.path, chosen))
    projects: dict[str, list[PageFile]] = {}
    for file in files:
        if file.tools and not file.html and file.real not in held:
            projects.setdefault(file.project, []).append(file)
    for files_of_project in projects.values():
        found.append(Page("project", files_of_project[0].project_shown, files_of_project))
    return found


def _has_tools(file: page_graph.Node) -> bool:
    return bool(getattr(file, "tools", ()))


def projects_of(files: list[PageFile]) -> list[Page]:
    """The project pages of the files a page rule is enabled for (files with tools):
    only they are read on a page, and the others of a tree are thousands."""
    projects: dict[str, list[PageFile]] = {}
    for file in sorted((f for f in files if f.rules), key=lambda f: f.path):
        projects.setdefault(file.project, []).append(file)
    return [Page("project", members[0].project_shown, members) for members in projects.values()]


def leading(files: list[PageFile]) -> list[PageFile]:
    """The files the page pass reads: none when no file has tools."""
    files = [f for f in files if f.tools or f.html or f.imports]
    return files if any(f.tools for f in files) else []


def run(
    files: list[PageFile], aliased: page_graph.Aliases | None = None
) -> list[tuple[Diagnostic, frozenset[str]]]:
    """Every page check over every page: each finding, and the rules whose finding at
    the same place it replaces; then the held-back unused-suppression findings of the
    suppressions no finding was dropped through. `aliased`: `page_graph.aliases(files)`,
    when known."""
    files = leading(files)
    if not files:
        return []
    used: set[tuple[str, int, str]] = set()  # (path, index, key) of suppressions used
    found = _findings(files, used, aliased)
    for file in files:
        for pending in file.pending:
            if (file.path, pending.index, pending.key) not in used:
                found.append((pending.diagnostic, frozenset()))
    return found


def _findings(
    files: list[PageFile], used: set[tuple[str, int, str]], aliased: page_graph.Aliases | None
) -> list[tuple[Diagnostic, frozenset[str]]]:
    from webmcp_lint.checks.page_tools import ToolPage

    grouped = {"page": pages_of(files, aliased), "project": projects_of(files)}
    enabled = {rule for file in files for rule in file.rules}
    checks = checks_of(rule for rule in page_rules() if rule in enabled)
    # By rule, in rule order, as a page finding may replace another rule's at its place.
    found: dict[str, dict[tuple[str, str, Location, str], tuple[Diagnostic, frozenset[str]]]]
    found = {rule: {} for rule in checks}
    for group, pages in grouped.items():
        group_rules = [rule for rule, check in checks.items() if check.group == group]
        for page in pages:
            # The page's files read so far, by path: a finding's file is one of them.
            read: dict[str, tuple[PageFile, Sequence[PageTool]]] = {}
            for rule in group_rules:
                with_rule = [f for f in page.members if rule in f.rules]
                if not with_rule:
                    continue
                check = checks[rule]
                context = PageContext(
                    rule, typed_options(check, with_rule[0].rules[rule][1]), messages=check.messages
                )
                check.run(ToolPage(page.kind, page.path, _first_tools(with_rule, read)), context)
                for report in context.reports:
                    anchor = report.tool.at
                    if rule in anchor.suppressed:
                        path = report.tool.path
                        used.update((path, index, key) for r, index, key in anchor.by if r == rule)
                        continue
                    diagnostic = _diagnostic(rule, report, read[report.tool.path][0])
                    # A tool on several pages gives one finding per rule and place: the one
                    # with the most related locations (from the widest page), else the
                    # first. (A project is one page: its findings at one place say
                    # different things.)
                    said = report.message if check.group == "project" else ""
                    key = (diagnostic.path, rule, diagnostic.location, said)
                    of_rule = found[rule]
                    if key not in of_rule or len(diagnostic.related) > len(of_rule[key][0].related):
                        of_rule[key] = (diagnostic, frozenset(check.replaces))
    return [finding for rule in checks for finding in found[rule].values()]


def _first_tools(
    files: list[PageFile], read: dict[str, tuple[PageFile, Sequence[PageTool]]]
) -> tuple[PageTool, ...]:
    """The first MAX_PAGE_TOOLS tools of the files, reading (once a page) only the files
    that hold them: a page of a whole tree is read no further."""
    tools: list[PageTool] = []
    for file in files:
        if len(tools) >= MAX_PAGE_TOOLS:
            break
        if file.path not in read:
            read[file.path] = (file, tuple(file.tools))
        tools.extend(read[file.path][1])
    return tuple(tools[:MAX_PAGE_TOOLS])


def _diagnostic(rule: str, report: PageReport, file: PageFile) -> Diagnostic:
    anchor = report.tool.at
    configured, _ = file.rules[rule]
    related = tuple(
        Related(
            Span(0, 0),  # a span of another file: only `location` and `path` are read
            shorten(message, MAX_MESSAGE),
            _location(tool.at),
            tool.path,
        )
        for tool, message in report.related[:MAX_RELATED]
    )
    return Diagnostic(
        report.tool.path,
        rule,
        configured or report.severity or rules()[rule].severity,
        shorten(report.message, MAX_MESSAGE),
        _location(anchor),
        anchor.snippet,
        related,
        None,
        anchor.fingerprint,
        anchor.snippet_start,
        anchor.snippet_start_byte,
        message_id=report.message_id,
        data=report.data,
    )


def _location(anchor: Anchor) -> Location:
    return Location(anchor.line, anchor.column, anchor.end_line, anchor.end_column)
