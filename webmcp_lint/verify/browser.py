"""Chromium with WebMCP, driven by Playwright: open a page, let it settle, read its tools.

`webmcp-lint verify` (live.py) and the browser test suite (tests/browser/) start
Chromium from here, with the same flags. Playwright is optional (the `live` extra) and
imported only when a browser starts. Chromium runs headless, with WebMCP behind its
feature flag, nothing in the background that reaches the network, and a fresh profile
in a temporary directory that is removed when it closes. Nothing of a page runs outside
the browser: what a page did comes back as plain data (`Visit`).

Settling: the `load` event, then (with `networkidle`) no request for 500 ms, then the
page's tools unchanged for `settle` seconds, all within `timeout`. Tools are read from
every frame with `document.modelContext.getTools()` (each frame keeps its own: a tool
whose `window` is the frame's). Where each was registered comes from the DevTools
protocol's `WebMCP.toolsAdded` event, whose stack trace Chromium records at
registration.
"""

from __future__ import annotations

import contextlib
import functools
import os
import re
import shutil
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from msgspec import Struct, field

# From /work/shared/reference/chrome-observed.md: WebMCP behind its feature flag, nothing
# in the background that could slow a run or reach the network.
CHROMIUM_FLAGS = (
    "--enable-features=WebMCPTesting",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
)
DEFAULT_CHROMIUM = "/usr/bin/chromium"
CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
POLL_SECONDS = 0.1
READ_SECONDS = 5.0  # the longest one frame's tools take to read once the page is out of time
MAX_LOGGED = 50  # console errors and exceptions kept per page
MAX_PENDING_SHOWN = 3
# A URL the check for WebMCP is answered at without a server: Playwright fulfils it.
PROBE_URL = "http://127.0.0.1:9/webmcp-lint-probe"

# Each frame's own tools, as plain JSON (what `JSON.stringify` keeps: undefined members
# are left out, as Chromium serves a schema). `t.window` is the frame that registered it.
READ_TOOLS = """async () => {
  if (!("modelContext" in document)) {
    return { problem: window.isSecureContext ? "no document.modelContext" : "insecure" };
  }
  let tools;
  try {
    tools = await document.modelContext.getTools();
  } catch (error) {
    return { problem: `${error?.name}: ${error?.message}` };
  }
  const own = (t) => (t.window === undefined ? window === window.top : t.window === window);
  return {
    tools: tools.filter(own).map((t) => {
      try {
        return JSON.parse(JSON.stringify({
          name: t.name, title: t.title, description: t.description,
          inputSchema: t.inputSchema, annotations: t.annotations,
        }));
      } catch (error) {
        return { name: String(t.name), unreadable: `${error?.name}: ${error?.message}` };
      }
    }),
  };
}"""
STACK_PLACE = re.compile(r"((?:https?|file)://[^\s()]+?):(\d+):(\d+)")


class BrowserUnavailable(Exception):
    """Playwright, Chromium or WebMCP in it is missing; the message says which."""


def sandboxed() -> bool:
    """Whether pages run in Chromium's sandbox: always, but as root (a container, CI),
    where Chromium does not start with it."""
    return not (hasattr(os, "geteuid") and os.geteuid() == 0)


def launch_flags() -> tuple[str, ...]:
    """CHROMIUM_FLAGS, with `--no-sandbox` where the sandbox cannot be used."""
    return CHROMIUM_FLAGS if sandboxed() else ("--no-sandbox", *CHROMIUM_FLAGS)


def find_chromium(named: str | None) -> str:
    """The Chromium to start: `named` (an option or WEBMCP_LINT_CHROMIUM) when given,
    else Debian's, else the first of CHROMIUM_NAMES on the PATH."""
    if named:
        if os.path.isfile(named) and os.access(named, os.X_OK):
            return named
        raise BrowserUnavailable(f"{named} is not an executable")
    if os.access(DEFAULT_CHROMIUM, os.X_OK):
        return DEFAULT_CHROMIUM
    for name in CHROMIUM_NAMES:
        found = shutil.which(name)
        if found:
            return found
    raise BrowserUnavailable(f"no Chromium at {DEFAULT_CHROMIUM} nor on the PATH")


# -- a static server for a directory ------------------------------------------------------


class _Files(SimpleHTTPRequestHandler):
    """Files of one directory, never cached; scripts with a JavaScript type (module
    scripts need one). No log on standard error."""

    extensions_map = {  # noqa: RUF012 (the base class's mapping, extended)
        **SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".cjs": "text/javascript",
        ".json": "application/json",
        ".wasm": "application/wasm",
        ".svg": "image/svg+xml",
    }

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def handle(self) -> None:
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):
            super().handle()


def files(directory: Path) -> Callable[..., SimpleHTTPRequestHandler]:
    """A request handler that serves the files of `directory`."""
    return functools.partial(_Files, directory=str(directory))


@contextlib.contextmanager
def serve(directory: Path) -> Iterator[str]:
    """Serve `directory` on the loopback address for as long as the block runs; yield
    its origin (`http://127.0.0.1:PORT`, a secure context)."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), files(directory))
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


# -- what a visit found -----------------------------------------------------------------

Place = tuple[str, int, int]  # a script's URL, 1-based line and column


class LiveTool(Struct, frozen=True):
    name: str
    members: dict[str, Any]  # title, description, inputSchema, annotations, as served
    stack: tuple[Place, ...] = ()  # where it was registered, innermost call first
    unreadable: str | None = None  # its definition could not be serialized


class LiveFrame(Struct, frozen=True):
    url: str
    tools: tuple[LiveTool, ...]
    problem: str | None = None  # why its tools could not be read (a permissions policy)


class Logged(Struct, frozen=True):
    """An uncaught exception, a rejected promise or a console error, and where its
    location and stack trace point."""

    text: str
    places: tuple[Place, ...]
    thrown: bool = True  # an exception or a rejection, not a console message


class Visit(Struct):
    url: str
    frames: list[LiveFrame] = field(default_factory=list)
    logged: list[Logged] = field(default_factory=list)
    failure: str | None = None  # nothing was read: why
    unsettled: str | None = None  # read, but before the page settled: why
    removed: set[tuple[str, str]] = field(default_factory=set)  # (frame URL, name)
    seconds: float = 0.0


class Waits(Struct, frozen=True):
    timeout: float = 30.0  # seconds per page, everything included
    wait_until: str = "networkidle"
    settle: float = 1.0  # seconds the tools must stay the same


# -- the browser ------------------------------------------------------------------------


class Chromium:
    """One headless Chromium for a run, with a fresh profile removed on close."""

    def __init__(self, named: str | None) -> None:
        try:
            from playwright.sync_api import sync_playwright
        except ImportError as error:
            raise BrowserUnavailable(f"Playwright is not installed ({error})") from None
        self.executable = find_chromium(named)
        self.profile = tempfile.mkdtemp(prefix="webmcp-lint-profile-")
        self._playwright = sync_playwright().start()
        try:
            self._start()
        except BaseException:
            self.close()
            raise

    def _start(self) -> None:
        from playwright.sync_api import Error as PlaywrightError

        try:
            self.context = self._playwright.chromium.launch_persistent_context(
                self.profile,
                executable_path=self.executable,
                args=list(launch_flags()),
                chromium_sandbox=sandboxed(),  # Playwright turns it off unless asked
            )
        except PlaywrightError as error:
            first_line = (str(error).strip().splitlines() or ["no reason given"])[0]
            raise BrowserUnavailable(f"{self.executable} did not start: {first_line}") from None
        self.version = self.context.browser.version if self.context.browser else "?"
        page = self.context.pages[0] if self.context.pages else self.context.new_page()
        page.route(PROBE_URL, lambda route: route.fulfill(body="<!doctype html>"))
        page.goto(PROBE_URL)
        available = page.evaluate("() => 'modelContext' in document")
        page.close()
        if not available:
            raise BrowserUnavailable(
                f"Chromium {self.version} at {self.executable} has no document.modelContext "
                "with --enable-features=WebMCPTesting (WebMCP needs Chromium 146 or later)"
            )

    def close(self) -> None:
        with contextlib.suppress(Exception):
            if hasattr(self, "context"):
                self.context.close()
        with contextlib.suppress(Exception):
            self._playwright.stop()
        shutil.rmtree(self.profile, ignore_errors=True)

    def __enter__(self) -> Chromium:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def visit(self, url: str, waits: Waits) -> Visit:
        page = self.context.new_page()
        try:
            return _Visitor(self.context, page, url, waits).run()
        finally:
            with contextlib.suppress(Exception):
                page.close()


class _Visitor:
    """One page, from its navigation to the tools read once it settled."""

    def __init__(self, context: Any, page: Any, url: str, waits: Waits) -> None:
        self.page, self.url, self.waits = page, url, waits
        self.visit = Visit(url)
        self.started = time.monotonic()
        self.crashed = False
        self.navigations: list[str] = []  # main-frame documents requested (not redirects)
        self.pending: dict[Any, str] = {}
        self.added: list[dict[str, Any]] = []  # WebMCP.toolsAdded tools, in order
        self.removed: list[dict[str, Any]] = []  # WebMCP.toolsRemoved tools
        page.on("crash", lambda _page: setattr(self, "crashed", True))
        page.on("pageerror", self._exception)
        page.on("console", self._console)
        page.on("request", self._request)
        page.on("requestfinished", lambda request: self.pending.pop(request, None))
        page.on("requestfailed", lambda request: self.pending.pop(request, None))
        self.cdp = context.new_cdp_session(page)
        self.cdp.on("WebMCP.toolsAdded", lambda event: self.added.extend(event["tools"]))
        self.cdp.on("WebMCP.toolsRemoved", lambda event: self.removed.extend(event["tools"]))
        self.cdp.send("WebMCP.enable")

    def remaining_ms(self) -> float:
        return max(1.0, (self.started + self.waits.timeout - time.monotonic()) * 1000)

    def run(self) -> Visit:
        from playwright.sync_api import Error as PlaywrightError

        visit = self.visit
        try:
            loaded = self._load()
            if visit.failure is None and loaded is not None:
                self._settle(loaded)
            if visit.failure is None and not self._gone():
                visit.frames = self._read()
        except PlaywrightError as error:
            visit.failure = _reason(error)
        if self._gone():  # the reason a navigation or a script failed
            visit.failure = (
                "the page crashed"
                if self.crashed
                else f"the page navigated away, to {self.navigations[1]}"
            )
        visit.seconds = time.monotonic() - self.started
        return visit

    def _gone(self) -> bool:
        """Whether the page crashed or left the document it was opened on."""
        return self.crashed or len(self.navigations) > 1

    def _load(self) -> tuple[float, list[tuple[str, tuple[str, ...]]]] | None:
        """Load the page and wait for its network to go idle; when it loaded, when that
        was and the names of its tools then."""
        from playwright.sync_api import Error as PlaywrightError
        from playwright.sync_api import TimeoutError as PlaywrightTimeout

        visit, seconds = self.visit, f"{self.waits.timeout:g} s"
        try:
            response = self.page.goto(self.url, wait_until="load", timeout=self.remaining_ms())
        except PlaywrightTimeout:
            visit.failure = f"the page did not load within {seconds}{self._still_loading()}"
            return None
        except PlaywrightError as error:
            visit.failure = _reason(error)
            return None
        if response is not None and response.status >= 400:
            status = f"{response.status} {response.status_text}".strip()
            visit.failure = f"the server answered {status}"
            return None
        loaded = time.monotonic(), self._names()
        if self.waits.wait_until == "networkidle":
            try:
                self.page.wait_for_load_state("networkidle", timeout=self.remaining_ms())
            except PlaywrightTimeout:
                visit.unsettled = (
                    f"its network did not go idle within {seconds}{self._still_loading()}"
                )
        return loaded

    def _settle(self, loaded: tuple[float, list[tuple[str, tuple[str, ...]]]]) -> None:
        """Wait until the tools of every frame have stayed the same for `settle` seconds,
        counted from the load event when they did not change while the network went
        idle."""
        if self.visit.unsettled is not None:
            return
        last = self._names()
        since = loaded[0] if last == loaded[1] else time.monotonic()
        while time.monotonic() - since < self.waits.settle:
            if self._gone():
                return
            if self.remaining_ms() <= 1.0:
                self.visit.unsettled = (
                    f"its tools were still changing after {self.waits.timeout:g} s"
                )
                return
            self.page.wait_for_timeout(POLL_SECONDS * 1000)
            names = self._names()
            if names != last:
                last, since = names, time.monotonic()

    def _names(self) -> list[tuple[str, tuple[str, ...]]]:
        found = []
        for frame_url, read in self._each_frame():
            tools = read.get("tools") or []
            found.append((frame_url, tuple(sorted(str(t.get("name")) for t in tools))))
        return found

    def _each_frame(self) -> Iterator[tuple[str, dict[str, Any]]]:
        from playwright.sync_api import Error as PlaywrightError

        for frame in self.page.frames:
            try:
                # frame.evaluate has no timeout, and one that runs while the page
                # navigates away can wait forever (Playwright waits for the navigation);
                # wait_for_function takes the same async function and is bounded; a page
                # out of time (its network never idle) still has its tools read.
                bound = max(self.remaining_ms(), READ_SECONDS * 1000)
                handle = frame.wait_for_function(READ_TOOLS, timeout=bound)
                read = handle.json_value()
            except PlaywrightError as error:
                if self._gone():
                    raise
                read = {"problem": _first_line(str(error))}
            yield frame.url, read if isinstance(read, dict) else {}

    def _read(self) -> list[LiveFrame]:
        frames = []
        urls = self._frame_urls()
        stacks = self._stacks(urls)
        self.visit.removed = {
            (urls.get(tool.get("frameId", ""), ""), str(tool.get("name"))) for tool in self.removed
        }
        for index, (frame_url, read) in enumerate(self._each_frame()):
            problem = read.get("problem")
            if index == 0 and problem == "insecure":
                self.visit.failure = (
                    "the page is not a secure context, where document.modelContext does not "
                    "exist: serve it over https or from localhost"
                )
                return []
            tools = tuple(
                LiveTool(
                    str(tool.get("name")),
                    {key: tool[key] for key in _MEMBERS if key in tool},
                    stacks.get((frame_url, str(tool.get("name"))), ()),
                    tool.get("unreadable"),
                )
                for tool in read.get("tools") or []
            )
            frames.append(LiveFrame(frame_url, tools, problem))
        return frames

    def _stacks(self, urls: dict[str, str]) -> dict[tuple[str, str], tuple[Place, ...]]:
        """Where each tool (by frame URL and name) was last registered, from the
        DevTools protocol's events."""
        found: dict[tuple[str, str], tuple[Place, ...]] = {}
        for tool in self.added:
            frames = (tool.get("stackTrace") or {}).get("callFrames") or []
            key = (urls.get(tool.get("frameId", ""), ""), str(tool.get("name")))
            found[key] = tuple(
                (
                    str(f.get("url")),
                    int(f.get("lineNumber", 0)) + 1,
                    int(f.get("columnNumber", 0)) + 1,
                )
                for f in frames
                if f.get("url")
            )
        return found

    def _frame_urls(self) -> dict[str, str]:
        from playwright.sync_api import Error as PlaywrightError

        try:
            tree = self.cdp.send("Page.getFrameTree")["frameTree"]
        except PlaywrightError:
            return {}
        urls, stack = {}, [tree]
        while stack:
            node = stack.pop()
            frame = node.get("frame") or {}
            urls[frame.get("id", "")] = frame.get("url", "") + frame.get("urlFragment", "")
            stack.extend(node.get("childFrames") or [])
        return urls

    def _request(self, request: Any) -> None:
        self.pending[request] = request.url
        main = _attached(request) and request.frame == self.page.main_frame
        if main and request.is_navigation_request() and request.redirected_from is None:
            self.navigations.append(request.url)

    def _still_loading(self) -> str:
        waiting = sorted(set(self.pending.values()))
        if not waiting:
            return ""
        shown = ", ".join(waiting[:MAX_PENDING_SHOWN])
        more = f" and {len(waiting) - MAX_PENDING_SHOWN} more" if len(waiting) > 3 else ""
        return f" (still loading {shown}{more})"

    def _exception(self, error: Any) -> None:
        name = getattr(error, "name", "") or "Error"
        text = f"{name}: {getattr(error, 'message', '')}".rstrip(": ")
        stack = getattr(error, "stack", "") or ""
        places = tuple(
            (u, int(line), int(column)) for u, line, column in STACK_PLACE.findall(stack)
        )
        self._log(Logged(text, places))

    def _console(self, message: Any) -> None:
        if message.type != "error":
            return
        where = message.location or {}
        url = str(where.get("url") or "")
        if urlsplit(url).path == "/favicon.ico":
            return
        line = int(where.get("lineNumber", 0)) + 1
        column = int(where.get("columnNumber", 0)) + 1
        self._log(Logged(message.text, ((url, line, column),) if url else (), thrown=False))

    def _log(self, logged: Logged) -> None:
        if len(self.visit.logged) < MAX_LOGGED:
            self.visit.logged.append(logged)


_MEMBERS = ("title", "description", "inputSchema", "annotations")


def _attached(request: Any) -> bool:
    """Whether a request has a frame (a service worker's has none: asking raises)."""
    try:
        request.frame  # noqa: B018
    except Exception:
        return False
    return True


def _first_line(text: str) -> str:
    lines = [line for line in text.strip().splitlines() if line.strip()]
    return lines[0] if lines else "no reason given"


def _reason(error: Exception) -> str:
    """Why a navigation failed, from Playwright's message: Chromium's net error code
    (`net::ERR_CERT_AUTHORITY_INVALID`) when there is one."""
    text = str(error)
    code = re.search(r"net::ERR_[A-Z_]+", text)
    if code is None:
        return f"the page could not be opened: {_first_line(text)}"
    if code.group(0).startswith("net::ERR_CERT_"):
        return f"its certificate was not accepted ({code.group(0)})"
    return f"the page could not be loaded ({code.group(0)})"
