"""Options that work alike on every command: output formats, usage errors, help, excludes,
--quiet, and the language server's missing extra."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import click
import pytest

from tests.helpers import CORE_TOML, run_cli

BAD = 'document.modelContext.registerTool({ name: "bad name", description: "d", execute() {} });\n'


@pytest.fixture
def project(tmp_path: Path) -> Path:
    (tmp_path / "webmcp-lint.toml").write_text(CORE_TOML)
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "tools.js").write_text(BAD)
    (tmp_path / "vendor").mkdir()
    (tmp_path / "vendor" / "lib.js").write_text(BAD)
    (tmp_path / "dist").mkdir()
    (tmp_path / "dist" / "bundle.js").write_text(BAD)  # excluded by default
    return tmp_path


def linted(result: subprocess.CompletedProcess[str]) -> list[str]:
    return sorted({line.split(":")[0] for line in result.stdout.splitlines()})


# -- --output-format everywhere -----------------------------------------------------------


@pytest.mark.parametrize("option", ["--output-format", "--format"])
def test_every_command_takes_output_format_and_its_alias(project: Path, option: str) -> None:
    [tool] = json.loads(run_cli("tools", "src", option, "json", cwd=project).stdout)
    assert tool["name"] == "bad name"
    table = run_cli("tools", "src", option, "markdown", cwd=project).stdout
    assert table.startswith("| Tool | Kind |")
    listed = json.loads(run_cli("rules", option, "json").stdout)
    assert "tool-name-format" in {r["id"] for r in listed}
    page = json.loads(run_cli("rule", "tool-name-format", option, "json").stdout)
    assert page["id"] == "tool-name-format"
    concise = run_cli("check", "src", option, "concise", cwd=project)
    assert concise.stdout.startswith("src/tools.js:1:44: error [tool-name-format]")


def test_the_environment_variable_takes_every_check_format(project: Path) -> None:
    from webmcp_lint.output import FORMATS

    for name in FORMATS:
        result = run_cli("check", "src", cwd=project, env={"WEBMCP_LINT_OUTPUT_FORMAT": name})
        assert result.returncode == 1, (name, result.stderr)
    wrong = run_cli("check", "src", cwd=project, env={"WEBMCP_LINT_OUTPUT_FORMAT": "xml"})
    assert wrong.returncode == 2
    assert "Invalid value for '--output-format' / '--format': 'xml' is not one of" in wrong.stderr


# -- one style for usage errors -------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "command", "message"),
    [
        (("check", "--select", "nope"), "check", "Invalid value for '--select': unknown rule"),
        (("check", "--ignore", "nope"), "check", "Invalid value for '--ignore': unknown rule"),
        (("check", "--output-format", "xml"), "check", "'xml' is not one of"),
        (("check", "--fail-on", "never"), "check", "'never' is not one of"),
        (("check", "-", "src"), "check", "`-` (standard input) must be the only path"),
        (("check", "--stdin-filename", "x.js", "src"), "check", "needs `-` as the only path"),
        (("check", "nowhere/"), "check", "nowhere/: no such file or directory"),
        (("rule", "nope"), "rule", "Invalid value for 'RULE_ID': unknown rule 'nope'"),
        (("rules", "--format", "xml"), "rules", "'xml' is not one of"),
        (("tools", "nowhere"), "tools", "nowhere: no such file or directory"),
        (("check", "--no-such-option"), "check", "No such option '--no-such-option'"),
    ],
)
def test_usage_errors_have_one_style(
    project: Path, args: tuple[str, ...], command: str, message: str
) -> None:
    result = run_cli(*args, cwd=project, stdin="")
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert lines[0].startswith(f"Usage: webmcp-lint {command} [OPTIONS]")
    assert lines[1] == f"Try 'webmcp-lint {command} --help' for help."
    assert lines[-1].startswith("Error: ")
    assert message in lines[-1]


def test_configuration_errors_say_error_and_name_the_file(project: Path) -> None:
    (project / "webmcp-lint.toml").write_text('select = ["tool-name"]\n')
    result = run_cli("check", cwd=project)
    assert result.returncode == 2
    assert result.stderr == (
        f"Error: {project / 'webmcp-lint.toml'}: select: unknown rule or category 'tool-name'\n"
    )


# -- help ---------------------------------------------------------------------------------


def test_top_level_help_shows_each_command_summary_whole() -> None:
    from webmcp_lint.cli import main

    text = " ".join(run_cli("--help", env={"COLUMNS": "80"}).stdout.split())
    context = click.Context(main)
    for name in main.list_commands(context):
        command = main.get_command(context, name)
        assert command is not None and command.name == name
        summary = " ".join((command.short_help or "").split())
        assert summary, name
        assert f"{name} {summary}" in text, name


# -- excludes on the command line -------------------------------------------------------------


def test_extend_exclude_adds_patterns(project: Path) -> None:
    result = run_cli(
        "check", "--output-format", "concise", "--extend-exclude", "vendor/", cwd=project
    )
    assert linted(result) == ["src/tools.js"]


def test_exclude_replaces_the_configured_and_default_excludes(project: Path) -> None:
    (project / "webmcp-lint.toml").write_text(CORE_TOML + 'extend-exclude = ["src/"]\n')
    result = run_cli("check", "--output-format", "concise", "--exclude", "vendor", cwd=project)
    # dist/ is linted now (the defaults are replaced); the file's extend-exclude still applies
    assert linted(result) == ["dist/bundle.js"]


def test_excludes_take_comma_separated_and_repeated_patterns(project: Path) -> None:
    args = ("--extend-exclude", "vendor/,dist/", "--extend-exclude", "src/*.js")
    result = run_cli("check", *args, cwd=project)
    assert result.returncode == 0
    assert result.stdout.startswith("No problems found (0 files checked")


def test_command_line_excludes_are_relative_to_the_working_directory(tmp_path: Path) -> None:
    (tmp_path / "webmcp-lint.toml").write_text(CORE_TOML)
    web = tmp_path / "web"
    (web / "gen").mkdir(parents=True)
    (web / "gen" / "a.js").write_text(BAD)
    (web / "src" / "gen").mkdir(parents=True)
    (web / "src" / "gen" / "b.js").write_text(BAD)
    # `/gen` is anchored: here, where webmcp-lint runs, not at the configuration file
    result = run_cli("check", "--output-format", "concise", "--extend-exclude", "/gen", cwd=web)
    assert linted(result) == ["src/gen/b.js"]


def test_excludes_apply_to_named_files_only_with_force_exclude(project: Path) -> None:
    named = run_cli("check", "--extend-exclude", "vendor/", "vendor/lib.js", cwd=project)
    assert named.returncode == 1
    forced = ("check", "--extend-exclude", "vendor/", "--force-exclude", "vendor/lib.js")
    assert run_cli(*forced, cwd=project).returncode == 0


def test_show_settings_lists_the_command_line_excludes(project: Path) -> None:
    result = run_cli("check", "--show-settings", "--exclude", "a/,b/", cwd=project)
    settings = json.loads(result.stdout)
    assert settings["exclude"] == []
    assert settings["command-line-exclude"] == ["a/", "b/"]


# -- --quiet --------------------------------------------------------------------------------


def test_quiet_prints_findings_only(project: Path) -> None:
    loud = run_cli("check", "src", cwd=project)
    quiet = run_cli("check", "-q", "src", cwd=project)
    assert quiet.returncode == 1
    assert loud.stdout.startswith(quiet.stdout)
    assert quiet.stdout.rstrip().endswith(
        "= see https://github.com/webmcp-lint/webmcp-lint/blob/main/rules/tool-name-format.md"
    )
    assert "Found" not in quiet.stdout
    (project / "src" / "tools.js").write_text("export const x = 1;\n")
    clean = run_cli("check", "--quiet", "src", cwd=project)
    assert (clean.returncode, clean.stdout, clean.stderr) == (0, "", "")


def test_quiet_leaves_machine_formats_alone(project: Path) -> None:
    quiet = run_cli("check", "-q", "--output-format", "json", "src", cwd=project)
    assert quiet.stdout == run_cli("check", "--output-format", "json", "src", cwd=project).stdout


def test_quiet_drops_the_note_about_an_empty_selection(tmp_path: Path) -> None:
    (tmp_path / "notes.md").write_text("text\n")
    loud = run_cli("check", cwd=tmp_path)
    assert loud.stderr == "webmcp-lint: warning: no file webmcp-lint reads under the given paths\n"
    assert run_cli("check", "-q", cwd=tmp_path).stderr == ""


# -- the language server's extra ------------------------------------------------------------


@pytest.mark.parametrize(
    ("blocked", "missing"),
    [
        (("pygls", "lsprotocol"), "pygls and lsprotocol are missing"),
        (("lsprotocol",), "lsprotocol is missing"),
    ],
)
def test_server_names_the_extra_when_its_packages_are_missing(
    blocked: tuple[str, ...], missing: str
) -> None:
    block = "".join(f"sys.modules[{name!r}] = None; " for name in blocked)
    code = f"import sys; {block}from webmcp_lint.cli import main; main(['server'])"
    result = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=60,
        stdin=subprocess.DEVNULL,
    )
    assert result.returncode == 2
    assert result.stderr == (
        f"Error: the language server needs pygls and lsprotocol ({missing}): "
        "pip install 'webmcp-lint[lsp]'\n"
    )
    assert re.search("Traceback", result.stderr) is None


# -- start-up ------------------------------------------------------------------------------


HEAVY = ("tree_sitter", "webmcp_lint.model", "webmcp_lint.extract", "webmcp_lint.syntax")
CHECK_MODULES = ("webmcp_lint.checks._", "webmcp_lint.checks.api", "webmcp_lint.checks.execute")


def loaded_modules(arguments: list[str], prefixes: tuple[str, ...], cwd: Path | None = None) -> str:
    """The modules starting with one of `prefixes` that the command loaded, as a sorted
    list's text (the command's own output is left out)."""
    code = (
        "import sys; from webmcp_lint.cli import main\n"
        f"try: main({arguments!r})\n"
        "except SystemExit: pass\n"
        f"print(sorted(m for m in sys.modules if m.startswith({prefixes!r})), file=sys.stderr)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=60,
        stdin=subprocess.DEVNULL,
        cwd=cwd,
    )
    return result.stderr.strip().splitlines()[-1]


@pytest.mark.parametrize("arguments", [["--version"], ["rules"], ["rule", "no-removed-api"]])
def test_commands_that_lint_nothing_load_no_parser_model_or_check(arguments: list[str]) -> None:
    """`--version`, `rules` and `rule` answer from the package and the rule pages: the
    parsers, the model and the checks (most of the start-up of a lint) stay unloaded."""
    assert loaded_modules(arguments, (*HEAVY, "webmcp_lint.run", *CHECK_MODULES)) == "[]"


def test_version_loads_no_command_module() -> None:
    assert loaded_modules(["--version"], ("webmcp_lint",)) == "['webmcp_lint', 'webmcp_lint.cli']"


def test_rules_loads_the_registry_and_no_finding_class_or_check() -> None:
    """`rules` reads the rule pages: of the package it loads the registry and what its
    command declares (its options, the output formats' names), not the findings'
    classes (`diagnostics`) nor the checks package, nor msgspec (no Struct is made)."""
    assert loaded_modules(["rules"], ("webmcp_lint", "msgspec")) == str(
        [
            "webmcp_lint",
            "webmcp_lint.cli",
            "webmcp_lint.cli.options",
            "webmcp_lint.cli.rules",
            "webmcp_lint.output",
            "webmcp_lint.registry",
        ]
    )


def test_files_without_webmcp_code_load_no_parser_model_or_check(tmp_path: Path) -> None:
    """A pre-commit run on files without WebMCP code (most commits) reads and prefilters
    them: the parsers, the model, the checks and pathspec (no pattern is matched) stay
    unloaded."""
    (tmp_path / "a.js").write_text('import { b } from "./b.js";\nexport const a = b + 1;\n')
    (tmp_path / "b.ts").write_text("export const b: number = 2;\n")
    (tmp_path / "page.html").write_text("<!doctype html><p>No script here.</p>\n")
    arguments = ["check", "--no-cache", "--force-exclude", "a.js", "b.ts", "page.html"]
    assert loaded_modules(arguments, (*HEAVY, *CHECK_MODULES, "pathspec"), tmp_path) == "[]"
    # The same files with a tool load them, and are linted; the default test-file
    # patterns each name a part of the path and are matched without pathspec.
    (tmp_path / "b.ts").write_text(
        'document.modelContext.registerTool({ name: "b", description: "B.", execute() {} });\n'
    )
    loaded = loaded_modules(
        arguments, (*HEAVY, "pathspec", "tomllib", "pkgutil", "ctypes"), tmp_path
    )
    assert "webmcp_lint.model" in loaded
    # Nor does linting them load pkgutil (the checks are imported by the modules their
    # pages name), tomllib (no configuration file, no netlify.toml) or ctypes (the
    # chunks py-tree-sitter leaks are released once they hold `syntax.LEAKED_BYTES`).
    for unused in ("pathspec", "tomllib", "pkgutil", "ctypes"):
        assert unused not in loaded


def test_a_run_imports_the_checks_of_its_selection_only(tmp_path: Path) -> None:
    """A check's module is imported when a rule the run selects needs it: the portability
    rules (off unless selected) and the live rules (`verify` reports them) are not, nor
    is any other rule's under `--select`."""
    (tmp_path / "b.js").write_text(
        'document.modelContext.registerTool({ name: "b", description: "B.", execute() {} });\n'
    )
    arguments = ["check", "--no-cache", "b.js"]
    loaded = loaded_modules(arguments, ("webmcp_lint.checks.",), tmp_path)
    assert "webmcp_lint.checks.tool.tool_name_format" in loaded
    assert "webmcp_lint.checks.portability." not in loaded
    assert "webmcp_lint.checks.live." not in loaded
    selected = loaded_modules(
        [*arguments, "--select", "no-removed-api"], ("webmcp_lint.checks.",), tmp_path
    )
    assert "webmcp_lint.checks.api.no_removed_api" in selected
    assert (
        "webmcp_lint.checks.tool." not in selected and "webmcp_lint.checks.execute." not in selected
    )
    with_portability = loaded_modules(
        [*arguments, "--select", "portability"], ("webmcp_lint.checks.",), tmp_path
    )
    assert "webmcp_lint.checks.portability.portable_tool_name" in with_portability


@pytest.mark.parametrize("collecting", [True, False])
def test_the_program_leaves_the_collector_as_it_found_it(collecting: bool) -> None:
    """The collector is paused while click and a command's modules are imported, and
    runs again afterwards only if it ran before."""
    code = (
        "import gc, sys\n"
        f"gc.enable() if {collecting} else gc.disable()\n"
        "from webmcp_lint.cli import main\n"
        "after_import = gc.isenabled()\n"
        "try: main(['rules'])\n"
        "except SystemExit: pass\n"
        "print(after_import, gc.isenabled(), gc.get_freeze_count(), file=sys.stderr)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False
    )
    assert result.stderr.strip().splitlines()[-1] == f"{collecting} {collecting} 0"
