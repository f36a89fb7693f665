"""Paths on the command line: a mistake is a usage error, never a clean run.

A run that lints nothing by mistake must not pass: in CI it would report success, and
its SARIF (`results: []`, `executionSuccessful: true`) would close every open alert.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers import CORE_TOML, run_cli
from webmcp_lint.workspace.reading import PREFILTER_WORDS

BAD = 'document.modelContext.registerTool({ name: "bad name", description: "d", execute() {} });\n'


@pytest.fixture
def project(tmp_path: Path) -> Path:
    (tmp_path / "webmcp-lint.toml").write_text(CORE_TOML)
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "tools.js").write_text("const a = 1;\n" + BAD)
    (tmp_path / "src" / "clean.ts").write_text("export const answer = 42;\n")
    (tmp_path / "src" / "nested").mkdir()
    (tmp_path / "src" / "nested" / "more.ts").write_text(BAD)
    return tmp_path


@pytest.mark.parametrize(
    "args",
    [
        ("check", "srcc/"),
        ("check", "srcc"),
        ("check", "./srcc"),
        ("check", "src", "srcc/"),
        ("check", "missing.js"),
        ("check", "src/missing.js"),
        ("srcc/",),  # the default command
        ("tools", "srcc/"),
    ],
)
def test_a_path_that_does_not_exist_is_a_usage_error(project: Path, args: tuple[str, ...]) -> None:
    result = run_cli(*args, cwd=project)
    assert result.returncode == 2, result.stdout
    assert result.stdout == ""
    missing = args[-1]
    assert f"Error: Invalid value for '[PATHS]...': {missing}: no such file or directory" in (
        result.stderr
    )
    assert "Traceback" not in result.stderr


def test_a_missing_path_in_sarif_is_an_unsuccessful_run(project: Path) -> None:
    out = project / "report.sarif"
    result = run_cli("check", "--output-format", "sarif", "-o", out, "srcc/", cwd=project)
    assert result.returncode == 2
    [invocation] = json.loads(out.read_text())["runs"][0]["invocations"]
    assert invocation["executionSuccessful"] is False
    [notification] = invocation["toolConfigurationNotifications"]
    assert "srcc/: no such file or directory" in notification["message"]["text"]


def test_files_checked_counts_only_files_read_and_names_the_skipped(project: Path) -> None:
    # clean.ts holds no WebMCP word: the prefilter skips it unparsed.
    result = run_cli("check", "src", cwd=project)
    assert result.stdout.splitlines()[-1] == (
        "Found 2 problems (2 errors) in 2 files checked; 1 file without WebMCP code skipped."
    )
    clean = run_cli("check", "src/clean.ts", cwd=project)
    assert clean.returncode == 0
    assert (
        clean.stdout == "No problems found (0 files checked; 1 file without WebMCP code skipped).\n"
    )


def test_sarif_says_how_many_files_were_checked_and_skipped(project: Path) -> None:
    result = run_cli("check", "--output-format", "sarif", "src", cwd=project)
    [invocation] = json.loads(result.stdout)["runs"][0]["invocations"]
    assert invocation["properties"] == {"filesChecked": 2, "filesSkipped": 1}


def test_a_file_that_cannot_be_read_is_not_counted_as_checked(tmp_path: Path) -> None:
    (tmp_path / "gone.js").symlink_to(tmp_path / "nowhere.js")  # a dangling link
    (tmp_path / "page.html").write_bytes(b"\xff<form toolname=x>")  # read, not UTF-8
    result = run_cli("check", cwd=tmp_path)
    assert "gone.js:1:1: warning [source-unreadable]" in result.stdout
    assert "page.html:1:1: warning [source-unreadable] Not valid UTF-8" in result.stdout
    assert result.stdout.splitlines()[-1] == "Found 2 problems (2 warnings) in 1 file checked."


# -- globs ------------------------------------------------------------------------------


def test_a_quoted_glob_is_expanded(project: Path) -> None:
    result = run_cli("check", "--output-format", "concise", "src/*.js", cwd=project)
    assert [line.split(":")[0] for line in result.stdout.splitlines()] == ["src/tools.js"]
    recursive = run_cli("check", "--output-format", "concise", "src/**/*.ts", cwd=project)
    assert [line.split(":")[0] for line in recursive.stdout.splitlines()] == ["src/nested/more.ts"]


def test_a_glob_leaves_out_excluded_files(project: Path) -> None:
    (project / "src" / "node_modules").mkdir()
    (project / "src" / "node_modules" / "dep.js").write_text(BAD)
    result = run_cli("check", "--output-format", "concise", "src/**/*.js", cwd=project)
    assert [line.split(":")[0] for line in result.stdout.splitlines()] == ["src/tools.js"]


def test_a_glob_that_matches_nothing_is_a_usage_error(project: Path) -> None:
    result = run_cli("check", "src/*.vue", cwd=project)
    assert result.returncode == 2
    assert "src/*.vue: no file webmcp-lint reads matches this pattern" in result.stderr


# -- standard input -----------------------------------------------------------------------


def test_dash_alone_lints_standard_input_as_javascript(project: Path) -> None:
    result = run_cli("check", "--output-format", "concise", "-", cwd=project, stdin=BAD)
    assert result.returncode == 1
    assert result.stdout.startswith("-:1:44: error [tool-name-format]")
    default_command = run_cli("-", "--output-format", "concise", cwd=project, stdin=BAD)
    assert default_command.stdout == result.stdout


def test_dash_alone_reads_jsx_and_typescript(project: Path) -> None:
    typed = "const t: string = 'x';\n" + BAD
    result = run_cli("check", "--output-format", "concise", "-", cwd=project, stdin=typed)
    assert result.stdout.startswith("-:2:44: error [tool-name-format]")


def test_dash_must_be_the_only_path(project: Path) -> None:
    result = run_cli("check", "-", "src", cwd=project, stdin=BAD)
    assert result.returncode == 2
    assert "`-` (standard input) must be the only path" in result.stderr


# -- directories named like a command -------------------------------------------------------


@pytest.fixture
def tools_directory(tmp_path: Path) -> Path:
    (tmp_path / "webmcp-lint.toml").write_text(CORE_TOML)
    (tmp_path / "tools").mkdir()
    (tmp_path / "tools" / "t.js").write_text(BAD)
    return tmp_path


@pytest.mark.parametrize(
    "args",
    [("tools/",), ("./tools",), ("check", "tools"), ("check", "tools/"), ("--quiet", "tools")],
)
def test_a_directory_named_like_a_command_is_a_path(
    tools_directory: Path, args: tuple[str, ...]
) -> None:
    result = run_cli(*args, "--output-format", "concise", cwd=tools_directory)
    assert result.returncode == 1
    assert result.stdout.startswith("tools/t.js:1:44: error [tool-name-format]")


def test_a_bare_command_name_is_the_command_and_says_so(tools_directory: Path) -> None:
    result = run_cli("tools", cwd=tools_directory)
    assert result.returncode == 0
    assert json.loads(result.stdout)[0]["name"] == "bad name"  # the tool manifest
    assert "`tools` is a command here: to lint the directory, write `tools/`" in result.stderr
    elsewhere = run_cli("tools", cwd=tools_directory / "tools")
    assert "is a command here" not in elsewhere.stderr


@pytest.mark.parametrize("word", PREFILTER_WORDS)
def test_the_prefilter_finds_every_word_in_any_case(word: str) -> None:
    from webmcp_lint.workspace.reading import may_hold_webmcp

    for written in (word, word.upper(), word.title()):
        assert may_hold_webmcp(f"const a = 1; // {written}\n".encode())
    assert not may_hold_webmcp(f"const a = '{word[:-1]}';\n".encode())


def test_the_prefilter_skips_tool_words_it_does_not_know() -> None:
    from webmcp_lint.workspace.reading import may_hold_webmcp

    assert not may_hold_webmcp(b"<Tooltip toolbar tool-name='x' />")


@pytest.mark.parametrize("given", ["a/b.js", "a..b/c..js", "a/../b.js", "a/..b.js", "../x/b.js"])
def test_a_relative_path_is_shown_as_its_place_below_the_working_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, given: str
) -> None:
    """Most paths are shown as given without asking `Path` (`..` inside a name is not a
    parent); the answer is `Path`'s."""
    from webmcp_lint.run.discover import display_path

    (tmp_path / "work" / "a").mkdir(parents=True)
    monkeypatch.chdir(tmp_path / "work")
    expected = Path(given).absolute().relative_to(tmp_path / "work").as_posix()
    assert display_path(given, tmp_path / "work") == expected
