"""Configuration: discovery, selection, severities, options, and errors that name the key."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.helpers import CORE_RULES, CORE_TOML, lint, rules_in, run_cli
from webmcp_lint.config.settings import plain_name

BAD_NAME = (
    'document.modelContext.registerTool({ name: "bad name", description: "d", execute() {} });\n'
)
UNKNOWN_ANNOTATION = (
    'document.modelContext.registerTool({ name: "ok", description: "d", '
    "annotations: { destructiveHint: true }, execute() {} });\n"
)


def write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def findings(root: Path, *args: str) -> list[dict[str, object]]:
    """Findings of the core rules (the test is about configuration, not the rules)."""
    result = run_cli("check", "--output-format", "json", *args, cwd=root)
    assert result.returncode in (0, 1), result.stderr
    parsed: list[dict[str, object]] = json.loads(result.stdout)
    return [finding for finding in parsed if finding["rule"] in CORE_RULES]


@pytest.mark.parametrize(
    ("config", "expected"),
    [
        ({}, ["annotation-unknown", "tool-name-format"]),
        ({"select": ["tool-name-format"]}, ["tool-name-format"]),
        ({"select": ["annotations"]}, ["annotation-unknown"]),
        ({"ignore": ["tool"]}, ["annotation-unknown"]),
        ({"select": ["api"], "extend-select": ["annotation-unknown"]}, ["annotation-unknown"]),
        ({"ignore": ["ALL"]}, []),
        # The most specific selector wins: an id beats a category, which beats ALL.
        (
            {"ignore": ["tool"], "extend-select": ["tool-name-format"]},
            ["annotation-unknown", "tool-name-format"],
        ),
        ({"select": ["tool"], "ignore": ["tool-name-format"]}, []),
        ({"ignore": ["annotations"], "select": ["ALL"]}, ["tool-name-format"]),
    ],
)
def test_selection(config: dict[str, object], expected: list[str]) -> None:
    found = lint(BAD_NAME + UNKNOWN_ANNOTATION, config=config)
    in_core = [rule for rule in rules_in(found) if rule in CORE_RULES]
    assert sorted(set(in_core)) == expected


def test_severity_override_and_fail_on(tmp_path: Path) -> None:
    write(
        tmp_path,
        {
            "webmcp-lint.toml": CORE_TOML + '[severity]\ntool-name-format = "info"\n',
            "tools.js": BAD_NAME,
        },
    )
    [finding] = findings(tmp_path)
    assert finding["severity"] == "info"
    assert run_cli("check", cwd=tmp_path).returncode == 0  # info is below the default fail-on
    assert run_cli("check", "--fail-on", "info", cwd=tmp_path).returncode == 1


def test_per_file_ignores_and_excludes_are_relative_to_the_config(tmp_path: Path) -> None:
    write(
        tmp_path,
        {
            "pyproject.toml": (
                "[project]\nname = 'site'\n\n[tool.webmcp-lint]\n"
                'extend-exclude = ["vendor/"]\n'
                '[tool.webmcp-lint.per-file-ignores]\n"legacy/**" = ["tool"]\n'
            ),
            "src/tools.js": BAD_NAME,
            "legacy/old.js": BAD_NAME,
            "vendor/lib.js": BAD_NAME,
            "node_modules/pkg/index.js": BAD_NAME,
        },
    )
    assert [f["path"] for f in findings(tmp_path)] == ["src/tools.js"]


def test_the_nearest_config_file_wins(tmp_path: Path) -> None:
    write(
        tmp_path,
        {
            "webmcp-lint.toml": 'ignore = ["tool-name-format"]\n',
            "app/.webmcp-lint.toml": "select = ['ALL']\n",
            "app/tools.js": BAD_NAME,
            "site/tools.js": BAD_NAME,
        },
    )
    assert [f["path"] for f in findings(tmp_path)] == ["app/tools.js"]


def test_dot_file_beats_plain_name_and_pyproject_without_section_is_skipped(tmp_path: Path) -> None:
    write(
        tmp_path,
        {
            "webmcp-lint.toml": 'select = ["ALL"]\n',
            "sub/pyproject.toml": "[project]\nname = 'x'\n",
            "sub/.webmcp-lint.toml": 'ignore = ["ALL"]\n',
            "sub/webmcp-lint.toml": 'select = ["ALL"]\n',
            "sub/tools.js": BAD_NAME,
            "other/pyproject.toml": "[project]\nname = 'y'\n",
            "other/tools.js": BAD_NAME,
        },
    )
    assert [f["path"] for f in findings(tmp_path)] == ["other/tools.js"]


def test_explicit_config_applies_to_everything(tmp_path: Path) -> None:
    write(
        tmp_path,
        {
            "strict.toml": 'select = ["tool-name-format"]\n',
            "app/webmcp-lint.toml": 'ignore = ["ALL"]\n',
            "app/tools.js": BAD_NAME + UNKNOWN_ANNOTATION,
        },
    )
    found = findings(tmp_path, "--config", "strict.toml", "app")
    assert [f["rule"] for f in found] == ["tool-name-format"]


def test_cli_selection_overrides_the_file(tmp_path: Path) -> None:
    write(
        tmp_path, {"webmcp-lint.toml": 'select = ["tool"]\n', "t.js": BAD_NAME + UNKNOWN_ANNOTATION}
    )
    assert [f["rule"] for f in findings(tmp_path, "--select", "annotations")] == [
        "annotation-unknown"
    ]
    assert findings(tmp_path, "--ignore", "tool-name-format,annotation-unknown") == []


@pytest.mark.parametrize(
    ("name", "text", "needle"),
    [
        ("webmcp-lint.toml", 'selct = ["ALL"]\n', "webmcp-lint.toml: selct: unknown key"),
        (
            "webmcp-lint.toml",
            'select = ["no-such-rule"]\n',
            "select: unknown rule or category 'no-such-rule'",
        ),
        ("webmcp-lint.toml", 'select = "ALL"\n', "select: must be a list"),
        (
            "webmcp-lint.toml",
            '[severity]\ntool-name-format = "fatal"\n',
            "severity.tool-name-format: must be one of",
        ),
        ("webmcp-lint.toml", '[severity]\nnope = "error"\n', "severity.nope: unknown rule id"),
        (
            "webmcp-lint.toml",
            '[per-file-ignores]\n"*.js" = ["nope"]\n',
            "per-file-ignores.'*.js': unknown rule",
        ),
        (
            "webmcp-lint.toml",
            "[options.tool-name-format]\nmax = 3\n",
            "options.tool-name-format.max: unknown option",
        ),
        ("webmcp-lint.toml", 'fail-on = "never"\n', "fail-on: must be one of"),
        ("webmcp-lint.toml", "select = [\n", "webmcp-lint.toml: not valid TOML"),
        (
            "pyproject.toml",
            "[tool.webmcp-lint]\nignored = []\n",
            "[tool.webmcp-lint] ignored: unknown key",
        ),
    ],
)
def test_broken_configuration_is_exit_code_2_naming_file_and_key(
    tmp_path: Path, name: str, text: str, needle: str
) -> None:
    write(tmp_path, {name: text, "t.js": BAD_NAME})
    result = run_cli("check", cwd=tmp_path)
    assert result.returncode == 2
    assert needle in result.stderr
    assert str(tmp_path / name) in result.stderr
    assert "Traceback" not in result.stderr


def test_missing_config_file(tmp_path: Path) -> None:
    result = run_cli("check", "--config", "nope.toml", cwd=tmp_path)
    assert result.returncode == 2
    assert "nope.toml: cannot read" in result.stderr


def test_unknown_selector_on_the_command_line(tmp_path: Path) -> None:
    result = run_cli("check", "--select", "tool-name-formt", cwd=tmp_path)
    assert result.returncode == 2
    assert "Error: Invalid value for '--select': unknown rule or category 'tool-name-formt'" in (
        result.stderr
    )


def test_show_settings(tmp_path: Path) -> None:
    write(
        tmp_path, {"webmcp-lint.toml": 'ignore = ["annotations"]\nfail-on = "error"\n', "t.js": ""}
    )
    result = run_cli("check", "--show-settings", "t.js", cwd=tmp_path)
    assert result.returncode == 0
    settings = json.loads(result.stdout)
    assert settings["config-file"] == str(tmp_path / "webmcp-lint.toml")
    assert settings["fail-on"] == "error"
    assert "tool-name-format" in settings["enabled-rules"]
    assert "annotation-unknown" not in settings["enabled-rules"]


def test_fail_on_from_the_config_file(tmp_path: Path) -> None:
    write(tmp_path, {"webmcp-lint.toml": 'fail-on = "error"\n', "t.js": UNKNOWN_ANNOTATION})
    result = run_cli("check", cwd=tmp_path)
    assert result.returncode == 0
    assert "annotation-unknown" in result.stdout


@pytest.mark.parametrize("no_cache", [False, True])  # with --no-cache, a store's run
def test_each_file_fails_at_its_own_fail_on(tmp_path: Path, no_cache: bool) -> None:
    write(
        tmp_path,
        {"strict/webmcp-lint.toml": 'fail-on = "error"\n', "strict/t.js": UNKNOWN_ANNOTATION},
    )
    options = ["--no-cache"] if no_cache else []
    assert run_cli("check", *options, cwd=tmp_path).returncode == 0
    write(tmp_path, {"t.js": UNKNOWN_ANNOTATION})
    assert run_cli("check", *options, cwd=tmp_path).returncode == 1


# -- hostile configuration: exit code 2 naming file and key, never a traceback ------------


@pytest.mark.timeout(30)  # a hang fails the test
@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ('exclude = ["!"]\n', "exclude: invalid pattern '!'"),
        ('extend-exclude = ["[z-a]"]\n', "extend-exclude: invalid pattern '[z-a]'"),
        ('extend-exclude = ["foo\\\\"]\n', "extend-exclude: invalid pattern 'foo\\\\'"),
        ('[per-file-ignores]\n"[z-a]" = ["api"]\n', "per-file-ignores.'[z-a]': invalid pattern"),
        (
            "[options.exposed-origin-secure]\nx = 1\n",
            "options.exposed-origin-secure.x: unknown option",
        ),
        (
            "[options.untrusted-content-hint]\ntrusted-origins = [{a=1}]\n",
            "options.untrusted-content-hint.trusted-origins: must be a list of strings",
        ),
        (
            "[options.description-length]\nmax-tool-description = -5\n",
            "options.description-length.max-tool-description: must be at least 1",
        ),
        (
            "[options.execute-forward-signal]\nmin-wait-ms = -1\n",
            "options.execute-forward-signal.min-wait-ms: must be at least 0",
        ),
        ('fail-on = ["error"]\n', "fail-on: must be one of"),
        ("max-file-size = -5\n", "max-file-size: must be from 1 byte"),
        ("max-file-size = true\n", "max-file-size: must be a size"),
        ('max-file-size = "lots"\n', "max-file-size: 'lots' is not a size"),
        (
            "exclude = [" + ", ".join(f'"p{i}"' for i in range(1001)) + "]\n",
            "exclude: more than 1000",
        ),
        ("a = " + "[" * 2000 + "]" * 2000 + "\n", "not valid TOML: nested too deeply"),
    ],
)
def test_hostile_configuration_is_exit_code_2_naming_file_and_key(
    tmp_path: Path, text: str, needle: str
) -> None:
    write(tmp_path, {"webmcp-lint.toml": text, "t.js": BAD_NAME})
    result = run_cli("check", cwd=tmp_path)
    assert "Traceback" not in result.stderr
    assert result.returncode == 2, result.stderr
    assert f"{tmp_path / 'webmcp-lint.toml'}: " in result.stderr
    assert needle in result.stderr


@pytest.mark.timeout(30)  # a hang fails the test
@pytest.mark.parametrize("text", ['[tool]\nwebmcp-lint = "x"\n', 'tool = "webmcp-lint"\n'])
def test_pyproject_whose_tool_is_not_a_table(tmp_path: Path, text: str) -> None:
    write(tmp_path, {"pyproject.toml": text, "t.js": BAD_NAME})
    result = run_cli("check", cwd=tmp_path)
    assert "Traceback" not in result.stderr
    assert result.returncode == 2
    assert str(tmp_path / "pyproject.toml") in result.stderr
    assert "must be a table" in result.stderr


@pytest.mark.timeout(30)  # a hang fails the test
def test_a_configuration_over_a_megabyte_is_refused_before_it_is_parsed(tmp_path: Path) -> None:
    patterns = ", ".join(f'"dir{i}/file{i}.js"' for i in range(200_000))
    write(tmp_path, {"webmcp-lint.toml": f"exclude = [{patterns}]\n", "t.js": BAD_NAME})
    result = run_cli("check", cwd=tmp_path)
    assert result.returncode == 2
    assert "webmcp-lint.toml: larger than 1 MiB" in result.stderr


@pytest.mark.timeout(30)  # a hang fails the test
def test_config_option_on_a_fifo(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "config.toml")
    result = run_cli("check", "--config", "config.toml", cwd=tmp_path)
    assert result.returncode == 2
    assert "config.toml: cannot read: Not a regular file (a FIFO)" in result.stderr


def test_configuration_above_the_repository_root_does_not_apply(tmp_path: Path) -> None:
    write(tmp_path, {".webmcp-lint.toml": 'ignore = ["ALL"]\n', "repo/src/t.js": BAD_NAME})
    (tmp_path / "repo" / ".git").mkdir()
    assert [f["path"] for f in findings(tmp_path / "repo")] == ["src/t.js"]
    # without a repository, the nearest file above still applies
    (tmp_path / "repo" / ".git").rmdir()
    assert findings(tmp_path / "repo") == []


@pytest.mark.timeout(30)  # a hang fails the test
def test_invalid_gitignore_patterns_are_left_out_with_a_notice(tmp_path: Path) -> None:
    (tmp_path / ".git").mkdir()
    write(
        tmp_path,
        {
            ".gitignore": "generated/\n!\n[z-a]\nbad\\\n*.min.js\n",
            "generated/a.js": BAD_NAME,
            "app.min.js": BAD_NAME,
            "src/t.js": BAD_NAME,
        },
    )
    result = run_cli(
        "check", "--output-format", "concise", "--select", "tool-name-format", cwd=tmp_path
    )
    assert "Traceback" not in result.stderr
    assert [line.split(":")[0] for line in result.stdout.splitlines()] == ["src/t.js"]
    assert ".gitignore: line 2: invalid pattern '!' ignored" in result.stderr
    assert ".gitignore: line 3: invalid pattern '[z-a]' ignored" in result.stderr
    assert ".gitignore: line 4: invalid pattern 'bad\\\\' ignored" in result.stderr


@pytest.mark.timeout(30)  # a hang fails the test
def test_an_ignore_file_with_too_many_patterns_is_cut_with_a_notice(tmp_path: Path) -> None:
    (tmp_path / ".git").mkdir()
    lines = [f"p{i}/" for i in range(1500)] + ["t.js"]
    write(tmp_path, {".gitignore": "\n".join(lines) + "\n", "t.js": BAD_NAME})
    result = run_cli("check", "--output-format", "concise", cwd=tmp_path)
    assert ".gitignore: more than 1000 patterns: only the first are used" in result.stderr
    assert result.stdout.startswith("t.js:")  # its pattern came too late


@pytest.mark.parametrize("is_dir", [False, True])
@pytest.mark.parametrize(
    "relative",
    [
        "node_modules",
        "a/node_modules/b.js",
        "xnode_modules/a.js",
        "node_modules.js",
        "src/dist",
        "src/dist/x.js",
        "dist.js",
        ".git/hooks/x.js",
        "src/.gitx/y.ts",
        "build-tools/z.js",
        ".",
        "a.js",
    ],
)
def test_plain_name_excludes_match_as_gitignore_does(relative: str, is_dir: bool) -> None:
    """The default excludes are matched by path part, without pathspec: the same answer."""
    from webmcp_lint.config.settings import (
        DEFAULT_EXCLUDE,
        Settings,
        _matches,
        _named,
        _plain_names,
    )

    names = _plain_names([*DEFAULT_EXCLUDE, "dist.js"])
    assert names is not None
    spec = Settings(root=Path("/r"), extend_exclude=("dist.js",)).exclude_spec
    assert _named(names, relative) == _matches(spec, relative, is_dir)


@pytest.mark.parametrize("extend", [(), ("dist.js",), ("*.min.js",)])
@pytest.mark.parametrize("directory", [".", "src", "src/node_modules/pkg", "a/dist", "../out"])
@pytest.mark.parametrize("name", ["a.js", "node_modules", "dist", "dist.js", "x.min.js"])
def test_a_directorys_excluder_answers_as_is_excluded(
    directory: str, name: str, extend: tuple[str, ...]
) -> None:
    """The walk asks each directory's excluder by entry name (plain names by the name
    alone, the directory's parts looked at once): the answer of the whole path."""
    from webmcp_lint.config.settings import Settings

    root = Path("/r/project")
    settings = Settings(root=root, extend_exclude=extend)
    for is_dir in (False, True):
        path = Path(os.path.normpath(root / directory / name))
        expected = settings.is_excluded(path, is_dir)
        assert settings.excluder(root / directory)(name, is_dir) == expected


def test_a_walk_excludes_by_name_at_every_depth(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A directory the walk enters from its parent takes its settings' excluder by name
    alone: a walk begun inside an excluded directory still finds nothing in its whole
    subtree, and an excluded name deep in a tree is left out there too."""
    from webmcp_lint.config import Overrides, Resolver
    from webmcp_lint.run.discover import discover_files

    for file in ("node_modules/pkg/lib/deep/a.js", "src/lib/node_modules/x/b.js", "src/lib/c.js"):
        (tmp_path / file).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / file).write_text("x")
    monkeypatch.chdir(tmp_path)
    resolver = Resolver(Overrides(cwd=tmp_path), None, tmp_path)

    def found(path: str) -> list[str]:
        return [file.path for file in discover_files([Path(path)], resolver, False)]

    assert found("node_modules/pkg") == []
    assert found("node_modules/pkg/lib") == []
    assert found("src") == ["src/lib/c.js"]
    assert found(".") == ["src/lib/c.js"]


def test_patterns_that_are_not_plain_names_go_through_pathspec() -> None:
    from webmcp_lint.config.settings import _plain_names

    for pattern in ("dist/", "*.min.js", "!keep", "a/b", "x?", "[ab]", "..", "\\#x", "# c"):
        assert _plain_names(["node_modules", pattern]) is None


def test_walk_settings_per_directory_are_the_resolvers(tmp_path: Path) -> None:
    """The walk asks the resolver only in directories holding a configuration file or
    `.git`, and gives the others their parent's settings: for every file, the settings
    must be those the resolver gives its directory."""
    from webmcp_lint.config import Overrides, Resolver
    from webmcp_lint.run import discover

    write(
        tmp_path,
        {
            ".webmcp-lint.toml": 'ignore = ["ALL"]\n',
            "a/t.js": BAD_NAME,
            "a/b/t.js": BAD_NAME,
            "a/b/webmcp-lint.toml": 'select = ["tool-name-format"]\n',
            "a/b/c/t.js": BAD_NAME,
            "a/b/c/d/t.js": BAD_NAME,
            "plain/pyproject.toml": "[project]\nname = 'x'\n",
            "plain/t.js": BAD_NAME,
            "configured/pyproject.toml": '[tool.webmcp-lint]\nselect = ["annotations"]\n',
            "configured/t.js": BAD_NAME,
            "repo/t.js": BAD_NAME,
            "repo/inner/t.js": BAD_NAME,
        },
    )
    (tmp_path / ".git").mkdir()
    (tmp_path / "repo" / ".git").mkdir()
    walked = Resolver(Overrides(cwd=tmp_path), None, tmp_path)
    fresh = Resolver(Overrides(cwd=tmp_path), None, tmp_path)
    found = list(discover.discover_files([tmp_path], walked, False))
    assert len(found) == 8
    for file in found:
        expected = fresh.for_directory(Path(file.path).parent)
        assert file.context.describe() == expected.describe(), file.path
    shown = {os.path.relpath(f.path, tmp_path): f.context.config_file for f in found}
    assert shown["a/b/c/d/t.js"] == tmp_path / "a/b/webmcp-lint.toml"
    assert shown["plain/t.js"] == tmp_path / ".webmcp-lint.toml"
    assert shown["repo/inner/t.js"] is None


@given(st.text(alphabet="ab_.-/*!Z9 \u00e9\u212a", max_size=8))
def test_a_plain_name_is_what_the_plain_name_pattern_matched(pattern: str) -> None:
    # The pattern `_plain_names` used before `plain_name`: the same answers.
    plain = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]*|\.[A-Za-z0-9_][A-Za-z0-9_.-]*")
    assert plain_name(pattern) is (plain.fullmatch(pattern) is not None)
