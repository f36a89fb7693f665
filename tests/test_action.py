"""The composite GitHub Action: its shell steps run here as a runner would run them.

`run_action` plays the runner: it walks the steps of action.yml in order, evaluates
their `if:` conditions and `${{ }}` expressions (the few forms the action uses), gives
each script the environment GitHub would (GITHUB_OUTPUT, RUNNER_TEMP,
GITHUB_ACTION_PATH, ...), runs it with `bash --noprofile --norc -eo pipefail` as GitHub
does, and records `uses:` steps instead of running them. Installing webmcp-lint is real:
a fresh venv gets this checkout (or a wheel of it) with pip.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.helpers import REPO
from tests.sarif_validation import validate
from webmcp_lint.registry import rules

ACTION = yaml.safe_load((REPO / "action.yml").read_text(encoding="utf-8"))
EXPRESSION = re.compile(r"\$\{\{\s*(.*?)\s*\}\}")
REFERENCE = re.compile(r"\b(?:inputs|steps)\.[A-Za-z0-9_.-]*[A-Za-z0-9_]")

FAULTY = """\
navigator.modelContext.registerTool({
  name: "search products",
  description: "Finds products.",
  annotations: { readonlyHint: true },
  execute: async () => ({}),
});
"""
# Exemplary code: the rule page tests keep its good examples free of every finding.
CLEAN = next(e.code for e in rules()["tool-name-format"].examples() if e.role == "good")


@dataclass
class Run:
    outputs: dict[str, dict[str, str]] = field(default_factory=dict)
    used: list[tuple[str, dict[str, str]]] = field(default_factory=list)
    ran: list[str] = field(default_factory=list)
    log: str = ""
    failed_step: str | None = None
    exit_code: int = 0
    summary: str = ""
    sarif: str = ""  # the SARIF file's text right after the run (RUNNER_TEMP is shared)


def run_action(
    workspace: Path,
    runner_temp: Path,
    inputs: dict[str, str] | None = None,
    env: dict[str, str] | None = None,
    installed: Path | None = None,
) -> Run:
    """Run the action's steps; with `installed` (a venv's python) the steps that find
    Python and install webmcp-lint are taken as done, with that python."""
    given = {
        name: str((inputs or {}).get(name, spec.get("default", "")))
        for name, spec in ACTION["inputs"].items()
    }
    run = Run()
    skipped = set()
    if installed is not None:
        run.outputs = {"python": {"python": sys.executable}, "install": {"python": str(installed)}}
        skipped = {"python", "install"}
    summary = runner_temp / "summary.md"
    for number, step in enumerate(ACTION["runs"]["steps"]):
        step_id = step.get("id", f"step{number}")
        if step_id in skipped:
            continue
        if "if" in step and not evaluate(step["if"], given, run.outputs):
            continue
        if "uses" in step:
            run.used.append((step["uses"], substitute(step.get("with", {}), given, run.outputs)))
            continue
        output_file = runner_temp / f"output-{step_id}"
        output_file.write_text("")
        script = runner_temp / f"{step_id}.sh"
        script.write_text(step["run"])
        step_env = {
            **os.environ,
            "GITHUB_ACTIONS": "true",
            "CI": "true",
            "GITHUB_WORKSPACE": str(workspace),
            "GITHUB_ACTION_PATH": str(REPO),
            "GITHUB_OUTPUT": str(output_file),
            "GITHUB_STEP_SUMMARY": str(summary),
            "RUNNER_TEMP": str(runner_temp),
            **(env or {}),
            **substitute(step.get("env", {}), given, run.outputs),
        }
        result = subprocess.run(
            ["bash", "--noprofile", "--norc", "-eo", "pipefail", str(script)],
            cwd=workspace,
            env=step_env,
            capture_output=True,
            text=True,
            timeout=600,
        )
        run.ran.append(step["name"])
        run.log += result.stdout + result.stderr
        run.outputs.setdefault(step_id, {}).update(read_outputs(output_file))
        if result.returncode != 0:
            run.failed_step, run.exit_code = step["name"], result.returncode
            break
    run.summary = summary.read_text() if summary.exists() else ""
    sarif_file = run.outputs.get("lint", {}).get("sarif-file")
    if sarif_file:
        run.sarif = Path(sarif_file).read_text(encoding="utf-8")
    return run


def read_outputs(path: Path) -> dict[str, str]:
    pairs = (line.split("=", 1) for line in path.read_text().splitlines() if "=" in line)
    return dict(pairs)  # type: ignore[arg-type]


def value(reference: str, inputs: dict[str, str], outputs: dict[str, dict[str, str]]) -> str:
    parts = reference.split(".")
    if parts[0] == "inputs":
        return inputs[parts[1]]
    assert parts[2] == "outputs", reference
    return outputs.get(parts[1], {}).get(parts[3], "")


def evaluate(expression: str, inputs: dict[str, str], outputs: dict[str, dict[str, str]]) -> Any:
    """The `if:` and `${{ }}` forms action.yml uses: references, '' strings, ==, !=, &&
    and ||. GitHub compares strings ignoring case."""
    python = REFERENCE.sub(
        lambda m: repr(value(m.group(0), inputs, outputs).lower()), expression.strip()
    )
    python = python.replace("&&", " and ").replace("||", " or ")
    assert re.fullmatch(r"[\w\s'\"=!./:+()-]*", python), python
    return eval(python, {"__builtins__": {}})


def substitute(
    mapping: dict[str, Any], inputs: dict[str, str], outputs: dict[str, dict[str, str]]
) -> dict[str, str]:
    def expand(text: str) -> str:
        def one(match: re.Match[str]) -> str:
            python = REFERENCE.sub(
                lambda m: repr(value(m.group(0), inputs, outputs)), match.group(1)
            ).replace("||", " or ")
            return str(eval(python, {"__builtins__": {}}))

        return EXPRESSION.sub(one, text)

    return {key: expand(str(item)) for key, item in mapping.items()}


# -- fixtures ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def runner_temp(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One RUNNER_TEMP for the module, so webmcp-lint is installed into its venv once."""
    return tmp_path_factory.mktemp("runner-temp")


@pytest.fixture(scope="module")
def faulty_run(runner_temp: Path, tmp_path_factory: pytest.TempPathFactory) -> Run:
    """Every step of the action, installation included, on a project with findings."""
    files = {"src/tool.js": FAULTY, "src/clean.js": CLEAN}
    return run_action(project(tmp_path_factory.mktemp("faulty") / "site", files), runner_temp)


@pytest.fixture(scope="module")
def installed(faulty_run: Run) -> Path:
    """The venv python that the full run installed webmcp-lint into."""
    return Path(faulty_run.outputs["install"]["python"])


def project(root: Path, files: dict[str, str]) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    return root


def sarif_of(run: Run) -> dict[str, Any]:
    return validate(run.sarif)


# -- the action's shape ------------------------------------------------------------------


def test_inputs_reach_scripts_only_through_the_environment() -> None:
    assert ACTION["runs"]["using"] == "composite"
    for step in ACTION["runs"]["steps"]:
        assert "${{" not in step.get("run", ""), step["name"]
        assert ("run" in step) == (step.get("shell") == "bash"), step["name"]  # required
    assert set(ACTION["inputs"]) == {
        "paths",
        "args",
        "version",
        "upload-sarif",
        "category",
        "tools-manifest",
        "verify",
        "fail-on-findings",
    }
    assert ACTION["inputs"]["upload-sarif"]["default"] == "true"
    assert ACTION["inputs"]["fail-on-findings"]["default"] == "true"


def test_actions_used_are_pinned_to_a_commit() -> None:
    for step in ACTION["runs"]["steps"]:
        if "uses" in step:
            assert re.fullmatch(r"[\w-]+/[\w/-]+@[0-9a-f]{40}", step["uses"]), step["uses"]


# -- runs -------------------------------------------------------------------------------


def test_findings_are_uploaded_then_fail_the_job(faulty_run: Run, runner_temp: Path) -> None:
    run = faulty_run
    assert run.ran == ["Find Python", "Install webmcp-lint", "Run webmcp-lint", "Fail on findings"]
    assert (run.failed_step, run.exit_code) == ("Fail on findings", 1)
    ((uses, with_),) = run.used
    assert uses.startswith("github/codeql-action/upload-sarif@")
    sarif_file = Path(run.outputs["lint"]["sarif-file"])
    assert with_ == {"sarif_file": str(sarif_file), "category": "webmcp-lint"}
    assert sarif_file.parent == runner_temp
    log = sarif_of(run)
    found = log["runs"][0]["results"]
    assert {r["ruleId"] for r in found} >= {
        "no-navigator-model-context",
        "tool-name-format",
        "annotation-unknown",
    }
    assert {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in found} == {
        "src/tool.js"
    }
    assert run.outputs["lint"]["results"] == str(len(found))
    assert "::error file=src/tool.js,line=2,endLine=2,col=9,endColumn=26," in run.log
    assert "::warning file=src/tool.js,line=4," in run.log
    assert f"**webmcp-lint**: {len(found)} findings." in run.summary


def test_fail_on_findings_false_passes_after_the_upload(
    tmp_path: Path, runner_temp: Path, installed: Path
) -> None:
    workspace = project(tmp_path / "site", {"tool.js": FAULTY})
    run = run_action(
        workspace,
        runner_temp,
        {"fail-on-findings": "false", "category": "web"},
        installed=installed,
    )
    assert run.failed_step is None
    assert run.outputs["lint"]["findings"] == "true"
    assert [with_["category"] for _, with_ in run.used] == ["web"]


def test_clean_project_uploads_an_empty_result_list(
    tmp_path: Path, runner_temp: Path, installed: Path
) -> None:
    workspace = project(tmp_path / "site", {"tool.js": CLEAN})
    run = run_action(workspace, runner_temp, {"upload-sarif": "True"}, installed=installed)
    assert run.failed_step is None
    assert run.outputs["lint"]["findings"] == "false"
    assert sarif_of(run)["runs"][0]["results"] == []
    assert "::" not in run.log.replace("::error", "")  # no annotation, no error
    assert len(run.used) == 1


def test_upload_can_be_turned_off(tmp_path: Path, runner_temp: Path, installed: Path) -> None:
    workspace = project(tmp_path / "site", {"tool.js": CLEAN})
    run = run_action(workspace, runner_temp, {"upload-sarif": "false"}, installed=installed)
    assert run.failed_step is None and run.used == []


def test_paths_and_args_are_split_like_a_shell_without_evaluation(
    tmp_path: Path, runner_temp: Path, installed: Path
) -> None:
    files = {"web app/src/tool.js": FAULTY, "vendor/tool.js": FAULTY, "$(touch pwned).js": FAULTY}
    workspace = project(tmp_path / "site", files)
    inputs = {
        "paths": "'web app/src'\n'$(touch pwned).js'",
        "args": "--ignore annotation-unknown --fail-on error",
        "fail-on-findings": "false",
    }
    run = run_action(workspace, runner_temp, inputs, installed=installed)
    assert run.failed_step is None, run.log
    found = sarif_of(run)["runs"][0]["results"]
    uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in found}
    assert uris == {"web%20app/src/tool.js", "%24%28touch%20pwned%29.js"}
    assert "annotation-unknown" not in {r["ruleId"] for r in found}
    assert not (workspace / "pwned").exists()


def test_warnings_below_fail_on_are_annotated_but_do_not_fail(
    tmp_path: Path, runner_temp: Path, installed: Path
) -> None:
    code = FAULTY.replace("navigator", "document").replace("search products", "search_products")
    workspace = project(tmp_path / "site", {"tool.js": code})
    run = run_action(workspace, runner_temp, {"args": "--fail-on error"}, installed=installed)
    assert run.failed_step is None
    assert run.outputs["lint"]["findings"] == "false"
    assert int(run.outputs["lint"]["results"]) >= 1
    assert "::warning file=tool.js,line=4," in run.log
    assert "::error " not in run.log


def test_configuration_error_stops_before_the_upload(
    tmp_path: Path, runner_temp: Path, installed: Path
) -> None:
    workspace = project(tmp_path / "site", {"tool.js": FAULTY, "webmcp-lint.toml": "select = 3\n"})
    run = run_action(workspace, runner_temp, installed=installed)
    assert (run.failed_step, run.exit_code) == ("Run webmcp-lint", 2)
    assert "select" in run.log
    assert run.used == []


@pytest.mark.parametrize("arg", ["--output-format=json", "-o", "-oresult.sarif", "--exit-zero"])
def test_args_may_not_take_over_the_output(
    tmp_path: Path, runner_temp: Path, installed: Path, arg: str
) -> None:
    workspace = project(tmp_path / "site", {"tool.js": FAULTY})
    run = run_action(workspace, runner_temp, {"args": arg}, installed=installed)
    assert (run.failed_step, run.exit_code) == ("Run webmcp-lint", 2)
    assert "leave it out of args" in run.log


def test_unbalanced_quote_in_paths_is_an_error(
    tmp_path: Path, runner_temp: Path, installed: Path
) -> None:
    workspace = project(tmp_path / "site", {"tool.js": FAULTY})
    run = run_action(workspace, runner_temp, {"paths": "'web app"}, installed=installed)
    assert (run.failed_step, run.exit_code) == ("Run webmcp-lint", 2)
    assert "::error title=webmcp-lint::The paths input: No closing quotation." in run.log


def test_version_installs_that_release_from_the_package_index(
    tmp_path: Path, runner_temp: Path
) -> None:
    wheels = tmp_path / "wheels"
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(wheels), str(REPO)],
        check=True,
    )
    (wheel,) = wheels.glob("webmcp_lint-*.whl")
    version = wheel.name.split("-")[1]
    workspace = project(tmp_path / "site", {"tool.js": FAULTY})
    links = f"{wheels} {os.environ.get('PIP_FIND_LINKS', '')}".strip()
    temp = tmp_path / "temp"
    temp.mkdir()
    inputs = {"version": f">={version}", "fail-on-findings": "false"}
    run = run_action(workspace, temp, inputs, env={"PIP_FIND_LINKS": links})
    assert run.failed_step is None, run.log
    assert f"webmcp-lint, version {version}" in run.log
    venv = temp / "webmcp-lint-venv"
    installed = subprocess.run(
        [str(venv / "bin" / "python"), "-m", "pip", "show", "-f", "webmcp-lint"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "Location:" in installed and str(REPO) not in installed


def test_bad_version_is_refused(tmp_path: Path, runner_temp: Path) -> None:
    workspace = project(tmp_path / "site", {"tool.js": FAULTY})
    run = run_action(workspace, runner_temp, {"version": "; rm -rf /"})
    assert (run.failed_step, run.exit_code) == ("Install webmcp-lint", 2)


def test_python_is_set_up_when_the_runner_has_none(tmp_path: Path, runner_temp: Path) -> None:
    bare = tmp_path / "bin"
    bare.mkdir()
    # A runner whose PATH has no python: the first step says so and setup-python runs.
    step = ACTION["runs"]["steps"][0]
    output = tmp_path / "output"
    output.write_text("")
    script = tmp_path / "find.sh"
    script.write_text(step["run"])
    bash = shutil.which("bash")
    assert bash
    result = subprocess.run(
        [bash, "--noprofile", "--norc", "-eo", "pipefail", str(script)],
        env={"PATH": str(bare), "GITHUB_OUTPUT": str(output)},
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    outputs = read_outputs(output)
    assert outputs == {"python": ""}
    setup = ACTION["runs"]["steps"][1]
    assert setup["uses"].startswith("actions/setup-python@")
    assert evaluate(setup["if"], {}, {"python": outputs})
    install_env = substitute(
        ACTION["runs"]["steps"][2]["env"],
        {"version": "", "verify": ""},
        {"python": outputs, "setup-python": {"python-path": "/opt/hostedtoolcache/python3"}},
    )
    assert install_env["PYTHON"] == "/opt/hostedtoolcache/python3"


def test_tool_contract_passes_when_the_manifest_matches(
    tmp_path: Path, runner_temp: Path, installed: Path
) -> None:
    workspace = project(tmp_path / "site", {"src/tool.js": CLEAN})
    manifest = subprocess.run(
        [str(installed), "-m", "webmcp_lint", "tools", "-o", "webmcp-tools.json", "src"],
        cwd=workspace,
        check=True,
    )
    assert manifest.returncode == 0
    inputs = {"tools-manifest": "webmcp-tools.json", "paths": "src"}
    run = run_action(workspace, runner_temp, inputs, installed=installed)
    assert run.failed_step is None, run.log
    assert "Check the tool contract" in run.ran
    assert "The tool contract matches webmcp-tools.json: 1 tool." in run.log
    assert "**webmcp-lint tool contract**: the code matches `webmcp-tools.json`." in run.summary


def test_tool_contract_fails_the_job_with_the_differences(
    tmp_path: Path, runner_temp: Path, installed: Path
) -> None:
    workspace = project(tmp_path / "site", {"tool.js": CLEAN})
    subprocess.run(
        [str(installed), "-m", "webmcp_lint", "tools", "-o", "tools:v1.json"],
        cwd=workspace,
        check=True,
    )
    changed = CLEAN.replace("search_products", "find_products")
    (workspace / "tool.js").write_text(changed, encoding="utf-8")
    run = run_action(
        workspace, runner_temp, {"tools-manifest": "tools:v1.json"}, installed=installed
    )
    assert (run.failed_step, run.exit_code) == ("Check the tool contract", 1)
    assert "  removed: `search_products`" in run.log
    assert "  added: `find_products` (tool.js:" in run.log
    assert (
        "::error file=tools%3Av1.json,title=webmcp-lint tool contract::The WebMCP tools differ "
        "from tools:v1.json" in run.log
    )
    assert "the code differs from `tools:v1.json`" in run.summary


def test_no_tool_contract_check_without_a_manifest(faulty_run: Run) -> None:
    assert "Check the tool contract" not in faulty_run.ran


# -- verify ---------------------------------------------------------------------------

CONDITIONAL_TOOL = """<!doctype html>
<script type="module">
if (location.hash === "#admin") {
  await document.modelContext.registerTool({
    name: "ban_user",
    description: "Bans a user from the forum.",
    execute: () => ({}),
  });
}
</script>
"""


def test_verify_proves_the_inventory_in_chromium_and_fails_the_job(
    tmp_path: Path, runner_temp: Path
) -> None:
    """The verify input runs `webmcp-lint verify` on the paths after the lint: its
    findings are annotations, and fail the job at the end. Here the test's own venv is
    the installed one (it has Playwright) and Chromium is the suite's."""
    require_chromium()
    workspace = project(tmp_path / "site", {"site/index.html": CONDITIONAL_TOOL})
    inputs = {"paths": "site", "verify": "--serve site --settle 0.2 /index.html"}
    run = run_action(workspace, runner_temp, inputs, installed=Path(sys.executable))
    assert run.ran[-2:] == ["Prove the inventory in a browser", "Fail on findings"], run.log
    assert run.failed_step == "Fail on findings"
    assert run.outputs["verify"]["findings"] == "true"
    assert "::warning file=site/index.html,line=5," in run.log
    assert "title=webmcp-lint (live-tool-missing)::" in run.log
    assert "**webmcp-lint verify**: the pages in Chromium differ from the code." in run.summary


def test_verify_is_not_run_without_the_input(
    faulty_run: Run,
) -> None:
    assert "Prove the inventory in a browser" not in faulty_run.ran


@pytest.mark.parametrize("arg", ["--format=json", "-o", "--exit-zero"])
def test_verify_may_not_take_over_the_output(
    tmp_path: Path, runner_temp: Path, installed: Path, arg: str
) -> None:
    workspace = project(tmp_path / "site", {"index.html": CONDITIONAL_TOOL})
    run = run_action(workspace, runner_temp, {"verify": f"--serve . / {arg}"}, installed=installed)
    assert (run.failed_step, run.exit_code) == ("Prove the inventory in a browser", 2)
    assert "leave it out of verify" in run.log


@pytest.mark.parametrize(
    ("version", "requirement"),
    [
        ("", "{action}[live]"),
        ("latest", "webmcp-lint[live]"),
        ("0.2.0", "webmcp-lint[live]==0.2.0"),
        (">=0.2,<0.3", "webmcp-lint[live]>=0.2,<0.3"),
    ],
)
def test_verify_installs_the_live_extra(tmp_path: Path, version: str, requirement: str) -> None:
    """The install step asks pip for the `live` extra when verify is set (a stand-in
    python records what pip is asked for)."""
    python = tmp_path / "python"
    python.write_text(
        "#!/bin/sh\n"
        'if [ "$1" = "-m" ] && [ "$2" = "venv" ]; then mkdir -p "$3/bin"; cp "$0" "$3/bin/python"; fi\n'
        f'echo "$@" >> {tmp_path / "asked"}\n'
    )
    python.chmod(0o755)
    step = next(s for s in ACTION["runs"]["steps"] if s.get("id") == "install")
    script = tmp_path / "install.sh"
    script.write_text(step["run"])
    env = {
        **os.environ,
        "PYTHON": str(python),
        "INPUT_VERSION": version,
        "INPUT_VERIFY": "--serve dist /",
        "RUNNER_TEMP": str(tmp_path),
        "GITHUB_ACTION_PATH": str(REPO),
        "GITHUB_OUTPUT": str(tmp_path / "output"),
    }
    result = subprocess.run(
        ["bash", "--noprofile", "--norc", "-eo", "pipefail", str(script)],
        env=env,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    asked = (tmp_path / "asked").read_text()
    assert (
        f"pip install --quiet --disable-pip-version-check {requirement.format(action=REPO)}"
        in asked
    )


def require_chromium() -> None:
    from webmcp_lint.verify.browser import BrowserUnavailable, find_chromium

    try:
        find_chromium(os.environ.get("WEBMCP_LINT_CHROMIUM"))
    except BrowserUnavailable as reason:
        if os.environ.get("WEBMCP_LINT_REQUIRE_BROWSER", "") not in ("", "0"):
            pytest.fail(f"WEBMCP_LINT_REQUIRE_BROWSER is set, but {reason}")
        pytest.skip(f"no browser: {reason}")
