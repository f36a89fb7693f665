"""The promises of SECURITY.md, each held by a test here or named there.

webmcp-lint runs in CI on code it does not trust (pull requests from forks) and in
editors on code that may have come from anywhere: it reads that code, never runs it.
"""

from __future__ import annotations

import ast
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import REPO, command, run_cli
from webmcp_lint.cli.check import write_output
from webmcp_lint.cli.errors import ConfigurationError
from webmcp_lint.output import FORMATS

# Loaded before anything else in every Python process the command starts (PYTHONPATH):
# an attempt at a network connection is recorded and fails; `loaded` proves it ran.
NO_NETWORK = """
import os, socket

_record = os.environ["WEBMCP_LINT_TEST_NETWORK_LOG"]
with open(_record + ".loaded", "w"):
    pass


def _refuse(what):
    with open(_record, "a") as log:
        log.write(what + "\\n")
    raise OSError("network access attempted: " + what)


class _NoNetworkSocket(socket.socket):
    def __init__(self, family=-1, type=-1, proto=-1, fileno=None):
        if fileno is None and family in (-1, socket.AF_INET, socket.AF_INET6):
            _refuse(f"socket({family}, {type})")
        super().__init__(family, type, proto, fileno)

    def connect(self, address):
        _refuse(f"connect({address!r})")

    def connect_ex(self, address):
        _refuse(f"connect_ex({address!r})")


socket.socket = _NoNetworkSocket
socket.create_connection = lambda *a, **k: _refuse(f"create_connection{a!r}")
socket.getaddrinfo = lambda *a, **k: _refuse(f"getaddrinfo{a!r}")
socket.gethostbyname = lambda *a, **k: _refuse(f"gethostbyname{a!r}")
"""


def test_no_network_connection_in_any_command_or_format(tmp_path: Path) -> None:
    (tmp_path / "guard").mkdir()
    (tmp_path / "guard" / "sitecustomize.py").write_text(NO_NETWORK)
    record = tmp_path / "network.log"
    env = {
        "PYTHONPATH": str(tmp_path / "guard"),
        "WEBMCP_LINT_TEST_NETWORK_LOG": str(record),
    }
    many = tmp_path / "many"  # enough files for worker processes
    many.mkdir()
    for i in range(80):
        (many / f"t{i}.js").write_text("document.modelContext.registerTool(x);\n")
    runs = [("check", "--output-format", f, "examples") for f in FORMATS]
    runs += [
        ("check", "--output-format", "sarif", "-j", "2", "examples", str(many)),
        ("tools", "examples"),
        ("tools", "--format", "markdown", "examples"),
        ("rules", "--format", "json"),
        ("rule", "tool-name-format"),
    ]
    for args in runs:
        result = run_cli(*args, cwd=REPO, env=env)
        assert result.returncode in (0, 1), (args, result.stderr)
        assert "network access attempted" not in result.stderr, args
    assert (tmp_path / "network.log.loaded").exists(), "the guard did not run"
    assert not record.exists(), record.read_text()


def snapshot(*roots: Path) -> dict[str, str]:
    """Every file and directory under `roots`, with a digest of each file's bytes."""
    found = {}
    for root in roots:
        for path in sorted(root.rglob("*")):
            key = str(path)
            if path.is_symlink() or path.is_dir():
                found[key] = "link" if path.is_symlink() else "dir"
            else:
                found[key] = hashlib.sha256(path.read_bytes()).hexdigest()
    return found


def test_writes_nothing_but_its_output_file(tmp_path: Path) -> None:
    project = tmp_path / "project"
    shutil.copytree(REPO / "examples", project / "examples")
    subprocess.run(["git", "init", "-q", str(project)], check=True)
    home, temporary, out = tmp_path / "home", tmp_path / "tmp", tmp_path / "out"
    for directory in (home, temporary, out):
        directory.mkdir()
    env = {"HOME": str(home), "TMPDIR": str(temporary), "XDG_CACHE_HOME": str(home / ".cache")}
    before = snapshot(project, home, temporary)
    env["WEBMCP_LINT_NO_CACHE"] = "1"
    for output_format in FORMATS:
        report = out / f"report.{output_format}"
        args = ("check", "--output-format", output_format, "-o", report, ".")
        assert run_cli(*args, cwd=project, env=env).returncode == 1
        assert run_cli(*args[:3], ".", cwd=project, env=env).returncode == 1  # to stdout
    assert run_cli("tools", ".", cwd=project, env=env).returncode == 0
    assert snapshot(project, home, temporary) == before
    # With the cache (the default), written and then read; with and without line hashes.
    env["WEBMCP_LINT_NO_CACHE"] = ""
    for output_format in ("sarif", "json", "sarif"):
        report = out / f"report.{output_format}"
        args = ("check", "--output-format", output_format, "-o", report, ".")
        assert run_cli(*args, cwd=project, env=env).returncode == 1
    # The cache is one directory in the project's root, which git ignores.
    cache = project / ".webmcp-lint-cache"
    assert (cache / ".gitignore").read_text().endswith("\n*\n")
    after = snapshot(project, home, temporary)
    assert {k: v for k, v in after.items() if not k.startswith(str(cache))} == before
    assert sorted(p.name for p in out.iterdir()) == sorted(f"report.{f}" for f in FORMATS)


def test_output_file_is_replaced_atomically(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    report = tmp_path / "report.json"
    report.write_text("the previous report\n")
    report.chmod(0o640)

    def interrupted(source: str, target: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", interrupted)
    with pytest.raises(ConfigurationError) as failed:
        write_output("[]\n", report)
    assert failed.value.exit_code == 2
    assert "No space left on device" in failed.value.message
    assert report.read_text() == "the previous report\n"  # untouched until the rename
    assert [p.name for p in tmp_path.iterdir()] == ["report.json"]  # no temporary left

    monkeypatch.undo()
    write_output("[]\n", report)
    assert report.read_text() == "[]\n"
    assert report.stat().st_mode & 0o777 == 0o640  # its mode is kept


def test_output_file_through_a_link_and_to_a_stream(tmp_path: Path) -> None:
    (tmp_path / "reports").mkdir()
    os.symlink("reports/latest.json", tmp_path / "latest.json")
    (tmp_path / "t.js").write_text(
        'document.modelContext.registerTool({ name: "bad name", description: "d", '
        "execute() {} });\n"
    )
    run_cli("check", "--select", "tool-name-format", "--output-format", "json",
            "-o", "latest.json", "t.js", cwd=tmp_path)  # fmt: skip
    assert (tmp_path / "latest.json").is_symlink()  # the link is kept, its file written
    written = json.loads((tmp_path / "reports" / "latest.json").read_text())
    assert [(f["path"], f["rule"]) for f in written] == [("t.js", "tool-name-format")]
    streamed = run_cli(
        "check", "--select", "tool-name-format", "--output-format", "json",
        "-o", "/dev/stdout", "t.js", cwd=tmp_path,
    )  # fmt: skip
    assert json.loads(streamed.stdout) == written


# Python modules and commands a hostile project could plant, each leaving a marker if
# it ever ran.
PLANTED = {
    "click.py": "open({marker!r}, 'w').write('click.py')\n",
    "pathspec.py": "open({marker!r}, 'w').write('pathspec.py')\n",
    "tree_sitter.py": "open({marker!r}, 'w').write('tree_sitter.py')\n",
    "sitecustomize.py": "open({marker!r}, 'w').write('sitecustomize.py')\n",
    "webmcp_lint_plugin.py": "open({marker!r}, 'w').write('plugin')\n",
    "package.json": '{{"scripts": {{"postinstall": "touch {marker}", "lint": "touch {marker}"}}}}',
    "tsconfig.json": '{{"extends": "./evil.js", "compilerOptions": {{"plugins": [{{"name": "./evil.js"}}]}}}}',
    "evil.js": "require('fs').writeFileSync({marker!r}, 'evil.js');\n",
    "tools.ts": (
        "import './evil.js';\n"
        "document.modelContext.registerTool({{ name: 'x', description: 'd', "
        "execute: () => require('child_process').execSync('touch {marker}') }});\n"
    ),
    ".webmcp-lint.toml": (
        'extend-exclude = ["$(touch {marker})", "`touch {marker}`"]\n'
        '[per-file-ignores]\n"; touch {marker}" = ["api"]\n'
    ),
}


@pytest.mark.parametrize("how", ["command", "python -m"])
def test_never_imports_or_runs_project_code(tmp_path: Path, how: str) -> None:
    marker = tmp_path / "ran"
    project = tmp_path / "project"
    project.mkdir()
    for name, text in PLANTED.items():
        (project / name).write_text(text.format(marker=str(marker)))
    runner = command() if how == "command" else [sys.executable, "-m", "webmcp_lint"]
    env = {**os.environ, "NO_COLOR": "1"}
    for args in (
        ["check", "."],
        ["check", "--output-format", "sarif", "."],
        ["tools", "."],
        ["check", "--show-settings", "."],
    ):
        result = subprocess.run(
            [*runner, *args], cwd=project, capture_output=True, text=True, env=env, timeout=120
        )
        assert result.returncode in (0, 1), (args, result.stderr)
        assert not marker.exists(), (args, marker.read_text())


# What the package may never do itself: start processes, open connections, evaluate
# code. (That it never imports the linted project's code is tested by running it.)
FORBIDDEN_MODULES = {
    "subprocess",
    "socket",
    "ssl",
    "urllib.request",
    "http.client",
    "http.server",
    "ftplib",
    "smtplib",
    "requests",
    "ctypes",
    "runpy",
    "pty",
    "pickle",
    "marshal",
    "shelve",
    "webbrowser",
}
FORBIDDEN_CALLS = {
    "eval",
    "exec",
    "__import__",
    "os.system",
    "os.popen",
    "os.execv",
    "os.execvp",
    "os.execve",
    "os.spawnv",
    "os.startfile",
    "os.fork",
}


def _called(node: ast.Call) -> str:
    function = node.func
    if isinstance(function, ast.Name):
        return function.id
    if isinstance(function, ast.Attribute) and isinstance(function.value, ast.Name):
        return f"{function.value.id}.{function.attr}"
    return ""


# `webmcp-lint verify` serves a directory to Chromium on the loopback address: the one
# use of http.server, in verify/browser.py (see test_only_verify_starts_a_browser_or_a_server).
BROWSER_FILE = REPO / "webmcp_lint" / "verify" / "browser.py"
# The two uses of ctypes, and nothing else of it: dropping the references py-tree-sitter
# 0.26.1 leaks (one per chunk a read callback returns) in syntax/__init__.py, and glibc's
# `mallopt` from the process's own C library (`CDLL(None)`) in run/pool.py.
CTYPES_USES = {
    REPO / "webmcp_lint" / "syntax" / "__init__.py": {
        "ctypes.pythonapi.Py_DecRef",
        "ctypes.py_object",
    },
    REPO / "webmcp_lint" / "run" / "pool.py": {"ctypes.CDLL"},
}


def _dotted(node: ast.expr) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return f"{_dotted(node.value)}.{node.attr}"
    return ""


def test_the_package_never_runs_commands_or_opens_connections() -> None:
    problems = []
    for path in sorted((REPO / "webmcp_lint").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
                if node.module == "ctypes":
                    names.append("ctypes.from")  # `from ctypes import ...` is never allowed
            for name in names:
                allowed = (name == "ctypes" and path in CTYPES_USES) or (
                    name == "http.server" and path == BROWSER_FILE
                )
                if not allowed and any(
                    name == m or name.startswith(m + ".") for m in FORBIDDEN_MODULES
                ):
                    problems.append(f"{path.name}:{node.lineno}: imports {name}")
            if isinstance(node, ast.Call) and _called(node) in FORBIDDEN_CALLS:
                problems.append(f"{path.name}:{node.lineno}: calls {_called(node)}")
            if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load):
                dotted = _dotted(node)
                if dotted.startswith("ctypes.") and not any(
                    use == dotted or use.startswith(dotted + ".")
                    for use in CTYPES_USES.get(path, ())
                ):
                    problems.append(f"{path.name}:{node.lineno}: uses {dotted}")
            if isinstance(node, ast.Name) and node.id == "ctypes" and path not in CTYPES_USES:
                problems.append(f"{path.name}:{node.lineno}: uses ctypes")
    assert problems == []


def test_only_verify_starts_a_browser_or_a_server() -> None:
    """Playwright and the static server are in verify/browser.py alone; only verify/live.py and the
    `verify` command import it (the command inside its function), so `check`, `tools`,
    the language server and the action's lint never start a browser or listen."""
    importers = []
    for path in sorted((REPO / "webmcp_lint").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        top_level = {id(node) for node in tree.body}
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module, *(f"{node.module}.{a.name}" for a in node.names)]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            else:
                continue
            if any(n.split(".")[0] == "playwright" for n in names):
                assert path == BROWSER_FILE, f"{path} imports Playwright"
                assert id(node) not in top_level, "Playwright is imported when a browser starts"
            if "webmcp_lint.verify.browser" in names:
                importers.append(
                    (path.relative_to(REPO / "webmcp_lint").as_posix(), id(node) in top_level)
                )
    assert sorted(importers) == [("cli/verify.py", False), ("verify/live.py", True)]


def test_security_md_names_tests_that_exist() -> None:
    text = (REPO / "SECURITY.md").read_text(encoding="utf-8")
    named = re.findall(r"`(tests/[\w/]+\.py)::(test_\w+)`", text)
    assert len(named) >= 20
    for module, test in named:
        source = (REPO / module).read_text(encoding="utf-8")
        assert f"def {test}(" in source, f"SECURITY.md names {module}::{test}, which is gone"


def test_hostile_inputs_md_names_tests_that_exist() -> None:
    # tests/hostile_inputs.md writes `test_x.py::test_a`, then `::test_b` for the same file.
    text = (REPO / "tests" / "hostile_inputs.md").read_text(encoding="utf-8")
    found = 0
    for row in text.splitlines():
        module = None
        for match in re.finditer(r"`((?:rules/)?test_\w+\.py)?(?:::(test_\w+))?`", row):
            if match.group(1):
                module = REPO / "tests" / match.group(1)
                assert module.exists(), f"hostile_inputs.md names {match.group(1)}, which is gone"
            if match.group(2):
                assert module is not None, row
                found += 1
                source = module.read_text(encoding="utf-8")
                assert f"def {match.group(2)}(" in source, (
                    f"{module.name}::{match.group(2)} is gone"
                )
    assert found >= 40
