"""Files that break naive linters: each yields a clear finding or none, never a traceback."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
from pathlib import Path

import pytest

from tests.helpers import CORE_SELECT, command, lint, require, run_cli

# A hang or a blow-up fails the test, generously above what a loaded 2-CPU machine needs
# (the five-megabyte cases take about 10 s there), never a timing assertion.
pytestmark = pytest.mark.timeout(60)

BAD = 'document.modelContext.registerTool({ name: "bad name", description: "d", execute() {} });'
USES_TYPES_API = 'if ("modelContext" in document) document.modelContext.registerTool(tool);\n'


def lint_dir(root: Path, *paths: str) -> tuple[int, list[dict[str, object]], str]:
    result = run_cli("check", "--output-format", "json", "--select", CORE_SELECT, *paths, cwd=root)
    assert "Traceback" not in result.stderr, result.stderr
    return result.returncode, json.loads(result.stdout), result.stderr


def test_binary_file_with_webmcp_words(tmp_path: Path) -> None:
    (tmp_path / "blob.js").write_bytes(b"\x00\x01modelContext\xff\xfe" * 100)
    _, [finding], _ = lint_dir(tmp_path)
    assert finding["rule"] == "source-unreadable"
    assert "Binary file" in str(finding["message"])
    assert (finding["line"], finding["column"]) == (1, 1)


def test_binary_file_without_webmcp_words_is_skipped(tmp_path: Path) -> None:
    (tmp_path / "image.js").write_bytes(bytes(range(256)) * 50)
    assert lint_dir(tmp_path) == (0, [], "")


def test_invalid_utf8(tmp_path: Path) -> None:
    (tmp_path / "latin1.js").write_bytes(("// café\n" + BAD).encode("latin-1"))
    code, [finding], _ = lint_dir(tmp_path)
    assert code == 1
    assert finding["rule"] == "source-unreadable"
    assert "Not valid UTF-8 (byte 0xe9 on line 1)" in str(finding["message"])


def test_bom_and_crlf_keep_positions_right(tmp_path: Path) -> None:
    text = (
        "\ufeff// tools\r\nconst é = 1;\r\n" + BAD.replace('name: "bad', 'name: "ünï bad') + "\r\n"
    )
    (tmp_path / "crlf.js").write_bytes(text.encode("utf-8"))
    _, [finding], _ = lint_dir(tmp_path)
    assert finding["rule"] == "tool-name-format"
    assert (finding["line"], finding["column"], finding["end_line"], finding["end_column"]) == (
        3,
        44,
        3,
        58,
    )


def test_five_megabyte_minified_line(tmp_path: Path) -> None:
    filler = "var a" + "=1,a".join(str(i) for i in range(520_000)) + "=1;"
    assert len(filler) > 5_000_000
    (tmp_path / "bundle.min.js").write_text(filler + BAD)
    _, [finding], _ = lint_dir(tmp_path)
    assert finding["rule"] == "tool-name-format"
    assert finding["line"] == 1
    assert finding["column"] == len(filler) + 44


@pytest.mark.parametrize("opener", ["[", "{a:", "(", "f("])
def test_twenty_thousand_deep_nesting(tmp_path: Path, opener: str) -> None:
    closer = {"[": "]", "{a:": "}", "(": ")", "f(": ")"}[opener]
    deep = opener * 20_000 + "1" + closer * 20_000
    (tmp_path / "deep.js").write_text(f"const x = {deep};\n{BAD}\n")
    _, found, _ = lint_dir(tmp_path)
    assert [f["rule"] for f in found] == ["tool-name-format"]
    assert found[0]["line"] == 2


def test_deeply_nested_tool_object(tmp_path: Path) -> None:
    deep = "{ a: " * 20_000 + "1" + " }" * 20_000
    (tmp_path / "deep.js").write_text(
        f'document.modelContext.registerTool({{ name: "bad name", description: "d", inputSchema: {deep}, execute() {{}} }});\n'
    )
    _, found, _ = lint_dir(tmp_path)
    assert "tool-name-format" in [f["rule"] for f in found]


def test_empty_file(tmp_path: Path) -> None:
    (tmp_path / "empty.js").write_text("")
    (tmp_path / "empty.html").write_text("")
    assert lint_dir(tmp_path) == (0, [], "")


def test_unterminated_template_literal(tmp_path: Path) -> None:
    (tmp_path / "broken.js").write_text(
        f"{BAD}\nconst s = `document.modelContext is unterminated ${{\n"
    )
    _, found, _ = lint_dir(tmp_path)
    assert [(f["rule"], f["line"]) for f in found] == [
        ("tool-name-format", 1),
        ("source-syntax-error", 2),
    ]


def test_directory_named_like_a_script(tmp_path: Path) -> None:
    (tmp_path / "x.js").mkdir()
    (tmp_path / "x.js" / "inner.ts").write_text(BAD)
    _, found, _ = lint_dir(tmp_path, "x.js")
    assert [(f["rule"], f["path"]) for f in found] == [("tool-name-format", "x.js/inner.ts")]


def test_broken_symlink_is_reported_and_the_run_goes_on(tmp_path: Path) -> None:
    os.symlink(tmp_path / "nowhere.js", tmp_path / "dangling.js")
    (tmp_path / "real.js").write_text(BAD)
    _, found, _ = lint_dir(tmp_path)
    assert [(f["path"], f["rule"]) for f in found] == [
        ("dangling.js", "source-unreadable"),
        ("real.js", "tool-name-format"),
    ]


def test_a_directory_full_of_hostile_files_in_parallel(tmp_path: Path) -> None:
    for i in range(80):  # enough files to use worker processes
        (tmp_path / f"f{i:02}.js").write_text(BAD if i % 2 else "\x00modelContext")
    _, found, _ = lint_dir(tmp_path)
    assert len(found) == 80
    assert {f["rule"] for f in found} == {"tool-name-format", "source-unreadable"}
    assert [f["path"] for f in found] == sorted(f["path"] for f in found)


# -- files that are not regular files, and files that never end ---------------------------


def test_a_fifo_in_the_tree_is_reported_without_being_opened(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe.js")
    (tmp_path / "real.js").write_text(BAD)
    _, found, _ = lint_dir(tmp_path)
    assert [(f["path"], f["rule"]) for f in found] == [
        ("pipe.js", "source-unreadable"),
        ("real.js", "tool-name-format"),
    ]
    assert "Not a regular file (a FIFO)" in str(found[0]["message"])


def test_a_fifo_named_on_the_command_line(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe.ts")
    _, [finding], _ = lint_dir(tmp_path, "pipe.ts")
    assert finding["rule"] == "source-unreadable"
    assert "FIFO" in str(finding["message"])


def test_a_socket_and_a_device_are_not_read(tmp_path: Path) -> None:
    listener = socket.socket(socket.AF_UNIX)
    try:
        listener.bind(str(tmp_path / "server.js"))
        os.symlink("/dev/zero", tmp_path / "zero.js")
        os.symlink("/dev/null", tmp_path / "null.mjs")
        _, found, stderr = lint_dir(tmp_path)
        # named on the command line, the links are followed, but the devices not read
        _, named, _ = lint_dir(tmp_path, "server.js", "zero.js", "null.mjs")
    finally:
        listener.close()
    assert [f["path"] for f in found] == ["server.js"]
    assert "(a socket)" in str(found[0]["message"])
    assert "zero.js: not followed" in stderr  # it leads out of the tree
    messages = {f["path"]: str(f["message"]) for f in named}
    assert set(messages) == {"server.js", "zero.js", "null.mjs"}
    assert "(a character device)" in messages["zero.js"]


def test_a_file_that_says_it_is_empty_is_still_read_only_up_to_the_limit(tmp_path: Path) -> None:
    # /proc files report a size of 0 and a symbolic link to one is a regular file: the
    # read must stop at the limit whatever st_size says.
    # cpuinfo, not a per-process file: those list the mapped paths, and a virtualenv named
    # after the project (CI's is) puts a WebMCP word in them.
    source = Path("/proc/cpuinfo")
    if not source.exists():
        pytest.skip("needs /proc")
    os.symlink(source, tmp_path / "cpuinfo.js")
    code, found, _ = lint_dir(tmp_path, "--max-file-size", "1KB", "cpuinfo.js")
    # cpuinfo holds no WebMCP word: over the limit, it is skipped like any other such file.
    assert (code, found) == (0, [])


@pytest.mark.parametrize("said", [0, 10, 99, 100, 101, 5000])
def test_a_file_is_read_whole_whatever_size_it_says(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, said: int
) -> None:
    """The reading stops at the size `fstat` gave only when that many bytes came: a file
    that grew or shrank since (or says 0, as /proc's do) is read to its end."""
    from webmcp_lint.workspace import reading

    path = tmp_path / "a.js"
    path.write_bytes(bytes(range(100)))
    real_fstat = os.fstat

    def saying(descriptor: int) -> os.stat_result:
        info = list(real_fstat(descriptor))
        info[6] = said  # st_size
        return os.stat_result(info)

    monkeypatch.setattr(reading.os, "fstat", saying)
    if said > 200:
        with pytest.raises(reading.TooLargeError):
            reading.read_regular_file(path, 200)
        return
    assert reading.read_regular_file(path, 200) == bytes(range(100))
    with pytest.raises(reading.TooLargeError):
        reading.read_regular_file(path, 50)


# -- --max-file-size ---------------------------------------------------------------------


def test_a_file_over_the_size_limit_is_a_finding_naming_the_limit(tmp_path: Path) -> None:
    (tmp_path / "big.js").write_text(BAD + "// padding\n" * 200)
    (tmp_path / "small.js").write_text(BAD)
    code, found, _ = lint_dir(tmp_path, "--max-file-size", "1KB")
    assert code == 1
    assert [(f["path"], f["rule"]) for f in found] == [
        ("big.js", "source-too-large"),
        ("small.js", "tool-name-format"),
    ]
    assert (found[0]["line"], found[0]["column"]) == (1, 1)
    assert "1 KB" in str(found[0]["message"])
    assert "--max-file-size" in str(found[0]["message"])


def test_a_large_file_without_webmcp_words_stays_silent(tmp_path: Path) -> None:
    (tmp_path / "vendor.js").write_text("var a = 1;\n" * 500)
    assert lint_dir(tmp_path, "--max-file-size", "1KB")[:2] == (0, [])


def test_webmcp_words_far_past_the_limit_still_count(tmp_path: Path) -> None:
    (tmp_path / "bundle.js").write_text("var a = 1;\n" * 300_000 + BAD)
    _, [finding], _ = lint_dir(tmp_path, "--max-file-size", "1MB")
    assert finding["rule"] == "source-too-large"


def test_max_file_size_from_the_configuration(tmp_path: Path) -> None:
    (tmp_path / "webmcp-lint.toml").write_text('max-file-size = "2KB"\n')
    (tmp_path / "big.js").write_text(BAD + " " * 3000)
    _, [finding], _ = lint_dir(tmp_path)
    assert finding["rule"] == "source-too-large"
    assert "2 KB" in str(finding["message"])
    # the command line wins over the file
    assert lint_dir(tmp_path, "--max-file-size", "10KB")[1][0]["rule"] == "tool-name-format"


def test_standard_input_over_the_limit(tmp_path: Path) -> None:
    result = run_cli(
        "check",
        "--output-format",
        "json",
        "--max-file-size",
        "100",
        "--stdin-filename",
        "x.js",
        "-",
        cwd=tmp_path,
        stdin=BAD + " " * 200,
    )
    [finding] = json.loads(result.stdout)
    assert finding["rule"] == "source-too-large"
    assert "100 bytes" in finding["message"]


@pytest.mark.parametrize("value", ["0", "-5", "ten", "2TB", "5GB"])
def test_a_bad_max_file_size_is_a_usage_error(tmp_path: Path, value: str) -> None:
    result = run_cli("check", "--max-file-size", value, cwd=tmp_path)
    assert result.returncode == 2
    assert "--max-file-size" in result.stderr
    assert "Traceback" not in result.stderr


# -- symbolic links and directories that cannot be read ----------------------------------


def test_a_file_symlink_out_of_the_tree_is_not_followed(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.js").write_text(BAD)
    tree = tmp_path / "tree"
    tree.mkdir()
    os.symlink(outside / "secret.js", tree / "link.js")
    (tree / "own.js").write_text(BAD)
    _, found, stderr = lint_dir(tree)
    assert [f["path"] for f in found] == ["own.js"]
    assert "link.js: not followed: a symbolic link to a path outside ." in stderr
    sarif = run_cli("check", "--output-format", "sarif", "--select", CORE_SELECT, cwd=tree)
    assert "file://" + str(outside) not in sarif.stdout
    assert "secret.js" not in sarif.stdout
    assert "link.js: not followed" in sarif.stdout  # as a notification


def test_a_directory_symlink_out_of_the_tree_is_not_followed(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.js").write_text(BAD)
    tree = tmp_path / "tree"
    (tree / "src").mkdir(parents=True)
    os.symlink(outside, tree / "src" / "shared")
    os.symlink(tree / "src", tree / "again")  # inside the tree: walked once, at src/
    (tree / "src" / "own.js").write_text(BAD)
    _, found, stderr = lint_dir(tree, "src", "again")
    assert [f["path"] for f in found] == ["src/own.js"]
    assert "src/shared: not followed: a symbolic link to a path outside src" in stderr


def test_a_file_symlink_inside_the_tree_is_linted_once(tmp_path: Path) -> None:
    (tmp_path / "real.js").write_text(BAD)
    os.symlink("real.js", tmp_path / "alias.js")
    _, found, _ = lint_dir(tmp_path)
    assert [f["path"] for f in found] == ["alias.js"]


def test_a_symlink_named_on_the_command_line_is_followed_and_shown_by_its_name(
    tmp_path: Path,
) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "tool.js").write_text(BAD)
    tree = tmp_path / "tree"
    tree.mkdir()
    subprocess.run(["git", "init", "-q", str(tree)], check=True)
    os.symlink(outside / "tool.js", tree / "named.js")
    _, [finding], _ = lint_dir(tree, "named.js")
    assert finding["path"] == "named.js"
    sarif = run_cli("check", "--output-format", "sarif", "named.js", cwd=tree).stdout
    [result] = [
        r for r in json.loads(sarif)["runs"][0]["results"] if r["ruleId"] == "tool-name-format"
    ]
    assert result["locations"][0]["physicalLocation"]["artifactLocation"] == {
        "uri": "named.js",
        "uriBaseId": "%SRCROOT%",
    }


@pytest.mark.parametrize("where", ["tree", "command line"])
def test_a_symlink_loop(tmp_path: Path, where: str) -> None:
    os.symlink("b.js", tmp_path / "a.js")
    os.symlink("a.js", tmp_path / "b.js")
    args = ("a.js",) if where == "command line" else ()
    code, found, _ = lint_dir(tmp_path, *args)
    assert code == 1
    assert {f["rule"] for f in found} == {"source-unreadable"}
    assert "Too many levels of symbolic links" in str(found[0]["message"])


def test_a_symlink_loop_named_by_an_absolute_path(tmp_path: Path) -> None:
    os.symlink("loop.js", tmp_path / "loop.js")
    elsewhere = tmp_path / "cwd"
    elsewhere.mkdir()
    _, [finding], _ = lint_dir(elsewhere, str(tmp_path / "loop.js"))
    assert finding["rule"] == "source-unreadable"


def without_file_permission_override() -> list[str]:
    """A command prefix under which file permissions apply: root bypasses them through
    CAP_DAC_OVERRIDE and CAP_DAC_READ_SEARCH, so as root drop both (setpriv)."""
    if os.geteuid() != 0:
        return []
    setpriv = shutil.which("setpriv")
    require(setpriv is not None, "setpriv", "apt-get install util-linux")
    return [str(setpriv), "--bounding-set=-dac_override,-dac_read_search", "--"]


def run_without_override(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "NO_COLOR": "1"}
    return subprocess.run(
        [*without_file_permission_override(), *command(), *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )


def test_an_unreadable_directory_is_a_finding(tmp_path: Path) -> None:
    locked = tmp_path / "locked"
    locked.mkdir()
    (locked / "tool.js").write_text(BAD)
    (tmp_path / "open.js").write_text(BAD)
    locked.chmod(0)
    try:
        result = run_without_override(
            "check", "--output-format", "json", "--select", CORE_SELECT, cwd=tmp_path
        )
    finally:
        locked.chmod(0o755)
    assert "Traceback" not in result.stderr
    found = json.loads(result.stdout)
    assert [(f["path"], f["rule"]) for f in found] == [
        ("locked", "source-unreadable"),
        ("open.js", "tool-name-format"),
    ]
    assert "Permission denied" in found[0]["message"]
    assert "not checked" in found[0]["message"]


def test_an_unreadable_file_named_on_the_command_line(tmp_path: Path) -> None:
    (tmp_path / "secret.js").write_text(BAD)
    (tmp_path / "secret.js").chmod(0)
    result = run_without_override("check", "--output-format", "json", "secret.js", cwd=tmp_path)
    assert result.returncode == 1, result.stderr
    [finding] = json.loads(result.stdout)
    assert (finding["rule"], finding["path"]) == ("source-unreadable", "secret.js")
    assert "Permission denied" in finding["message"]


def test_a_file_in_an_unreadable_directory_named_on_the_command_line(tmp_path: Path) -> None:
    locked = tmp_path / "locked"
    locked.mkdir()
    (locked / "tool.js").write_text(BAD)
    locked.chmod(0)
    try:
        result = run_without_override(
            "check", "--output-format", "json", "locked/tool.js", cwd=tmp_path
        )
    finally:
        locked.chmod(0o755)
    assert "Traceback" not in result.stderr
    [finding] = json.loads(result.stdout)
    assert finding["rule"] == "source-unreadable"


def test_a_directory_as_stdin_filename_is_a_usage_error(tmp_path: Path) -> None:
    (tmp_path / "src.js").mkdir()
    result = run_cli("check", "--stdin-filename", "src.js", "-", cwd=tmp_path, stdin=BAD)
    assert result.returncode == 2
    assert "'--stdin-filename': src.js is a directory" in result.stderr


# -- encodings ---------------------------------------------------------------------------


@pytest.mark.parametrize("codec", ["utf-16-le", "utf-16-be", "utf-32-le", "utf-32-be"])
def test_utf16_and_utf32_with_a_byte_order_mark_are_linted(tmp_path: Path, codec: str) -> None:
    text = "\ufeff// 🔎 tools\r\nconst é = 1;\n" + BAD.replace('name: "bad', 'name: "ünï bad')
    (tmp_path / "wide.js").write_bytes(text.encode(codec))
    _, [finding], _ = lint_dir(tmp_path)
    assert finding["rule"] == "tool-name-format"
    assert (finding["line"], finding["column"], finding["end_line"], finding["end_column"]) == (
        3,
        44,
        3,
        58,
    )
    sarif = run_cli("check", "--output-format", "sarif", "--select", CORE_SELECT, cwd=tmp_path)
    [result] = json.loads(sarif.stdout)["runs"][0]["results"]
    assert result["partialFingerprints"]["primaryLocationLineHash"]


def test_invalid_utf16_is_a_finding(tmp_path: Path) -> None:
    lone_surrogate = b"\x00\xd8"  # a high surrogate with no low one after it
    (tmp_path / "broken.js").write_bytes(
        b"\xff\xfe" + "// modelContext\n".encode("utf-16-le") + lone_surrogate + b"a\x00"
    )
    _, [finding], _ = lint_dir(tmp_path)
    assert finding["rule"] == "source-unreadable"
    assert "Not valid UTF-16" in str(finding["message"])


def test_invalid_utf16_without_webmcp_words_is_skipped(tmp_path: Path) -> None:
    (tmp_path / "other.js").write_bytes(b"\xff\xfe" + "var a;\n".encode("utf-16-le") + b"\x00\xd8")
    assert lint_dir(tmp_path)[:2] == (0, [])


# -- line ends ---------------------------------------------------------------------------


@pytest.mark.parametrize("newline", ["\r", "\r\n", "\n"])
def test_lines_end_at_lf_crlf_and_a_lone_cr(tmp_path: Path, newline: str) -> None:
    text = newline.join(["// 🔎 tools", "const é = 1;", BAD, ""])
    (tmp_path / "lines.js").write_bytes(text.encode())
    _, [finding], _ = lint_dir(tmp_path)
    assert (finding["line"], finding["column"], finding["end_line"]) == (3, 44, 3)
    frame = run_cli("check", "--select", CORE_SELECT, cwd=tmp_path).stdout
    assert f"3 | {BAD}\n" in frame  # the code frame shows that line alone
    assert "\r" not in frame


def test_a_span_that_ends_inside_a_crlf_ends_at_its_line(tmp_path: Path) -> None:
    # tree-sitter's error node for `/import ...` takes the `\r` of the CRLF with it: the
    # finding still ends on its line, where an editor can put the cursor.
    text = '/import { useWebMCP } from "use-webmcp-tool";\r\nuseWebMCP({ name: "a" });\r\n'
    (tmp_path / "broken.tsx").write_bytes(text.encode())
    _, found, _ = lint_dir(tmp_path)
    (error,) = [f for f in found if f["rule"] == "source-syntax-error"]
    assert (error["line"], error["end_line"], error["end_column"]) == (1, 1, 46)


def test_a_suppression_on_the_line_before_a_lone_cr(tmp_path: Path) -> None:
    text = "const a = 1;\r// webmcp-lint-disable-next-line tool-name-format\r" + BAD + "\r"
    (tmp_path / "cr.js").write_bytes(text.encode())
    assert lint_dir(tmp_path)[:2] == (0, [])


def test_line_and_paragraph_separators_do_not_end_lines(tmp_path: Path) -> None:
    # As in LSP (which counts only \n, \r\n and \r) and GitHub's fingerprints: an editor
    # given these positions finds the code they point at.
    (tmp_path / "sep.js").write_text("// a\u2028b\u2029" + BAD + "\n")
    _, [finding], _ = lint_dir(tmp_path)
    assert (finding["line"], finding["column"]) == (1, 7 + 44)


# -- project files (tsconfig.json) -------------------------------------------------------


def test_tsconfig_extends_and_references_never_leave_the_repository(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from webmcp_lint.workspace import reading

    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "base.json").write_text('{"compilerOptions": {"types": ["webmcp-types"]}}')
    (outside / "evil.ts").write_text('/// <reference types="webmcp-types" />\n')
    (tmp_path / "node_modules" / "shared-config").mkdir(parents=True)
    (tmp_path / "node_modules" / "shared-config" / "tsconfig.json").write_text("{}")
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    (repo / "src").mkdir()
    (repo / "tsconfig.json").write_text(
        json.dumps(
            {
                "extends": ["../outside/base.json", str(outside / "base.json"), "shared-config"],
                "references": [{"path": "../outside"}, {"path": str(outside / "base.json")}],
            }
        )
    )
    os.symlink(outside / "base.json", repo / "tsconfig.link.json")
    os.symlink(outside / "evil.ts", repo / "src" / "linked.ts")
    os.mkfifo(repo / "tsconfig.fifo.json")
    opened: list[str] = []
    real_open = reading._open_descriptor  # every read opens a file through it

    def recording_open(path: str | Path, regular: bool) -> tuple[int, int]:
        opened.append(os.path.realpath(path))
        return real_open(path, regular)

    monkeypatch.setattr(reading, "_open_descriptor", recording_open)
    found = lint(USES_TYPES_API, "src/tools.ts", {"select": ["tsconfig-webmcp-types"]}, root=repo)
    assert found == []  # what lies outside is unknowable: no finding either way
    assert opened, "the project's own tsconfig.json is read"
    assert all(path.startswith(str(repo) + os.sep) for path in opened), opened
