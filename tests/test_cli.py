"""The installed command: formats, exit codes, standard input, output files, discovery."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import CORE_SELECT, CORE_TOML, run_cli

BAD = 'document.modelContext.registerTool({ name: "bad name", description: "d", execute() {} });\n'
WARN = (
    'document.modelContext.registerTool({ name: "ok", description: "d", '
    "annotations: { destructiveHint: true }, execute() {} });\n"
)


@pytest.fixture
def project(tmp_path: Path) -> Path:
    (tmp_path / "webmcp-lint.toml").write_text(CORE_TOML)
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "tools.js").write_text("const a = 1;\n" + BAD)
    (tmp_path / "src" / "clean.ts").write_text("export const answer = 42;\n")
    return tmp_path


def test_text_output_has_location_rule_code_frame_and_summary(project: Path) -> None:
    result = run_cli("check", cwd=project)
    assert result.returncode == 1
    assert result.stdout == (
        "src/tools.js:2:44: error [tool-name-format] Tool name \"bad name\" contains ' ': "
        "Chrome rejects it (InvalidStateError: Invalid tool name). Use 1-128 characters of "
        'A-Z, a-z, 0-9, _, - and . Try "bad_name".\n'
        "  |\n"
        '2 | document.modelContext.registerTool({ name: "bad name", description: "d", execute() {} });\n'
        "  |                                            ^^^^^^^^^^\n"
        "   = see https://github.com/webmcp-lint/webmcp-lint/blob/main/rules/tool-name-format.md\n"
        "\n"
        "Found 1 problem (1 error) in 1 file checked; 1 file without WebMCP code skipped.\n"
    )
    assert "\x1b[" not in result.stdout


def test_default_command_is_check(project: Path) -> None:
    assert run_cli("src", "--output-format", "concise", cwd=project).stdout.startswith(
        "src/tools.js:2:44: error [tool-name-format]"
    )
    assert run_cli(cwd=project).returncode == 1


def test_concise_output(project: Path) -> None:
    result = run_cli("check", "--output-format", "concise", cwd=project)
    assert result.stdout.splitlines() == [
        "src/tools.js:2:44: error [tool-name-format] Tool name \"bad name\" contains ' ': "
        "Chrome rejects it (InvalidStateError: Invalid tool name). Use 1-128 characters of "
        'A-Z, a-z, 0-9, _, - and . Try "bad_name".'
    ]


def test_json_output(project: Path) -> None:
    result = run_cli("check", "--output-format", "json", cwd=project)
    [finding] = json.loads(result.stdout)
    assert finding == {
        "rule": "tool-name-format",
        "severity": "error",
        "message": finding["message"],
        "path": "src/tools.js",
        "line": 2,
        "column": 44,
        "end_line": 2,
        "end_column": 54,
        "url": "https://github.com/webmcp-lint/webmcp-lint/blob/main/rules/tool-name-format.md",
        "fix": None,
        "related": [],
    }


def test_json_output_carries_fixes_and_related_locations(tmp_path: Path) -> None:
    (tmp_path / "twice.js").write_text(
        'navigator.modelContext.registerTool({ name: "a", description: "d", execute() {} });\n'
        'document.modelContext.registerTool({ name: "a", description: "d", execute() {} });\n',
        encoding="utf-8",
    )
    result = run_cli(
        "check",
        "--output-format",
        "json",
        "--select",
        "no-navigator-model-context,tool-name-unique",
        "twice.js",
        cwd=tmp_path,
    )
    navigator, unique = json.loads(result.stdout)
    assert navigator["fix"] == {
        "description": "Use document.modelContext",
        "applicability": "safe",
        "edits": [
            {"line": 1, "column": 1, "end_line": 1, "end_column": 10, "replacement": "document"}
        ],
    }
    assert unique["related"] == [
        {
            "message": "first registered here",
            "path": "twice.js",  # related locations may lie in another file
            "line": 1,
            "column": 45,
            "end_line": 1,
            "end_column": 48,
        }
    ]


def test_clean_run_exits_zero_with_a_summary(project: Path) -> None:
    result = run_cli("check", "src/clean.ts", cwd=project)
    assert result.returncode == 0
    # clean.ts holds no WebMCP word: read, skipped by the prefilter, not counted as checked
    assert (
        result.stdout
        == "No problems found (0 files checked; 1 file without WebMCP code skipped).\n"
    )
    assert (
        json.loads(run_cli("check", "--output-format", "json", "src/clean.ts", cwd=project).stdout)
        == []
    )


def test_exit_zero_and_fail_on(project: Path) -> None:
    (project / "src" / "tools.js").write_text(WARN)
    assert run_cli("check", cwd=project).returncode == 1  # warnings fail by default
    assert run_cli("check", "--fail-on", "error", cwd=project).returncode == 0
    assert run_cli("check", "--exit-zero", cwd=project).returncode == 0


def test_output_file(project: Path) -> None:
    out = project / "report.json"
    result = run_cli("check", "--output-format", "json", "-o", out, cwd=project)
    assert result.returncode == 1
    assert result.stdout == ""
    assert json.loads(out.read_text())[0]["rule"] == "tool-name-format"


def test_statistics(project: Path) -> None:
    (project / "src" / "more.js").write_text(BAD.replace("bad name", "also bad") + WARN)
    result = run_cli("check", "--statistics", cwd=project)
    lines = result.stdout.splitlines()
    assert lines[0].split()[:3] == ["2", "tool-name-format", "error"]
    assert lines[1].split()[:3] == ["1", "annotation-unknown", "warning"]
    stats = json.loads(
        run_cli("check", "--statistics", "--output-format", "json", cwd=project).stdout
    )
    assert [(s["rule"], s["count"]) for s in stats] == [
        ("tool-name-format", 2),
        ("annotation-unknown", 1),
    ]


def test_stdin_is_linted_as_the_given_file(project: Path) -> None:
    source = "<script>\n" + BAD + "</script>\n"
    result = run_cli(
        "check",
        "--output-format",
        "concise",
        "--stdin-filename",
        "pages/shop.html",
        "-",
        cwd=project,
        stdin=source,
    )
    assert result.returncode == 1
    assert result.stdout.startswith("pages/shop.html:2:44: error [tool-name-format]")


def test_stdin_honours_config_and_force_exclude(project: Path) -> None:
    (project / "webmcp-lint.toml").write_text(
        CORE_TOML + 'extend-exclude = ["generated/"]\n[severity]\ntool-name-format = "warning"\n'
    )
    args = ("check", "--output-format", "json", "--stdin-filename", "generated/x.js", "-")
    [finding] = json.loads(run_cli(*args, cwd=project, stdin=BAD).stdout)
    assert finding["severity"] == "warning"
    excluded = run_cli(*args[:-1], "--force-exclude", "-", cwd=project, stdin=BAD)
    assert excluded.returncode == 0
    assert json.loads(excluded.stdout) == []


def test_colour_only_when_asked_or_on_a_terminal(project: Path) -> None:
    forced = run_cli("check", cwd=project, env={"FORCE_COLOR": "1", "NO_COLOR": ""})
    assert "\x1b[1;31merror\x1b[0m" in forced.stdout
    no_color = run_cli("check", "--no-color", cwd=project, env={"FORCE_COLOR": "1", "NO_COLOR": ""})
    assert "\x1b[" not in no_color.stdout


def test_gitignore_and_default_excludes_are_respected(tmp_path: Path) -> None:
    subprocess.run(["git", "init", "-q"], cwd=tmp_path, check=True)
    (tmp_path / ".gitignore").write_text("generated/\n*.min.js\n")
    for name in (
        "generated/a.js",
        "app.min.js",
        "node_modules/x/index.js",
        "dist/b.js",
        "src/nested/.gitignore",
    ):
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("local.js\n" if name.endswith(".gitignore") else BAD)
    (tmp_path / "src" / "nested" / "local.js").write_text(BAD)
    (tmp_path / "src" / "kept.js").write_text(BAD)
    result = run_cli("check", "--output-format", "concise", "--select", CORE_SELECT, cwd=tmp_path)
    assert [line.split(":")[0] for line in result.stdout.splitlines()] == ["src/kept.js"]


def test_force_exclude_applies_excludes_to_explicit_paths(tmp_path: Path) -> None:
    (tmp_path / "webmcp-lint.toml").write_text('extend-exclude = ["legacy/"]\n')
    (tmp_path / "legacy").mkdir()
    (tmp_path / "legacy" / "old.js").write_text(BAD)
    assert run_cli("check", "legacy/old.js", cwd=tmp_path).returncode == 1
    forced = run_cli("check", "--force-exclude", "legacy/old.js", cwd=tmp_path)
    assert forced.returncode == 0
    assert forced.stdout == "No problems found (0 files checked).\n"


def test_explicit_files_of_other_languages_are_skipped(tmp_path: Path) -> None:
    (tmp_path / "notes.md").write_text(BAD)
    result = run_cli("check", "notes.md", cwd=tmp_path)
    assert result.returncode == 0


def test_python_module_entry_point(project: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "webmcp_lint", "check", "--output-format", "concise", "src"],
        cwd=project,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 1
    assert "[tool-name-format]" in result.stdout


def test_version() -> None:
    result = run_cli("--version")
    assert result.returncode == 0
    assert result.stdout.startswith("webmcp-lint, version ")


def test_tools_inventory_as_json_and_markdown(tmp_path: Path) -> None:
    (tmp_path / "t.js").write_text(
        'document.modelContext.registerTool({ name: "search", title: "Search", description: '
        '"Finds products.", inputSchema: { type: "object", properties: { q: { type: "string" } }, '
        'required: ["q"] }, outputSchema: { type: "object" }, annotations: { readOnlyHint: true }, '
        "execute: run });\n"
    )
    [tool] = json.loads(run_cli("tools", cwd=tmp_path).stdout)
    assert tool == {
        "name": "search",
        "title": "Search",
        "description": "Finds products.",
        "inputSchema": {
            "type": "object",
            "properties": {"q": {"type": "string"}},
            "required": ["q"],
        },
        "outputSchema": {"type": "object"},
        "annotations": {"readOnlyHint": True},
        "kind": "imperative",
        "library": None,
        "path": "t.js",
        "line": 1,
        "runtime": ["Chrome"],
    }
    table = run_cli("tools", "--format", "markdown", cwd=tmp_path).stdout.splitlines()
    assert table[0] == "| Tool | Kind | Description | Parameters | Annotations | Defined at |"
    assert table[2] == (
        "| `search` (Search) | imperative | Finds products. | `q` (string, required) | readOnlyHint | t.js:1 |"
    )


def test_a_report_of_many_pieces_is_written_whole_in_few_writes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from webmcp_lint.cli.check import WRITE_BATCH, write_output

    class Stream:
        def __init__(self) -> None:
            self.writes: list[str] = []

        def write(self, text: str) -> None:
            self.writes.append(text)

        def flush(self) -> None:
            pass

    stream = Stream()
    monkeypatch.setattr(sys, "stdout", stream)
    pieces = [f"finding {i}\n" for i in range(20_000)]
    write_output(iter(pieces), None)
    assert "".join(stream.writes) == "".join(pieces)
    assert len(stream.writes) <= len("".join(pieces)) // WRITE_BATCH + 1
