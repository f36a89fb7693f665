"""`webmcp-lint verify` in the real Chromium: pages written for each test, served from
the loopback address (by `--serve`, or by the suite's own server for URLs), linted
statically and opened live. Each test runs the installed command, as CI does.

The `chromium` fixture is the suite's browser: these tests skip with it when Chromium or
Playwright is missing, and fail with it under WEBMCP_LINT_REQUIRE_BROWSER=1.
"""

from __future__ import annotations

import json
import shutil
import socket
import ssl
import subprocess
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import ThreadingHTTPServer
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import pytest

from tests.browser.harness import Chromium
from tests.helpers import REPO, run_cli
from tests.sarif_validation import validate
from webmcp_lint.registry import rules
from webmcp_lint.verify.browser import files

TOOL = """{{
  name: {name},
  description: {description},
  inputSchema: {{ type: "object", properties: {{ q: {{ type: "string" }} }} }},
  execute: () => ({{}}),
}}"""


def tool(name: str, description: str = "Finds things.") -> str:
    """A tool literal (the members the comparison reads); a name in backquotes is a
    template literal, computed when the page runs."""
    written = name if name.startswith("`") else json.dumps(name)
    return TOOL.format(name=written, description=json.dumps(description))


def page(script: str, head: str = "") -> str:
    return (
        f'<!doctype html>\n<html lang="en">\n<meta charset="utf-8">\n<title>t</title>{head}\n'
        f'<script type="module">\n{script}\n</script>\n</html>\n'
    )


def write(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    return root


def verify(
    root: Path, *args: str, settle: str = "0.3", env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """`webmcp-lint verify` run in `root` (the linted path is `.`, the default)."""
    return run_cli("verify", "--settle", settle, *args, cwd=root, env=env)


def findings(result: subprocess.CompletedProcess[str]) -> list[dict[str, Any]]:
    assert result.returncode in (0, 1), result.stderr
    found: list[dict[str, Any]] = json.loads(result.stdout)
    return found


def served(root: Path, *pages: str, **options: str) -> list[dict[str, Any]]:
    """The JSON findings of verifying `pages` of `root`, served by `--serve`."""
    extra = [item for key, value in options.items() for item in (f"--{key}", value)]
    return findings(verify(root, "--serve", ".", *pages, *extra, "--format", "json"))


def summary(found: list[dict[str, Any]]) -> list[tuple[str, str, int]]:
    return sorted((f["rule"], f["path"], f["line"]) for f in found)


def line_of(text: str, needle: str) -> int:
    """The 1-based line where `needle` first is in `text`."""
    return text[: text.index(needle)].count("\n") + 1


# -- the three differences ----------------------------------------------------------------


def test_a_tool_registered_live_that_the_code_does_not_list(
    chromium: Chromium, tmp_path: Path
) -> None:
    script = (
        "const locale = document.documentElement.lang;\n"
        f"await document.modelContext.registerTool({tool('`search_${locale}`')});\n"
        f"await document.modelContext.registerTool({tool('listed')});"
    )
    html = page(script)
    write(tmp_path, {"index.html": html})
    found = served(tmp_path, "/index.html")
    call = line_of(html, "registerTool")  # Chromium's stack: the call, not the name
    assert summary(found) == [("live-tool-unlisted", "index.html", call)]
    (unlisted,) = found
    assert unlisted["column"] == 29  # `registerTool`, where Chromium's stack trace points
    assert "`search_en`" in unlisted["message"] and "on /index.html" in unlisted["message"]
    assert "could not tell its tool" in unlisted["message"]  # the static side saw the call
    assert unlisted["page"].endswith("/index.html") and unlisted["page"].startswith("http://")


def test_an_unlisted_tool_from_a_script_outside_the_linted_paths(
    chromium: Chromium, tmp_path: Path
) -> None:
    """A script the static analysis never read (here: outside PATH) registers a tool:
    the finding is where the script is, read from the served directory."""
    write(
        tmp_path,
        {
            "site/index.html": '<!doctype html><script src="vendor/widget.js"></script>\n',
            "site/vendor/widget.js": "\n\n"
            f"document.modelContext.registerTool({tool('chat_widget')});\n",
            "src/tools.js": "// nothing here\n",
        },
    )
    result = verify(tmp_path, "--serve", "site", "/index.html", "src", "--format", "json")
    (unlisted,) = findings(result)
    assert (unlisted["rule"], unlisted["path"], unlisted["line"]) == (
        "live-tool-unlisted",
        "site/vendor/widget.js",
        3,
    )
    assert "could not tell" not in unlisted["message"]


def test_a_listed_tool_that_never_registers(chromium: Chromium, tmp_path: Path) -> None:
    script = (
        f"await document.modelContext.registerTool({tool('search')});\n"
        'if (location.hash === "#admin") {\n'
        f"  await document.modelContext.registerTool({tool('ban_user')});\n"
        "}"
    )
    html = page(script)
    write(tmp_path, {"index.html": html})
    found = served(tmp_path, "/index.html")
    assert summary(found) == [("live-tool-missing", "index.html", line_of(html, '"ban_user"'))]
    assert (
        "`ban_user` is listed here but was not registered in Chromium on /index.html"
        in (found[0]["message"])
    )
    assert "The page logged" not in found[0]["message"]
    # The same page opened where the condition holds: nothing is missing.
    assert served(tmp_path, "/index.html#admin") == []


def test_a_tool_registered_then_unregistered_before_the_page_settles(
    chromium: Chromium, tmp_path: Path
) -> None:
    script = (
        "const controller = new AbortController();\n"
        f"await document.modelContext.registerTool({tool('short_lived')}, "
        "{ signal: controller.signal });\n"
        "setTimeout(() => controller.abort(), 100);"
    )
    write(tmp_path, {"index.html": page(script)})
    (found,) = served(tmp_path, "/index.html")
    assert found["rule"] == "live-tool-missing"
    assert "it registered and was unregistered before the page settled" in found["message"]


def test_a_tool_whose_members_differ_live(chromium: Chromium, tmp_path: Path) -> None:
    """What the static analysis reads wrong is reported member by member; what it knows
    only in part (a text with an unknown part, a schema with an unknown value, an
    annotation it cannot tell) is never a difference."""
    script = (
        "const tool = {\n"
        '  name: "search",\n'
        '  description: "Finds things.",\n'
        '  inputSchema: { type: "object", properties: { q: { type: "string" } } },\n'
        "  annotations: { readOnlyHint: true },\n"
        "  execute: () => ({}),\n"
        "};\n"
        'tool.description = "Finds things in stock.";\n'
        'tool.inputSchema.properties.limit = { type: "number" };\n'
        "await document.modelContext.registerTool(tool);\n"
        "const limit = Number(document.title.length * 10);\n"
        "await document.modelContext.registerTool({\n"
        '  name: "partly_known",\n'
        "  description: `Finds things on ${document.title}.`,\n"
        '  inputSchema: { type: "object", properties: { n: { type: "integer", maximum: limit } } },\n'
        "  annotations: { readOnlyHint: window.innerWidth > 0, consequentialHint: false },\n"
        "  execute: () => ({}),\n"
        "});"
    )
    html = page(script)
    write(tmp_path, {"index.html": html})
    found = served(tmp_path, "/index.html")
    at = line_of(html, 'name: "search"')  # where the static analysis has the tool
    assert summary(found) == [("live-tool-differs", "index.html", at)] * 2
    messages = sorted(f["message"] for f in found)
    assert messages[0].startswith("`search` has another description in Chromium on /index.html")
    assert 'description: "Finds things." here, "Finds things in stock." in Chromium' in messages[0]
    assert (
        'inputSchema.properties.limit: (absent) here, {"type": "number"} in Chromium' in messages[1]
    )


# -- settling, errors, frames -----------------------------------------------------------


def test_a_page_that_settles_late(chromium: Chromium, tmp_path: Path) -> None:
    """A tool registered three seconds after load is read when the page is given time
    to settle, and reported missing when it is not (well before, on a loaded machine
    too)."""
    script = (
        "setTimeout(() => {\n"
        f"  document.modelContext.registerTool({tool('late_tool')});\n"
        "}, 3000);"
    )
    html = page(script)
    write(tmp_path, {"index.html": html})
    assert served(tmp_path, "/index.html", settle="5") == []
    assert summary(served(tmp_path, "/index.html", settle="0.3")) == [
        ("live-tool-missing", "index.html", line_of(html, '"late_tool"'))
    ]


def test_a_page_that_throws_during_registration(chromium: Chromium, tmp_path: Path) -> None:
    """The exception before a registration, and a registration Chromium rejects, are
    quoted in the finding on the tool that did not register, with where they were
    thrown."""
    app = f'const config = JSON.parse("{{oops");\ndocument.modelContext.registerTool({tool("checkout")});\n'
    other = f"document.modelContext.registerTool({tool('bad name')});\n"
    write(
        tmp_path,
        {
            "index.html": '<!doctype html>\n<script src="app.js"></script>\n'
            '<script src="other.js"></script>\n',
            "app.js": app,
            "other.js": other,
        },
    )
    found = served(tmp_path, "/index.html")
    assert summary(found) == [
        ("live-tool-missing", "app.js", line_of(app, '"checkout"')),
        ("live-tool-missing", "other.js", line_of(other, '"bad name"')),
    ]
    checkout, bad = sorted(found, key=lambda f: f["path"])
    assert "The page logged: SyntaxError: " in checkout["message"]
    assert "(app.js:1:" in checkout["message"]  # first: what was thrown in the tool's file
    assert "InvalidStateError: Invalid tool name" in bad["message"]


def test_iframes_are_pages_of_their_own(chromium: Chromium, tmp_path: Path) -> None:
    """A same-origin frame's tools are compared with the frame's HTML file; a frame of
    another origin whose permissions policy does not allow `tools` cannot register, and
    the error says why; with `allow="tools"` it can."""
    frame = (
        "const other = location.href.replace('127.0.0.1', 'localhost');\n"
        "for (const [path, allow] of [['/widget.html', ''], ['/allowed.html', 'tools']]) {\n"
        "  const iframe = document.createElement('iframe');\n"
        "  iframe.src = new URL(path, other);\n"
        "  iframe.allow = allow;\n"
        "  document.body.append(iframe);\n"
        "}\n"
        f"await document.modelContext.registerTool({tool('top_tool')});"
    )
    write(
        tmp_path,
        {
            "index.html": page(frame, head='\n<iframe src="/frame.html"></iframe>'),
            "frame.html": page(f"await document.modelContext.registerTool({tool('in_frame')});"),
            "widget.html": page(f"await document.modelContext.registerTool({tool('widget')});"),
            "allowed.html": page(f"await document.modelContext.registerTool({tool('allowed')});"),
        },
    )
    found = served(tmp_path, "/index.html")
    widget = (tmp_path / "widget.html").read_text()
    assert summary(found) == [("live-tool-missing", "widget.html", line_of(widget, '"widget"'))]
    message = found[0]["message"]
    assert "in the frame http://localhost:" in message and "/widget.html on /index.html" in message
    assert 'NotAllowedError: Access to the feature "tools" is disallowed' in message


def test_pages_of_the_same_html_file_count_together(chromium: Chromium, tmp_path: Path) -> None:
    """Two routes served by one HTML file: a tool registered on either is not missing."""
    script = (
        'if (location.hash === "#cart") {\n'
        f"  await document.modelContext.registerTool({tool('view_cart')});\n"
        "} else {\n"
        f"  await document.modelContext.registerTool({tool('search')});\n"
        "}"
    )
    write(tmp_path, {"index.html": page(script)})
    (one,) = served(tmp_path, "/index.html")
    assert one["rule"] == "live-tool-missing" and "`view_cart`" in one["message"]
    assert served(tmp_path, "/index.html", "/index.html#cart") == []


# -- pages that cannot be checked -------------------------------------------------------


def unchecked(found: list[dict[str, Any]], path: str = "index.html") -> str:
    (finding,) = [f for f in found if f["rule"] == "live-page-unchecked" and f["path"] == path]
    message: str = finding["message"]
    return message


def test_pages_that_navigate_away_crash_or_are_not_there(
    chromium: Chromium, tmp_path: Path
) -> None:
    """Chromium 156 crashes a tab whose tool returns a Symbol (chrome-observed.md); a
    page that leaves for another is not the page asked for; a 404 is no page. Each is
    one finding on the page, and the other pages of the run are still checked."""
    crash = (
        "await document.modelContext.registerTool({\n"
        '  name: "crash", description: "Crashes.", execute: () => Symbol("x"),\n'
        "});\n"
        "const [crash] = await document.modelContext.getTools();\n"
        "await document.modelContext.executeTool(crash, {});"
    )
    away = f"await document.modelContext.registerTool({tool('search')});\n"
    away += 'location.replace("/login.html");'
    write(
        tmp_path,
        {
            "away.html": page(away),
            "login.html": "<!doctype html><p>Sign in</p>\n",
            "crash.html": page(crash),
            "fine.html": page(f"await document.modelContext.registerTool({tool('fine')});"),
        },
    )
    found = served(tmp_path, "/away.html", "/crash.html", "/checkout.html", "/fine.html")
    assert summary(found) == [
        ("live-page-unchecked", "away.html", 1),
        ("live-page-unchecked", "checkout.html", 1),
        ("live-page-unchecked", "crash.html", 1),
    ]
    assert "the page navigated away, to http://127.0.0.1:" in unchecked(found, "away.html")
    assert "/login.html; its tools were not checked" in unchecked(found, "away.html")
    assert "the page crashed" in unchecked(found, "crash.html")
    assert "the server answered 404" in unchecked(found, "checkout.html")


def test_a_page_whose_network_never_goes_idle(chromium: Chromium, tmp_path: Path) -> None:
    """Polling every 100 ms keeps the network busy: the page is unsettled, its tools are
    compared for what registered (the unlisted one) but none is called missing."""
    script = (
        'setInterval(() => fetch("/poll.json"), 100);\n'
        "await document.modelContext.registerTool(\n"
        f"  {tool('`live_${document.documentElement.lang}`')});\n"
        'if (location.hash === "#never") {\n'
        f"  await document.modelContext.registerTool({tool('never')});\n"
        "}"
    )
    write(tmp_path, {"index.html": page(script), "poll.json": "{}"})
    found = served(tmp_path, "/index.html", timeout="3")
    assert sorted(f["rule"] for f in found) == ["live-page-unchecked", "live-tool-unlisted"]
    message = unchecked(found)
    assert "its network did not go idle within 3 s" in message
    assert "none is reported missing" in message
    # Waiting for the load event only, the same page settles.
    settled = served(tmp_path, "/index.html", timeout="3", **{"wait-until": "load"})
    assert sorted(f["rule"] for f in settled) == ["live-tool-missing", "live-tool-unlisted"]


def test_a_page_that_never_loads(chromium: Chromium, tmp_path: Path) -> None:
    """A script from a server that never answers holds the load event back."""
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen()  # connections wait in the backlog: no answer ever comes
        script = f"http://127.0.0.1:{silent.getsockname()[1]}/slow.js"
        write(tmp_path, {"index.html": f'<!doctype html><script src="{script}"></script>\n'})
        found = served(tmp_path, "/index.html", timeout="2")
    assert summary(found) == [("live-page-unchecked", "index.html", 1)]
    assert f"the page did not load within 2 s (still loading {script})" in unchecked(found)


def test_a_page_whose_tools_never_settle(chromium: Chromium, tmp_path: Path) -> None:
    """A new tool every 50 ms: never a second without a change (on a loaded machine too)."""
    script = (
        "let round = 0;\n"
        "setInterval(() => {\n"
        "  document.modelContext.registerTool({ ...TOOL, name: `round_${round++}` });\n"
        "}, 50);\n"
        f"const TOOL = {tool('x')};"
    )
    write(tmp_path, {"index.html": page(script)})
    found = served(tmp_path, "/index.html", timeout="3", settle="1")
    assert "its tools were still changing after 3 s" in unchecked(found)


def test_a_page_that_cannot_be_reached_or_has_a_bad_certificate(
    chromium: Chromium, tmp_path: Path
) -> None:
    write(tmp_path, {"index.html": page("")})
    with https_server(tmp_path) as origin:
        found = findings(verify(tmp_path, f"{origin}/index.html", "--format", "json"))
    assert summary(found) == [("live-page-unchecked", "index.html", 1)]  # the URL's file
    assert "its certificate was not accepted (net::ERR_CERT_" in unchecked(found)
    # The server is gone now: nothing listens there.
    gone = findings(verify(tmp_path, f"{origin.replace('https', 'http')}/", "--format", "json"))
    assert "the page could not be loaded (net::ERR_CONNECTION_REFUSED)" in unchecked(gone)


@contextmanager
def https_server(directory: Path) -> Iterator[str]:
    """`directory` over https with a self-signed certificate Chromium does not trust."""
    key, certificate = directory / "key.pem", directory / "cert.pem"
    subprocess.run(
        [
            "openssl",
            "req",
            "-x509",
            "-newkey",
            "rsa:2048",
            "-nodes",
            "-days",
            "1",
            "-subj",
            "/CN=127.0.0.1",
            "-keyout",
            str(key),
            "-out",
            str(certificate),
        ],
        check=True,
        capture_output=True,
    )
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(certificate, key)

    server = ThreadingHTTPServer(("127.0.0.1", 0), files(directory))
    server.socket = context.wrap_socket(server.socket, server_side=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"https://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


# -- a page of someone's own server -------------------------------------------------------


def test_a_url_is_compared_with_the_html_file_of_its_path(
    chromium: Chromium, tmp_path: Path
) -> None:
    """Without --serve, a URL's path names the HTML file under the linted directory; a
    URL whose file is not there is compared for what registered only, with a notice."""
    html = page(f"await document.modelContext.registerTool({tool('search')});")
    url = chromium.site.add(html, "html")  # /page-N.html on the suite's server
    name = url.rsplit("/", 1)[1]
    write(tmp_path, {f"site/{name}": html.replace('"search"', '"search_all"')})
    result = verify(tmp_path, url, "site", "--format", "json")
    assert summary(findings(result)) == [
        ("live-tool-missing", f"site/{name}", line_of(html, '"search"')),
        ("live-tool-unlisted", f"site/{name}", line_of(html, "registerTool")),
    ]
    elsewhere = verify(tmp_path, chromium.site.add(html, "html"), "site", "--format", "json")
    assert summary(findings(elsewhere)) == [
        ("live-tool-unlisted", elsewhere_path(elsewhere), line_of(html, "registerTool"))
    ]
    assert "no HTML file of the linted paths is this page" in elsewhere.stderr


def elsewhere_path(result: subprocess.CompletedProcess[str]) -> str:
    (finding,) = findings(result)
    path: str = finding["path"]
    assert path.startswith("http://127.0.0.1:")  # the script's URL: no file here is it
    return path


# -- formats, exit codes, the profile ----------------------------------------------------


@pytest.fixture(scope="module")
def faulty_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    script = (
        f"await document.modelContext.registerTool({tool('search')});\n"
        "if (!document.title) {\n"
        f"  await document.modelContext.registerTool({tool('missing')});\n"
        "}"
    )
    root = tmp_path_factory.mktemp("faulty-site")
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    return write(root, {"index.html": page(script)})


def missing_line(site: Path) -> int:
    return line_of((site / "index.html").read_text(), '"missing"')


def test_sarif_names_the_rule_and_the_page(chromium: Chromium, faulty_site: Path) -> None:
    result = verify(faulty_site, "--serve", ".", "/index.html", "--format", "sarif")
    assert result.returncode == 1, result.stderr
    log = validate(result.stdout)
    (found,) = log["runs"][0]["results"]
    assert found["ruleId"] == "live-tool-missing" and found["level"] == "warning"
    assert found["properties"]["page"].endswith("/index.html")
    location = found["locations"][0]["physicalLocation"]
    assert location["artifactLocation"] == {"uri": "index.html", "uriBaseId": "%SRCROOT%"}
    assert location["region"]["startLine"] == missing_line(faulty_site)
    assert log["runs"][0]["invocations"][0]["properties"] == {"pagesChecked": 1}
    driver_rules = {rule["id"] for rule in log["runs"][0]["tool"]["driver"]["rules"]}
    assert {r for r in rules() if r.startswith("live-")} <= driver_rules


def test_text_github_and_junit_and_the_exit_codes(chromium: Chromium, faulty_site: Path) -> None:
    text = verify(faulty_site, "--serve", ".", "/index.html")
    assert text.returncode == 1
    at = missing_line(faulty_site)
    assert text.stdout.startswith(f"index.html:{at}:3: warning [live-tool-missing] `missing`")
    assert text.stdout.endswith("Found 1 problem (1 warning) in 1 page checked in Chromium.\n")
    github = verify(faulty_site, "--serve", ".", "/index.html", "--format", "github", "--exit-zero")
    assert github.returncode == 0
    assert github.stdout.startswith(f"::warning file=index.html,line={at},")
    assert "title=webmcp-lint (live-tool-missing)::" in github.stdout
    junit = verify(
        faulty_site, "--serve", ".", "/index.html", "--format", "junit", "--fail-on", "error"
    )
    assert junit.returncode == 0
    suite = ElementTree.fromstring(junit.stdout).find("testsuite")
    assert suite is not None and suite.get("name") == "index.html"
    (faulty_site / "webmcp-lint.toml").write_text('ignore = ["live-tool-missing"]\n')
    try:
        clean = verify(faulty_site, "--serve", ".", "/index.html")
    finally:
        (faulty_site / "webmcp-lint.toml").unlink()
    assert clean.returncode == 0, clean.stdout
    assert clean.stdout == "No problems found (1 page checked in Chromium).\n"


def test_the_profile_is_fresh_and_removed(chromium: Chromium, tmp_path: Path) -> None:
    # Short: Chromium's sockets live there, and a socket's path has at most 107 bytes.
    temporary = Path(tempfile.mkdtemp(prefix="wl-"))
    write(
        tmp_path,
        {"site/index.html": page(f"await document.modelContext.registerTool({tool('a')});")},
    )
    result = verify(
        tmp_path, "--serve", "site", "/index.html", "site", env={"TMPDIR": str(temporary)}
    )
    left = [p.name for p in temporary.iterdir() if p.name.startswith("webmcp-lint-")]
    shutil.rmtree(temporary)
    assert result.returncode == 0, result.stdout + result.stderr
    assert left == []


# -- rule pages and the bundled examples ---------------------------------------------------

LIVE_EXAMPLES = {
    f"{rule.id}-{example.role}-{example.line}.html": (rule, example)
    for rule in rules().values()
    if rule.category == "live"
    for example in rule.examples()
}


@pytest.fixture(scope="module")
def live_examples(tmp_path_factory: pytest.TempPathFactory) -> list[dict[str, Any]]:
    """Every example of the live rules' pages as a page of one site, verified at once."""
    root = write(
        tmp_path_factory.mktemp("live-examples"),
        {name: example.code for name, (_, example) in LIVE_EXAMPLES.items()},
    )
    return served(root, *(f"/{name}" for name in LIVE_EXAMPLES))


@pytest.mark.parametrize("name", LIVE_EXAMPLES)
def test_live_rule_page_examples(
    chromium: Chromium, live_examples: list[dict[str, Any]], name: str
) -> None:
    """Each live rule's bad example, served and linted, is reported by its rule; each
    good example by none (tests/test_rule_pages.py lints them statically too)."""
    rule, example = LIVE_EXAMPLES[name]
    found = [f["rule"] for f in live_examples if f["path"] == name]
    if example.role == "bad":
        assert rule.id in found, found
    else:
        assert found == []


EXAMPLE_PAGES = sorted(
    "/" + path.relative_to(REPO / "examples").as_posix()
    for path in (REPO / "examples").rglob("*.html")
)


def test_the_bundled_examples(chromium: Chromium) -> None:
    """The HTML pages of examples/ agree live and static, but for the fault one of them
    is there for: two forms named `checkout`, of which Chromium registers the first
    (tool-name-unique in `check`)."""
    result = run_cli(
        "verify", "--serve", "examples", *EXAMPLE_PAGES, "examples", "--format", "json", cwd=REPO
    )
    found = findings(result)
    shop = "examples/faulty/declarative-shop.html"
    assert summary(found) == [("live-tool-missing", shop, 34)], json.dumps(found, indent=1)
    assert f"the tool of that name at {shop}:17 registered instead" in found[0]["message"]
