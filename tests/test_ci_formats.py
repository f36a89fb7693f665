"""The formats CI systems read: JUnit XML, GitLab Code Quality, reviewdog's rdjson and the
Markdown summary. Each is checked against a schema (tests/schemas/) or a real consumer
(junitparser reads JUnit as CI plugins do; cmark-gfm is GitHub's own Markdown renderer),
and for what it says: positions, severities, escaping, empty and failed runs."""

from __future__ import annotations

import html
import json
import re
import subprocess
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import cmarkgfm
import jsonschema
import junitparser
import pytest
import xmlschema

from tests.helpers import CORE_TOML, run_cli

SCHEMAS = Path(__file__).parent / "schemas"
# One line with a 4-byte character before two findings; a fix; a duplicate tool name
# (a related location); the same finding twice on one line; a security rule.
TOOLS = (
    '/* 🔎 */ document.modelContext.registerTool({ name: "bad name", description: "d", execute() {} });\n'
    'navigator.modelContext.registerTool({ name: "a", description: "d", execute() {}, annotations: { readonlyHint: true } });\n'
    'document.modelContext.registerTool({ name: "a", description: "d", execute() {} });\n'
    'document.modelContext.registerTool({ name: "x y", description: "d", execute() {} }); '
    'document.modelContext.registerTool({ name: "x y", description: "d", execute() {} });\n'
    'document.modelContext.registerTool(t, { exposedTo: ["http://partner.example"] });\n'
)
# Text from the code that must stay text: a tool name with markup, a control character
HOSTILE_NAME = "\x01<img src=x onerror=a()>[x](javascript:a())**b**|"


@pytest.fixture
def repository(tmp_path: Path) -> Path:
    subprocess.run(["git", "init", "-q"], cwd=tmp_path, check=True)
    web = tmp_path / "web"
    web.mkdir()
    (web / "webmcp-lint.toml").write_text(CORE_TOML)
    (web / "tools.js").write_text(TOOLS)
    (web / "clean.js").write_text("export const a = 1;\n")
    return web


def output(fmt: str, *args: str, cwd: Path, code: int = 1, **kwargs: Any) -> str:
    result = run_cli("check", "--output-format", fmt, *args, cwd=cwd, **kwargs)
    assert result.returncode == code, result.stderr
    return result.stdout


def findings(cwd: Path, *args: str) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = json.loads(output("json", *args, cwd=cwd))
    return found


# -- JUnit ----------------------------------------------------------------------------------


def junit_valid(text: str) -> ElementTree.Element:
    xmlschema.XMLSchema(SCHEMAS / "junit.xsd").validate(text)
    return ElementTree.fromstring(text.encode())


def test_junit_has_a_suite_per_file_and_a_failing_case_per_finding(repository: Path) -> None:
    (repository / "more.js").write_text(TOOLS.splitlines()[0] + "\n")
    text = output("junit", cwd=repository)
    root = junit_valid(text)
    expected = findings(repository)
    suites = root.findall("testsuite")
    assert [s.get("name") for s in suites] == ["more.js", "tools.js"]
    cases = [case for suite in suites for case in suite.findall("testcase")]
    assert (
        len(cases) == len(expected) == int(root.get("tests", "")) == int(root.get("failures", ""))
    )
    for case, finding in zip(cases, expected, strict=True):
        where = f"{finding['path']}:{finding['line']}:{finding['column']}"
        assert case.get("classname") == finding["path"]
        assert case.get("name") == f"{finding['rule']} {where}"
        [failure] = case.findall("failure")
        assert failure.get("type") == finding["severity"]
        assert failure.get("message") == finding["message"]
        assert failure.text == (
            f"{where}: {finding['severity']} [{finding['rule']}] {finding['message']}\n{finding['url']}"
        )
    # what a CI plugin sees
    suite = junitparser.JUnitXml.fromstring(text)
    assert sum(s.failures for s in suite) == len(expected)
    assert {type(r).__name__ for case in next(iter(suite)) for r in case.result} == {"Failure"}


def test_junit_clean_run_is_one_passing_case(repository: Path) -> None:
    root = junit_valid(output("junit", "clean.js", cwd=repository, code=0))
    [suite] = root.findall("testsuite")
    assert (suite.get("tests"), suite.get("failures")) == ("1", "0")
    [case] = suite.findall("testcase")
    assert list(case) == []


def test_junit_keeps_xml_valid_with_markup_and_control_characters(tmp_path: Path) -> None:
    (tmp_path / "webmcp-lint.toml").write_text(CORE_TOML)
    name = 'a&"<b>.js'
    (tmp_path / name).write_text(
        f"document.modelContext.registerTool({{ name: {json.dumps(HOSTILE_NAME)}, "
        'description: "d", execute() {} });\n'
    )
    root = junit_valid(output("junit", cwd=tmp_path))
    [suite] = root.findall("testsuite")
    assert suite.get("name") == name
    failure = suite.find("testcase/failure")
    assert failure is not None
    message = failure.get("message", "")
    assert "<img src=x onerror=a()>" in message  # an attribute value, escaped
    assert "\\u0001" in message and "\x01" not in message


def test_junit_reports_a_configuration_error(repository: Path) -> None:
    (repository / "webmcp-lint.toml").write_text('select = ["nope"]\n')
    root = junit_valid(output("junit", cwd=repository, code=2))
    error = root.find("testsuite/testcase/error")
    assert error is not None
    assert "unknown rule or category 'nope'" in error.get("message", "")
    assert root.get("errors") == "1"


# -- GitLab Code Quality --------------------------------------------------------------------


def gitlab_valid(text: str) -> list[dict[str, Any]]:
    issues: list[dict[str, Any]] = json.loads(text)
    schema = json.loads((SCHEMAS / "gitlab-codequality.json").read_text())
    jsonschema.Draft7Validator(schema).validate(issues)
    return issues


def test_gitlab_issues_match_the_findings(repository: Path) -> None:
    issues = gitlab_valid(output("gitlab", cwd=repository))
    expected = findings(repository)
    assert len(issues) == len(expected)
    for issue, finding in zip(issues, expected, strict=True):
        assert issue["check_name"] == finding["rule"]
        assert issue["description"] == f"{finding['rule']}: {finding['message']}"
        # relative to the repository root, also when run in a subdirectory
        assert issue["location"]["path"] == "web/" + finding["path"]
        assert issue["location"]["positions"] == {
            "begin": {"line": finding["line"], "column": finding["column"]},
            "end": {"line": finding["end_line"], "column": finding["end_column"]},
        }
    severities = {(i["check_name"], i["severity"]) for i in issues}
    assert ("tool-name-format", "major") in severities  # error
    assert ("annotation-unknown", "minor") in severities  # warning
    assert ("exposed-origin-secure", "critical") in severities  # a security error


def test_gitlab_fingerprints_are_unique_and_survive_lines_added_above(repository: Path) -> None:
    before = gitlab_valid(output("gitlab", cwd=repository))
    prints = [i["fingerprint"] for i in before]
    assert len(set(prints)) == len(prints)
    # the same finding twice on one line: same rule, line and message, two fingerprints
    twice = [
        i for i in before if i["check_name"] == "tool-name-format" and '"x y"' in i["description"]
    ]
    assert len(twice) == 2
    assert twice[0]["description"] == twice[1]["description"]
    assert (
        twice[0]["location"]["positions"]["begin"]["line"]
        == 4
        == twice[1]["location"]["positions"]["begin"]["line"]
    )
    (repository / "tools.js").write_text("// a comment\n\n" + TOOLS)
    after = gitlab_valid(output("gitlab", cwd=repository))
    assert [i["fingerprint"] for i in after] == prints
    assert [i["location"]["positions"]["begin"]["line"] for i in after] == [
        i["location"]["positions"]["begin"]["line"] + 2 for i in before
    ]


def test_gitlab_empty_run_and_one_line_descriptions(tmp_path: Path) -> None:
    assert gitlab_valid(output("gitlab", cwd=tmp_path, code=0)) == []
    (tmp_path / "webmcp-lint.toml").write_text(CORE_TOML)
    (tmp_path / "t.js").write_text(
        'document.modelContext.registerTool({ name: "a\\nb", description: "d", execute() {} });\n'
    )
    [issue] = gitlab_valid(output("gitlab", cwd=tmp_path))
    assert "\n" not in issue["description"]


# -- reviewdog rdjson -----------------------------------------------------------------------


def rdjson_valid(text: str) -> dict[str, Any]:
    result: dict[str, Any] = json.loads(text)
    schema = json.loads((SCHEMAS / "rdjson.json").read_text())
    jsonschema.Draft7Validator(schema).validate(result)
    return result


def test_rdjson_columns_count_utf8_bytes(repository: Path) -> None:
    result = rdjson_valid(output("rdjson", cwd=repository))
    assert result["source"]["name"] == "webmcp-lint"
    diagnostics = result["diagnostics"]
    expected = findings(repository)
    assert [(d["code"]["value"], d["message"]) for d in diagnostics] == [
        (f["rule"], f["message"]) for f in expected
    ]
    lines = TOOLS.splitlines()
    for diagnostic, finding in zip(diagnostics, expected, strict=True):
        assert diagnostic["severity"] == finding["severity"].upper()
        assert diagnostic["code"]["url"] == finding["url"]
        assert diagnostic["location"]["path"] == finding["path"]
        line = lines[finding["line"] - 1].encode()
        span = diagnostic["location"]["range"]
        start, end = span["start"]["column"] - 1, span["end"]["column"] - 1
        # the bytes the range covers are the characters the finding covers
        text = lines[finding["line"] - 1]
        assert line[start:end].decode() == text[finding["column"] - 1 : finding["end_column"] - 1]
    [name] = [
        d
        for d in diagnostics
        if d["code"]["value"] == "tool-name-format" and "bad name" in d["message"]
    ]
    assert name["location"]["range"] == {
        "start": {"line": 1, "column": 55},  # code-point column 52, after a 4-byte character
        "end": {"line": 1, "column": 65},
    }


def test_rdjson_suggestions_and_related_locations(repository: Path) -> None:
    diagnostics = rdjson_valid(output("rdjson", cwd=repository))["diagnostics"]
    [annotation] = [d for d in diagnostics if d["code"]["value"] == "annotation-unknown"]
    [suggestion] = annotation["suggestions"]
    line = TOOLS.splitlines()[1].encode()
    start = suggestion["range"]["start"]["column"] - 1
    end = suggestion["range"]["end"]["column"] - 1
    fixed = line[:start] + suggestion["text"].encode() + line[end:]
    assert b"annotations: { readOnlyHint: true }" in fixed
    [duplicate] = [
        d for d in diagnostics if d["code"]["value"] == "tool-name-unique" and '"a"' in d["message"]
    ]
    [related] = duplicate["related_locations"]
    assert related["location"] == {
        "path": "tools.js",
        "range": {"start": {"line": 2}, "end": {"line": 2}},
    }


def test_rdjson_leaves_out_an_end_it_cannot_convert() -> None:
    from webmcp_lint.diagnostics import Diagnostic, Location
    from webmcp_lint.output.rdjson_format import render
    from webmcp_lint.output.report import Report

    # A finding from line 1 to line 9 carries the text of its first three lines only.
    snippet = ("é = document.modelContext.registerTool({", "  // 🔎", "  // 🔎")
    span = Diagnostic("t.js", "tool-name-format", "error", "m", Location(1, 5, 9, 3), snippet)
    unknown_start = Diagnostic("t.js", "tool-name-format", "error", "m", Location(2, 4, 2, 5))
    result = rdjson_valid(render(Report([span, unknown_start])))
    first, second = result["diagnostics"]
    assert first["location"]["range"] == {"start": {"line": 1, "column": 6}}  # é is 2 bytes
    assert second["location"]["range"] == {"start": {"line": 2}}  # no text: no column


def test_rdjson_empty_run(tmp_path: Path) -> None:
    result = rdjson_valid(output("rdjson", cwd=tmp_path, code=0))
    assert result["diagnostics"] == []


# -- Markdown summary -----------------------------------------------------------------------


def rendered(markdown: str) -> str:
    """The HTML GitHub's renderer makes of it (cmark-gfm with GitHub's extensions)."""
    return str(cmarkgfm.github_flavored_markdown_to_html(markdown))


def cells(page: str) -> list[list[str]]:
    rows = re.findall(r"<tr>(.*?)</tr>", page, re.S)
    return [re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", row, re.S) for row in rows]


def visible(cell: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", cell))


def test_markdown_summary_counts_rules_and_lists_findings(repository: Path) -> None:
    page = rendered(output("markdown", cwd=repository))
    expected = findings(repository)
    assert "<h2>webmcp-lint</h2>" in page
    assert f"<strong>{len(expected)} problems</strong>" in page
    assert "in 1 file checked; 1 file without WebMCP code skipped." in page
    rows = cells(page)
    per_rule = {visible(r[0]): visible(r[2]) for r in rows if len(r) == 4 and r[2].isdigit()}
    assert per_rule["tool-name-format"] == "3"
    listed = [r for r in rows if len(r) == 4 and ":" in visible(r[0])]
    assert [visible(r[3]) for r in listed] == [f["message"] for f in expected]
    assert [visible(r[0]) for r in listed] == [
        f"{f['path']}:{f['line']}:{f['column']}" for f in expected
    ]


def test_markdown_links_locations_to_github_when_it_runs_there(repository: Path) -> None:
    sha = "0123456789abcdef0123456789abcdef01234567"
    env = {
        "GITHUB_SERVER_URL": "https://github.com",
        "GITHUB_REPOSITORY": "octo/shop",
        "GITHUB_SHA": sha,
    }
    page = rendered(output("markdown", cwd=repository, env=env))
    assert f'<a href="https://github.com/octo/shop/blob/{sha}/web/tools.js#L1">tools.js:1:' in page
    plain = rendered(output("markdown", cwd=repository))
    assert "tools.js#L" not in plain


def test_markdown_escapes_what_comes_from_code_and_file_names(tmp_path: Path) -> None:
    (tmp_path / "webmcp-lint.toml").write_text('select = ["tool-name-format"]\n')
    name = "www.evil.example|<b>*[y](z)*`@x.js"
    (tmp_path / name).write_text(
        f"document.modelContext.registerTool({{ name: {json.dumps(HOSTILE_NAME)}, "
        'description: "d", execute() {} });\n'
    )
    [finding] = findings(tmp_path)
    markdown = output("markdown", cwd=tmp_path)
    page = rendered(markdown)
    tags = set(re.findall(r"</?([a-z0-9]+)", page))
    assert tags <= {"h2", "p", "strong", "table", "thead", "tbody", "tr", "th", "td", "a"}
    links = re.findall(r'<a href="([^"]*)"', page)
    assert (
        links
        == ["https://github.com/webmcp-lint/webmcp-lint/blob/main/rules/tool-name-format.md"] * 2
    )
    [row] = [r for r in cells(page) if len(r) == 4 and name in visible(r[0])]
    assert visible(row[0]) == f"{name}:1:{finding['column']}"
    expected = finding["message"].replace("\x01", "\\u{1}")
    assert visible(row[3]) == expected


def test_markdown_is_bounded(tmp_path: Path) -> None:
    (tmp_path / "webmcp-lint.toml").write_text('select = ["tool-name-format"]\n')
    (tmp_path / "many.js").write_text(
        "".join(
            f'document.modelContext.registerTool({{ name: "bad {n}", description: "d", execute() {{}} }});\n'
            for n in range(520)
        )
    )
    markdown = output("markdown", cwd=tmp_path)
    listed = [line for line in markdown.splitlines() if line.startswith("| many")]
    assert len(listed) == 500
    assert "20 more findings not listed here (at most 500 are)" in markdown


def test_markdown_clean_and_failed_runs(tmp_path: Path) -> None:
    clean = rendered(output("markdown", cwd=tmp_path, code=0))
    assert "<strong>No problems found</strong> (0 files checked)." in clean
    (tmp_path / "webmcp-lint.toml").write_text('select = ["nope"]\n')
    failed = rendered(output("markdown", cwd=tmp_path, code=2))
    assert "<strong>The run failed</strong>" in failed
    assert "unknown rule or category 'nope'" in html.unescape(failed)
