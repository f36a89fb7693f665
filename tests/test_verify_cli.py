"""`webmcp-lint verify` before any browser starts: its arguments, and what happens when
Playwright or Chromium is missing (exit code 2, with a message saying what to install).
In Chromium: tests/browser/test_live.py."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.helpers import run_cli

PAGE = "<!doctype html><p>A page</p>\n"


@pytest.fixture
def site(tmp_path: Path) -> Path:
    (tmp_path / "index.html").write_text(PAGE)
    return tmp_path


@pytest.mark.parametrize(
    ("arguments", "error"),
    [
        ((), "no page to open: give a URL (http://localhost:8080/) or, with --serve DIR"),
        ((".",), "no page to open"),
        (
            ("/index.html",),
            "/index.html: no such file or directory (a path on a site is a page with --serve DIR)",
        ),
        (("ftp://example.com/",), "ftp://example.com/: a page is an http:// or https:// URL"),
        (("http://",), "http://: a page is an http:// or https:// URL"),
        (("localhost:8080/",), "(a page needs its scheme: http://localhost:8080/)"),
        (("--serve", "missing", "/"), "Directory 'missing' does not exist"),
        (("--timeout", "0", "http://127.0.0.1:9/"), "0.0 is not in the range x>0"),
        (
            ("--wait-until", "idle", "http://127.0.0.1:9/"),
            "'idle' is not one of 'load', 'networkidle'",
        ),
    ],
)
def test_wrong_arguments_are_usage_errors(
    site: Path, arguments: tuple[str, ...], error: str
) -> None:
    result = run_cli("verify", *arguments, cwd=site)
    assert result.returncode == 2, result.stdout + result.stderr
    assert error in " ".join(result.stderr.split()), result.stderr
    assert "Traceback" not in result.stderr


def test_a_usage_error_is_written_to_the_sarif_file_too(site: Path) -> None:
    result = run_cli("verify", "--format", "sarif", "-o", "out.sarif", cwd=site)
    assert result.returncode == 2
    log = json.loads((site / "out.sarif").read_text())
    invocation = log["runs"][0]["invocations"][0]
    assert invocation["executionSuccessful"] is False
    assert "no page to open" in invocation["toolConfigurationNotifications"][0]["message"]["text"]


def test_without_chromium_it_says_what_to_install(site: Path) -> None:
    for how in (("--chromium", "/nonexistent/chromium"), ()):
        env = {"WEBMCP_LINT_CHROMIUM": "/nonexistent/chromium"} if not how else {}
        result = run_cli(
            "verify", *how, "--serve", ".", "/index.html", "--format", "github", cwd=site, env=env
        )
        assert result.returncode == 2, result.stdout + result.stderr
        assert (
            "Error: cannot check pages in a browser: /nonexistent/chromium is not an executable; install the live extra"
            in result.stderr
        )
        assert "pip install 'webmcp-lint[live]'" in result.stderr
        assert result.stdout.startswith(
            "::error title=webmcp-lint configuration::cannot check pages"
        )


def test_without_playwright_it_says_what_to_install(
    site: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    fake = tmp_path_factory.mktemp("no-playwright")
    (fake / "playwright").mkdir()
    (fake / "playwright" / "__init__.py").write_text(
        "raise ImportError('No module named playwright')\n"
    )
    path = os.pathsep.join([str(fake), os.environ.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    result = run_cli("verify", "--serve", ".", "/index.html", cwd=site, env={"PYTHONPATH": path})
    assert result.returncode == 2, result.stdout + result.stderr
    assert "cannot check pages in a browser: Playwright is not installed" in result.stderr
    assert "pip install 'webmcp-lint[live]'" in result.stderr


def test_verify_is_listed_with_the_commands() -> None:
    result = run_cli("--help")
    assert "verify" in result.stdout and "Open pages in Chromium" in result.stdout


def test_the_server_serves_its_directory_alone_on_the_loopback_address(tmp_path: Path) -> None:
    import http.client

    from webmcp_lint.verify.browser import serve

    (tmp_path / "site").mkdir()
    (tmp_path / "site" / "index.html").write_text(PAGE)
    (tmp_path / "secret.txt").write_text("secret")
    with serve(tmp_path / "site") as origin:
        assert origin.startswith("http://127.0.0.1:")
        host, port = origin.removeprefix("http://").split(":")
        answers = {}
        for path in (
            "/",
            "/index.html",
            "/../secret.txt",
            "/%2e%2e/secret.txt",
            "/..%2fsecret.txt",
        ):
            connection = http.client.HTTPConnection(host, int(port), timeout=10)
            connection.request("GET", path)
            response = connection.getresponse()
            answers[path] = (response.status, response.read())
            connection.close()
    assert answers["/"] == answers["/index.html"] == (200, PAGE.encode())
    assert all(status == 404 for status, _ in list(answers.values())[2:]), answers


def test_the_sandbox_is_off_only_as_root(monkeypatch: pytest.MonkeyPatch) -> None:
    from webmcp_lint.verify import browser

    monkeypatch.setattr(os, "geteuid", lambda: 1000)
    assert browser.sandboxed() and "--no-sandbox" not in browser.launch_flags()
    monkeypatch.setattr(os, "geteuid", lambda: 0)
    assert not browser.sandboxed() and browser.launch_flags()[0] == "--no-sandbox"
    assert "--enable-features=WebMCPTesting" in browser.launch_flags()


def test_a_finding_on_a_url_is_no_file_in_any_format(tmp_path: Path) -> None:
    """A page `verify` could not map to a file: SARIF names the URL (and the page),
    GitHub gets no `file=` for it, and every format renders it."""
    from tests.sarif_validation import validate
    from webmcp_lint.diagnostics import Diagnostic, Location
    from webmcp_lint.output import FORMATS, render
    from webmcp_lint.output.report import Report

    url = "http://127.0.0.1:8080/index.html"
    finding = Diagnostic(
        url,
        "live-page-unchecked",
        "warning",
        "The page http://127.0.0.1:8080/index.html could not be checked in Chromium.",
        Location(1, 1, 1, 1),
        page=url,
    )
    report = Report([finding], cwd=tmp_path, pages_checked=1)
    log = validate(render(report, "sarif"))
    (result,) = log["runs"][0]["results"]
    assert result["locations"][0]["physicalLocation"]["artifactLocation"] == {"uri": url}
    assert result["properties"] == {"page": url}
    github = render(report, "github")
    assert (
        github.startswith("::warning title=webmcp-lint (live-page-unchecked)::")
        and "file=" not in github
    )
    assert json.loads(render(report, "json"))[0]["page"] == url
    for output_format in FORMATS:
        assert render(report, output_format)
