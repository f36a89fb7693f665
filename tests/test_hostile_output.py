"""Output stays bounded and inert, whatever the linted code and its file names hold.

Code frames cut long lines around the finding, messages cut long quotes, and text from
the code or its paths reaches no format as a control character: no escape sequence can
move a terminal's cursor, and no line can start a GitHub workflow command.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import unquote

import pytest

from tests.helpers import CORE_SELECT, run_cli
from webmcp_lint.output import FORMATS
from webmcp_lint.output.inert import _UNSAFE, printable

# A hang or a blow-up fails the test, generously above what a loaded 2-CPU machine needs
# (the five-megabyte cases take about 10 s there), never a timing assertion.
pytestmark = pytest.mark.timeout(60)

BAD = 'document.modelContext.registerTool({ name: "bad name", description: "d", execute() {} });'

# What a terminal or the Actions runner must never get from the linted code: C0 and C1
# controls (ESC, CSI), DEL, line and paragraph separators, bidirectional overrides.
UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
# Hostile text as JavaScript escapes in a string literal: clear the screen, move the
# cursor, a newline and a workflow command, a C1 CSI, a bidi override.
HOSTILE_JS = r"a\u001b[2J\u001b[1;1H\n::error file=x::forged\r\u009b31m\u202eb"


def check(cwd: Path, output_format: str, *args: str) -> str:
    result = run_cli(
        "check", "--output-format", output_format, "--select", CORE_SELECT, *args, cwd=cwd
    )
    assert result.returncode in (0, 1), result.stderr
    assert "Traceback" not in result.stderr
    return result.stdout


def assert_inert(output: str, output_format: str) -> None:
    assert not UNSAFE.search(output), repr(UNSAFE.search(output))
    for line in output.split("\n"):
        if output_format == "github":  # one workflow command a line, nothing else
            assert re.match(r"::(error|warning|notice) [^:]*::", line) or not line, line
        else:
            assert not line.lstrip().startswith("::"), line


# -- bounded -----------------------------------------------------------------------------


def test_a_finding_on_a_five_megabyte_line_prints_a_short_frame(tmp_path: Path) -> None:
    filler = "var a" + "=1,a".join(str(i) for i in range(520_000)) + "=1;"
    (tmp_path / "bundle.min.js").write_text(filler + BAD + filler[:3_000_000])
    text = check(tmp_path, "text")
    assert len(text) < 2_000, len(text)
    frame_line, carets = text.splitlines()[2:4]
    assert frame_line.startswith("1 | ...") and frame_line.endswith("...")
    # the carets still sit under the tool name
    start = carets.index("^")
    assert frame_line[start : start + len('"bad name"')] == '"bad name"'
    assert carets.count("^") == len('"bad name"')


def test_a_long_line_is_cut_around_the_finding_keeping_context(tmp_path: Path) -> None:
    (tmp_path / "t.js").write_text("/* " + "x" * 300 + " */ " + BAD + " // " + "y" * 300 + "\n")
    frame_line, carets = check(tmp_path, "text").splitlines()[2:4]
    code = frame_line.removeprefix("1 | ")
    # 40 characters before the finding, then up to 120 in all, "..." where cut
    assert code.startswith('...ument.modelContext.registerTool({ name: "bad name"')
    assert code.endswith("y...")
    assert len(code) == 3 + 120 + 3
    assert code[carets.index("^") - 4 :].startswith('"bad name"')


def test_short_lines_are_not_cut(tmp_path: Path) -> None:
    (tmp_path / "t.js").write_text("// " + "x" * 100 + "\n" + BAD + "\n")
    assert f"2 | {BAD}\n" in check(tmp_path, "text")


@pytest.mark.parametrize("output_format", FORMATS)
def test_huge_quoted_code_is_cut_in_the_message(tmp_path: Path, output_format: str) -> None:
    small_annotation = "annotations: { zzz: true }, execute()"
    (tmp_path / "t.js").write_text(BAD.replace("execute()", small_annotation))
    baseline = len(check(tmp_path, output_format))  # SARIF: mostly the rules' help
    huge_annotation = "annotations: { " + "z" * 500_000 + ": true }, execute()"
    (tmp_path / "t.js").write_text(BAD.replace("execute()", huge_annotation))
    output = check(tmp_path, output_format)
    assert output.count("annotation-unknown") >= 1
    assert len(output) - baseline < 3_000, len(output) - baseline
    assert "z" * 2_000 not in output
    assert "…" in output  # (markdown cuts its cells shorter, at their end)


# -- inert -------------------------------------------------------------------------------


@pytest.mark.parametrize("output_format", FORMATS)
def test_hostile_tool_names_reach_no_output_raw(tmp_path: Path, output_format: str) -> None:
    (tmp_path / "t.js").write_text(BAD.replace("bad name", HOSTILE_JS) + "\n")
    output = check(tmp_path, output_format)
    assert "forged" in output  # the finding is there, escaped
    assert_inert(output, output_format)
    if output_format in ("json", "sarif"):
        json.loads(output)


@pytest.mark.parametrize("output_format", FORMATS)
def test_hostile_code_in_the_frame_is_escaped(tmp_path: Path, output_format: str) -> None:
    line = "/* \x1b[2J\x07 \u202e */ " + BAD + " /* \x9b1m */\n"
    (tmp_path / "t.js").write_text(line)
    output = check(tmp_path, output_format)
    assert_inert(output, output_format)
    if output_format == "text":
        frame_line, carets = output.splitlines()[2:4]
        assert "\\x1b[2J" in frame_line
        start = carets.index("^")
        assert frame_line[start : start + len('"bad name"')] == '"bad name"'


def test_tabs_in_the_frame_show_as_four_columns_and_the_carets_follow(tmp_path: Path) -> None:
    (tmp_path / "t.js").write_text("\t/* \t */ " + BAD + "\n")
    frame_line, carets = check(tmp_path, "text").splitlines()[2:4]
    assert "\t" not in frame_line
    start = carets.index("^")
    assert frame_line[start:].startswith('"bad name"')
    assert carets[start:] == "^" * len('"bad name"')


@pytest.mark.parametrize(
    "name",
    [
        "x\n::error file=a::forged.js",
        "::error file=a::forged.js",
        "  ::warning::forged.js",
        "\x1b[2Jclear.js",
        "a\u2028b.js",
    ],
)
@pytest.mark.parametrize("output_format", FORMATS)
def test_hostile_file_names(tmp_path: Path, name: str, output_format: str) -> None:
    (tmp_path / name).write_text(BAD + "\n")
    output = check(tmp_path, output_format)
    assert output.count("tool-name-format") >= 1
    assert_inert(output, output_format)
    if output_format == "concise":
        # editors parse `path:line:col:` from the start of each line: one line, escaped
        [line] = output.splitlines()
        assert re.match(r"^(\./)?\S.*:1:44: error \[tool-name-format\]", line), line
    if output_format == "json":
        [finding] = json.loads(output)
        assert finding["path"] == name  # escaped in JSON, intact once parsed
    if output_format == "sarif":
        [result] = json.loads(output)["runs"][0]["results"]
        uri = result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
        assert unquote(uri).endswith(name)


def test_notices_and_configuration_errors_are_escaped_on_stderr(tmp_path: Path) -> None:
    (tmp_path / "webmcp-lint.toml").write_text('"\\u001b[2J\\n::error::x" = 1\n')
    result = run_cli("check", cwd=tmp_path)
    assert result.returncode == 2
    assert_inert(result.stderr, "text")
    assert "\\x1b[2J" in result.stderr


def test_tools_markdown_escapes_html_controls_and_newlines(tmp_path: Path) -> None:
    (tmp_path / "t.js").write_text(
        'document.modelContext.registerTool({ name: "a`b<img src=x onerror=alert(1)>", '
        f'description: "{HOSTILE_JS} <script>alert(1)</script> | pipe", execute() {{}} }});\n'
    )
    result = run_cli("tools", "--format", "markdown", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert_inert(result.stdout, "markdown")
    assert "<img" not in result.stdout and "<script" not in result.stdout
    assert "&lt;script&gt;" in result.stdout
    [row] = [line for line in result.stdout.splitlines() if "imperative" in line]
    assert row.count(" | ") == 5  # the pipe in the description is escaped
    assert "``a`b&lt;img" in row  # a backtick in a name needs a longer code span


def test_tools_json_escapes_controls(tmp_path: Path) -> None:
    (tmp_path / "t.js").write_text(BAD.replace("bad name", HOSTILE_JS) + "\n")
    result = run_cli("tools", cwd=tmp_path)
    assert not UNSAFE.search(result.stdout)
    [tool] = json.loads(result.stdout)
    assert tool["name"].startswith("a\x1b[2J")  # escaped in JSON, intact once parsed


def test_no_printable_ascii_character_is_escaped() -> None:
    # `printable` returns printable ASCII text as it is, without the pattern.
    for code in range(128):
        if chr(code).isprintable():
            assert _UNSAFE.compiled.match(chr(code)) is None
            assert printable(chr(code)) == chr(code)
