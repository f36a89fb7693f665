"""Run code in Debian's Chromium with WebMCP enabled and report what the page observed.

Pages are served by a throwaway HTTP server on 127.0.0.1 (a secure context, so the API is
available). Every page gets `observe.js` (reports errors, drives tool runs) and
`prelude.js` (the helpers rule examples call) before its own scripts. What the page saw
comes back through return values and a binding that reports as things happen, never
through the DOM: executing a declarative tool can navigate away from it.
"""

from __future__ import annotations

import itertools
import json
import os
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from tests.browser.claims import Claims, Observation, ObservedError, sample_input
from webmcp_lint.verify.browser import (
    DEFAULT_CHROMIUM,
    BrowserUnavailable,
    find_chromium,
    launch_flags,
)

REPORT_BINDING = "__webmcpLintReport"
# What `webmcp-lint verify` starts Chromium with (browser.py), here too.
CHROMIUM_FLAGS = launch_flags()

HERE = Path(__file__).resolve().parent

HOW_TO_ENABLE = (
    "install Debian's Chromium and the test extras to run them: "
    "`apt-get install chromium` and `pip install -e '.[test]'` "
    "(or point WEBMCP_LINT_CHROMIUM at a Chromium 146+ binary)"
)
TOOL_RUN_TIMEOUT_MS = 5000
BLANK = "<!doctype html><html lang=en><meta charset=utf-8><title>webmcp-lint</title></html>"


class Site:
    """Serves registered pages from 127.0.0.1; `/api/...` answers `{}` as JSON to GET and
    POST (what the `fetch` calls and form submissions of rule examples get), anything else
    unknown is a 404."""

    def __init__(self) -> None:
        self._pages: dict[str, tuple[str, bytes, dict[str, str]]] = {}
        self._numbers = itertools.count()
        self.requests: list[str] = []  # every path requested, with its query
        pages, requests = self._pages, self.requests

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                requests.append(self.path)
                path = self.path.split("?", 1)[0]
                if path in pages:
                    content_type, body, headers = pages[path]
                    self._answer(200, content_type, body, headers)
                elif path.startswith("/api/"):
                    self._answer(200, "application/json", b"{}")
                elif path == "/favicon.ico":
                    self._answer(204, "image/x-icon", b"")
                else:
                    self._answer(404, "text/plain", b"not found")

            def do_POST(self) -> None:
                requests.append(self.path)
                length = int(self.headers.get("Content-Length") or 0)
                self.rfile.read(length)
                if self.path.startswith("/api/"):
                    self._answer(200, "application/json", b"{}")
                else:
                    self._answer(404, "text/plain", b"not found")

            def _answer(
                self,
                status: int,
                content_type: str,
                body: bytes,
                headers: dict[str, str] | None = None,
            ) -> None:
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", content_type + "; charset=utf-8")
                    self.send_header("Content-Length", str(len(body)))
                    self.send_header("Cache-Control", "no-store")
                    for name, value in (headers or {}).items():
                        self.send_header(name, value)
                    self.end_headers()
                    self.wfile.write(body)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the page was closed or navigated before the answer arrived

            def log_message(self, format: str, *args: Any) -> None:
                pass

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        self._thread.start()
        self.origin = f"http://127.0.0.1:{self._server.server_address[1]}"
        self.blank = self.add(BLANK, "html")

    def add(self, content: str, suffix: str, headers: dict[str, str] | None = None) -> str:
        """Serve `content` (with these extra response headers) at a new path; return its
        URL."""
        content_type = "text/javascript" if suffix == "js" else "text/html"
        path = f"/page-{next(self._numbers)}.{suffix}"
        self._pages[path] = (content_type, content.encode("utf-8"), dict(headers or {}))
        return self.origin + path

    def cross_origin(self, url: str) -> str:
        """`url` served under a second name of the server (`localhost`): another origin,
        still a secure context."""
        return url.replace("http://127.0.0.1:", "http://localhost:", 1)

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()


@dataclass(repr=False)
class Chromium:
    """One browser for the whole session; each run gets a fresh page (a fresh document,
    so a fresh tool map)."""

    context: Any  # playwright BrowserContext
    site: Site
    version: str
    executable: str = DEFAULT_CHROMIUM
    # Where the reports of each open page go (see observe.js), by page.
    observations: dict[Any, Observation] = field(default_factory=dict)
    # The URLs each open page's main frame requested as navigations, by page.
    navigations: dict[Any, list[str]] = field(default_factory=dict)

    def __repr__(self) -> str:
        return f"<Chromium {self.version} serving {self.site.origin}>"

    @contextmanager
    def page(self, seen: Observation | None = None) -> Iterator[Any]:
        """A fresh page; with `seen`, what it reports and logs is recorded there."""
        page = self.context.new_page()
        navigations = self.navigations[page] = []
        page.on("request", lambda request: _keep_navigation(page, request, navigations))
        if seen is not None:
            self.observations[page] = seen
            page.on("console", lambda message: _keep_console(message, seen.console))
        try:
            yield page
        finally:
            self.observations.pop(page, None)
            _finish_loading(page, self.navigations.pop(page))
            page.close()

    @contextmanager
    def other_browser(self, flags: Sequence[str]) -> Iterator[Any]:
        """A second Chromium started with `flags` instead of CHROMIUM_FLAGS (say, without
        WebMCP): a fresh context of it, without the harness's scripts."""
        browser = self.context.browser.browser_type.launch(
            executable_path=self.executable, args=list(flags)
        )
        try:
            yield browser.new_context()
        finally:
            browser.close()

    def receive(self, source: dict[str, Any], kind: str, data: Any) -> None:
        """What a page reports through the binding observe.js calls."""
        seen = self.observations.get(source.get("page"))
        if seen is None:
            return
        if kind == "error":
            seen.errors.append(ObservedError(data["source"], data["name"], data["message"]))
        elif kind == "call":
            seen.calls.append(str(data))

    def _confirm(self, page: Any, name: str, given: dict[str, Any]) -> Any:
        """The agent runs form tool `name`; once it has filled the form, the user clicks
        its submit button."""
        started = [name, given, TOOL_RUN_TIMEOUT_MS]
        if _evaluate(page, START_TOOL, started, False):
            form = page.locator(f"form[toolname={json.dumps(name)}]")
            form.locator(SUBMIT_BUTTONS).first.click(timeout=TOOL_RUN_TIMEOUT_MS)
        return _evaluate(page, FINISH_TOOL, [name, TOOL_RUN_TIMEOUT_MS], NAVIGATED)

    def evaluate(self, script: str, argument: Any = None) -> Any:
        """Evaluate a JS function expression in a fresh blank page and return its result."""
        with self.page() as page:
            page.goto(self.site.blank)
            return page.evaluate(script, argument)

    def outcomes(self, calls: list[str], setup: str = "") -> list[Outcome]:
        """Await each JS expression in `calls`, in order, in one fresh page (after the
        statements in `setup`), and report how each settled."""
        runs = ",\n".join(f"async () => ({call})" for call in calls)
        script = f"""async () => {{
            {setup}
            const outcomes = [];
            for (const run of [{runs}]) {{
                try {{
                    outcomes.push({{ ok: true, value: await run() }});
                }} catch (error) {{
                    const {{ name, message }} = error ?? {{}};
                    outcomes.push({{ ok: false, name: String(name), message: String(message) }});
                }}
            }}
            return outcomes;
        }}"""
        return [Outcome(**outcome) for outcome in self.evaluate(script)]

    def observe(
        self,
        code: str,
        language: str = "js",
        claims: Claims | None = None,
        run_registered_tools: bool = False,
    ) -> Observation:
        """Run an example and report what the page observed.

        JS runs as a module (top-level `await` works; a throw or an awaited rejection is
        an error from "thrown"); HTML is loaded as the page itself. `claims` contribute
        their steps; with `run_registered_tools` every imperative tool the example
        registered is executed with an input made from its schema.
        """
        claims = claims or Claims()
        seen = Observation(given=list(claims.given_tools))
        with self.page(seen) as page:
            if language == "html":
                if claims.given_tools:
                    raise ValueError("given-tool needs a script example, not a page")
                page.goto(self.site.add(code, "html"))
            else:
                page.goto(self.site.blank)
                for name in claims.given_tools:
                    page.evaluate("(name) => __webmcpLint.give(name)", name)
            # From here on, a main-frame navigation is a form submission (or a script
            # changing location): the `navigates` claim.
            loaded = len(self.navigations[page])
            if language != "html":
                page.evaluate("(url) => __webmcpLint.runModule(url)", self.site.add(code, "js"))
            page.evaluate("() => __webmcpLint.settle()")
            seen.tools = page.evaluate("() => __webmcpLint.tools()")
            steps = claims.tool_steps
            if run_registered_tools:
                forms = set(page.evaluate("() => __webmcpLint.formToolNames()"))
                stepped = {name for _, name in steps}
                steps += [
                    ("run-tool", name)
                    for name in seen.registered_by_example
                    if name not in forms and name not in stepped
                ]
            for step, name in steps:
                tool = seen.tool(name)
                types = _evaluate(page, "(name) => __webmcpLint.inputTypes(name)", name, {})
                given = sample_input(tool.get("inputSchema") if tool else None, types)
                run = [name, given, TOOL_RUN_TIMEOUT_MS]
                if step == "confirm-tool":
                    result = self._confirm(page, name, given)
                else:
                    result = _evaluate(page, TOOL_STEP_SCRIPTS[step], run, NAVIGATED)
                seen.runs.append({"step": step, "name": name, "input": given, "result": result})
            seen.given_inputs = _evaluate(page, "() => __webmcpLint.givenInputs()", None, {})
            seen.navigations = [
                url.removeprefix(self.site.origin) for url in self.navigations[page][loaded:]
            ]
        return seen


@dataclass(frozen=True)
class Outcome:
    """How one awaited expression settled: its value, or the error's name and message."""

    ok: bool
    value: Any = None
    name: str = ""
    message: str = ""

    @property
    def error(self) -> str | None:
        return None if self.ok else f"{self.name}: {self.message}"

    def __str__(self) -> str:
        return f"resolved {self.value!r}" if self.ok else f"rejected {self.error}"


NAVIGATED = "(the page navigated)"
TOOL_STEP_SCRIPTS = {
    "run-tool": "([name, input, ms]) => __webmcpLint.runTool(name, input, ms)",
    "cancel-tool": "([name, input, ms]) => __webmcpLint.cancelTool(name, input, ms)",
}
START_TOOL = "([name, input, ms]) => __webmcpLint.startTool(name, input, ms)"
FINISH_TOOL = "([name, ms]) => __webmcpLint.finishTool(name, ms)"
SUBMIT_BUTTONS = (
    "button:not([type=button]):not([type=reset]):not([type=menu]), "
    "input[type=submit], input[type=image]"
)


def _evaluate(page: Any, script: str, argument: Any, if_navigated: Any) -> Any:
    """Evaluate in the page; running a declarative tool submits its form, and when that
    navigates, the document (and what it recorded) is gone: return `if_navigated`."""
    from playwright.sync_api import Error as PlaywrightError

    try:
        return page.evaluate(script, argument)
    except PlaywrightError as error:
        if "navigation" not in str(error):
            raise
        page.wait_for_load_state()
        return if_navigated


def register(members: str, options: str = "") -> str:
    """The JS call registering a tool literal with these members (and options)."""
    extra = f", {options}" if options else ""
    return f"document.modelContext.registerTool({{ {members} }}{extra})"


def _keep_navigation(page: Any, request: Any, into: list[str]) -> None:
    if request.is_navigation_request() and request.frame == page.main_frame:
        into.append(request.url)


def _finish_loading(page: Any, navigations: list[str]) -> None:
    """Wait until the page's last navigation has loaded: closing a page whose new
    document is still loading can hang Chromium 156 (seen after a form submission)."""
    from playwright.sync_api import Error as PlaywrightError

    if not navigations or page.is_closed():
        return
    last = navigations[-1]
    # When it went elsewhere (a redirect) or never loads, it is closed anyway.
    with suppress(PlaywrightError):
        page.wait_for_url(lambda url: url == last, timeout=TOOL_RUN_TIMEOUT_MS)


def _keep_console(message: Any, into: list[str]) -> None:
    if message.type in ("error", "warning") and "favicon" not in message.text:
        into.append(f"{message.type}: {message.text}")


@contextmanager
def launch() -> Iterator[Chromium]:
    """Start the server and Chromium once; raise BrowserUnavailable with the reason."""
    try:
        from playwright.sync_api import Error as PlaywrightError
        from playwright.sync_api import sync_playwright
    except ImportError as error:
        raise BrowserUnavailable(f"Playwright is not installed ({error})") from error
    configured = os.environ.get("WEBMCP_LINT_CHROMIUM")
    try:
        executable = find_chromium(configured)
    except BrowserUnavailable as error:
        message = f"WEBMCP_LINT_CHROMIUM={error}" if configured else str(error)
        raise BrowserUnavailable(message) from None
    site = Site()
    playwright = sync_playwright().start()
    try:
        try:
            browser = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_FLAGS)
        except PlaywrightError as error:
            first_line = str(error).strip().splitlines()[0]
            raise BrowserUnavailable(f"{executable} did not start: {first_line}") from error
        context = browser.new_context()
        chromium = Chromium(context, site, browser.version, executable)
        context.expose_binding(REPORT_BINDING, chromium.receive)
        context.add_init_script(path=str(HERE / "observe.js"))
        context.add_init_script(path=str(HERE / "prelude.js"))
        if not chromium.evaluate("() => 'modelContext' in document"):
            raise BrowserUnavailable(
                f"Chromium {browser.version} at {executable} has no document.modelContext "
                "with --enable-features=WebMCPTesting (WebMCP needs Chromium 146 or later)"
            )
        yield chromium
        browser.close()
    finally:
        playwright.stop()
        site.close()
