"""tsconfig-webmcp-types: it reads the project's tsconfig.json, so its tests write one."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers import lint, only, run_cli

# -- tsconfig-webmcp-types ---------------------------------------------------------------

TYPES = '{"compilerOptions": {"types": ["webmcp-types"]}}'
USES_API = """export async function registerTools(): Promise<void> {
  if (!("modelContext" in document)) return;
  await document.modelContext.registerTool(tool);
}
"""


def write(root: Path, files: dict[str, str]) -> None:
    for name, content in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(content, encoding="utf-8")


def tsconfig_findings(
    root: Path, files: dict[str, str], code: str = USES_API, filename: str = "src/tools.ts"
) -> list[tuple[int, int, str]]:
    write(root, files)
    return [
        (d.line, d.column, d.message)
        for d in only(lint(code, filename, root=root), "tsconfig-webmcp-types")
    ]


def test_a_project_without_webmcp_types_is_told_once_at_the_first_use(tmp_path: Path) -> None:
    config = '{\n  // comments are fine\n  "compilerOptions": { "strict": true, },\n}\n'
    [(line, column, message)] = tsconfig_findings(tmp_path, {"tsconfig.json": config})
    assert (line, column) == (3, 9)  # the `'modelContext' in document` test compiles
    assert message.startswith("`tsconfig.json` does not load `webmcp-types`")


@pytest.mark.parametrize(
    "files",
    [
        {"tsconfig.json": '{"compilerOptions": {"types": ["vite/client", "webmcp-types"]}}'},
        {
            "tsconfig.json": '{"compilerOptions": {"typeRoots": '
            '["./node_modules/webmcp-types", "./node_modules/@types"]}}'
        },
        {"tsconfig.json": '{"files": ["node_modules/webmcp-types/index.d.ts", "src/main.ts"]}'},
        # `extends`, relative, with and without the .json suffix
        {
            "tsconfig.json": '{"extends": "./configs/base", "include": ["src"]}',
            "configs/base.json": '{"compilerOptions": {"types": ["webmcp-types"]}}',
        },
        # `extends` an array; the later base wins
        {
            "tsconfig.json": '{"extends": ["./a.json", "./b.json"]}',
            "a.json": '{"compilerOptions": {"types": []}}',
            "b.json": '{"compilerOptions": {"types": ["webmcp-types"]}}',
        },
        # `extends` a package file, and a package whose package.json names its config
        {
            "tsconfig.json": '{"extends": "@acme/tsconfig/web.json"}',
            "node_modules/@acme/tsconfig/web.json": TYPES,
        },
        {
            "tsconfig.json": '{"extends": "@acme/tsconfig"}',
            "node_modules/@acme/tsconfig/package.json": '{"tsconfig": "configs/web.json"}',
            "node_modules/@acme/tsconfig/configs/web.json": TYPES,
        },
        # a project reference (Vite) and a sibling config (Angular)
        {
            "tsconfig.json": '{"files": [], "references": [{"path": "./tsconfig.app.json"}]}',
            "tsconfig.app.json": TYPES,
        },
        {
            "tsconfig.json": '{"compilerOptions": {"strict": true}}',
            "tsconfig.app.json": '{"extends": "./tsconfig.json", '
            '"compilerOptions": {"types": ["webmcp-types"]}}',
        },
        # a triple-slash reference in another file of the project
        {
            "tsconfig.json": "{}",
            "src/env.d.ts": '/// <reference types="vite/client" />\n'
            '/// <reference types="webmcp-types" />\n',
        },
    ],
)
def test_projects_that_load_webmcp_types(tmp_path: Path, files: dict[str, str]) -> None:
    assert tsconfig_findings(tmp_path, files) == []


@pytest.mark.parametrize(
    "files",
    [
        {},  # no tsconfig.json at all
        {"tsconfig.json": "{ this is not json"},
        {"tsconfig.json": '{"extends": "@acme/not-installed"}'},
    ],
)
def test_projects_we_cannot_read_are_left_alone(tmp_path: Path, files: dict[str, str]) -> None:
    assert tsconfig_findings(tmp_path, files) == []


def test_the_file_itself_can_load_the_types(tmp_path: Path) -> None:
    files = {"tsconfig.json": "{}"}
    referenced = '/// <reference types="webmcp-types" />\n' + USES_API
    assert tsconfig_findings(tmp_path, files, referenced) == []
    imported = 'import type {} from "webmcp-types";\n' + USES_API
    assert tsconfig_findings(tmp_path, files, imported) == []


@pytest.mark.parametrize(
    ("code", "filename"),
    [
        (USES_API, "src/tools.js"),  # JavaScript
        ('import { useWebMCP } from "use-webmcp-tool";\nuseWebMCP(tool);', "src/Cart.tsx"),
        ('export const supported = "modelContext" in document;', "src/support.ts"),
    ],
)
def test_code_that_needs_no_webmcp_types(tmp_path: Path, code: str, filename: str) -> None:
    assert tsconfig_findings(tmp_path, {"tsconfig.json": "{}"}, code, filename) == []


def test_the_webmcp_namespace_counts_as_a_use(tmp_path: Path) -> None:
    code = 'export const tool: WebMCP.ModelContextTool = make("show_cart");\n'
    [(line, column, _)] = tsconfig_findings(tmp_path, {"tsconfig.json": "{}"}, code)
    assert (line, column) == (1, 20)


def test_an_extends_cycle_ends(tmp_path: Path) -> None:
    files = {"tsconfig.json": '{"extends": "./b.json"}', "b.json": '{"extends": "./tsconfig.json"}'}
    assert len(tsconfig_findings(tmp_path, files)) == 1


def test_the_cli_reports_once_per_project(tmp_path: Path) -> None:
    write(
        tmp_path,
        {
            "shop/tsconfig.json": "{}",
            "shop/src/b.ts": USES_API,
            "shop/src/a/a.ts": USES_API,
            "blog/tsconfig.json": '{"compilerOptions": {}}',
            "blog/src/c.ts": USES_API,
        },
    )
    result = run_cli("check", "--output-format", "json", ".", cwd=tmp_path)
    assert result.returncode == 0, result.stderr  # info findings do not fail the run
    findings = [f for f in json.loads(result.stdout) if f["rule"] == "tsconfig-webmcp-types"]
    assert [(f["path"], f["message"].split("`")[1]) for f in findings] == [
        ("blog/src/c.ts", "blog/tsconfig.json"),
        ("shop/src/a/a.ts", "shop/tsconfig.json"),
    ]
    single = run_cli("check", "--output-format", "json", "shop/src/b.ts", cwd=tmp_path)
    [finding] = [f for f in json.loads(single.stdout) if f["rule"] == "tsconfig-webmcp-types"]
    assert finding["path"] == "shop/src/b.ts"
