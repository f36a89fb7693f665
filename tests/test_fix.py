"""`check --fix`, `--unsafe-fixes` and `--diff`: what is written, what is reported."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.helpers import run_cli
from webmcp_lint.diagnostics import Diagnostic, Edit, Fix, Location
from webmcp_lint.run import fix_loop as fixing
from webmcp_lint.run.pipeline import FileResult
from webmcp_lint.workspace.source import Span

SELECT = "--select=no-navigator-model-context,tool-name-format,no-removed-api"
# A safe fix (navigator -> document) and a finding without a fix (the name).
SAFE = 'navigator.modelContext.registerTool({ name: "a b", description: "d", execute() {} });\n'
SAFE_FIXED = SAFE.replace("navigator", "document")
# The removed unregisterTool in a cleanup: an unsafe fix that inserts a line.
CLEANUP = """\
export function mount() {
  document.modelContext.registerTool({ name: "search", description: "d", execute() {} });
  return () => {
    document.modelContext.unregisterTool("search");
  };
}
"""


def write(path: Path, text: str | bytes) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, str):
        text = text.encode("utf-8")
    path.write_bytes(text)
    return path


def test_fix_writes_safe_fixes_and_reports_what_remains(tmp_path: Path) -> None:
    tool = write(tmp_path / "tool.js", SAFE)
    before = run_cli("check", SELECT, "tool.js", cwd=tmp_path)
    assert "error [no-navigator-model-context] [*] `navigator.modelContext`" in before.stdout
    assert "error [tool-name-format] Tool name" in before.stdout  # no fix: no mark
    assert before.stdout.endswith("[*] 1 fixable with the `--fix` option.\n")

    result = run_cli("check", SELECT, "--fix", "tool.js", cwd=tmp_path)
    assert tool.read_text() == SAFE_FIXED
    assert result.returncode == 1  # the name is still wrong
    assert "no-navigator-model-context" not in result.stdout
    assert "tool.js:1:44: error [tool-name-format]" in result.stdout
    assert result.stdout.endswith(
        "Fixed 1 problem.\nFound 1 problem (1 error) in 1 file checked.\n"
    )


def test_fix_of_everything_exits_zero(tmp_path: Path) -> None:
    tool = write(tmp_path / "tool.js", SAFE.replace("a b", "a_b"))
    result = run_cli("check", SELECT, "--fix", "tool.js", cwd=tmp_path)
    assert result.returncode == 0, result.stdout
    assert tool.read_text() == SAFE_FIXED.replace("a b", "a_b")
    assert result.stdout == "Fixed 1 problem.\nNo problems found (1 file checked).\n"


def test_unsafe_fixes_are_applied_only_on_request(tmp_path: Path) -> None:
    tool = write(tmp_path / "tool.js", CLEANUP)
    shown = run_cli("check", SELECT, "tool.js", cwd=tmp_path)
    assert "error [no-removed-api] `unregisterTool()`" in shown.stdout  # no [*]
    assert shown.stdout.endswith(
        "No fixes available (1 hidden fix can be enabled with the `--unsafe-fixes` option).\n"
    )
    assert run_cli("check", SELECT, "--fix", "tool.js", cwd=tmp_path).returncode == 1
    assert tool.read_text() == CLEANUP

    offered = run_cli("check", SELECT, "--unsafe-fixes", "tool.js", cwd=tmp_path)
    assert "error [no-removed-api] [*] `unregisterTool()`" in offered.stdout
    assert offered.stdout.endswith("[*] 1 fixable with the `--fix --unsafe-fixes` options.\n")
    assert tool.read_text() == CLEANUP  # --unsafe-fixes alone writes nothing

    fixed = run_cli("check", SELECT, "--fix", "--unsafe-fixes", "tool.js", cwd=tmp_path)
    assert fixed.returncode == 0, fixed.stdout
    assert "controller.abort()" in tool.read_text()


def test_diff_prints_a_patch_writes_nothing_and_exits_1(tmp_path: Path) -> None:
    write(tmp_path / "src" / "tool.js", SAFE)
    write(tmp_path / "src" / "clean.js", SAFE_FIXED.replace("a b", "a_b"))
    write(tmp_path / "src" / "last.js", SAFE.rstrip("\n"))  # no final line break
    result = run_cli("check", SELECT, "--diff", "src", cwd=tmp_path)
    assert result.returncode == 1
    assert (tmp_path / "src" / "tool.js").read_text() == SAFE
    assert result.stdout == (
        "--- src/last.js\n+++ src/last.js\n@@ -1 +1 @@\n"
        f"-{SAFE.rstrip()}\n\\ No newline at end of file\n"
        f"+{SAFE_FIXED.rstrip()}\n\\ No newline at end of file\n"
        "--- src/tool.js\n+++ src/tool.js\n@@ -1 +1 @@\n"
        f"-{SAFE}+{SAFE_FIXED}"
    )
    assert result.stderr == "Would fix 2 problems in 2 files.\n"

    # The patch does what --fix does.
    patched = tmp_path / "patched"
    shutil.copytree(tmp_path / "src", patched / "src")
    subprocess.run(
        ["git", "apply", "-p0", "-"], input=result.stdout, text=True, cwd=patched, check=True
    )
    run_cli("check", SELECT, "--fix", "src", cwd=tmp_path)
    for name in ("tool.js", "last.js", "clean.js"):
        assert (patched / "src" / name).read_bytes() == (tmp_path / "src" / name).read_bytes()


def test_diff_without_fixes_exits_0(tmp_path: Path) -> None:
    write(tmp_path / "tool.js", SAFE.replace("navigator", "document"))  # a finding, no fix
    result = run_cli("check", SELECT, "--diff", "tool.js", cwd=tmp_path)
    assert (result.returncode, result.stdout, result.stderr) == (0, "", "No fixes available.\n")


def test_diff_includes_unsafe_fixes_on_request(tmp_path: Path) -> None:
    write(tmp_path / "tool.js", CLEANUP)
    assert run_cli("check", SELECT, "--diff", "tool.js", cwd=tmp_path).returncode == 0
    result = run_cli("check", SELECT, "--diff", "--unsafe-fixes", "tool.js", cwd=tmp_path)
    assert result.returncode == 1
    assert "+    controller.abort();" in result.stdout


def test_fix_keeps_the_byte_order_mark_crlf_line_breaks_and_the_mode(tmp_path: Path) -> None:
    text = "\ufeff" + CLEANUP.replace("\n", "\r\n")
    tool = write(tmp_path / "tool.js", text)
    tool.chmod(0o640)
    result = run_cli("check", SELECT, "--fix", "--unsafe-fixes", "tool.js", cwd=tmp_path)
    assert result.returncode == 0, result.stdout
    data = tool.read_bytes()
    assert data.startswith(b"\xef\xbb\xbf")
    assert b"AbortController" in data and b"controller.abort();" in data
    assert data.count(b"\n") == data.count(b"\r\n") == CLEANUP.count("\n") + 1
    assert tool.stat().st_mode & 0o777 == 0o640
    assert [p.name for p in tmp_path.iterdir()] == ["tool.js"]  # no temporary file left


def test_fix_through_a_symbolic_link_fixes_the_file_it_points_to(tmp_path: Path) -> None:
    real = write(tmp_path / "real" / "tool.js", SAFE)
    link = tmp_path / "tool.js"
    link.symlink_to(real)
    run_cli("check", SELECT, "--fix", "tool.js", cwd=tmp_path)
    assert link.is_symlink()
    assert real.read_text() == SAFE_FIXED


@pytest.mark.parametrize(
    ("data", "reported"),
    [
        # UTF-16: linted in its UTF-8 reading, and its finding reported, but not rewritten.
        (("\ufeff" + SAFE).encode("utf-16-le"), "[tool-name-format]"),
        (SAFE.encode("utf-8") + "// café".encode("latin-1"), "[source-unreadable]"),
    ],
    ids=["utf-16", "latin-1"],
)
def test_files_the_engine_cannot_decode_are_never_rewritten(
    tmp_path: Path, data: bytes, reported: str
) -> None:
    tool = write(tmp_path / "tool.js", data)
    result = run_cli("check", f"{SELECT},source-unreadable", "--fix", "tool.js", cwd=tmp_path)
    assert tool.read_bytes() == data
    assert reported in result.stdout
    assert "Fixed" not in result.stdout


def test_fix_of_standard_input_prints_the_fixed_text(tmp_path: Path) -> None:
    result = run_cli("check", SELECT, "--fix", "-", cwd=tmp_path, stdin=SAFE)
    assert result.stdout == SAFE_FIXED
    assert "-:1:44: error [tool-name-format]" in result.stderr
    assert "Fixed 1 problem." in result.stderr
    assert result.returncode == 1

    page = f"<script>\n{SAFE}</script>\n"
    as_html = run_cli(
        "check", SELECT, "--fix", "--stdin-filename", "page.html", "-", cwd=tmp_path, stdin=page
    )
    assert as_html.stdout == page.replace("navigator", "document")
    assert "page.html:2:44: error [tool-name-format]" in as_html.stderr


def test_fix_of_excluded_standard_input_echoes_it(tmp_path: Path) -> None:
    write(tmp_path / "webmcp-lint.toml", 'extend-exclude = ["vendor/"]\n')
    result = run_cli(
        "check",
        "--fix",
        "--force-exclude",
        "--stdin-filename",
        "vendor/tool.js",
        "-",
        cwd=tmp_path,
        stdin=SAFE,
    )
    assert (result.returncode, result.stdout) == (0, SAFE)


def test_diff_of_standard_input(tmp_path: Path) -> None:
    result = run_cli(
        "check", SELECT, "--diff", "--stdin-filename", "a.js", "-", cwd=tmp_path, stdin=SAFE
    )
    assert result.returncode == 1
    assert result.stdout == f"--- a.js\n+++ a.js\n@@ -1 +1 @@\n-{SAFE}+{SAFE_FIXED}"


# -- the loop ---------------------------------------------------------------------------


def _replacing(text: bytes, old: bytes, new: str) -> list[Diagnostic]:
    """A finding with a fix that replaces the first `old` in `text` by `new`."""
    start = text.find(old)
    if start == -1:
        return []
    fix = Fix("replace", (Edit(Span(start, start + len(old)), new),))
    return [Diagnostic("f.js", "rule", "error", "m", Location(1, 1, 1, 1), fix=fix)]


def _result(diagnostics: list[Diagnostic]) -> FileResult:
    return FileResult("f.js", diagnostics)


def test_fixes_repeat_until_nothing_is_left_to_fix() -> None:
    def lint(text: bytes) -> FileResult:
        return _result(_replacing(text, b"a", "b"))  # one fix a pass

    outcome = fixing.fix_until_stable(b"a a a", lint(b"a a a"), lint, unsafe=False)
    assert (outcome.text, outcome.fixed, outcome.notices) == (b"b b b", 3, [])
    assert outcome.result.diagnostics == []


def test_fixes_that_never_settle_stop_at_the_bound_and_say_so() -> None:
    def lint(text: bytes) -> FileResult:
        return _result(_replacing(text, b"x", "y") or _replacing(text, b"y", "x"))

    outcome = fixing.fix_until_stable(b"x", lint(b"x"), lint, unsafe=False)
    assert outcome.fixed == fixing.MAX_PASSES
    assert outcome.text == b"x"  # ten swaps
    assert outcome.result.diagnostics  # what is left is reported
    assert outcome.notices == [
        "f.js: fixes did not settle after 10 passes; the findings left are reported "
        "(please report this)"
    ]


def test_a_fix_that_breaks_the_syntax_is_undone() -> None:
    def lint(text: bytes) -> FileResult:
        found = _replacing(text, b"ok", "((")
        if b"((" in text:
            found.append(
                Diagnostic("f.js", fixing.SYNTAX_ERROR, "error", "m", Location(1, 1, 1, 1))
            )
        return _result(found)

    outcome = fixing.fix_until_stable(b"ok", lint(b"ok"), lint, unsafe=False)
    assert (outcome.text, outcome.fixed) == (b"ok", 0)
    assert outcome.notices == [
        "f.js: a fix would have broken the syntax, so it was not applied (please report this)"
    ]


def test_a_crlf_file_gets_crlf_in_replacements() -> None:
    def lint(text: bytes) -> FileResult:
        return _result(_replacing(text, b"one;", "one\ntwo;"))

    outcome = fixing.fix_until_stable(b"one;\r\n", lint(b"one;\r\n"), lint, unsafe=False)
    assert (outcome.text, outcome.fixed) == (b"one\r\ntwo;\r\n", 1)


def test_write_back_refuses_a_file_changed_meanwhile(tmp_path: Path) -> None:
    tool = write(tmp_path / "tool.js", "new")
    assert fixing.write_back(tool, b"old", b"fixed") == "the file changed while it was being fixed"
    assert tool.read_text() == "new"
    missing = fixing.write_back(tmp_path / "gone.js", b"old", b"fixed")
    assert missing == "No such file or directory"


def test_a_file_that_cannot_be_written_keeps_its_findings(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from click.testing import CliRunner

    from webmcp_lint.cli import main

    tool = write(tmp_path / "tool.js", SAFE)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(fixing, "write_back", lambda path, before, after: "No space left on device")
    result = CliRunner().invoke(main, ["check", SELECT, "--fix", "tool.js"])
    assert tool.read_text() == SAFE
    assert "webmcp-lint: tool.js: fixes not written: No space left on device" in result.stderr
    assert "[no-navigator-model-context] [*]" in result.stdout
    assert "Fixed" not in result.stdout
    assert result.exit_code == 1


def test_many_files_are_fixed_in_worker_processes(tmp_path: Path) -> None:
    count = 70  # above the engine's threshold for worker processes
    for number in range(count):
        write(tmp_path / f"t{number:02}.js", SAFE.replace("a b", f"t{number}"))
    result = run_cli("check", SELECT, "--fix", "-j", "2", ".", cwd=tmp_path)
    assert result.returncode == 0, result.stdout
    assert result.stdout.startswith(f"Fixed {count} problems.\n")
    assert all("document.modelContext" in p.read_text() for p in tmp_path.glob("*.js"))
    assert os.listdir(tmp_path).__len__() == count
