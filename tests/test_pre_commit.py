"""The pre-commit hook, driven by the real `pre-commit` against this repository.

pre-commit installs the hook from the repository's git HEAD (try-repo adds uncommitted
changes to tracked files), so these tests check what is committed.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from tests.helpers import REPO, run_cli

FAULTY = 'navigator.modelContext.registerTool({ name: "search products" });\n'
CLEAN = "export const title = 'modelContext demo';\n"
GIT_IDENTITY = {
    "GIT_AUTHOR_NAME": "Test",
    "GIT_AUTHOR_EMAIL": "test@example.invalid",
    "GIT_COMMITTER_NAME": "Test",
    "GIT_COMMITTER_EMAIL": "test@example.invalid",
}


def _git_head() -> str | None:
    result = subprocess.run(
        ["git", "rev-parse", "HEAD"], cwd=REPO, capture_output=True, text=True, check=False
    )
    return result.stdout.strip() if result.returncode == 0 else None


HEAD = _git_head()
pytestmark = pytest.mark.skipif(
    HEAD is None and not os.environ.get("CI"),
    reason="pre-commit installs hooks from a git repository; this checkout has no .git",
)


def environment(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("GIT_", "PRE_COMMIT"))}
    return {**env, **GIT_IDENTITY, "PRE_COMMIT_HOME": str(home), "NO_COLOR": "1"}


def git(project: Path, *args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["git", *args], cwd=project, env=env, capture_output=True, text=True, timeout=600
    )


def new_project(root: Path, env: dict[str, str], files: dict[str, str]) -> Path:
    root.mkdir()
    git(root, "init", "-q", env=env)
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    return root


def test_hook_manifest() -> None:
    hook, tools_hook = yaml.safe_load((REPO / ".pre-commit-hooks.yaml").read_text())
    assert hook["id"] == "webmcp-lint"
    assert tools_hook["id"] == "webmcp-lint-tools"
    assert tools_hook["entry"] == "webmcp-lint tools --check webmcp-tools.json"
    assert tools_hook["pass_filenames"] is False
    assert hook["language"] == "python"
    assert hook["entry"] == "webmcp-lint check --force-exclude"
    assert {"javascript", "jsx", "ts", "tsx", "html", "vue", "svelte"} <= set(hook["types_or"])


def test_try_repo_fails_on_a_faulty_file_and_shows_the_finding(tmp_path: Path) -> None:
    env = environment(tmp_path / "home")
    project = new_project(tmp_path / "site", env, {"tool.js": FAULTY})
    git(project, "add", "tool.js", env=env)
    result = subprocess.run(
        [sys.executable, "-m", "pre_commit", "try-repo", str(REPO), "webmcp-lint"],
        cwd=project,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert result.returncode == 1, result.stdout + result.stderr
    assert "webmcp-lint" in result.stdout and "Failed" in result.stdout
    assert "tool.js:1:1: error [no-navigator-model-context]" in result.stdout
    assert "tool.js:1:45: error [tool-name-format]" in result.stdout


@pytest.fixture(scope="module")
def hooked(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    """A pre-commit home with the hook installed from this repository's HEAD."""
    home = tmp_path_factory.mktemp("pre-commit-home")
    env = environment(home)
    config = {"repos": [{"repo": str(REPO), "rev": HEAD, "hooks": [{"id": "webmcp-lint"}]}]}
    config_file = home / "config.yaml"
    config_file.write_text(yaml.safe_dump(config))
    warm = new_project(home / "warm", env, {})
    result = subprocess.run(
        [sys.executable, "-m", "pre_commit", "install-hooks", "-c", str(config_file)],
        cwd=warm,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return config_file, env


def committing(
    root: Path, hooked: tuple[Path, dict[str, str]], files: dict[str, str]
) -> subprocess.CompletedProcess[str]:
    """`git commit` of `files` in a new repository with the hook installed as git hook;
    `stdout` holds all output (git sends a hook's output to stderr)."""
    config_file, env = hooked
    project = new_project(root, env, files)
    (project / ".pre-commit-config.yaml").write_text(config_file.read_text())
    subprocess.run(
        [sys.executable, "-m", "pre_commit", "install"], cwd=project, env=env, check=True
    )
    git(project, "add", "-A", env=env)
    result = git(project, "commit", "-m", "Add the files", env=env)
    result.stdout += result.stderr
    return result


def commits(root: Path, env: dict[str, str]) -> int:
    log = git(root, "rev-list", "--count", "--all", env=env)
    return int(log.stdout.strip() or 0)


def test_commit_of_a_faulty_file_is_refused(
    tmp_path: Path, hooked: tuple[Path, dict[str, str]]
) -> None:
    result = committing(tmp_path / "site", hooked, {"src/tool.ts": FAULTY})
    assert result.returncode != 0, result.stdout
    assert "src/tool.ts:1:45: error [tool-name-format]" in result.stdout
    assert commits(tmp_path / "site", hooked[1]) == 0


def test_commit_of_clean_files_passes(tmp_path: Path, hooked: tuple[Path, dict[str, str]]) -> None:
    files = {"src/app.js": CLEAN, "src/page.html": "<p>modelContext</p>\n"}
    result = committing(tmp_path / "site", hooked, files)
    assert result.returncode == 0, result.stdout
    assert "webmcp-lint" in result.stdout and "Passed" in result.stdout
    assert commits(tmp_path / "site", hooked[1]) == 1


def test_excluded_paths_are_skipped(tmp_path: Path, hooked: tuple[Path, dict[str, str]]) -> None:
    # pre-commit passes vendor/widget.js (the hook runs: "Passed", not "no files to
    # check"); --force-exclude makes webmcp-lint honour the configured exclusion.
    files = {"webmcp-lint.toml": 'extend-exclude = ["vendor/"]\n', "vendor/widget.js": FAULTY}
    result = committing(tmp_path / "site", hooked, files)
    assert result.returncode == 0, result.stdout
    assert "webmcp-lint....." in result.stdout and "Passed" in result.stdout
    assert "vendor/widget.js:" not in result.stdout


@pytest.mark.parametrize("name", ["tool.mts", "tool.cts", "tool.mjs", "Tool.astro", "tool.vue"])
def test_every_suffix_webmcp_lint_reads_reaches_the_hook(
    tmp_path: Path, hooked: tuple[Path, dict[str, str]], name: str
) -> None:
    code = FAULTY if name.endswith(("ts", "js")) else f"<script>\n{FAULTY}</script>\n"
    if name.endswith(".astro"):
        code = f"---\n---\n<script>\n{FAULTY}</script>\n"
    result = committing(tmp_path / "site", hooked, {name: code})
    assert result.returncode != 0, result.stdout + result.stderr
    assert "[tool-name-format]" in result.stdout


@pytest.mark.parametrize("name", ["public/_headers", ".htaccess", "netlify.toml"])
def test_a_host_header_settings_file_reaches_the_hook(
    tmp_path: Path, hooked: tuple[Path, dict[str, str]], name: str
) -> None:
    settings = {
        "public/_headers": "/*\n  Origin-Trial: not-a-token\n",
        ".htaccess": 'Header set Origin-Trial "not-a-token"\n',
        "netlify.toml": '[[headers]]\nfor = "/*"\nvalues = { Origin-Trial = "not-a-token" }\n',
    }
    result = committing(tmp_path / "site", hooked, {name: settings[name]})
    assert result.returncode != 0, result.stdout + result.stderr
    assert "[origin-trial-token]" in result.stdout


def test_other_files_are_not_passed_to_the_hook(
    tmp_path: Path, hooked: tuple[Path, dict[str, str]]
) -> None:
    other = {"notes.md": FAULTY, "data.json": "{}\n", "headers.toml": "Origin-Trial = 'x'\n"}
    result = committing(tmp_path / "site", hooked, other)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "(no files to check)" in result.stdout


@pytest.fixture(scope="module")
def contract_hooked(hooked: tuple[Path, dict[str, str]]) -> tuple[Path, dict[str, str]]:
    """The tool-contract hook, installed in the same pre-commit home (its environment is
    the one the lint hook already has)."""
    config_file, env = hooked
    config = {"repos": [{"repo": str(REPO), "rev": HEAD, "hooks": [{"id": "webmcp-lint-tools"}]}]}
    contract_config = config_file.with_name("contract.yaml")
    contract_config.write_text(yaml.safe_dump(config))
    return contract_config, env


SEARCH = (
    'document.modelContext.registerTool({ name: "search_products", '
    'description: "Finds products.", execute: search });\n'
)


def test_tool_contract_hook_refuses_an_unreviewed_tool_change(
    tmp_path: Path, contract_hooked: tuple[Path, dict[str, str]]
) -> None:
    config_file, env = contract_hooked
    project = new_project(tmp_path / "site", env, {"src/tools.js": SEARCH})
    written = run_cli("tools", "-o", "webmcp-tools.json", cwd=project)
    assert written.returncode == 0, written.stderr
    (project / ".pre-commit-config.yaml").write_text(config_file.read_text())
    subprocess.run(
        [sys.executable, "-m", "pre_commit", "install"], cwd=project, env=env, check=True
    )
    git(project, "add", "-A", env=env)
    first = git(project, "commit", "-m", "Add the search tool", env=env)
    assert first.returncode == 0, first.stdout + first.stderr
    assert "webmcp-lint tool contract" in first.stderr and "Passed" in first.stderr

    tools = project / "src" / "tools.js"
    tools.write_text(SEARCH.replace("Finds products.", "Finds products and adds them to the cart."))
    git(project, "add", "-A", env=env)
    refused = git(project, "commit", "-m", "Change the description", env=env)
    output = refused.stdout + refused.stderr
    assert refused.returncode != 0, output
    assert "changed: `search_products` (src/tools.js:1)" in output
    assert '"Finds products." -> "Finds products and adds them to the cart."' in output
    assert commits(project, env) == 1

    # Reviewed: the manifest is updated in the same commit.
    run_cli("tools", "-o", "webmcp-tools.json", cwd=project)
    git(project, "add", "-A", env=env)
    accepted = git(project, "commit", "-m", "Change the description", env=env)
    assert accepted.returncode == 0, accepted.stdout + accepted.stderr
    assert commits(project, env) == 2
