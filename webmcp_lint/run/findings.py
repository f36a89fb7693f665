"""Each file's findings kept out of memory from when the file is linted to the report.

A run over a large tree finds tens of thousands of findings, each with its code frame;
kept as objects until the sorted report, they made the memory grow with the tree
(217 MiB for dense-10x with -j1, against 55 MiB for a tenth of it). A `FindingStore`
writes each file's findings, as JSON, to a temporary file as the file's result arrives
(`put`), and the report reads them back file by file in path order (`in_path_order`).
The passes that change findings after the files (project-scope findings kept once,
the page pass) read and write them through `diagnostics_of` and `set_diagnostics`.
A page file's rule settings and project are shared with the other files' that are
the same, and its tools (with its held-back findings) go to the store too, read back by
the page pass a page at a time (`Aside`).
"""

from __future__ import annotations

import contextlib
import json
import tempfile
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from itertools import groupby, islice
from typing import IO, TYPE_CHECKING, Any, Generic, Protocol, TypeVar, overload

from webmcp_lint.diagnostics import SEVERITY_RANK, Diagnostic
from webmcp_lint.registry import rules
from webmcp_lint.run import page_pass as pages
from webmcp_lint.run.diagnostic_json import decode_diagnostic, encode_diagnostic

if TYPE_CHECKING:  # page tools are decoded only in a run that has them
    from webmcp_lint.checks.page_tools import PageTool


class FileResult(Protocol):
    """What the store reads and writes of a `pipeline.FileResult`."""

    path: str
    diagnostics: list[Diagnostic]
    stored: Stored | None
    packed: Packed | None
    page: pages.PageFile | None


WRITE_BUFFER = 1 << 20


R = TypeVar("R", bound=FileResult)


class StoreError(Exception):
    """The temporary file of findings could not be written or read back (its disk full
    or gone): the run cannot report every finding."""


@contextlib.contextmanager
def _file_errors() -> Iterator[None]:
    try:
        yield
    except OSError as error:
        raise StoreError(error.strerror or str(error)) from None


def store_or_memory() -> FindingStore | contextlib.nullcontext[None]:
    """A store to keep findings out of memory, or none (they stay in memory) where no
    temporary file can be made."""
    try:
        return FindingStore()
    except OSError:
        return contextlib.nullcontext()


class FindingStore:
    """A temporary file of findings as JSON, one record per file (a record written again
    after a pass changed it is appended: the old one is left unread). Failing to write
    or read it is a StoreError."""

    def __init__(self) -> None:
        # Closed by `close` (or leaving a `with`); removed by the system when closed.
        # Written in large blocks: a record is a few KiB, a write per record costs.
        self._file: IO[bytes] = tempfile.TemporaryFile(buffering=WRITE_BUFFER)  # noqa: SIM115
        self._end = 0  # where the next record goes; the file is read in between
        self._page_parts: dict[Any, Any] = {}

    def put(self, result: R) -> R:
        """The result, its findings moved into the store (and those a later pass gives
        it, through `set_diagnostics`); encoded already when a worker packed them."""
        packed = result.packed or pack(result.diagnostics)
        offset = self._write(packed.data) if packed.count else self._end
        result.stored = Stored(
            self, offset, len(packed.data), packed.count, packed.worst, packed.project_scope
        )
        result.diagnostics, result.packed = [], None
        result.page = self._page_aside(pages.with_shared_parts(result.page, self._page_parts))
        return result

    def _page_aside(self, page: pages.PageFile | None) -> pages.PageFile | None:
        """The page file with its tools and held-back findings in the store: every file
        of a tree full of tools kept them to the end (1.7 MiB per 900 files)."""
        if page is None or isinstance(page.tools, Aside) or not (page.tools or page.pending):
            return page
        tools_data = [_encode_tool(tool) for tool in page.tools]
        pending_data = [[p.index, p.key, encode_diagnostic(p.diagnostic)] for p in page.pending]
        data = json.dumps([tools_data, pending_data]).encode()
        offset = self._write(data)
        tools: Aside[PageTool] = Aside(self, offset, len(data), 0, len(page.tools))
        pending: Aside[pages.Pending] = Aside(self, offset, len(data), 1, len(page.pending))
        return replace(page, tools=tools, pending=pending)

    def _write(self, data: bytes) -> int:
        offset = self._end
        with _file_errors():
            if self._file.tell() != offset:
                self._file.seek(offset)
            self._file.write(data)
        self._end += len(data)
        return offset

    def _read(self, offset: int, size: int) -> bytes:
        with _file_errors():
            self._file.seek(offset)
            return self._file.read(size)

    def read(self, stored: Stored) -> list[Diagnostic]:
        if not stored.count:
            return []
        data = self._read(stored.offset, stored.size)
        return [decode_diagnostic(item) for item in json.loads(data)]

    def close(self) -> None:
        with contextlib.suppress(OSError):  # the findings are read already, or lost
            self._file.close()

    def __enter__(self) -> FindingStore:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()


T = TypeVar("T")


class Aside(Sequence[T], Generic[T]):
    """A page file's tools (`part` 0) or held-back findings (1) in a store, encoded as
    the cache encodes them: counted without reading them, read back each time they are
    iterated."""

    __slots__ = ("_count", "_offset", "_part", "_size", "_store")

    def __init__(self, store: FindingStore, offset: int, size: int, part: int, count: int):
        self._store, self._offset, self._size = store, offset, size
        self._part, self._count = part, count

    def _items(self) -> tuple[T, ...]:
        if not self._count:
            return ()
        both = json.loads(self._store._read(self._offset, self._size))
        decode: Any = _decode_tool if self._part == 0 else _decode_pending
        return tuple(decode(item) for item in both[self._part])

    def __iter__(self) -> Iterator[T]:
        return iter(self._items())

    def __len__(self) -> int:
        return self._count

    @overload
    def __getitem__(self, index: int) -> T: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[T]: ...
    def __getitem__(self, index: int | slice) -> T | Sequence[T]:
        return self._items()[index]


def _encode_tool(tool: PageTool) -> list[Any]:
    at = tool.at
    where = [at.line, at.column, at.end_line, at.end_column, at.snippet, at.snippet_start]
    where += [at.snippet_start_byte, at.fingerprint, sorted(at.suppressed), at.by]
    facts = [tool.description, tool.kind, tool.consequential, tool.untrusted]
    return [tool.path, tool.order, tool.name, *facts, where]


def _decode_tool(data: list[Any]) -> PageTool:
    from webmcp_lint.checks.page_tools import Anchor, PageTool

    path, order, name, description, kind, consequential, untrusted, where = data
    line, column, end_line, end_column, snippet, start, start_byte, fingerprint = where[:8]
    suppressed, by = where[8:]
    at = Anchor(
        line,
        column,
        end_line,
        end_column,
        tuple(snippet),
        start,
        start_byte,
        fingerprint,
        frozenset(suppressed),
        tuple(tuple(one) for one in by),
    )
    return PageTool(path, order, name, description, kind, at, consequential, untrusted)


def _decode_pending(data: list[Any]) -> pages.Pending:
    index, key, diagnostic = data
    return pages.Pending(index, key, decode_diagnostic(diagnostic))


@dataclass(frozen=True)
class Packed:
    """A file's findings encoded where the file was linted (in a worker process, the
    parent only writes the bytes), with what is asked of them without reading them:
    how many, the rank of the most severe (-1: none), whether one is project-scope."""

    data: bytes
    count: int
    worst: int
    project_scope: bool


def pack(diagnostics: list[Diagnostic]) -> Packed:
    if not diagnostics:
        return Packed(b"", 0, -1, False)
    catalog = rules()
    return Packed(
        json.dumps([encode_diagnostic(d) for d in diagnostics]).encode(),
        len(diagnostics),
        max(SEVERITY_RANK[d.severity] for d in diagnostics),
        any(catalog[d.rule].scope == "project" for d in diagnostics),
    )


def packed(result: R) -> R:
    """The result with its findings packed, for a store to keep."""
    result.packed, result.diagnostics = pack(result.diagnostics), []
    return result


@dataclass(frozen=True, slots=True)  # one per file of the run
class Stored:
    """Where a file's findings are in a store, and what `Packed` says of them."""

    store: FindingStore
    offset: int
    size: int
    count: int
    worst: int
    project_scope: bool


def diagnostics_of(result: FileResult) -> list[Diagnostic]:
    """A result's findings, from its store when they were moved there."""
    if result.stored is None:
        return result.diagnostics
    return result.stored.store.read(result.stored)


def set_diagnostics(result: FileResult, diagnostics: list[Diagnostic]) -> None:
    """A result's findings replaced, kept where its findings are kept."""
    stored = result.stored
    if stored is None:
        result.diagnostics = diagnostics
        return
    result.diagnostics = diagnostics
    stored.store.put(result)


def may_hold_project_scope(result: FileResult) -> bool:
    return result.stored.project_scope if result.stored is not None else bool(result.diagnostics)


def _count(result: FileResult) -> int:
    return result.stored.count if result.stored is not None else len(result.diagnostics)


def fails_at(result: FileResult, limit: int) -> bool:
    """Whether a result has a finding at or above the severity rank `limit`."""
    if result.stored is not None:
        return result.stored.worst >= limit
    return any(SEVERITY_RANK[d.severity] >= limit for d in result.diagnostics)


class InPathOrder(Sequence[Diagnostic]):
    """Every finding of the results, sorted as `Diagnostic.sort_key` sorts them, read
    one file at a time each time it is iterated. Every finding of a result is on the
    result's path (its file's, or a page finding placed on its file), so the order is
    the results' by path and each path's findings by their key."""

    def __init__(self, results: Sequence[FileResult]) -> None:
        self._results = sorted((r for r in results if _count(r)), key=lambda r: r.path)
        self._count = sum(_count(r) for r in self._results)

    def __iter__(self) -> Iterator[Diagnostic]:
        for _, same_path in groupby(self._results, key=lambda r: r.path):
            found = [d for result in same_path for d in diagnostics_of(result)]
            yield from sorted(found, key=Diagnostic.sort_key)

    def __len__(self) -> int:
        return self._count

    @overload
    def __getitem__(self, index: int) -> Diagnostic: ...
    @overload
    def __getitem__(self, index: slice) -> list[Diagnostic]: ...
    def __getitem__(self, index: int | slice) -> Diagnostic | list[Diagnostic]:
        if isinstance(index, slice):
            if index.step is None and (index.start or 0) >= 0 and (index.stop or 0) >= 0:
                return list(islice(self, index.start, index.stop))
            return list(self)[index]
        return list(self)[index]
