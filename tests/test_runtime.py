"""What a file runs on (runtime.py, extract/installs.py, model/runtime.py): the installs
found in code, the verdicts read from them, `--show-settings`, and the `runtime` key."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from tests.helpers import run_cli
from tests.runtime_projects import manifest, npm_lock
from webmcp_lint.config import Settings
from webmcp_lint.extract import extract, runtime
from webmcp_lint.extract import installs as installs_module
from webmcp_lint.extract.implementations import implementation
from webmcp_lint.extract.installs import installs
from webmcp_lint.model.runtime import Runtime
from webmcp_lint.run import pipeline
from webmcp_lint.workspace import budget
from webmcp_lint.workspace.source import SourceFile


def found(code: str, name: str = "a.js") -> list[tuple[str, str | None, list[str], object, bool]]:
    language = "html" if name.endswith(".html") else "javascript"
    model = extract(SourceFile(Path(name), name, language, code.encode()))  # type: ignore[arg-type]
    return [
        (
            i.kind,
            i.package or i.version,
            sorted(i.surfaces),
            sorted(i.members) if i.members is not None else None,
            i.always,
        )
        for i in installs(model)
    ]


def test_installs_are_found_from_their_words_and_confirmed_in_the_tree() -> None:
    assert found('import "@mcp-b/global";') == [("import", "@mcp-b/global", [], None, True)]
    assert found('import type { X } from "@mcp-b/global";') == []
    assert found('// import "@mcp-b/global";\nconst s = "@mcp-b/global";') == []
    assert found("initializeWebMCPPolyfill();") == [
        ("call", "@mcp-b/webmcp-polyfill", [], None, True)
    ]
    cdn = '<script src="https://unpkg.com/@mcp-b/global@1.5.0/dist/index.iife.js"></script>'
    assert found(cdn, "p.html") == [("script", "@mcp-b/global", [], None, True)]


def test_a_script_src_written_in_capitals_installs_too() -> None:
    # HTML attribute names ignore case: the page's bytes are looked at for `src` in any.
    cdn = '<SCRIPT SRC="https://unpkg.com/@mcp-b/global@1.5.0/dist/index.iife.js"></SCRIPT>'
    assert found(cdn, "p.html") == [("script", "@mcp-b/global", [], None, True)]


def test_a_shim_with_its_members_and_whether_it_installs_only_where_missing() -> None:
    always = "Object.defineProperty(navigator, 'modelContext', { value: { registerTool() {} } });"
    assert found(always) == [("shim", None, ["navigator"], ["registerTool"], True)]
    missing = (
        "class Shim { registerTool() {} unregisterTool() {} }\n"
        "function native() { return 'modelContext' in document; }\n"
        "export function install() {\n"
        "  if (native()) return;\n"
        "  const doc = document;\n"
        "  Object.defineProperty(doc, 'modelContext', { value: new Shim() });\n"
        "}\n"
    )
    assert found(missing) == [
        ("shim", None, ["document"], ["registerTool", "unregisterTool"], False)
    ]
    assert found("navigator.modelContext ??= makeShim();") == [
        ("shim", None, ["navigator"], None, False)
    ]
    fake = "vi.stubGlobal('navigator', { modelContext: { registerTool: vi.fn() } });"
    assert found(fake) == [("fake", None, ["navigator"], ["registerTool"], True)]


def test_verdicts_in_each_environment() -> None:
    polyfill = implementation("@mcp-b/webmcp-polyfill", "4.0.0", ())
    runtime = Runtime((polyfill,))
    environment, provider = runtime.lacking("document", "unregisterTool") or (None, None)
    assert (environment, provider and provider.name) == ("chrome", "Chrome")
    assert runtime.everywhere("document") and not runtime.everywhere("navigator")
    mcp_b = Runtime((implementation("@mcp-b/global", "1.6.4", ()),))
    assert mcp_b.lacking("navigator", "unregisterTool") is None
    assert mcp_b.hidden_from_chrome("navigator") is not None
    assert (
        Runtime((implementation("@mcp-b/global", "3.0.0", ()),)).hidden_from_chrome("navigator")
        is None
    )
    assert Runtime(known=False).lacking("document", "unregisterTool") is None


def test_show_settings_prints_what_a_path_runs_on_with_evidence(tmp_path: Path) -> None:
    (tmp_path / "src").mkdir()
    (tmp_path / "package.json").write_text(manifest(dependencies={"@mcp-b/global": "^1"}))
    (tmp_path / "package-lock.json").write_text(npm_lock({"@mcp-b/global": "1.6.4"}))
    (tmp_path / "src" / "main.js").write_text('import "@mcp-b/global";\n')
    result = run_cli("check", "--show-settings", "src/main.js", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    shown = json.loads(result.stdout)["what-it-runs-on"]
    (only,) = shown["implementations"]
    assert (only["name"], only["version"], only["surfaces"]) == (
        "@mcp-b/global",
        "1.6.4",
        ["navigator"],
    )
    assert only["evidence"] == [
        "imports @mcp-b/global for its effect (src/main.js:1)",
        "package-lock.json resolves @mcp-b/global 1.6.4 (package-lock.json:9)",
    ]


def test_show_settings_prints_the_frameworks_with_their_versions(tmp_path: Path) -> None:
    # React 19 with the automatic JSX runtime: no `import React` in the file, the project says
    (tmp_path / "package.json").write_text(
        manifest(dependencies={"react": "^19.0.0", "@mcp-b/react-webmcp": "^2.1.0"})
    )
    (tmp_path / "package-lock.json").write_text(npm_lock({"react": "19.2.1"}))
    (tmp_path / "App.jsx").write_text("export const App = () => <p />;\n")
    result = run_cli("check", "--show-settings", "App.jsx", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["frameworks"] == {
        "@mcp-b/react-webmcp": "2.3.2 (package.json's range ^2.1.0)",
        "react": "19.2.1 (package-lock.json)",
    }


@pytest.mark.parametrize(
    ("value", "problem"),
    [
        ('"chrome"', "must be a non-empty list"),
        ('["chrome", "@mcp-b/globl@1"]', "unknown runtime '@mcp-b/globl@1'"),
        ('["@mcp-b/global"]', "needs a version"),
    ],
)
def test_a_broken_runtime_key_is_exit_2_with_the_file_and_key(
    tmp_path: Path, value: str, problem: str
) -> None:
    (tmp_path / "webmcp-lint.toml").write_text(f"runtime = {value}\n")
    (tmp_path / "a.js").write_text("document.modelContext.unregisterTool('x');\n")
    result = run_cli("check", "a.js", cwd=tmp_path)
    assert result.returncode == 2
    assert "webmcp-lint.toml: runtime: " in result.stderr and problem in result.stderr


def test_a_declared_runtime_replaces_detection(tmp_path: Path) -> None:
    (tmp_path / "a.js").write_text("document.modelContext.unregisterTool('x');\n")
    assert run_cli("check", "a.js", cwd=tmp_path).returncode == 1
    (tmp_path / "webmcp-lint.toml").write_text('runtime = ["@mcp-b/global@4"]\n')
    declared = run_cli("check", "a.js", cwd=tmp_path)
    assert declared.returncode == 0, declared.stdout
    (tmp_path / "webmcp-lint.toml").write_text('runtime = ["unknown"]\n')
    assert run_cli("check", "a.js", cwd=tmp_path).returncode == 0


def test_the_manifest_says_what_an_mcp_b_hook_registers_on(tmp_path: Path) -> None:
    # @mcp-b/react-webmcp before 4.0 registers on navigator.modelContext: MCP-B's, not Chrome
    (tmp_path / "package.json").write_text(
        manifest(dependencies={"@mcp-b/global": "1.6.4", "@mcp-b/react-webmcp": "1.6.4"})
    )
    (tmp_path / "main.tsx").write_text('import "@mcp-b/global";\n')
    (tmp_path / "Tools.tsx").write_text(
        'import { useWebMCP } from "@mcp-b/react-webmcp";\n'
        "export function Tools() {\n"
        '  useWebMCP({ name: "list_tasks", description: "Lists the tasks.", handler: run });\n'
        "}\n"
    )
    result = run_cli("tools", ".", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    (tool,) = json.loads(result.stdout)
    assert tool["runtime"] == ["@mcp-b/global 1.6.4"]


def test_a_test_set_up_file_at_the_root_is_not_the_apps_runtime(tmp_path: Path) -> None:
    # vitest's `setupFiles: "./vitest.setup.ts"` (a string) fakes navigator.modelContext
    # for the tests; the app's own files do not run on it.
    (tmp_path / "package.json").write_text(manifest(devDependencies={"vitest": "^3"}))
    (tmp_path / "vitest.config.ts").write_text(
        'export default { test: { setupFiles: "./vitest.setup.ts" } };\n'
    )
    (tmp_path / "vitest.setup.ts").write_text(
        "Object.defineProperty(navigator, 'modelContext', { value: { registerTool() {} } });\n"
    )
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "tools.ts").write_text(
        'navigator.modelContext.registerTool({ name: "a", description: "A.", execute() {} });\n'
    )
    result = run_cli("check", "--show-settings", "src/tools.ts", cwd=tmp_path)
    assert json.loads(result.stdout)["what-it-runs-on"]["implementations"] == []
    found = run_cli("check", "--output-format", "json", "src/tools.ts", cwd=tmp_path)
    assert [f["rule"] for f in json.loads(found.stdout)] == ["no-navigator-model-context"]


def test_a_mock_a_test_injects_is_not_the_apps_runtime(tmp_path: Path) -> None:
    # A mock of the API for browser tests (injected with Playwright's addInitScript), in a
    # file named for what it is; no page loads it.
    (tmp_path / "mock-agent.js").write_text(
        "(function () {\n"
        "  const tools = new Map();\n"
        "  Object.defineProperty(window.navigator, 'modelContext', {\n"
        "    value: { registerTool(tool) { tools.set(tool.name, tool); } },\n"
        "  });\n"
        "})();\n"
    )
    (tmp_path / "tools.js").write_text(
        'navigator.modelContext.registerTool({ name: "a", description: "A.", execute() {} });\n'
    )
    result = run_cli("check", "--show-settings", "tools.js", cwd=tmp_path)
    assert json.loads(result.stdout)["what-it-runs-on"]["implementations"] == []
    found = run_cli("check", "--output-format", "json", "tools.js", cwd=tmp_path)
    assert [f["rule"] for f in json.loads(found.stdout)] == ["no-navigator-model-context"]


HOOK_TOOLS = (
    'import { useWebMCP } from "@mcp-b/react-webmcp";\n'
    "export function Tools() {\n"
    '  useWebMCP({ name: "list_tasks", description: "Lists the tasks.", handler: run });\n'
    "}\n"
    "export const count = () => navigator.modelContext.listTools().length;\n"
)


@pytest.mark.parametrize(
    ("hooks", "rules"),
    [
        # 1.1.1 imports @mcp-b/global (it pins 1.4.0), which installs navigator.modelContext
        ("1.1.1", ["tools-hidden-from-chrome"]),
        # 1.6.4 does not: nothing provides navigator.modelContext in Chrome
        ("1.6.4", ["no-navigator-model-context"]),
    ],
)
def test_old_mcp_b_hooks_install_the_global_they_pin(
    tmp_path: Path, hooks: str, rules: list[str]
) -> None:
    (tmp_path / "package.json").write_text(
        manifest(dependencies={"@mcp-b/react-webmcp": f"^{hooks}"})
    )
    (tmp_path / "package-lock.json").write_text(npm_lock({"@mcp-b/react-webmcp": hooks}))
    (tmp_path / "Tools.tsx").write_text(HOOK_TOOLS)
    found = run_cli(
        "check",
        "--select",
        "tools-hidden-from-chrome,no-navigator-model-context",
        "--output-format",
        "json",
        ".",
        cwd=tmp_path,
    )
    assert [f["rule"] for f in json.loads(found.stdout)] == rules


@pytest.mark.parametrize(
    ("src", "rules"),
    [
        # the package's own build, not in the tree: what it installs is not known
        ("../dist/auto.global.js", []),
        # a data script that is missing says nothing about WebMCP
        ("posts.js", ["no-navigator-model-context"]),
    ],
)
def test_a_page_loading_a_build_that_is_not_there(
    tmp_path: Path, src: str, rules: list[str]
) -> None:
    (tmp_path / "demo").mkdir()
    (tmp_path / "demo" / "index.html").write_text(
        f'<script src="{src}"></script>\n<script>\n'
        'navigator.modelContext.registerTool({ name: "a", description: "A.", execute() {} });\n'
        "</script>\n"
    )
    found = run_cli(
        "check",
        "--select",
        "no-navigator-model-context",
        "--output-format",
        "json",
        ".",
        cwd=tmp_path,
    )
    assert [f["rule"] for f in json.loads(found.stdout)] == rules


_INSTALL_FRAGMENTS = [
    b"import '@mcp-b/global';",
    b"@webmcp-bridge/cor",
    b"initializeWebModelContext()",
    b"xinitializeWebMCPPolyfill",
    b"installModelContextBridge_",
    b"setupWebMCPPolyfill();",
    b"webmcp.polyfill.js",
    b"navigator.modelContext = shim;",
    b"navigator.modelContext == shim;",
    b"modelContextTesting ??= fake;",
    b"Object.defineProperty (",
    b"vi.stubGlobal(",
    b"globalThis.navigator = {};",
    b"window ) . document\n= x",
    b"self.navigator == x",
    b"const document = x;",
    b"Object.assign(",
    b"Object.assign",
    b"modelContext",
    b"modelContext",
    b" ",
    b"\n",
]


@settings(max_examples=400)
@given(st.lists(st.sampled_from(_INSTALL_FRAGMENTS), max_size=6))
@example([b"modelContext", b"globalThis.navigator = {};"])
@example([b"modelContext", b"window ) . document\n= x"])
@example([b"modelContext", b"vi.stubGlobal("])
def test_may_install_is_its_expressions_answer(parts: list[bytes]) -> None:
    """The prefilter looks for words before the expressions, and tries the shim's
    alternatives one at a time: it answers as the expressions alone would."""
    data = b"".join(parts)
    alone = bool(
        installs_module._PACKAGE_WORDS.search(data)
        or installs_module._INSTALLER_WORDS.compiled.search(data)
        or (
            b"olyfill" in data
            and (
                installs_module._OWN_INSTALLER.search(data)
                or installs_module._POLYFILL_FILE_BYTES.compiled.search(data)
            )
        )
        or (b"modelContext" in data and installs_module._SHIM_WORDS.compiled.search(data))
    )
    assert installs_module.may_install(data) == alone


@settings(max_examples=400)
@given(st.lists(st.sampled_from(_INSTALL_FRAGMENTS), max_size=6), st.data())
@example([b"x = 1; globalThis.navigator = {};"], None)
def test_a_shim_between_two_places_holds_one_of_the_hints(
    parts: list[bytes], data: st.DataObject | None
) -> None:
    """A script's shims are looked for only where one of `_SHIM_HINTS` matches within
    its bytes (`_shims`): a match of `_SHIM_WORDS` there holds one."""
    text = b"".join(parts)
    start, end = (
        (0, len(text))
        if data is None
        else sorted(data.draw(st.integers(0, len(text))) for _ in range(2))
    )
    if installs_module._SHIM_WORDS.compiled.search(text, start, end):
        assert any(hint.search(text, start, end) for hint in installs_module._SHIM_HINTS)


def test_the_runtime_is_worked_out_before_workers_are_forked(tmp_path: Path) -> None:
    """A pool works out its first file's runtime in the parent (`work_out_runtime`): the
    package's scan is then every worker's, found once."""
    (tmp_path / "package.json").write_text(manifest(), encoding="utf-8")
    (tmp_path / "setup.js").write_text("import '@mcp-b/global';\n", encoding="utf-8")
    (tmp_path / "app.js").write_text("navigator.modelContext.registerTool({});\n")
    runtime.forget()
    pipeline.work_out_runtime(pipeline.Task(tmp_path / "app.js", "app.js", Settings(root=tmp_path)))
    scanned = runtime._SCANS[(tmp_path.resolve(), True)]
    assert [found.path.name for found in scanned] == ["setup.js"]
    runtime.forget()


def test_a_scan_past_its_file_deadline_is_not_kept(tmp_path: Path) -> None:
    """A package's scan runs under the deadline of the file that asked for it: once the
    deadline passes, the scan stops (the file is a `source-timeout`), and what it had
    found so far is not kept as the package's installs for the files after it."""
    (tmp_path / "package.json").write_text(manifest(), encoding="utf-8")
    # Large enough that the parse looks at the deadline while it reads.
    setup = "import '@mcp-b/global';\n" + "export const n = [" + "1, " * 50_000 + "];\n"
    (tmp_path / "setup.js").write_text(setup, encoding="utf-8")
    runtime.forget()
    with pytest.raises(budget.DeadlineExceeded), budget.deadline(0.0):
        runtime._scan(tmp_path.resolve(), True)
    assert (tmp_path.resolve(), True) not in runtime._SCANS
    assert [found.path.name for found in runtime._scan(tmp_path.resolve(), True)] == ["setup.js"]
    runtime.forget()


def test_a_deadline_passing_while_the_runtime_is_worked_out_is_a_timeout(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def out_of_time(model: object, task: object) -> None:
        raise budget.DeadlineExceeded(30.0)

    monkeypatch.delenv("WEBMCP_LINT_DEBUG", raising=False)  # errors caught as in production
    monkeypatch.setattr(pipeline, "_add_runtime", out_of_time)
    (tmp_path / "app.js").write_text("navigator.modelContext.registerTool({});\n")
    task = pipeline.Task(tmp_path / "app.js", "app.js", Settings(root=tmp_path))
    result = pipeline.lint_task(task)
    assert not result.internal_errors
    assert [d.rule for d in result.diagnostics] == ["source-timeout"]
