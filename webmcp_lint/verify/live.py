"""`webmcp-lint verify`: the static inventory proven in Chromium.

The command line builds the static inventory (what `webmcp-lint tools` lists, with each
file's import edges) and opens each page in Chromium (`browser.py`). Here the two views
meet, and every difference is a finding of a `live` rule (`checks/live/`):

- a tool a frame registered that no tool of the inventory is named like:
  `live-tool-unlisted`, where its stack trace says it was registered;
- a tool of a frame's static page that did not register in any frame showing that
  page: `live-tool-missing`, at the tool, with what the page logged;
- a tool found both ways whose members differ: `live-tool-differs`, at the tool;
- a page that could not be read, or not once settled: `live-page-unchecked`.

A frame's static page is the HTML file its URL names (the served directory first, then
each linted directory and the working directory; for a page of another origin, none)
with every file it loads and imports (`page_graph`), as for the page rules. A page that
is not known statically is compared for what registered, never for what did not.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import unquote, urlsplit

from msgspec import Struct, field

from webmcp_lint.checks import Said
from webmcp_lint.checks.live import (
    live_page_unchecked,
    live_tool_differs,
    live_tool_missing,
    live_tool_unlisted,
)
from webmcp_lint.diagnostics import Diagnostic, Location
from webmcp_lint.diagnostics.fingerprints import line_hashes
from webmcp_lint.output.inert import shorten
from webmcp_lint.registry import rules
from webmcp_lint.run import page_graph
from webmcp_lint.run.discover import display_path
from webmcp_lint.run.positions import frame
from webmcp_lint.verify.browser import LiveFrame, LiveTool, Logged, Place, Visit
from webmcp_lint.workspace.reading import UnreadableError, read_regular_file, transcode
from webmcp_lint.workspace.source import SourceFile, Span, language_of

if TYPE_CHECKING:
    from webmcp_lint.config import Settings
    from webmcp_lint.run.pipeline import FileResult, Task

HTML_SUFFIXES = (".html", ".htm")
MAX_MESSAGE = 1000
MAX_TEXT = 300  # characters of a logged message quoted
MAX_SOURCE_BYTES = 10_000_000  # a file read for its code frame


class Page(Struct, frozen=True):
    """A page to open: its URL, and how messages name it (as it was given)."""

    url: str
    shown: str


class Inventory:
    """The static side: the tools of every file of the run, by file, and the import
    graph that groups files into pages."""

    def __init__(self, tasks: list[Task], results: list[FileResult]) -> None:
        self.display: dict[str, str] = {}  # real path -> display path, every file
        self.tools: dict[str, list[dict[str, Any]]] = {}  # display path -> named tools
        for task, result in zip(tasks, results, strict=True):
            self.display[os.path.realpath(task.path)] = result.path
            named = [tool for tool in result.tools if tool["name"] is not None]
            if named:
                self.tools[result.path] = named
        # Where a registration was seen whose tool is not known (an unknown name, or a
        # site the tool cannot be told at).
        self.unresolved = {
            (tool["path"], tool["line"])
            for result in results
            for tool in result.tools
            if tool["name"] is None
        } | {(site.path, site.line) for result in results for site in result.unresolved}
        # Every file with tools is a node of the graph, those the page rules leave out
        # (only tools Chromium rejects) too: what never registers is what matters here.
        nodes: list[page_graph.Node] = [
            result.page
            if result.page is not None
            else _Leaf(result.path, os.path.realpath(task.path))
            for task, result in zip(tasks, results, strict=True)
            if result.page is not None or result.tools
        ]
        self.forward = page_graph.edges(nodes)

    def named(self, name: str) -> list[dict[str, Any]]:
        return [tool for tools in self.tools.values() for tool in tools if tool["name"] == name]

    def page_tools(self, entry: str) -> list[dict[str, Any]]:
        """The tools of the page an HTML file (a real path) is: its own and those of
        every file it reaches, in path order."""
        reached = page_graph.reach(entry, self.forward)
        shown = sorted(self.display[real] for real in reached if real in self.display)
        return [tool for path in shown for tool in self.tools.get(path, [])]


class _Leaf(Struct, frozen=True):
    """A file with tools and nothing it loads or imports, as the import graph reads it."""

    path: str
    real: str
    html: bool = False
    scripts: tuple[tuple[str, ...], ...] = ()
    imports: tuple[str, ...] = ()


class Locator(Struct):
    """Which files a URL is: under the served directory for the served origin, under
    each root for the origin of the page being checked."""

    cwd: Path
    roots: list[Path]
    served: tuple[str, Path] | None = None  # origin, directory

    def candidates(self, url: str, origin: str) -> Iterator[Path]:
        parts = urlsplit(url)
        if parts.scheme not in ("http", "https"):
            return
        relative = unquote(parts.path).lstrip("/")
        if not relative or relative.endswith("/"):
            relative += "index.html"
        here = f"{parts.scheme}://{parts.netloc}"
        bases = []
        served = self.served is not None and _loopback(here) == _loopback(self.served[0])
        if served and self.served is not None:
            bases.append(self.served[1])
        if served or here == origin:
            bases.extend(self.roots)
        if ".." in Path(relative).parts:
            return
        for base in dict.fromkeys(bases):
            path = base / relative
            yield path / "index.html" if path.is_dir() else path

    def file(self, url: str, origin: str) -> Path | None:
        """The file a URL serves, when one exists."""
        return next((p for p in self.candidates(url, origin) if p.is_file()), None)

    def shown(self, path: Path) -> str:
        return display_path(path, self.cwd)


class Comparison(Struct):
    """Every finding of a run of `verify`, and what it noticed on the way."""

    inventory: Inventory
    locator: Locator
    settings_for: Callable[[str], Settings]
    diagnostics: dict[tuple[str, str, Location, str], Diagnostic] = field(default_factory=dict)
    notices: list[str] = field(default_factory=list)
    # Per static page (its HTML file's real path): the tools registered in the frames
    # that showed it, where those were, what they logged and which tools they removed.
    seen: dict[str, list[LiveTool]] = field(default_factory=dict)
    shown_on: dict[str, list[str]] = field(default_factory=dict)
    logged: dict[str, list[Logged]] = field(default_factory=dict)
    removed: dict[str, set[str]] = field(default_factory=dict)
    first: dict[str, Page] = field(default_factory=dict)  # the first page that showed it
    texts: dict[str, SourceFile | None] = field(default_factory=dict)

    def visit(self, page: Page, visit: Visit) -> None:
        origin = _origin(page.url)
        at = self.locator.file(page.url, origin)
        where = self.locator.shown(at) if at is not None else self._missing_page(page)
        if visit.failure is not None or visit.unsettled is not None:
            why = visit.failure or visit.unsettled or ""
            message = live_page_unchecked.message(page.shown, why, visit.failure is None)
            self.report(live_page_unchecked.RULE, where, 1, 1, message, page)
        if visit.failure is not None:
            return
        for index, live in enumerate(visit.frames):
            on = f"on {page.shown}"
            if index:
                on = f"in the frame {_relative(live.url, origin)} on {page.shown}"
            entry = self._entry(live.url, origin)
            if entry is None and index == 0:
                self._unknown_page(page, origin)
            static = self.inventory.page_tools(entry) if entry is not None else []
            for tool in live.tools:
                self._tool(tool, live, static, on, page, origin)
            if entry is not None and visit.unsettled is None and _judged(live):
                self.seen.setdefault(entry, []).extend(live.tools)
                self.shown_on.setdefault(entry, []).append(on)
                self.first.setdefault(entry, page)
                found = self.logged.setdefault(entry, [])
                found.extend(visit.logged)
                if live.problem:
                    found.append(Logged(f"getTools() in the frame: {live.problem}", ()))
                gone = {name for url, name in visit.removed if url == live.url}
                self.removed.setdefault(entry, set()).update(gone)

    def finish(self) -> list[Diagnostic]:
        """Report the tools of every page judged that never registered there."""
        for entry, live in self.seen.items():
            static = self.inventory.page_tools(entry)
            page = self.first[entry]
            for tool, instead in _unregistered(static, live):
                logged = self.logged.get(entry, [])
                quoted = self._quoted(logged, tool["path"], _origin(page.url))
                message = live_tool_missing.message(
                    tool["name"],
                    list(dict.fromkeys(self.shown_on[entry])),
                    quoted,
                    tool["name"] in self.removed.get(entry, set()),
                    f"{instead['path']}:{instead['line']}" if instead is not None else None,
                )
                self.report(live_tool_missing.RULE, tool["path"], tool["line"], 0, message, page)
        return sorted(self.diagnostics.values(), key=Diagnostic.sort_key)

    # -- one live tool -----------------------------------------------------------------

    def _tool(
        self,
        tool: LiveTool,
        live: LiveFrame,
        static: list[dict[str, Any]],
        on: str,
        page: Page,
        origin: str,
    ) -> None:
        candidates = [t for t in static if t["name"] == tool.name] or self.inventory.named(
            tool.name
        )
        if not candidates:
            path, line, column = self._site(tool.stack, live.url, origin)
            unresolved = (path, line) in self.inventory.unresolved
            message = live_tool_unlisted.message(tool.name, on, unresolved)
            self.report(live_tool_unlisted.RULE, path, line, column, message, page)
            return
        if tool.unreadable is not None:
            return
        compared = [
            (candidate, live_tool_differs.differences(candidate, tool.members))
            for candidate in candidates
        ]
        closest, differences = min(compared, key=lambda pair: len(pair[1]))
        for member, changes in differences.items():
            message = live_tool_differs.message(tool.name, member, changes, on)
            self.report(live_tool_differs.RULE, closest["path"], closest["line"], 0, message, page)

    def _site(self, stack: tuple[Place, ...], frame_url: str, origin: str) -> Place:
        """Where a tool was registered: the first place of its stack in a file of the
        run, else the first in a file that exists, else the first URL; without a stack,
        its frame's HTML file (or URL)."""
        located = [(self.locator.file(url, origin), line, column) for url, line, column in stack]
        for path, line, column in located:
            if path is not None and os.path.realpath(path) in self.inventory.display:
                return self.inventory.display[os.path.realpath(path)], line, column
        for path, line, column in located:
            if path is not None:
                return self.locator.shown(path), line, column
        if stack:
            return stack[0]
        at = self.locator.file(frame_url, origin)
        return (self.locator.shown(at) if at is not None else frame_url), 1, 1

    def _entry(self, url: str, origin: str) -> str | None:
        """The HTML file of the run a frame's URL is (its real path), if any."""
        for candidate in self.locator.candidates(url, origin):
            real = os.path.realpath(candidate)
            if candidate.suffix.lower() in HTML_SUFFIXES and real in self.inventory.display:
                return real
        return None

    def _quoted(self, logged: list[Logged], path: str, origin: str) -> list[str]:
        """What a page logged, as a message quotes it: first what points into `path`,
        then what was thrown, then console errors (a resource that did not load)."""

        def place(entry: Logged) -> tuple[str, str]:
            """The file it points into and where, else the URL it names."""
            for url, line, column in entry.places:
                file = self.locator.file(url, _origin(url))
                if file is not None:
                    shown = self.locator.shown(file)
                    return shown, f"{shown}:{line}:{column}"
            return "", _relative(entry.places[0][0], origin) if entry.places else ""

        placed = [(entry, place(entry)) for entry in dict.fromkeys(logged)]
        placed.sort(key=lambda pair: (pair[1][0] != path, not pair[0].thrown))
        return [
            shorten(entry.text.rstrip("."), MAX_TEXT) + (f" ({at})" if at else "")
            for entry, (_, at) in placed
        ]

    def _missing_page(self, page: Page) -> str:
        """Where a finding on a page without a file lands: the file it would be in the
        served directory, else its URL."""
        served = self.locator.served
        if served is not None and page.url.startswith(served[0]):
            relative = unquote(urlsplit(page.url).path).lstrip("/") or "index.html"
            return self.locator.shown(served[1] / relative)
        return page.url

    def _unknown_page(self, page: Page, origin: str) -> None:
        looked = [self.locator.shown(p) for p in self.locator.candidates(page.url, origin)]
        self.notices.append(
            f"{page.shown}: no HTML file of the linted paths is this page"
            + (f" (looked for {', '.join(looked)})" if looked else "")
            + ": its tools are compared for what registered, not for what did not"
        )

    # -- findings --------------------------------------------------------------------

    def report(
        self, rule: str, path: str, line: int, column: int, message: Said, page: Page | None
    ) -> None:
        """A finding of `rule` at a 1-based line (and column; 0: the line's text), with
        its code frame when `path` is a file, unless the rule is off for it."""
        settings = self.settings_for(path)
        target = self.locator.cwd / path if "://" not in path else self.locator.cwd
        if rule not in settings.enabled_rules(target):
            return
        severity = settings.severity_of(rule, rules()[rule].severity)
        location, snippet, start, start_byte = self._frame(path, line, column)
        source = self._source(path)
        hashes = {} if source is None else line_hashes(source.text.decode(), [location.line])
        diagnostic = Diagnostic(
            path,
            rule,
            severity,
            shorten(message.text, MAX_MESSAGE),
            location,
            snippet,
            fingerprint=hashes.get(location.line),
            snippet_start=start,
            snippet_start_byte=start_byte,
            page=page.url if page is not None else None,
            message_id=message.id,
            data=message.data,
        )
        key = (path, rule, location, diagnostic.message)
        self.diagnostics.setdefault(key, diagnostic)

    def _frame(
        self, path: str, line: int, column: int
    ) -> tuple[Location, tuple[str, ...], int, int]:
        source = self._source(path)
        point = Location(line, max(column, 1), line, max(column, 1))
        if source is None or line > len(source.line_starts):
            return point, (), 0, 0
        begin = source.line_starts[line - 1]
        end = source.line_starts[line] if line < len(source.line_starts) else len(source.text)
        text = source.text[begin:end].rstrip(b"\r\n")
        if column <= 0:  # the line's text, without its indentation
            start = begin + len(text) - len(text.lstrip())
            return frame(source, Span(start, begin + len(text.rstrip())))
        start = begin + len(text.decode("utf-8", "replace")[: column - 1].encode())
        return frame(source, Span(min(start, begin + len(text)), min(start, begin + len(text))))

    def _source(self, path: str) -> SourceFile | None:
        if path not in self.texts:
            self.texts[path] = None
            absolute = self.locator.cwd / path
            if "://" not in path and absolute.is_file():
                try:
                    data = transcode(read_regular_file(absolute, MAX_SOURCE_BYTES))
                except UnreadableError:
                    return None
                language = language_of(absolute) or "javascript"
                self.texts[path] = SourceFile(absolute, path, language, data)
        return self.texts[path]


def _loopback(origin: str) -> str:
    """An origin with `localhost` written as 127.0.0.1: the served directory answers at
    both (a second origin for cross-origin frames)."""
    parts = urlsplit(origin)
    host = "127.0.0.1" if parts.hostname == "localhost" else parts.hostname
    return f"{parts.scheme}://{host}:{parts.port}"


def _origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def _relative(url: str, origin: str) -> str:
    """A frame's URL as messages show it: its path on the page's origin, else whole."""
    if _origin(url) == origin:
        parts = urlsplit(url)
        return parts.path + (f"?{parts.query}" if parts.query else "")
    return url


def _unregistered(
    static: list[dict[str, Any]], live: list[LiveTool]
) -> Iterator[tuple[dict[str, Any], dict[str, Any] | None]]:
    """The tools of a static page that did not register, each with the tool of its name
    that registered instead, if one did. Of several tools of one name (two forms, a
    tool registered in each branch of a condition) the one each live tool of that name
    is closest to registered, the first on a tie (Chromium keeps the first form of a
    name, and rejects a second registration)."""
    by_name: dict[str, list[dict[str, Any]]] = {}
    for tool in static:
        by_name.setdefault(tool["name"], []).append(tool)
    for name, tools in by_name.items():
        registered = [t for t in live if t.name == name]
        kept: dict[int, None] = {}
        for live_tool in registered:
            members = live_tool.members
            distances = [len(live_tool_differs.differences(t, members)) for t in tools]
            kept[distances.index(min(distances))] = None
        first = tools[next(iter(kept))] if kept else None
        for index, tool in enumerate(tools):
            if index not in kept:
                yield tool, first


def _judged(live: LiveFrame) -> bool:
    """Whether a frame's tools tell what did not register: read, or not allowed there
    (a permissions policy without `tools`), where registering fails as well."""
    return live.problem is None or live.problem.startswith("NotAllowedError")
