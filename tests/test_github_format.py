"""`--output-format github`: workflow commands that GitHub turns into annotations."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from tests.helpers import run_cli
from webmcp_lint.diagnostics import Diagnostic, Location
from webmcp_lint.output import render
from webmcp_lint.output.github_format import escape_data, escape_property
from webmcp_lint.output.report import Report

# How the Actions runner reads a workflow command (actions/toolkit, command.ts).
COMMAND = re.compile(r"^::(?P<name>error|warning|notice)(?: (?P<properties>[^:]*))?::(?P<data>.*)$")

TOOL = """\
document.modelContext.registerTool({
  name: "search products",
  description: "Finds products.",
  annotations: { readonlyHint: true },
  execute: {
    run: async () => ({}),
  },
});
"""


def parse(line: str) -> tuple[str, dict[str, str], str]:
    match = COMMAND.match(line)
    assert match, line
    properties = {}
    for pair in (match["properties"] or "").split(","):
        key, _, value = pair.partition("=")
        properties[key] = _unescape(value)
    return match["name"], properties, _unescape(match["data"])


def _unescape(text: str) -> str:
    for escaped, raw in (("%0D", "\r"), ("%0A", "\n"), ("%3A", ":"), ("%2C", ","), ("%25", "%")):
        text = text.replace(escaped, raw)
    return text


def annotations(cwd: Path, *args: str) -> list[tuple[str, dict[str, str], str]]:
    result = run_cli("check", "--output-format", "github", *args, cwd=cwd)
    assert result.returncode in (0, 1), result.stderr
    return [parse(line) for line in result.stdout.splitlines()]


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    return tmp_path


def test_one_line_finding_has_columns_and_title(repo: Path) -> None:
    (repo / "tool.js").write_text(TOOL)
    found = {props["title"]: (name, props, data) for name, props, data in annotations(repo, ".")}
    name, props, data = found["webmcp-lint (tool-name-format)"]
    assert name == "error"
    assert props == {
        "file": "tool.js",
        "line": "2",
        "endLine": "2",
        "col": "9",
        "endColumn": "26",
        "title": "webmcp-lint (tool-name-format)",
    }
    assert data.startswith('tool.js:2:9: [tool-name-format] Tool name "search products"')
    assert data.endswith("/rules/tool-name-format.md)")


def test_multi_line_finding_omits_columns(repo: Path) -> None:
    (repo / "tool.js").write_text(TOOL)
    found = {props["title"]: props for _, props, _ in annotations(repo, ".")}
    execute = found["webmcp-lint (tool-required-members)"]
    assert execute["line"] == "5" and execute["endLine"] == "7"
    assert "col" not in execute and "endColumn" not in execute


def test_severities_map_to_error_warning_notice(repo: Path) -> None:
    (repo / "tool.js").write_text(TOOL)
    (repo / "webmcp-lint.toml").write_text('[severity]\ntool-required-members = "info"\n')
    names = {props["title"]: name for name, props, _ in annotations(repo, ".")}
    assert names["webmcp-lint (tool-name-format)"] == "error"
    assert names["webmcp-lint (annotation-unknown)"] == "warning"
    assert names["webmcp-lint (tool-required-members)"] == "notice"


def test_paths_are_relative_to_the_repository_root(repo: Path) -> None:
    folder = repo / "site" / "a,b: c"
    folder.mkdir(parents=True)
    (folder / "tool.js").write_text(TOOL)
    result = run_cli("check", "--output-format", "github", ".", cwd=repo / "site")
    first = result.stdout.splitlines()[0]
    assert "file=site/a%2Cb%3A c/tool.js," in first
    assert parse(first)[1]["file"] == "site/a,b: c/tool.js"


def test_configuration_error_becomes_an_error_annotation(tmp_path: Path) -> None:
    (tmp_path / "webmcp-lint.toml").write_text("select = 1\n")
    result = run_cli("check", "--output-format", "github", ".", cwd=tmp_path)
    assert result.returncode == 2
    ((name, props, data),) = [parse(line) for line in result.stdout.splitlines()]
    assert name == "error" and props == {"title": "webmcp-lint configuration"}
    assert "select" in data


def test_escaping_follows_the_actions_toolkit() -> None:
    assert escape_data("100% done\r\nnext: a,b") == "100%25 done%0D%0Anext: a,b"
    assert escape_property("a:b,c%\n") == "a%3Ab%2Cc%25%0A"
    finding = Diagnostic(
        "a.js", "tool-name-format", "warning", "50% of it\nis wrong", Location(1, 1, 1, 1)
    )
    (line,) = render(Report([finding]), "github").splitlines()
    assert "::a.js:1:1: [tool-name-format] 50%25 of it%0Ais wrong (" in line
    assert "endColumn" not in line  # an empty range has no end column
    assert parse(line)[2].startswith("a.js:1:1: [tool-name-format] 50% of it\nis wrong")


def test_clean_run_prints_nothing(tmp_path: Path) -> None:
    (tmp_path / "plain.js").write_text("const modelContext = 1;\n")
    result = run_cli("check", "--output-format", "github", ".", cwd=tmp_path)
    assert (result.returncode, result.stdout) == (0, "")
