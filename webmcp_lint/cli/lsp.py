"""`webmcp-lint server`: a Language Server over stdio, built on pygls (the `lsp` extra).

Each open document is linted in memory as the file it is (like `--stdin-filename`), with
the configuration that applies to its path, when it is opened, changed and saved.
Diagnostics carry the rule id as `code`, its page as `codeDescription.href` and
`source: "webmcp-lint"`; findings with a fix offer it as a quick fix (an unsafe one says
so in its title and is never the preferred action). Columns, code
points everywhere else in webmcp-lint, are converted to the position encoding agreed
with the client (UTF-16 unless it offers another).
"""

from __future__ import annotations

import asyncio
import re
import threading
from pathlib import Path

from lsprotocol import types
from msgspec import Struct
from pygls.lsp.server import LanguageServer
from pygls.uris import to_fs_path

from webmcp_lint import __version__
from webmcp_lint.config import CONFIG_FILES, ConfigError, Overrides, Resolver, forget_config_files
from webmcp_lint.diagnostics import Diagnostic, Location
from webmcp_lint.run import discover, engine, pipeline
from webmcp_lint.run.edits import newline_of
from webmcp_lint.workspace import budget
from webmcp_lint.workspace.discovery import language_of

SOURCE = "webmcp-lint"
SEVERITY = {
    "error": types.DiagnosticSeverity.Error,
    "warning": types.DiagnosticSeverity.Warning,
    "info": types.DiagnosticSeverity.Information,
}
# For documents whose name says nothing (untitled buffers): the editor's language id.
SUFFIX_OF_LANGUAGE = {
    "javascript": ".js",
    "javascriptreact": ".jsx",
    "typescript": ".ts",
    "typescriptreact": ".tsx",
    "html": ".html",
    "vue": ".vue",
    "svelte": ".svelte",
    "astro": ".astro",
}


class Linted(Struct, frozen=True):
    """One published diagnostic and the finding it came from (for its fix)."""

    diagnostic: types.Diagnostic
    finding: Diagnostic | None


class Latest:
    """The lint under way for each document: a new one cancels the one before (its
    deadline, `budget.Deadline.cancel`), whose findings are then never published."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.running: dict[str, budget.Deadline] = {}

    def start(self, uri: str, deadline: budget.Deadline) -> None:
        with self.lock:
            previous = self.running.get(uri)
            if previous is not None:
                previous.cancel()
            self.running[uri] = deadline

    def stop(self, uri: str) -> None:
        with self.lock:
            previous = self.running.pop(uri, None)
            if previous is not None:
                previous.cancel()


class WebmcpLintServer(LanguageServer):
    def __init__(self) -> None:
        super().__init__("webmcp-lint", __version__)
        self.linted: dict[str, list[Linted]] = {}
        self.latest = Latest()
        # The event loop that reads and writes stdio: lint threads hand it what to send,
        # as two threads writing at once could interleave their messages.
        self.io_loop: asyncio.AbstractEventLoop | None = None

    def send_from_thread(self, params: types.PublishDiagnosticsParams) -> None:
        if self.io_loop is None:
            self.text_document_publish_diagnostics(params)
        else:
            self.io_loop.call_soon_threadsafe(self.text_document_publish_diagnostics, params)

    def workspace_root(self) -> Path | None:
        root = self.workspace.root_path
        return Path(root) if root else None


def create_server() -> WebmcpLintServer:
    server = WebmcpLintServer()

    # Documents are linted in threads, so the server keeps answering while a file takes
    # its time, and an edit cancels the lint of the version it replaces.
    @server.feature(types.INITIALIZED)
    def initialized(ls: WebmcpLintServer, params: types.InitializedParams) -> None:
        ls.io_loop = asyncio.get_running_loop()

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    @server.thread()
    def did_open(ls: WebmcpLintServer, params: types.DidOpenTextDocumentParams) -> None:
        publish(ls, params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    @server.thread()
    def did_change(ls: WebmcpLintServer, params: types.DidChangeTextDocumentParams) -> None:
        publish_after_edit(ls, params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    @server.thread()
    def did_save(ls: WebmcpLintServer, params: types.DidSaveTextDocumentParams) -> None:
        publish_after_edit(ls, params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: WebmcpLintServer, params: types.DidCloseTextDocumentParams) -> None:
        uri = params.text_document.uri
        ls.latest.stop(uri)
        ls.linted.pop(uri, None)
        empty = types.PublishDiagnosticsParams(uri=uri, diagnostics=[])
        ls.text_document_publish_diagnostics(empty)

    @server.feature(
        types.TEXT_DOCUMENT_CODE_ACTION,
        types.CodeActionOptions(code_action_kinds=[types.CodeActionKind.QuickFix]),
    )
    def code_action(ls: WebmcpLintServer, params: types.CodeActionParams) -> list[types.CodeAction]:
        return quick_fixes(ls, params)

    return server


def publish_after_edit(ls: WebmcpLintServer, uri: str) -> None:
    if Path(to_fs_path(uri) or uri).name in CONFIG_FILES:  # the configuration changed
        for open_uri in list(ls.linted):
            publish(ls, open_uri)
    else:
        publish(ls, uri)


def publish(ls: WebmcpLintServer, uri: str) -> None:
    document = ls.workspace.get_text_document(uri)
    encoding = str(ls.workspace.position_encoding or types.PositionEncodingKind.Utf16)
    # An outer deadline without end, only there to be cancelled by the next edit; each
    # file's own budget (pipeline.lint_task) runs under it.
    with budget.deadline(float("inf")) as deadline:
        assert deadline is not None
        ls.latest.start(uri, deadline)
        linted = diagnose(uri, document.source, document.language_id, ls.workspace_root(), encoding)
    with ls.latest.lock:  # publish in the order of the edits, never a replaced version
        if deadline.cancelled:
            return
        del ls.latest.running[uri]
        ls.linted[uri] = linted
        ls.send_from_thread(
            types.PublishDiagnosticsParams(
                uri=uri, version=document.version, diagnostics=[i.diagnostic for i in linted]
            )
        )


def document_path(uri: str, language_id: str | None, root: Path | None) -> Path | None:
    """The path a document is linted as, or None for a language webmcp-lint does not read."""
    fs_path = to_fs_path(uri) if uri.startswith("file:") else None
    path = Path(fs_path) if fs_path else (root or Path.cwd()) / Path(uri).name
    if language_of(path) is None:
        suffix = SUFFIX_OF_LANGUAGE.get(language_id or "")
        if suffix is None:
            return None
        path = path.with_name(path.name + suffix)
    return path


def diagnose(
    uri: str, text: str, language_id: str | None, root: Path | None, encoding: str
) -> list[Linted]:
    path = document_path(uri, language_id, root)
    if path is None:
        return []
    forget_config_files()  # pick up edits to configuration files
    discover.forget_changed_projects(path.parent)  # and to tsconfig.json, package.json, ...
    cwd = root or path.parent
    try:
        settings = Resolver(Overrides(), None, cwd).for_file(path)
    except ConfigError as error:
        start = types.Position(line=0, character=0)
        problem = types.Diagnostic(
            range=types.Range(start=start, end=start),
            message=f"webmcp-lint configuration: {error}",
            severity=types.DiagnosticSeverity.Error,
            source=SOURCE,
        )
        return [Linted(problem, None)]
    if settings.is_excluded(path):
        return []
    task = pipeline.Task(path, discover.display_path(path, cwd), settings, data=text.encode())
    lines = split_lines(text)
    # The document alone, page rules included: its page is the document itself.
    (result,) = engine.run([task], jobs=1)
    return [
        Linted(to_lsp(finding, uri, lines, encoding), finding) for finding in result.diagnostics
    ]


def split_lines(text: str) -> list[str]:
    """Lines as LSP counts them (and webmcp-lint's positions): split at \\n, \\r\\n, \\r."""
    return re.split(r"\r\n|\r|\n", text)


def to_lsp(finding: Diagnostic, uri: str, lines: list[str], encoding: str) -> types.Diagnostic:
    related = [
        types.DiagnosticRelatedInformation(
            location=types.Location(uri=uri, range=to_range(r.located, lines, encoding)),
            message=r.message,
        )
        for r in finding.related
        if r.path_in(finding.path) == finding.path  # only the document's lines are known
    ]
    return types.Diagnostic(
        range=to_range(finding.location, lines, encoding),
        message=finding.message,
        severity=SEVERITY[finding.severity],
        code=finding.rule,
        code_description=types.CodeDescription(href=finding.url),
        source=SOURCE,
        related_information=related or None,
    )


def to_range(location: Location, lines: list[str], encoding: str) -> types.Range:
    return types.Range(
        start=to_position(lines, location.line, location.column, encoding),
        end=to_position(lines, location.end_line, location.end_column, encoding),
    )


def to_position(lines: list[str], line: int, column: int, encoding: str) -> types.Position:
    """A 1-based line and code-point column as an LSP position in `encoding` units."""
    text = lines[line - 1] if line - 1 < len(lines) else ""
    before = text[: column - 1]
    if encoding == types.PositionEncodingKind.Utf8:
        units = len(before.encode("utf-8"))
    elif encoding == types.PositionEncodingKind.Utf32:
        units = len(before)
    else:
        units = len(before.encode("utf-16-le")) // 2
    return types.Position(line=line - 1, character=units)


def quick_fixes(ls: WebmcpLintServer, params: types.CodeActionParams) -> list[types.CodeAction]:
    uri = params.text_document.uri
    document = ls.workspace.get_text_document(uri)
    lines = split_lines(document.source)
    newline = newline_of(document.source.encode("utf-8"))
    encoding = str(ls.workspace.position_encoding or types.PositionEncodingKind.Utf16)
    actions = []
    for item in ls.linted.get(uri, []):
        if item.finding is None or item.finding.fix is None:
            continue
        if not _overlaps(item.diagnostic.range, params.range):
            continue
        fix = item.finding.fix
        text_edits = [
            types.TextEdit(
                range=to_range(edit.located, lines, encoding),
                new_text=edit.replacement.replace("\r\n", "\n").replace("\n", newline),
            )
            for edit in fix.edits
        ]
        safe = fix.applicability == "safe"
        actions.append(
            types.CodeAction(
                title=f"{fix.description} ({item.finding.rule}{'' if safe else ', unsafe fix'})",
                kind=types.CodeActionKind.QuickFix,
                diagnostics=[item.diagnostic],
                edit=types.WorkspaceEdit(changes={uri: text_edits}),
                is_preferred=safe,
            )
        )
    return actions


def _overlaps(first: types.Range, second: types.Range) -> bool:
    def key(position: types.Position) -> tuple[int, int]:
        return (position.line, position.character)

    return key(first.start) <= key(second.end) and key(second.start) <= key(first.end)


def serve() -> None:
    create_server().start_io()
