"""Each file's findings kept out of memory from when the file is linted to the report.

A run over a large tree finds tens of thousands of findings, each with its code frame;
kept as objects until the sorted report, they made the memory grow with the tree
(217 MiB for dense-10x with -j1, against 55 MiB for a tenth of it). A `FindingStore`
writes each file's findings, as MessagePack, to a temporary file as the file's result arrives
(`put`), and the report reads them back file by file in path order (`InPathOrder`).
What is kept of the file is a `Filed`: only what the later passes and the report read.
The passes that change findings after the files (project-scope findings kept once,
the page pass) read and write them through `diagnostics_of` and `set_diagnostics`.
A page file's rule settings and project are shared with the other files' that are
the same, and its tools (with its held-back findings) go to the store too, read back by
the page pass a page at a time (`Aside`).
"""

from __future__ import annotations

import contextlib
import functools
import gc
import os
import weakref
from array import array
from collections.abc import Iterator, Sequence
from itertools import groupby, islice
from typing import IO, TYPE_CHECKING, Any, Generic, Protocol, TypeVar, cast, overload

from msgspec import Struct, msgpack
from msgspec.structs import replace

from webmcp_lint.diagnostics import SEVERITY_RANK, Diagnostic
from webmcp_lint.registry import rules
from webmcp_lint.run import page_pass as pages

if TYPE_CHECKING:  # page tools are decoded only in a run that has them
    from webmcp_lint.checks.page_tools import PageTool
    from webmcp_lint.config import Settings
    from webmcp_lint.model import Handoff


# A file screened to its end (`pipeline.screened`): what its result says besides the
# path (the task's) and empty findings: read, prefiltered, build output, its page file.
# A tuple, not a `FileResult` (with its six empty lists): a tree's files are most of
# them, filed one by one in the parent (`FindingStore.put_screened`).
Screened = tuple[bool, bool, bool, "pages.PageFile | None"]


class FileResult(Protocol):
    """What the store reads of a `pipeline.FileResult` (its findings in memory)."""

    path: str
    diagnostics: list[Diagnostic]
    packed: Packed | None
    page: pages.PageFile | None
    read: bool
    prefiltered: bool
    build_output: bool
    internal_errors: list[str]
    forwarders: list[str]
    handoffs: list[Handoff]


WRITE_BUFFER = 1 << 20
R = TypeVar("R", bound=FileResult)
T = TypeVar("T")


class Named(Protocol):
    """What the store reads of a `pipeline.Task`: the strings its result repeats, and
    its settings' `fail-on` (the exit code reads it after the tasks are let go)."""

    @property
    def display(self) -> str: ...
    @property
    def real(self) -> str | None: ...
    @property
    def settings(self) -> Settings: ...


class StoreError(Exception):
    """The temporary file of findings could not be written or read back (its disk full
    or gone): the run cannot report every finding."""


@contextlib.contextmanager
def _file_errors() -> Iterator[None]:
    try:
        yield
    except OSError as error:
        raise StoreError(error.strerror or str(error)) from None


@contextlib.contextmanager
def collector_paused(collect_young: bool = False) -> Iterator[None]:
    """The cyclic garbage collector paused while many objects are made at once that are
    kept, or freed by their reference counts (a file's model, findings encoded or
    decoded): a collection in between frees nothing and walks all of them (100,000
    findings decoded with it running: a tenth of the run). `collect_young`: then collect
    the youngest generation, which holds all that was made meanwhile."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()
            if collect_young:
                gc.collect(0)


def _decoded(decoder: msgpack.Decoder[T], data: bytes) -> T:
    """`data` decoded with the collector paused (`collector_paused` without the cost of a
    context manager: the page pass and the report decode a record per file, and the
    generator behind one cost as much as the decoding, 2,000 times on dense-1x)."""
    if not gc.isenabled():
        return decoder.decode(data)
    gc.disable()
    try:
        return decoder.decode(data)
    finally:
        gc.enable()


def free_lists_emptied() -> None:
    """The interpreter's lists of freed tuples, lists, dicts and floats, kept for reuse,
    emptied into the allocator's free memory, where any object can reuse it: only a
    full collection empties them, and with every object frozen meanwhile it walks none.
    Before the page pass of a tree: dense-10x's peak was 0.5 MiB lower."""
    if gc.get_freeze_count():  # what another froze stays frozen
        return
    gc.freeze()
    gc.collect()
    gc.unfreeze()


def store_or_memory() -> FindingStore | contextlib.nullcontext[None]:
    """A store to keep findings out of memory, or none (they stay in memory) where no
    temporary file can be made."""
    try:
        return FindingStore()
    except OSError:
        return contextlib.nullcontext()


def _temporary_file() -> IO[bytes]:
    """A temporary file that the system removes once it is closed, as
    `tempfile.TemporaryFile` makes it on Linux (a file without a name, O_TMPFILE, in the
    first directory it tries) when the system can: importing tempfile (and shutil, lzma,
    bz2) was 7 to 13 ms of every run with a store, before its first file. Written in
    large blocks: a record is a few KiB, a write per record costs."""
    directory = next(
        (os.environ[n] for n in ("TMPDIR", "TEMP", "TMP") if os.environ.get(n)), "/tmp"
    )
    try:
        flags = os.O_RDWR | os.O_EXCL | os.O_NOFOLLOW | os.O_TMPFILE
        descriptor = os.open(directory, flags, 0o600)
    except (AttributeError, OSError):  # not Linux, or not there: tempfile finds where
        import tempfile

        return tempfile.TemporaryFile(buffering=WRITE_BUFFER)
    return open(descriptor, "w+b", buffering=WRITE_BUFFER)


class FindingStore:
    """A temporary file of findings as JSON, one record per file (a record written again
    after a pass changed it is appended: the old one is left unread). Failing to write
    or read it is a StoreError."""

    def __init__(self) -> None:
        # Closed by `close` (or leaving a `with`); removed by the system when closed.
        self._file: IO[bytes] = _temporary_file()
        self._end = 0  # where the next record goes; the file is read in between
        self._page_parts: dict[Any, Any] = {}
        # What each filed result says (`Filed`, a row of these): numbers in one array
        # (`ROW` of them a row) and its strings in lists, rather than a record with
        # int objects per file (a third of what a file kept to the end).
        self._rows = array("q")
        self._paths: list[str] = []
        self._pages: list[pages.PageFile | None] = []
        self._rare: dict[int, Rare] = {}  # rows with internal errors, forwarders, handoffs
        # What the page files' tools aside hold of the store: they are in the store, and a
        # strong reference would close a cycle the collector cannot see (the page files
        # are untracked), keeping a dropped store forever.
        self._weak: FindingStore = cast("FindingStore", weakref.proxy(self))

    def put(self, task: Named, result: FileResult) -> Filed:
        """The result of `task` filed: its findings moved into the store (encoded already
        when a worker packed them), its page tools too. Its paths are the task's strings
        (a result from a worker process brings copies, one more per file)."""
        flags = READ * result.read | PREFILTERED * result.prefiltered
        packed_page = result.packed.page if result.packed is not None else None
        flags |= BUILD_OUTPUT * result.build_output
        filed = self._row(task, flags, result.page, packed_page)
        if result.internal_errors or result.forwarders or result.handoffs:
            errors, forwarders = tuple(result.internal_errors), tuple(result.forwarders)
            self._rare[filed.row] = Rare(errors, forwarders, tuple(result.handoffs))
        if result.packed is not None or result.diagnostics:  # else the row says: none
            self._file_findings(filed, result.packed or pack(result.diagnostics))
        return filed

    def put_screened(self, task: Named, screened: Screened) -> Filed:
        """`put` of a file screened to its end (`pipeline.screened`): no findings, no
        `FileResult` made for it."""
        read, prefiltered, build_output, page = screened
        flags = READ * read | PREFILTERED * prefiltered | BUILD_OUTPUT * build_output
        return self._row(task, flags, page)

    def _row(
        self,
        task: Named,
        flags: int,
        page: pages.PageFile | None,
        packed_page: PagePacked | None = None,
    ) -> Filed:
        """A new row: a filed result without findings yet (`packed_page`: its page
        file's tools and held-back findings, when a worker encoded them)."""
        row = len(self._paths)
        flags |= SEVERITY_RANK[task.settings.fail_on] << FAIL_ON_SHIFT
        self._rows.extend((0, 0, 0, -1, flags, 0, 0))
        self._paths.append(task.display)
        if page is not None:
            page = pages.with_shared_parts(page, self._page_parts, task.display, task.real)
        self._pages.append(self._page_aside(row, page, packed_page))
        return Filed(self, row)

    def _file_findings(self, filed: Filed, packed: Packed) -> None:
        """A filed result's findings (again, when a later pass changed them)."""
        at = filed.row * ROW
        offset = self._write(packed.data) if packed.count else self._end
        self._rows[at : at + FLAGS] = array(
            "q", (offset, len(packed.data), packed.count, packed.worst)
        )
        flags = self._rows[at + FLAGS] & ~PROJECT_SCOPE
        self._rows[at + FLAGS] = flags | PROJECT_SCOPE * packed.project_scope

    def _page_aside(
        self, row: int, page: pages.PageFile | None, packed: PagePacked | None
    ) -> pages.PageFile | None:
        """The page file with its tools and held-back findings in the store (`packed`:
        encoded already, by a worker): every file of a tree full of tools kept them to
        the end (1.7 MiB per 900 files)."""
        if page is None or isinstance(page.tools, Aside):
            return page
        if packed is None:
            if not (page.tools or page.pending):
                return page
            data = msgpack.encode((page.tools, page.pending))
            packed = PagePacked(data, len(page.tools), len(page.pending))
        at = row * ROW + PAGE_DATA
        self._rows[at : at + 2] = array("q", (self._write(packed.data), len(packed.data)))
        # Most files hold back no finding: no `Aside` for them (one per file of a tree).
        tools = _aside(self._weak, row, 0, packed.tools) if packed.tools else ()
        pending = _aside(self._weak, row, 1, packed.pending) if packed.pending else ()
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

    def read(self, filed: Filed) -> list[Diagnostic]:
        if not filed.count:
            return []
        at = filed.row * ROW
        return _decoded(_findings_decoder(), self._read(self._rows[at], self._rows[at + 1]))

    def close(self) -> None:
        with contextlib.suppress(OSError):  # the findings are read already, or lost
            self._file.close()

    def __enter__(self) -> FindingStore:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()


# One per page file of a tree, to the end: a Struct (48 bytes, untracked by the collector
# as the `PageFile` that holds it is) rather than a class with slots (64 bytes, tracked).
class Aside(Struct, Generic[T], frozen=True, gc=False):
    """A page file's tools (`part` 0) or held-back findings (1) in a store, where its
    filed result's row says: counted without reading them, read back each time they
    are iterated."""

    _store: FindingStore
    _row: int
    _part: int
    _count: int

    def _items(self) -> tuple[T, ...]:
        if not self._count:
            return ()
        at = self._row * ROW + PAGE_DATA
        data = self._store._read(self._store._rows[at], self._store._rows[at + 1])
        return _decoded(_page_decoder(), data)[self._part]  # type: ignore[return-value]

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


Sequence.register(Aside)


def _aside(store: FindingStore, row: int, part: int, count: int) -> Sequence[Any]:
    """An `Aside`, typed as the sequence it is registered as (a Struct cannot subclass
    `Sequence`)."""
    return cast("Sequence[Any]", Aside(store, row, part, count))


# The store's records are MessagePack, encoded and decoded by msgspec, checked against
# their types as they are read. A decoder is made when a store is first read: it
# compiles its types, and most runs read none.
@functools.cache
def _findings_decoder() -> msgpack.Decoder[list[Diagnostic]]:
    return msgpack.Decoder(list[Diagnostic])


@functools.cache
def _page_decoder() -> msgpack.Decoder[tuple[tuple[PageTool, ...], tuple[pages.Pending, ...]]]:
    from webmcp_lint.checks.page_tools import PageTool

    return msgpack.Decoder(tuple[tuple[PageTool, ...], tuple[pages.Pending, ...]])


class PagePacked(Struct, frozen=True):
    """A page file's tools and held-back findings encoded as the store keeps them, and
    how many of each."""

    data: bytes
    tools: int
    pending: int


class Packed(Struct, frozen=True):
    """A file's findings encoded where the file was linted (in a worker process, the
    parent only writes the bytes), with what is asked of them without reading them:
    how many, the rank of the most severe (-1: none), whether one is project-scope;
    and its page file's tools and held-back findings, encoded there too (`page`; the
    result's page file comes without them): the parent of a pool over dense-1x took
    26 ms to unpickle and file its 901 results when it decoded and encoded them
    again, 22 ms now."""

    data: bytes
    count: int
    worst: int
    project_scope: bool
    page: PagePacked | None = None


def pack(diagnostics: list[Diagnostic]) -> Packed:
    if not diagnostics:
        return Packed(b"", 0, -1, False)
    catalog = rules()
    return Packed(
        msgpack.encode(diagnostics),
        len(diagnostics),
        max(SEVERITY_RANK[d.severity] for d in diagnostics),
        any(catalog[d.rule].scope == "project" for d in diagnostics),
    )


def packed(result: R) -> R:
    """The result with its findings packed, for a store to keep, and its page file's
    tools and held-back findings."""
    found = pack(result.diagnostics)
    page = result.page
    if page is not None and (page.tools or page.pending):
        data = msgpack.encode((page.tools, page.pending))
        found = replace(found, page=PagePacked(data, len(page.tools), len(page.pending)))
        result.page = replace(page, tools=(), pending=())
    result.packed, result.diagnostics = found, []
    return result


# A row of `FindingStore._rows`: where the findings are (offset, size), how many, the
# rank of the most severe, flags, where the page tools and held-back findings are.
ROW, COUNT, WORST, FLAGS, PAGE_DATA = 7, 2, 3, 4, 5
READ, PREFILTERED, BUILD_OUTPUT, PROJECT_SCOPE = 1, 2, 4, 8
FAIL_ON_SHIFT = 4  # the flags above it: the rank of the file's `fail-on` severity


class Rare(Struct, frozen=True):
    """What few files' results hold."""

    internal_errors: tuple[str, ...]
    forwarders: tuple[str, ...]
    handoffs: tuple[Handoff, ...]


NONE_RARE = Rare((), (), ())


# One per file of the run, to the end; untracked by the collector (gc=False): nothing it
# holds can lead back to it, so it is in no reference cycle.
class Filed(Struct, frozen=True, gc=False):
    """A file's result once a store holds its findings: what the passes after the files
    and the report read of it, from its row in the store (where its findings are, what
    `Packed` says of them). A `FileResult` kept instead, with its empty lists, took
    three times the memory per file of a tree, and a record of int objects twice."""

    store: FindingStore
    row: int

    # Each property reads its row in one expression: the passes after the files read a
    # few of them of every file of a tree (15,433 on sparse), and a call more each was
    # about half of those passes' time.
    @property
    def path(self) -> str:
        return self.store._paths[self.row]

    @property
    def page(self) -> pages.PageFile | None:
        return self.store._pages[self.row]

    @property
    def count(self) -> int:
        return self.store._rows[self.row * ROW + COUNT]

    @property
    def worst(self) -> int:
        return self.store._rows[self.row * ROW + WORST]

    @property
    def project_scope(self) -> bool:
        return bool(self.store._rows[self.row * ROW + FLAGS] & PROJECT_SCOPE)

    @property
    def read(self) -> bool:
        return bool(self.store._rows[self.row * ROW + FLAGS] & READ)

    @property
    def prefiltered(self) -> bool:
        return bool(self.store._rows[self.row * ROW + FLAGS] & PREFILTERED)

    @property
    def build_output(self) -> bool:
        return bool(self.store._rows[self.row * ROW + FLAGS] & BUILD_OUTPUT)

    @property
    def fails(self) -> bool:
        """Whether a finding is at or above its file's `fail-on` severity."""
        return self.worst >= self.store._rows[self.row * ROW + FLAGS] >> FAIL_ON_SHIFT

    @property
    def internal_errors(self) -> tuple[str, ...]:
        return self.store._rare.get(self.row, NONE_RARE).internal_errors

    @property
    def forwarders(self) -> tuple[str, ...]:
        return self.store._rare.get(self.row, NONE_RARE).forwarders

    @property
    def handoffs(self) -> tuple[Handoff, ...]:
        return self.store._rare.get(self.row, NONE_RARE).handoffs


Result = FileResult | Filed


def diagnostics_of(result: Result) -> list[Diagnostic]:
    """A result's findings, from its store when they were moved there."""
    if isinstance(result, Filed):
        return result.store.read(result)
    return result.diagnostics


def set_diagnostics(result: Result, diagnostics: list[Diagnostic]) -> None:
    """A result's findings replaced, kept where its findings are kept."""
    if isinstance(result, Filed):
        result.store._file_findings(result, pack(diagnostics))
    else:
        result.diagnostics = diagnostics


def may_hold_project_scope(result: Result) -> bool:
    return result.project_scope if isinstance(result, Filed) else bool(result.diagnostics)


def _count(result: Result) -> int:
    return result.count if isinstance(result, Filed) else len(result.diagnostics)


def fails_at(result: Result, limit: int) -> bool:
    """Whether a result has a finding at or above the severity rank `limit`."""
    if isinstance(result, Filed):
        return result.worst >= limit
    return any(SEVERITY_RANK[d.severity] >= limit for d in result.diagnostics)


class InPathOrder(Sequence[Diagnostic]):
    """Every finding of the results, sorted as `Diagnostic.sort_key` sorts them, read
    one file at a time each time it is iterated. Every finding of a result is on the
    result's path (its file's, or a page finding placed on its file), so the order is
    the results' by path and each path's findings by their key."""

    def __init__(self, results: Sequence[Result]) -> None:
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
