"""The editor set-ups of `docs/editors.md`, taken from the page and run in the real editors.

Each test skips when its editor is not installed (Vim with ALE, Neovim, Emacs), and
fails instead in CI, whose `.ci/run` installs them; the VS Code problem matcher is a
regular expression and always runs.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from tests.helpers import REPO, require, run_cli

EDITORS = (REPO / "docs" / "editors.md").read_text(encoding="utf-8")
CODE = """\
document.modelContext.registerTool({
  name: /* 🔎 */ "search products",
  description: "Finds products in the catalog.",
  annotations: { readonlyHint: true },
  execute: async () => ({ results: [] }),
});
"""
# tool-name-format on line 2 (code points 17-33, bytes 19-35), annotation-unknown on line 4.
# Other rules may report more; these two are the ones checked.
EXPECTED = [(2, "error", "tool-name-format"), (4, "warning", "annotation-unknown")]
CHECKED = {"tool-name-format", "annotation-unknown"}


# Editors run `webmcp-lint` from PATH, as users' editors do: the one installed beside the
# Python running the tests comes first, whether or not its virtualenv is activated.
EDITOR_ENV = {
    **os.environ,
    "PATH": os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")]),
}


def docs_block(heading: str, language: str) -> str:
    """The first ```language block after the heading of docs/editors.md that starts with
    `heading`."""
    start = EDITORS.index(f"\n{heading}")
    match = re.compile(rf"^```{language}\n(.*?)^```$", re.M | re.S).search(EDITORS, start)
    assert match, f"no {language} block after {heading!r}"
    return match.group(1)


def concise(folder: Path) -> str:
    (folder / "tools.js").write_text(CODE, encoding="utf-8")
    result = run_cli(
        "check",
        "--force-exclude",
        "--output-format",
        "concise",
        "--stdin-filename",
        str(folder / "tools.js"),
        "-",
        cwd=folder,
        stdin=CODE,
    )
    assert result.returncode == 1, result.stderr
    return result.stdout


def test_vscode_problem_matcher_reads_concise_output(tmp_path: Path) -> None:
    tasks = json.loads(docs_block("## VS Code", "json"))
    (task,) = tasks["tasks"]
    matcher = task["problemMatcher"]
    pattern = matcher["pattern"]
    regexp = re.compile(pattern["regexp"])  # JavaScript syntax, the same in Python here
    found = []
    for line in concise(tmp_path).splitlines():
        match = regexp.match(line)
        assert match, line
        found.append(
            (int(match[pattern["line"]]), match[pattern["severity"]], match[pattern["code"]])
        )
        assert match[pattern["file"]].endswith("tools.js")
        assert match[pattern["message"]]
    assert [f for f in found if f[2] in CHECKED] == EXPECTED
    assert "--output-format concise" in task["command"]


def _ale_directory() -> Path | None:
    for candidate in (Path("/usr/share/vim-ale"), Path.home() / ".vim/pack/git-plugins/start/ale"):
        if (candidate / "autoload" / "ale" / "linter.vim").is_file():
            return candidate
    return None


def test_vim_ale_linter_parses_concise_output(tmp_path: Path) -> None:
    available = shutil.which("vim") is not None and _ale_directory() is not None
    require(available, "Vim with ALE", "apt-get install vim vim-ale")
    (tmp_path / "webmcp-lint.vim").write_text(docs_block("## Vim", "vim"))
    (tmp_path / "concise.txt").write_text(concise(tmp_path))
    script = tmp_path / "test.vim"
    script.write_text(
        f"""set nocompatible
set rtp^={_ale_directory()}
runtime plugin/ale.vim
source {tmp_path / "webmcp-lint.vim"}
let s:found = WebmcpLintHandle(0, readfile('{tmp_path / "concise.txt"}'))
let s:linter = filter(ale#linter#Get('typescript'), 'v:val.name is# "webmcp_lint"')[0]
call writefile([json_encode({{'found': s:found, 'command': s:linter.command}})], '{tmp_path / "out.json"}')
qa!
"""
    )
    subprocess.run(
        ["vim", "-Nu", "NONE", "-i", "NONE", "-es", "-S", str(script)],
        env=EDITOR_ENV,
        timeout=60,
        check=False,
    )
    out = json.loads((tmp_path / "out.json").read_text())
    checked = [f for f in out["found"] if f["code"] in CHECKED]
    found = [(f["lnum"], f["type"], f["code"]) for f in checked]
    assert found == [(2, "E", "tool-name-format"), (4, "W", "annotation-unknown")]
    assert checked[0]["col"] == 17  # code points; ALE would want bytes (documented)
    assert out["command"].endswith("--stdin-filename %s -")


def test_neovim_nvim_lint_linter_runs_and_parses(tmp_path: Path) -> None:
    require(shutil.which("nvim") is not None, "Neovim", "apt-get install neovim")
    (tmp_path / "lint.lua").write_text(docs_block("## Neovim", "lua"))
    (tmp_path / "tools.js").write_text(CODE, encoding="utf-8")
    # nvim-lint's part: run cmd with args on the buffer's text, hand stdout to the parser.
    driver = tmp_path / "driver.lua"
    driver.write_text(
        f"""
package.loaded["lint"] = {{ linters = {{}}, linters_by_ft = {{}}, try_lint = function() end }}
dofile("{tmp_path / "lint.lua"}")
local lint = require("lint")
local linter = lint.linters.webmcp_lint
vim.cmd("edit {tmp_path / "tools.js"}")
local bufnr = vim.api.nvim_get_current_buf()
local command = {{ linter.cmd }}
for _, arg in ipairs(linter.args) do
  table.insert(command, type(arg) == "function" and arg() or arg)
end
local text = table.concat(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false), "\\n") .. "\\n"
local output = vim.fn.system(command, text)
local result = {{
  diagnostics = linter.parser(output, bufnr),
  javascript = lint.linters_by_ft.javascript,
  exit = vim.v.shell_error,
}}
vim.fn.writefile({{ vim.json.encode(result) }}, "{tmp_path / "out.json"}")
vim.cmd("qa!")
"""
    )
    subprocess.run(
        ["nvim", "--headless", "-u", "NONE", "-c", f"luafile {driver}"],
        cwd=tmp_path,
        env=EDITOR_ENV,
        timeout=60,
        check=False,
        capture_output=True,
    )
    out = json.loads((tmp_path / "out.json").read_text())
    assert out["exit"] == 1 and out["javascript"] == ["webmcp_lint"]
    checked = [d for d in out["diagnostics"] if d["code"] in CHECKED]
    found = [(d["lnum"] + 1, d["severity"], d["code"]) for d in checked]
    assert found == [(2, 1, "tool-name-format"), (4, 2, "annotation-unknown")]
    name = checked[0]
    assert (name["col"], name["end_col"]) == (19, 36)  # bytes: 🔎 is four
    assert name["source"] == "webmcp-lint"


EMACS_FLYMAKE = """
(require 'flymake)
(load "{snippet}" nil t)
(find-file "{file}")
(let (result (waited 0))
  (webmcp-lint-flymake (lambda (diagnostics &rest _) (setq result (or diagnostics 'none))))
  (while (and (not result) (< waited 300))
    (accept-process-output nil 0.1)
    (setq waited (1+ waited)))
  (with-temp-file "{out}"
    (dolist (d (if (listp result) result nil))
      (let ((beg (flymake-diagnostic-beg d)) (end (flymake-diagnostic-end d)))
        (insert (format "%d %d %d %s %s\\n"
                        (with-current-buffer "tools.js" (line-number-at-pos beg))
                        (with-current-buffer "tools.js" (save-excursion (goto-char beg) (- beg (line-beginning-position))))
                        (- end beg)
                        (flymake-diagnostic-type d)
                        (flymake-diagnostic-text d)))))))
"""

EMACS_COMPILE = """
(require 'compile)
(with-temp-buffer
  (insert-file-contents "{concise}")
  (compilation-mode)
  (compilation--ensure-parse (point-max))
  (goto-char (point-min))
  (let (types)
    (while (not (eobp))
      (let ((message (get-text-property (line-beginning-position) 'compilation-message)))
        (push (if message (compilation--message->type message) -1) types))
      (forward-line 1))
    (with-temp-file "{out}" (insert (format "%S" (nreverse types))))))
"""


def test_emacs_flymake_backend_reports_the_findings(tmp_path: Path) -> None:
    require(shutil.which("emacs") is not None, "Emacs", "apt-get install emacs-nox")
    (tmp_path / "webmcp-lint.el").write_text(docs_block("## Emacs", "elisp"))
    (tmp_path / "tools.js").write_text(CODE, encoding="utf-8")
    out = tmp_path / "out.txt"
    script = EMACS_FLYMAKE.format(
        snippet=tmp_path / "webmcp-lint.el", file=tmp_path / "tools.js", out=out
    )
    subprocess.run(
        ["emacs", "--batch", "-Q", "--eval", f"(progn {script})"],
        cwd=tmp_path,
        env=EDITOR_ENV,
        timeout=120,
        check=False,
        capture_output=True,
    )
    lines = [
        line
        for line in out.read_text(encoding="utf-8").splitlines()
        if any(f"[{code}]" in line for code in CHECKED)
    ]
    found = [(int(line.split()[0]), line.split()[3]) for line in lines]
    assert found == [(2, ":error"), (4, ":warning")]
    assert "[tool-name-format] Tool name" in lines[0]
    assert lines[0].split()[1] == "16"  # characters before the string; the emoji is one
    assert lines[0].split()[2] == "17"  # the length of "search products" with its quotes


def test_emacs_compile_mode_reads_concise_output(tmp_path: Path) -> None:
    require(shutil.which("emacs") is not None, "Emacs", "apt-get install emacs-nox")
    info = "tools.js:9:1: info [tool-name-format] A suggestion.\n"
    (tmp_path / "concise.txt").write_text(concise(tmp_path) + info)
    out = tmp_path / "out.txt"
    script = EMACS_COMPILE.format(concise=tmp_path / "concise.txt", out=out)
    subprocess.run(
        ["emacs", "--batch", "-Q", "--eval", f"(progn {script})"],
        cwd=tmp_path,
        timeout=60,
        check=False,
        capture_output=True,
    )
    # compile.el's message types: 2 error, 1 warning, 0 info; one per line of output.
    expected = [
        {"error": 2, "warning": 1, "info": 0}[line.split(": ")[1].split()[0]]
        for line in (tmp_path / "concise.txt").read_text().splitlines()
    ]
    assert out.read_text() == "(" + " ".join(map(str, expected)) + ")"
    assert expected[-1] == 0 and 1 in expected and 2 in expected
