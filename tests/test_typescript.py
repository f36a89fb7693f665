"""TypeScript rules, and the project facts (tsconfig.json) they read."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers import lint, only, run_cli
from webmcp_lint import project
from webmcp_lint.extract import extract
from webmcp_lint.source import SourceFile

# -- no-handwritten-types ----------------------------------------------------------------


def handwritten(code: str, filename: str = "webmcp.d.ts") -> list[tuple[int, int, str]]:
    return [
        (d.line, d.column, d.message) for d in only(lint(code, filename), "no-handwritten-types")
    ]


def test_a_declare_global_block_is_one_finding_naming_each_declaration() -> None:
    code = """declare global {
  interface Document {
    readonly modelContext?: ModelContext;
  }
  interface ModelContext {
    registerTool(tool: ModelContextTool): Promise<void>;
  }
  interface ModelContextTool {
    name: string;
  }
}
export {};
"""
    [(line, column, message)] = handwritten(code)
    assert (line, column) == (3, 5)
    assert "(`Document.modelContext`, `ModelContext`, `ModelContextTool`)" in message
    assert "install `webmcp-types`" in message


@pytest.mark.parametrize(
    ("code", "shown"),
    [
        ("interface Navigator { modelContext: any }", "Navigator.modelContext"),
        ("export interface ModelContextTool { name: string }", "ModelContextTool"),
        (
            "export type ModelContextRegisterToolOptions = { signal?: AbortSignal };",
            "ModelContextRegisterToolOptions",
        ),
        (
            "declare namespace WebMCP { interface ModelContextTool { name: string } }",
            "namespace WebMCP",
        ),
    ],
)
def test_each_kind_of_declaration(code: str, shown: str) -> None:
    [(_, _, message)] = handwritten(code, "types.ts")
    assert f"`{shown}`" in message


def test_declarations_in_separate_statements_are_separate_findings() -> None:
    code = "interface ModelContext {}\n\ninterface ModelContextTool {}\n"
    assert [(line, column) for line, column, _ in handwritten(code, "types.ts")] == [
        (1, 11),
        (3, 11),
    ]


def test_a_vue_script_in_typescript() -> None:
    code = '<script setup lang="ts">\ninterface ModelContextTool { name: string }\n</script>'
    assert len(handwritten(code, "Cart.vue")) == 1


@pytest.mark.parametrize(
    ("code", "filename"),
    [
        # a class implements the API (a polyfill); it is not a declaration of it
        ("export class ModelContext { registerTool() {} }", "polyfill.ts"),
        # other interfaces named Document, other members
        ("interface Document { title: string }", "types.ts"),
        # the official types in use
        ("const tool: WebMCP.ModelContextTool = makeTool();", "tools.ts"),
        # JavaScript has no declarations
        ("/** @typedef {object} ModelContextTool */\nexport const ModelContext = {};", "types.js"),
        # a `modelContext` property of something else
        ("interface AppState { modelContext: string }", "types.ts"),
    ],
)
def test_not_hand_written_webmcp_types(code: str, filename: str) -> None:
    assert handwritten(code, filename) == []


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
