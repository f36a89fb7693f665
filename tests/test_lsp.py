"""`webmcp-lint server`: a real LSP session over stdio, with pygls's client."""

from __future__ import annotations

import asyncio
import os
import sys
import time
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pygls", reason="the lsp extra (pygls) is not installed")

from lsprotocol import types
from pygls.lsp.client import BaseLanguageClient

from tests.helpers import command, run_cli
from webmcp_lint.registry import rules

FAULTY = """\
document.modelContext.registerTool({
  name: /* 🔎 */ "search products",
  description: "Finds products in the catalog.",
  annotations: { readonlyHint: true },
  execute: async () => ({ results: [] }),
});
"""
# Exemplary code: the rule page tests keep its good examples free of every finding.
FIXED = next(e.code for e in rules()["tool-name-format"].examples() if e.role == "good")
CHECKED = {"tool-name-format", "annotation-unknown"}


class Client(BaseLanguageClient):
    def __init__(self) -> None:
        super().__init__("webmcp-lint-tests", "1")
        self.published: asyncio.Queue[types.PublishDiagnosticsParams] = asyncio.Queue()

        @self.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def on_diagnostics(params: types.PublishDiagnosticsParams) -> None:
            self.published.put_nowait(params)

    async def next_diagnostics(self, uri: str) -> types.PublishDiagnosticsParams:
        while True:
            params = await asyncio.wait_for(self.published.get(), timeout=30)
            if params.uri == uri:
                return params

    def open(self, uri: str, text: str, language: str = "javascript") -> None:
        item = types.TextDocumentItem(uri=uri, language_id=language, version=1, text=text)
        self.text_document_did_open(types.DidOpenTextDocumentParams(text_document=item))

    def change(self, uri: str, version: int, text: str) -> None:
        self.text_document_did_change(
            types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
                content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)],
            )
        )


@asynccontextmanager
async def session(root: Path, encodings: list[str] | None = None) -> AsyncIterator[Client]:
    client = Client()
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    await client.start_io(*command(), "server", env=env)
    capabilities = types.ClientCapabilities(
        general=types.GeneralClientCapabilities(position_encodings=encodings) if encodings else None
    )
    result = await client.initialize_async(
        types.InitializeParams(
            capabilities=capabilities,
            root_uri=root.as_uri(),
            workspace_folders=[types.WorkspaceFolder(uri=root.as_uri(), name="site")],
        )
    )
    client.server_info = result.server_info  # type: ignore[attr-defined]
    client.encoding = result.capabilities.position_encoding  # type: ignore[attr-defined]
    client.initialized(types.InitializedParams())
    try:
        yield client
    finally:
        await client.shutdown_async(None)
        client.exit(None)
        await client.stop()


def run(test: Callable[[], Any]) -> Any:
    """Run a scenario on an event loop of its own thread: a test that ran before in this
    process (Playwright's sync API) may have left a loop running in the main thread."""
    pool = ThreadPoolExecutor(1)
    try:  # a server that stops answering fails the test; it never stalls the run
        return pool.submit(asyncio.run, test()).result(timeout=240)
    finally:
        pool.shutdown(wait=False, cancel_futures=True)


def by_code(params: types.PublishDiagnosticsParams) -> dict[str, types.Diagnostic]:
    return {str(d.code): d for d in params.diagnostics}


def test_open_change_to_fix_and_shutdown(tmp_path: Path) -> None:
    uri = (tmp_path / "tools.js").as_uri()

    async def scenario() -> float:
        async with session(tmp_path) as client:
            assert client.server_info.name == "webmcp-lint"  # type: ignore[attr-defined]
            assert client.encoding == "utf-16"  # type: ignore[attr-defined]
            started = time.perf_counter()
            client.open(uri, FAULTY)
            opened = await client.next_diagnostics(uri)
            round_trip = time.perf_counter() - started
            found = by_code(opened)
            assert set(found) >= CHECKED
            name = found["tool-name-format"]
            assert name.source == "webmcp-lint"
            assert name.severity == types.DiagnosticSeverity.Error
            assert name.code_description is not None
            assert name.code_description.href.endswith("/rules/tool-name-format.md")
            # `  name: /* 🔎 */ "search products",`: the emoji is two UTF-16 units.
            assert name.range == types.Range(
                start=types.Position(line=1, character=17),
                end=types.Position(line=1, character=34),
            )
            assert found["annotation-unknown"].severity == types.DiagnosticSeverity.Warning

            client.change(uri, 2, FIXED)
            cleared = await client.next_diagnostics(uri)
            assert list(cleared.diagnostics) == []
            assert cleared.version == 2
            return round_trip

    round_trip = run(scenario)
    assert round_trip < 10
    print(f"LSP didOpen -> publishDiagnostics: {round_trip * 1000:.0f} ms")


def test_positions_in_the_negotiated_utf8_encoding(tmp_path: Path) -> None:
    uri = (tmp_path / "tools.js").as_uri()

    async def scenario() -> types.Diagnostic:
        async with session(tmp_path, ["utf-8"]) as client:
            assert client.encoding == "utf-8"  # type: ignore[attr-defined]
            client.open(uri, FAULTY)
            return by_code(await client.next_diagnostics(uri))["tool-name-format"]

    name = run(scenario)
    assert (name.range.start.character, name.range.end.character) == (19, 36)  # 🔎: 4 bytes


def test_quick_fix_from_a_finding_fix(tmp_path: Path) -> None:
    uri = (tmp_path / "tools.js").as_uri()

    async def scenario() -> list[Any]:
        async with session(tmp_path) as client:
            client.open(uri, FAULTY)
            diagnostic = by_code(await client.next_diagnostics(uri))["annotation-unknown"]
            actions = await client.text_document_code_action_async(
                types.CodeActionParams(
                    text_document=types.TextDocumentIdentifier(uri=uri),
                    range=diagnostic.range,
                    context=types.CodeActionContext(diagnostics=[diagnostic]),
                )
            )
            return list(actions or [])

    (action,) = run(scenario)
    assert action.kind == types.CodeActionKind.QuickFix
    assert action.title == "Rename to readOnlyHint (annotation-unknown)"
    (edit,) = action.edit.changes[uri]
    assert edit.new_text == "readOnlyHint"
    assert (edit.range.start.line, edit.range.start.character) == (3, 17)
    assert (edit.range.end.line, edit.range.end.character) == (3, 29)


CLEANUP = (
    "export function mount() {\r\n"
    '  document.modelContext.registerTool({ name: "search", description: "d", execute() {} });\r\n'
    '  return () => document.modelContext.unregisterTool("search");\r\n'
    "}\r\n"
)


def test_unsafe_quick_fix_says_so_and_keeps_crlf(tmp_path: Path) -> None:
    uri = (tmp_path / "tools.js").as_uri()

    async def scenario() -> list[Any]:
        async with session(tmp_path) as client:
            client.open(uri, CLEANUP)
            diagnostic = by_code(await client.next_diagnostics(uri))["no-removed-api"]
            actions = await client.text_document_code_action_async(
                types.CodeActionParams(
                    text_document=types.TextDocumentIdentifier(uri=uri),
                    range=diagnostic.range,
                    context=types.CodeActionContext(diagnostics=[diagnostic]),
                )
            )
            return list(actions or [])

    (action,) = run(scenario)
    assert action.title == ("Unregister through an AbortController (no-removed-api, unsafe fix)")
    assert action.is_preferred is False
    declaration, signal, abort = action.edit.changes[uri]
    assert declaration.new_text == "const controller = new AbortController();\r\n  "
    assert (declaration.range.start.line, declaration.range.start.character) == (1, 2)
    assert signal.new_text == ", { signal: controller.signal }"
    assert abort.new_text == "controller.abort()"
    assert (abort.range.start.line, abort.range.start.character) == (2, 15)


def test_configuration_of_the_documents_folder_applies(tmp_path: Path) -> None:
    folder = tmp_path / "legacy"
    folder.mkdir()
    (folder / "webmcp-lint.toml").write_text('ignore = ["annotation-unknown"]\n')
    (tmp_path / "webmcp-lint.toml").write_text('extend-exclude = ["vendor/"]\n')
    legacy, vendored = (folder / "tools.js").as_uri(), (tmp_path / "vendor" / "x.js").as_uri()
    untitled = "untitled:Untitled-1"

    async def scenario() -> tuple[Any, ...]:
        async with session(tmp_path) as client:
            client.open(legacy, FAULTY)
            first = await client.next_diagnostics(legacy)
            client.open(vendored, FAULTY)
            second = await client.next_diagnostics(vendored)
            client.open(untitled, FAULTY, language="typescript")
            third = await client.next_diagnostics(untitled)
            (folder / "webmcp-lint.toml").write_text("select = 1\n")
            client.change(legacy, 2, FAULTY)
            fourth = await client.next_diagnostics(legacy)
            return first, second, third, fourth

    first, second, third, fourth = run(scenario)
    assert "tool-name-format" in by_code(first)
    assert "annotation-unknown" not in by_code(first)  # ignored in that folder
    assert list(second.diagnostics) == []  # excluded by the configuration
    assert set(by_code(third)) >= CHECKED
    (problem,) = fourth.diagnostics
    assert problem.message.startswith("webmcp-lint configuration: ")
    assert "select" in problem.message


def test_server_explains_a_missing_pygls(tmp_path: Path) -> None:
    # A pygls that cannot be imported, first on the path.
    fake = tmp_path / "pygls"
    fake.mkdir()
    (fake / "__init__.py").write_text("raise ImportError('no pygls here', name='pygls')\n")
    env = {"PYTHONPATH": str(tmp_path)}
    result = run_cli("server", env=env, stdin="")
    assert result.returncode == 2
    assert "pip install 'webmcp-lint[lsp]'" in result.stderr
    assert sys.executable  # the command runs in this interpreter's environment


def test_save_relints_with_the_configuration_on_disk(tmp_path: Path) -> None:
    uri = (tmp_path / "tools.js").as_uri()

    async def scenario() -> tuple[Any, Any]:
        async with session(tmp_path) as client:
            client.open(uri, FAULTY)
            before = await client.next_diagnostics(uri)
            (tmp_path / "webmcp-lint.toml").write_text('ignore = ["tool-name-format"]\n')
            client.text_document_did_save(
                types.DidSaveTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri))
            )
            return before, await client.next_diagnostics(uri)

    before, after = run(scenario)
    assert set(by_code(before)) >= CHECKED
    assert "annotation-unknown" in by_code(after)
    assert "tool-name-format" not in by_code(after)


def test_a_lone_cr_ends_a_line_for_the_editor_too(tmp_path: Path) -> None:
    from webmcp_lint.cli.lsp import diagnose

    text = "// tools\r// 🔎\r" + FAULTY.replace("\n", "\r")
    found = {
        str(item.diagnostic.code): item.diagnostic
        for item in diagnose((tmp_path / "t.js").as_uri(), text, "javascript", tmp_path, "utf-16")
    }
    assert found["tool-name-format"].range.start == types.Position(line=3, character=17)


@pytest.mark.timeout(120)
def test_a_document_whose_parse_never_ends_gets_a_timeout_and_the_server_goes_on(
    tmp_path: Path,
) -> None:
    # tree-sitter-typescript 0.23.2's TSX grammar never finishes this (tests/grammar_gaps/):
    # the server used to stop answering after opening it.
    looping = (Path(__file__).parent / "grammar_gaps" / "tsx_parse_never_ends.tsx").read_text()
    stuck = (tmp_path / "stuck.tsx").as_uri()
    fine = (tmp_path / "tools.js").as_uri()

    async def scenario() -> None:
        async with session(tmp_path) as client:
            client.open(stuck, "document.modelContext;\n" + looping, "typescriptreact")
            timed_out = await client.next_diagnostics(stuck)
            assert set(by_code(timed_out)) == {"source-timeout"}
            client.open(fine, FAULTY)
            assert set(by_code(await client.next_diagnostics(fine))) >= CHECKED

    run(scenario)


class Document:
    def __init__(self, source: str, version: int, language_id: str = "typescriptreact") -> None:
        self.source, self.version, self.language_id = source, version, language_id


class Workspace:
    position_encoding = None

    def __init__(self) -> None:
        self.documents: dict[str, Document] = {}

    def get_text_document(self, uri: str) -> Document:
        return self.documents[uri]


class QuietServer:
    """What `lsp.publish` uses of the server, without a client: the published lists."""

    def __init__(self, root: Path) -> None:
        from webmcp_lint.cli.lsp import Latest

        self.root = root
        self.workspace = Workspace()
        self.latest = Latest()
        self.linted: dict[str, Any] = {}
        self.published: list[types.PublishDiagnosticsParams] = []

    def workspace_root(self) -> Path:
        return self.root

    def send_from_thread(self, params: types.PublishDiagnosticsParams) -> None:
        self.text_document_publish_diagnostics(params)

    def text_document_publish_diagnostics(self, params: types.PublishDiagnosticsParams) -> None:
        self.published.append(params)


@pytest.mark.timeout(60)
def test_an_edit_cancels_the_lint_of_the_version_it_replaces(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from webmcp_lint import syntax
    from webmcp_lint.cli.lsp import publish

    # Only the cancel can stop this parse: its own budget is an hour.
    monkeypatch.setattr(syntax, "PARSE_FLOOR_SECONDS", 3600.0)
    looping = (Path(__file__).parent / "grammar_gaps" / "tsx_parse_never_ends.tsx").read_text()
    uri = (tmp_path / "tools.tsx").as_uri()
    server = QuietServer(tmp_path)
    server.workspace.documents[uri] = Document("document.modelContext;\n" + looping, 1)
    with ThreadPoolExecutor(1) as pool:
        first = pool.submit(publish, server, uri)  # type: ignore[arg-type]
        while uri not in server.latest.running:
            time.sleep(0.01)
        time.sleep(0.2)  # well into the parse
        server.workspace.documents[uri] = Document(FAULTY, 2)
        publish(server, uri)  # type: ignore[arg-type]
        first.result(timeout=30)  # the replaced lint ended, cancelled
    [published] = server.published  # version 1 never reached the editor
    assert published.version == 2
    assert set(by_code(published)) >= CHECKED
    assert server.latest.running == {}


TYPED = """\
document.modelContext.registerTool({
  name: "search_products",
  description: "Finds products in the catalog.",
  inputSchema: { type: "object", properties: {} },
  execute: async () => ({ content: [{ type: "text", text: "[]" }] }),
});
"""


def test_an_edited_tsconfig_is_read_again_by_a_running_server(tmp_path: Path) -> None:
    """The project facts (what tsconfig.json loads, what package.json depends on) are
    cached per process; a server sees an edit to them at the next lint, no restart."""
    (tmp_path / ".git").mkdir()
    (tmp_path / "package.json").write_text('{"name": "site"}\n')
    tsconfig = tmp_path / "tsconfig.json"
    tsconfig.write_text('{ "compilerOptions": { "strict": true } }\n')
    uri = (tmp_path / "tools.ts").as_uri()

    async def scenario() -> list[set[str]]:
        seen = []
        async with session(tmp_path) as client:
            client.open(uri, TYPED, "typescript")
            seen.append(set(by_code(await client.next_diagnostics(uri))))
            tsconfig.write_text('{ "compilerOptions": { "types": ["webmcp-types"] } }\n')
            client.change(uri, 2, TYPED)
            seen.append(set(by_code(await client.next_diagnostics(uri))))
            tsconfig.write_text('{ "compilerOptions": { "types": [] } }\n')
            client.change(uri, 3, TYPED)
            seen.append(set(by_code(await client.next_diagnostics(uri))))
        return seen

    opened, loads_types, unloaded = run(scenario)
    assert "tsconfig-webmcp-types" in opened
    assert "tsconfig-webmcp-types" not in loads_types
    assert "tsconfig-webmcp-types" in unloaded
