"""The project facts rules read: the tsconfig.json that applies to a file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers import inside
from tests.rules.test_tsconfig_webmcp_types import USES_API, write
from webmcp_lint.extract import extract, project
from webmcp_lint.workspace.source import SourceFile

# -- project.py --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("jsonc", "expected"),
    [
        ('{"a": 1, // one\n "b": [1, 2,], /* two */ }', {"a": 1, "b": [1, 2]}),
        (
            '{"url": "https://example.com/*x*/", "c": "a,}"}',
            {"url": "https://example.com/*x*/", "c": "a,}"},
        ),
        ('{"q": "say \\"//\\"", }', {"q": 'say "//"'}),
        ('{"a": [1, /* c */ ], "b": {"c": 2, // d\n}}', {"a": [1], "b": {"c": 2}}),
    ],
)
def test_jsonc(jsonc: str, expected: object) -> None:
    assert json.loads(project.strip_jsonc(jsonc)) == expected


def test_the_nearest_tsconfig_wins(tmp_path: Path) -> None:
    write(
        tmp_path,
        {"tsconfig.json": "{}", "packages/app/tsconfig.json": "{}", "packages/app/src/x.ts": ""},
    )
    assert (
        project.nearest_tsconfig(tmp_path / "packages/app/src")
        == tmp_path / "packages/app/tsconfig.json"
    )
    assert project.nearest_tsconfig(tmp_path / "packages") == tmp_path / "tsconfig.json"


def test_only_typescript_gets_project_facts(tmp_path: Path) -> None:
    write(tmp_path, {"tsconfig.json": "{}"})
    for name, language, expected in (
        ("a.js", "javascript", None),
        ("a.ts", "typescript", tmp_path / "tsconfig.json"),
        ("a.vue", "vue", None),
    ):
        source = SourceFile(tmp_path / name, name, language, USES_API.encode())
        facts = project.facts(extract(source), tmp_path / name, name)
        assert (facts.tsconfig.path if facts.tsconfig else None) == expected


def test_project_root_is_kept_per_working_directory(tmp_path: Path) -> None:
    # The root is remembered per directory: a directory outside the working directory
    # has none, and the same directory asked again from its parent has that parent.
    tree = tmp_path / "tree"
    (tree / "src").mkdir(parents=True)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    directory = (tree / "src").resolve()
    with inside(elsewhere):
        assert project.project_root(directory) is None
    with inside(tree):
        assert project.project_root(directory) == tree.resolve()
    (tree / ".git").mkdir()
    project.forget()  # as the language server does when a project changes
    with inside(elsewhere):
        assert project.project_root(directory) == tree.resolve()
