"""Hosts' settings files: found by their exact names, read without a traceback whatever
they hold, and only they (origin-trial-token reads the `Origin-Trial` headers they set;
tests/rules/test_origin_trial_token.py has the rule's cases)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers import lint, run_cli
from tests.rules.test_origin_trial_token import EXPIRED, toml_file, vercel_file
from webmcp_lint.extract import extract
from webmcp_lint.extract.hosts import MAX_HEADERS, MAX_SETTINGS_BYTES, read_headers
from webmcp_lint.workspace.source import HOST_SETTINGS, SourceFile, language_of

RULE = "origin-trial-token"


@pytest.mark.parametrize("name", sorted(HOST_SETTINGS))
def test_a_host_settings_file_is_known_by_its_exact_name(name: str) -> None:
    assert language_of(name) == "hosting"
    assert language_of(f"site/public/{name}") == "hosting"
    assert language_of(name.upper()) is None
    assert language_of(f"{name}.bak") is None
    assert language_of(f"my{name}") is None


@pytest.mark.parametrize(
    "name", ["package.json", "tsconfig.json", "config.toml", "headers", "_redirects", ".env"]
)
def test_other_settings_files_are_not_read(name: str) -> None:
    assert language_of(name) is None


@pytest.fixture
def site(tmp_path: Path) -> Path:
    (tmp_path / "public").mkdir()
    (tmp_path / "public" / "_headers").write_text(f"/*\n  Origin-Trial: {EXPIRED}\n")
    (tmp_path / "netlify.toml").write_text(toml_file(f'"{EXPIRED}"'))
    (tmp_path / "vercel.json").write_text(vercel_file(EXPIRED))
    # the same header in files no host reads
    (tmp_path / "package.json").write_text(json.dumps({"name": "shop", "ot": EXPIRED}))
    (tmp_path / "headers.json").write_text(vercel_file(EXPIRED))
    (tmp_path / "hosting.toml").write_text(toml_file(f'"{EXPIRED}"'))
    return tmp_path


def findings(stdout: str) -> list[tuple[str, str, int]]:
    return [(f["path"], f["rule"], f["line"]) for f in json.loads(stdout)]


def test_a_directory_walk_finds_the_settings_files_by_name(site: Path) -> None:
    result = run_cli("check", "--output-format", "json", "--select", RULE, ".", cwd=site)
    assert result.returncode == 1, result.stderr
    assert sorted(findings(result.stdout)) == [
        ("netlify.toml", RULE, 7),
        ("public/_headers", RULE, 2),
        ("vercel.json", RULE, 8),
    ]


def test_a_settings_file_named_on_the_command_line_is_read(site: Path) -> None:
    result = run_cli(
        "check", "--output-format", "json", "--select", RULE, "public/_headers", cwd=site
    )
    assert findings(result.stdout) == [("public/_headers", RULE, 2)]
    other = run_cli("check", "--select", RULE, "headers.json", cwd=site)
    assert other.returncode == 0, other.stdout


def test_standard_input_is_read_as_the_settings_file_it_names(site: Path) -> None:
    result = run_cli(
        "check",
        "--output-format",
        "json",
        "--select",
        RULE,
        "--stdin-filename",
        "netlify.toml",
        "-",
        cwd=site,
        stdin=toml_file(f'"{EXPIRED}"'),
    )
    assert findings(result.stdout) == [("netlify.toml", RULE, 7)]


def test_the_cache_gives_the_same_findings(site: Path) -> None:
    args = ("check", "--output-format", "json", "--cache-dir", ".cache-test", ".")
    first = run_cli(*args, cwd=site)
    second = run_cli(*args, cwd=site)
    assert findings(first.stdout) == findings(second.stdout) != []


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("netlify.toml", 'headers = "Origin-Trial"\n[[headers]]\n'),  # not a TOML table array
        ("netlify.toml", "[[headers]]\nfor = 1\nvalues = 2\n# origin-trial\n"),
        ("netlify.toml", "\xff origin-trial = ["),
        ("vercel.json", '{"headers": {"Origin-Trial": 1}}'),
        ("vercel.json", '[{"key": "Origin-Trial", "value": "A"}]'),
        ("vercel.json", "[" * 5000 + "origin-trial"),
        ("firebase.json", '{"hosting": "origin-trial"}'),
        ("firebase.json", '{"hosting": [1, {"headers": [2, {"key": 3, "value": "x"}]}]}'),
        ("staticwebapp.config.json", '{"globalHeaders": ["Origin-Trial"], "routes": 3}'),
        ("staticwebapp.config.json", "origin-trial \ufeff {"),
        ("_headers", "Origin-Trial:\n:\n/\n  :x\n  Origin-Trial:\n"),
        (".htaccess", 'Header set Origin-Trial "unclosed\nHeader set Origin-Trial \\\n'),
    ],
)
def test_odd_settings_set_no_origin_trial_and_raise_nothing(name: str, text: str) -> None:
    assert [d.rule for d in lint(text, name)] == []


def test_deep_json_nesting_raises_nothing() -> None:
    text = '{"headers": ' + "[" * 100_000 + "]" * 100_000 + ', "x": "origin-trial"}'
    assert [d.rule for d in lint(text, "vercel.json") if d.rule == RULE] == []


def test_a_huge_settings_file_is_not_parsed() -> None:
    padding = " " * MAX_SETTINGS_BYTES
    text = vercel_file(EXPIRED).replace('{\n  "headers"', "{" + padding + '"headers"', 1)
    source = SourceFile(Path("vercel.json"), "vercel.json", "hosting", text.encode())
    assert read_headers(source) == []
    small = SourceFile(Path("vercel.json"), "vercel.json", "hosting", vercel_file(EXPIRED).encode())
    assert [h.name for h in read_headers(small)] == ["Origin-Trial"]


def test_only_the_first_headers_of_a_settings_file_are_read() -> None:
    """Each TOML value is looked for in the text after the one before: a file of many
    values that are not written as they are would cost a pass over the file each."""
    values = "\n".join(f'    X-{i} = "\\u0041{i}"' for i in range(MAX_HEADERS + 100))
    text = f'[[headers]]\n  for = "/*"\n  [headers.values]\n{values}\n'
    source = SourceFile(Path("netlify.toml"), "netlify.toml", "hosting", text.encode())
    found = read_headers(source)
    assert [h.name for h in found] == [f"X-{i}" for i in range(MAX_HEADERS)]
    assert not any(h.exact for h in found)


def test_a_settings_file_has_no_code_in_its_model() -> None:
    text = toml_file(f'"{EXPIRED}"') + '# document.modelContext.registerTool({name: "x"})\n'
    model = extract(SourceFile(Path("netlify.toml"), "netlify.toml", "hosting", text.encode()))
    assert (model.scripts, model.markup, model.tools, model.api_uses) == ([], None, [], [])
    assert [(h.name, h.pattern, h.host) for h in model.headers] == [
        ("Origin-Trial", "/*", "Netlify")
    ]
    assert [d.rule for d in lint(text, "netlify.toml")] == [RULE]


def test_per_file_ignores_silence_a_settings_file_and_comments_do_not() -> None:
    text = f"/*\n  # webmcp-lint-disable-next-line {RULE}\n  Origin-Trial: {EXPIRED}\n"
    assert [d.rule for d in lint(text, "public/_headers")] == [RULE]
    ignored = {"per-file-ignores": {"public/_headers": [RULE]}}
    assert lint(text, "public/_headers", ignored) == []
