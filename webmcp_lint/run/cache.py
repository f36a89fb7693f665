"""A cache of results per file, so that a second run over an unchanged tree parses nothing.

An entry is found by a key that hashes everything a file's result is made of: the file's
bytes, its path (as linted and as shown), the settings that change findings, whether
SARIF's line hashes are wanted, and the tool itself (its version, the Python and
tree-sitter versions, and every file of the package: code, rule pages, word lists). The
entry holds what the result depends on besides: the project facts the checks read
(`tsconfig.json`, `package.json`; found again for every hit, they must be equal) and the
other files a result names in `dependencies` with a hash of each (each must be the
same). Anything else is a miss, and so is an entry that cannot be read or decoded: a
corrupt, truncated, foreign or planted entry is linted again, never trusted further
than its JSON (no pickle: the cache directory of a checkout is not trusted code).

Files without WebMCP words (most of a tree) are remembered apart, in one index
(`screened.json`), by what `stat` says of them: their size, modification and change
times, inode and device. A second run takes such a file's result (nothing to lint, the
modules it imports for the page pass) from the index without reading it, as git's index
and ruff's cache do; `check` keeps it as its record, without a task or a result
(`run_found`, `Unchanged`). A file changed within RACY_SECONDS of being read is not
remembered, since a change in the same clock tick could keep its times.

The page pass's findings of the last run are kept too (`pages.json`), under a key of
everything they are made of: the page facts of every file of the run, what each bare
specifier names now (a `tsconfig.json`/`jsconfig.json` alias, asked every run), and the
tool. An unchanged run takes them without building the page graph or importing a check.

Entries are written atomically (a temporary file, then `os.replace`), so concurrent
runs see whole entries or none. A directory that cannot be created or written (a
read-only checkout) means no cache, silently. After a run that wrote entries, the
oldest (by modification time; a hit refreshes an entry older than a day) are removed
beyond MAX_BYTES. `check` and `tools` use it (each its own entries: whether a result
lists the tools is part of the key); standard input, `--fix`/`--diff` and the language
server do not.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import os
import stat
import sys
import time
from collections.abc import Callable, Iterator
from operator import itemgetter
from pathlib import Path
from typing import Any, Literal, NamedTuple

import msgspec
from msgspec import Struct, field
from msgspec.structs import replace

from webmcp_lint import __version__, to_oldest_generation
from webmcp_lint.config import Settings
from webmcp_lint.diagnostics import Diagnostic
from webmcp_lint.model import ProjectFacts
from webmcp_lint.run import cache_entries as entries
from webmcp_lint.run import engine, page_graph, pipeline, pool
from webmcp_lint.run import page_pass as pages
from webmcp_lint.run.diagnostic_json import as_text, decode_diagnostic, encode_diagnostic
from webmcp_lint.run.findings import collector_paused
from webmcp_lint.run.pipeline import FileResult, Task
from webmcp_lint.workspace.discovery import Found
from webmcp_lint.workspace.reading import UnreadableError, read_regular_file
from webmcp_lint.workspace.writing import write_atomically

DIRECTORY_NAME = ".webmcp-lint-cache"
FORMAT = 3  # of an entry (3: findings keep their message id and data); part of every key
MAX_BYTES = 256 * 1024 * 1024  # entries beyond this are removed, oldest first
MAX_ENTRY_BYTES = 64 * 1024 * 1024  # a larger file in the cache is not read
REFRESH_SECONDS = 24 * 3600  # a hit on an entry older than this marks it as used
SCREENED_NAME = "screened.json"
PAGES_NAME = "pages.json"  # the last run's page findings, under a key of all they read
INDEX_FORMAT = 3  # of the index (3: records typed, decoded and checked by msgspec)
MAX_SCREENED = 200_000  # files remembered in the index; beyond it, only the last run's
MAX_INDEX_BYTES = MAX_ENTRY_BYTES  # an index it could not read back is not written
RACY_SECONDS = 2.0
# The parsers' packages: their files change what a parse gives.
PARSING_MODULES = (
    "tree_sitter",
    "tree_sitter_javascript",
    "tree_sitter_typescript",
    "tree_sitter_html",
)
# Settings that decide which files are linted or the exit code, never a file's findings.
DISCOVERY_SETTINGS = (
    "exclude",
    "extend-exclude",
    "command-line-exclude",
    "respect-gitignore",
    "fail-on",
    "cache-dir",
)


# What screening a file without WebMCP words depends on (`screen_signature`): its size,
# modification and change times, inode and device, the path shown and its real path (0
# when they are the path as given and its absolute path; None: not known) and the
# screening settings.
Signature = tuple[int, int, int, int, int, Literal[0] | str, Literal[0] | str | None, str]
# What such a file gives the page pass: its real path (0: its absolute path), whether it
# is a page, the files each of its `<script src>` may be, the specifiers it imports.
LeadFacts = tuple[Literal[0] | str, bool, tuple[tuple[str, ...], ...], tuple[str, ...]]


class Record(Struct, array_like=True, frozen=True, gc=False, forbid_unknown_fields=True):
    """A file without WebMCP words as the index remembers it (no cycle can hold one)."""

    path: str  # absolute
    signature: Signature
    build_output: bool
    lead: LeadFacts | None = None  # None: it leads the page pass nowhere (most files)


class _Index(Struct, frozen=True, gc=False):
    key: str
    files: list[Record]


# A corrupt or planted index (a wrong type anywhere) fails to decode: it is read as empty.
_INDEX_DECODER = msgspec.json.Decoder(_Index)


class Cache:
    """Entries under `directory`: `entries/<2 hex>/<key>.json`."""

    def __init__(self, directory: Path, max_bytes: int = MAX_BYTES) -> None:
        self.directory = directory
        self.max_bytes = max_bytes
        self.writable = True
        self.hits = 0
        self.misses = 0
        self.stored = 0
        self.screened: dict[str, Record] | None = None  # the index, read on first use
        self.screened_now: dict[str, Record] = {}  # what this run screened or found there
        self.screened_changed = False
        self.cwd = os.getcwd()
        self._below_cwd = os.path.join(self.cwd, "")

    @classmethod
    def open(cls, directory: Path, max_bytes: int = MAX_BYTES) -> Cache | None:
        """The cache in `directory`, made with a `.gitignore` (`*`) and a CACHEDIR.TAG
        when new; None when it is not there and cannot be made."""
        try:
            if os.path.islink(directory):
                return None  # it may lead anywhere (a link checked in with the code)
            if not os.path.isdir(directory):
                os.makedirs(directory, exist_ok=True)
                _write_new(directory / ".gitignore", b"# Made by webmcp-lint.\n*\n")
                _write_new(
                    directory / "CACHEDIR.TAG",
                    b"Signature: 8a477f597d28d172789f06886806bc55\n"
                    b"# A cache directory made by webmcp-lint: https://bford.info/cachedir/\n",
                )
        except OSError:
            return None
        return cls(directory, max_bytes)

    def path_of(self, key: str) -> Path:
        return self.directory / "entries" / key[:2] / f"{key}.json"

    def load(self, key: str) -> dict[str, Any] | None:
        """The entry stored under `key`, or None (absent, unreadable, not ours)."""
        path = self.path_of(key)
        try:
            data = read_regular_file(path, MAX_ENTRY_BYTES)
            entry = json.loads(data)
        except (UnreadableError, OSError, ValueError, RecursionError):
            return None
        if not isinstance(entry, dict) or entry.get("key") != key:
            return None
        with contextlib.suppress(OSError):
            if time.time() - os.stat(path).st_mtime > REFRESH_SECONDS:
                os.utime(path)
        return entry

    def store(self, key: str, entry: dict[str, Any]) -> None:
        """Write an entry atomically; on any failure stop writing for this run."""
        if not self.writable:
            return
        path = self.path_of(key)
        data = _utf8(json.dumps({"key": key, **entry}, ensure_ascii=False, separators=(",", ":")))
        if data is None:
            return
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            for directory in (path.parent.parent, path.parent):
                if not stat.S_ISDIR(os.lstat(directory).st_mode):
                    raise NotADirectoryError(directory)  # a link: it may lead anywhere
            # An entry is ours alone, and whatever is at its path is replaced, not followed.
            write_atomically(path, data, follow_links=False, private=True)
        except OSError:
            self.writable = False
            return
        self.stored += 1

    def prune(self) -> None:
        """Remove the oldest entries until they take at most `max_bytes`. Only files
        named as entries are counted and removed."""
        files: list[tuple[float, int, str]] = []
        for path, info in _entries(self.directory / "entries"):
            files.append((info.st_mtime, info.st_size, path))
        total = sum(size for _, size, _ in files)
        if total <= self.max_bytes:
            return
        for _, size, path in sorted(files):
            with contextlib.suppress(OSError):  # another run removed it first
                os.unlink(path)
            total -= size
            if total <= self.max_bytes:
                return

    # -- the index of files without WebMCP words ------------------------------------

    def signature(self, task: Task) -> tuple[str, Signature] | None:
        """The file's absolute path (its place in the index) and `screen_signature`."""
        where = self._absolute(task.file)
        signature = screen_signature(task.file, task.display, task.real, task.settings, where)
        return None if signature is None else (where, signature)

    def screened_result(self, task: Task, where: str, signature: Signature) -> FileResult | None:
        """The result of a file without WebMCP words that the index holds for the file
        as it is now (by `signature`), else None."""
        record = self.record(where, signature)
        return None if record is None else _screened(task, record)

    def record(self, where: str, signature: Signature) -> Record | None:
        """The index's record of a file without WebMCP words, if it holds one for the
        file as it is now (by `signature`)."""
        if self.screened is None:
            self.screened = _read_index(self.directory / SCREENED_NAME)
        record = self.screened.get(where)
        if record is None or record.signature != signature:
            return None
        self.screened_now[where] = record
        return record

    def look_up(
        self, found: list[Found[Settings]], display_of: Callable[[str], str]
    ) -> Iterator[tuple[Found[Settings], str, Record | None]]:
        """Each file as discovery found it (no task made for it), the path shown for it,
        and `record` of it; the index is asked first, so that a file it does not hold is
        not looked at."""
        if self.screened is None:
            self.screened = _read_index(self.directory / SCREENED_NAME)
        index = self.screened
        for file in found:
            display = display_of(file.path)
            where = self._absolute(file.path)
            record = None
            if where in index and file.unreadable is None:  # a first run's files: not in it
                signature = screen_signature(file.path, display, file.real, file.context, where)
                if signature is not None:
                    record = self.record(where, signature)
            yield file, display, record

    def remember_screened(
        self, task: Task, where: str, signature: Signature, result: FileResult
    ) -> None:
        """Remember the result of a file without WebMCP words, unless it may have changed
        in the same clock tick as it was read."""
        if time.time_ns() - max(signature[1], signature[2]) < RACY_SECONDS * 1e9:
            return
        page = result.page
        lead: LeadFacts | None = None
        if page is not None:
            real: Literal[0] | str = 0 if page.real == where else page.real  # 0: most files
            lead = (real, page.html, page.scripts, page.imports)
        self.screened_now[where] = Record(where, signature, result.build_output, lead)
        self.screened_changed = True

    def _absolute(self, file: str | Path) -> str:
        """`os.path.join(cwd, file)`, at the cost of a string concatenation for the
        relative paths discovery gives (the index is asked for every file)."""
        if type(file) is str and os.sep == "/" and not file.startswith("/"):
            return self._below_cwd + file
        return os.path.join(self.cwd, file)

    def save_screened(self) -> None:
        """Write the index when this run changed it: the files of this run, and those of
        earlier runs it did not see (another folder of the tree), up to MAX_SCREENED
        files and MAX_INDEX_BYTES; an index of this run's files alone over the bytes is
        not written (the previous one stays)."""
        if not self.screened_changed or not self.writable:
            return
        merged = {**(self.screened or {}), **self.screened_now}
        data = b""
        for index in (merged, self.screened_now):
            if len(index) <= MAX_SCREENED:
                data = _encode_index(index)
                if len(data) <= MAX_INDEX_BYTES:
                    break
        if not data or len(data) > MAX_INDEX_BYTES:
            return
        try:
            path = self.directory / SCREENED_NAME
            write_atomically(path, data, follow_links=False, private=True)
        except OSError:
            self.writable = False

    # -- the page pass's findings of the last run ------------------------------------

    def load_pages(self, key: str) -> dict[str, Any] | None:
        """The page findings the last run saved, if it saved them under `key`."""
        try:
            entry = json.loads(read_regular_file(self.directory / PAGES_NAME, MAX_ENTRY_BYTES))
        except (UnreadableError, OSError, ValueError, RecursionError):
            return None
        return entry if isinstance(entry, dict) and entry.get("key") == key else None

    def save_pages(self, key: str, found: list[Any]) -> None:
        if not self.writable:
            return
        data = _utf8(json.dumps({"key": key, "page_findings": found}, ensure_ascii=False))
        if data is None:
            return
        try:
            path = self.directory / PAGES_NAME
            write_atomically(path, data, follow_links=False, private=True)
        except OSError:
            self.writable = False


def _utf8(text: str) -> bytes | None:
    """`text` in UTF-8; None when it holds a path that is not UTF-8 (Python keeps its
    bytes as surrogates): what holds one is not kept, and is worked out every run."""
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:
        return None


def _encode_index(files: dict[str, Record]) -> bytes:
    """The index as JSON; a record that UTF-8 cannot hold (a file name that is not UTF-8,
    kept by Python as surrogates) is left out: such a file is read every run."""
    records = list(files.values())
    try:
        return msgspec.json.encode(_Index(_index_key(), records))
    except UnicodeEncodeError:
        return msgspec.json.encode(_Index(_index_key(), [r for r in records if _encodable(r)]))


def _encodable(record: Record) -> bool:
    try:
        msgspec.json.encode(record)
    except UnicodeEncodeError:
        return False
    return True


def screen_signature(
    file: str | Path, display: str, real: str | None, settings: Settings, where: str
) -> Signature | None:
    """What `stat` says of a file and what screening it depends on besides its bytes,
    for the index: None when it cannot be told. The path shown and the real path are 0
    when they are the path as given and `where` (most files: a smaller index)."""
    try:
        info = os.stat(file)
    except OSError:
        return None
    return (
        info.st_size,
        info.st_mtime_ns,
        info.st_ctime_ns,
        info.st_ino,
        info.st_dev,
        0 if display == file else display,
        0 if real == where else real,  # a folder swapped for a link to it keeps its files' stat
        _screening_settings(
            settings.max_file_size, settings.wrapper_words, settings.include_build_output
        ),
    )


@functools.cache
def _screening_settings(max_file_size: int, wrapper_words: tuple[bytes, ...], build: bool) -> str:
    words = b"\0".join(wrapper_words)
    return f"{max_file_size}:{build}:{hashlib.blake2b(words, digest_size=8).hexdigest()}"


def _screened(task: Task, record: Record) -> FileResult:
    """A screened file's result from its record: the modules it leads to, if any."""
    result = FileResult(task.display, read=True, prefiltered=True, build_output=record.build_output)
    if record.lead is not None:
        result.page = _lead(task.display, record.path, record.lead).page_file()
    return result


def _index_key() -> str:
    return f"{FORMAT}:{INDEX_FORMAT}:{tool_fingerprint()}"


def _read_index(path: Path) -> dict[str, Record]:
    """The index's records by path; empty when it is absent, unreadable, made by another
    version, or not of its types anywhere."""
    try:
        index = _INDEX_DECODER.decode(read_regular_file(path, MAX_INDEX_BYTES))
    except (UnreadableError, OSError, ValueError):  # msgspec's errors are ValueErrors
        return {}
    if index.key != _index_key():
        return {}
    return {record.path: record for record in index.files}


def _write_new(path: Path, data: bytes) -> None:
    with contextlib.suppress(FileExistsError), open(path, "xb") as handle:
        handle.write(data)


HEX = frozenset("0123456789abcdef")


def _is_bucket(name: str) -> bool:
    return len(name) == 2 and set(name) <= HEX


def _is_entry(name: str) -> bool:
    """An entry's name, or that of one being written."""
    if name.startswith(".") and name.endswith(".tmp"):
        return True
    return len(name) == 45 and name.endswith(".json") and set(name[:40]) <= HEX


def _entries(directory: Path) -> Iterator[tuple[str, os.stat_result]]:
    """Every entry file (and temporary file) under `directory`, links left out."""
    try:
        buckets = [b for b in os.scandir(directory) if _is_bucket(b.name)]
    except OSError:
        return
    for bucket in buckets:
        try:
            files = list(os.scandir(bucket.path)) if bucket.is_dir(follow_symlinks=False) else []
        except OSError:
            continue
        for file in files:
            try:
                if _is_entry(file.name) and file.is_file(follow_symlinks=False):
                    yield file.path, file.stat(follow_symlinks=False)
            except OSError:
                continue


# -- keys -------------------------------------------------------------------------------


@functools.cache
def tool_fingerprint() -> str:
    """What makes webmcp-lint give the results it gives: its version, Python's, and every
    file of the package (code, rule pages, word lists) and of the parsers' packages, so
    an edited checkout or another parser build is a new tool."""
    from importlib.util import find_spec

    from webmcp_lint.registry import rules_directory

    versions = [__version__, sys.version]
    directories = [Path(__file__).resolve().parent.parent, Path(rules_directory())]
    for module in PARSING_MODULES:
        spec = find_spec(module)  # found, not imported: a run of cache hits parses nothing
        if spec is None or not spec.submodule_search_locations:
            versions.append(f"{module} missing")
        else:
            directories.extend(Path(place) for place in spec.submodule_search_locations)
    return fingerprint_of(versions, directories)


def fingerprint_of(versions: list[str], directories: list[Path]) -> str:
    """A hash of the versions and of the name, size and modification time of every file
    under the directories (bytecode left out: it follows from the sources). Reading
    their bytes would cost every run more than a small lint."""
    digest = hashlib.blake2b("\0".join(versions).encode(), digest_size=16)
    for directory in dict.fromkeys(directories):
        for path in sorted(_files_under(str(directory))):
            status = os.stat(path)
            name = os.path.relpath(path, directory)
            digest.update(f"\0{name}\0{status.st_size}\0{status.st_mtime_ns}".encode())
    return digest.hexdigest()


def _files_under(directory: str) -> Iterator[str]:
    for parent, subdirectories, files in os.walk(directory):
        subdirectories[:] = [name for name in subdirectories if name != "__pycache__"]
        yield from (os.path.join(parent, name) for name in files)


@functools.cache
def settings_fingerprint(settings: Settings) -> str:
    described = {
        key: value for key, value in settings.describe().items() if key not in DISCOVERY_SETTINGS
    }
    return json.dumps(described, sort_keys=True, default=str)


def content_digest(data: bytes) -> str:
    return hashlib.blake2b(data, digest_size=16).hexdigest()


def key_of(task: Task, digest: str) -> str:
    parts = [
        str(FORMAT),
        tool_fingerprint(),
        settings_fingerprint(task.settings),
        os.path.abspath(task.path),
        task.display,
        str(task.fingerprints),
        str(task.collect_tools),  # a result that lists tools (`tools`) is kept apart
        digest,
    ]
    text = "\0".join(parts).encode("utf-8", "surrogateescape")  # a path may not be UTF-8
    return hashlib.blake2b(text, digest_size=20).hexdigest()


def file_digest(path: str, limit: int) -> str | None:
    """The digest of a file a result depends on; None when it is absent or unreadable."""
    try:
        return content_digest(read_regular_file(path, limit))
    except (UnreadableError, OSError):
        return None


def encode_entry(result: FileResult, limit: int) -> dict[str, Any]:
    dependencies = getattr(result, "dependencies", ())
    return {
        "result": entries.encode_result(result),
        "dependencies": [[path, file_digest(path, limit)] for path in dependencies],
    }


# -- running ----------------------------------------------------------------------------


class _Pending(Struct):
    index: int
    task: Task
    key: str


class Lead(NamedTuple):
    """What an unchanged file without WebMCP words gives the page pass (its index record:
    `page_graph.Node`), without a `PageFile` unless the pass runs."""

    path: str  # display path
    real: str
    html: bool
    scripts: tuple[tuple[str, ...], ...]
    imports: tuple[str, ...]

    def page_file(self) -> pages.PageFile:
        return pages.without_tools(
            self.path, self.path, self.html, self.scripts, self.imports, self.real
        )


def _lead(display: str, where: str, facts: LeadFacts) -> Lead:
    """The lead of a record (at `where`) that has these facts."""
    real, html, scripts, imports = facts
    return Lead(display, where if real == 0 else real, html, scripts, imports)


class Unchanged(Struct):
    """The files of a run the index answered as they are (no WebMCP word, unchanged since
    they were screened), kept as their records: no task, no result, no `PageFile` for
    most of a tree. The report counts them; the page pass reads their leads."""

    at: list[int] = field(default_factory=list)  # their places among the files found
    found: list[Found[Settings]] = field(default_factory=list)
    records: list[Record] = field(default_factory=list)
    leads: list[Lead] = field(default_factory=list)
    build_output: int = 0

    @property
    def skipped(self) -> int:
        """Those counted as skipped by the prefilter (build output is counted apart)."""
        return len(self.records) - self.build_output


def run(tasks: list[Task], jobs: int | None, cache: Cache) -> list[FileResult]:
    """`engine.run` with the cache: every file is read here, files without WebMCP words
    are done at once, the others are looked up and only the misses are linted (in
    worker processes when there are many), linting the very bytes their key was made
    of. Entries hold each file's own result: project-scope findings are kept once per
    run afterwards, as without the cache."""
    results: list[FileResult | None] = [None] * len(tasks)
    pending: list[_Pending] = []
    uncached: list[tuple[int, Task]] = []
    with _lookups():
        for index, task in enumerate(tasks):
            _look_up(index, task, cache, results, pending, uncached)
    done = _lint(tasks, results, pending, uncached, jobs, cache)
    _after(tasks, done, jobs, cache, [])
    return done


@contextlib.contextmanager
def _lookups() -> Iterator[None]:
    """The cyclic collector paused while the files are looked up: that makes tens of
    thousands of objects (records, leads, their tuples) and no cycle, kept to the end of
    the run. Then they go to the oldest generation unwalked (`to_oldest_generation`):
    the young collection after them walked them all, 17 ms of a second run on sparse,
    and the next older one as much again."""
    with collector_paused():
        yield
        to_oldest_generation()


def run_found(
    found: list[Found[Settings]],
    task_of: Callable[[Found[Settings], str], Task],
    display_of: Callable[[str], str],
    jobs: int | None,
    cache: Cache,
) -> tuple[list[Task], list[FileResult], Unchanged]:
    """`run` over the files discovery found, made tasks (`task_of`, with the path
    `display_of` shows) only when the index does not answer them: the tasks and results
    of the others, and the files it answered, `Unchanged`. When a result hands tools on
    or registers what it is given (the link pass reads every file without WebMCP
    words), every file is a task and a result, as in `run`."""
    unchanged = Unchanged()
    tasks: list[Task] = []
    results: list[FileResult | None] = []
    pending: list[_Pending] = []
    uncached: list[tuple[int, Task]] = []
    at, kept, records, leads = unchanged.at, unchanged.found, unchanged.records, unchanged.leads
    with _lookups():
        for position, (file, display, record) in enumerate(cache.look_up(found, display_of)):
            if record is None:
                task = task_of(file, display)
                tasks.append(task)
                results.append(None)
                _look_up(len(tasks) - 1, task, cache, results, pending, uncached)
                continue
            at.append(position)
            kept.append(file)
            records.append(record)
            if record.build_output:
                unchanged.build_output += 1
            if record.lead is not None:
                leads.append(_lead(display, record.path, record.lead))
    done = _lint(tasks, results, pending, uncached, jobs, cache)
    if unchanged.records and any(result.forwarders or result.handoffs for result in done):
        tasks, done = _with_unchanged(tasks, done, unchanged, task_of, display_of)
        unchanged = Unchanged()
    _after(tasks, done, jobs, cache, unchanged.leads)
    return tasks, done, unchanged


def _with_unchanged(
    tasks: list[Task],
    results: list[FileResult],
    unchanged: Unchanged,
    task_of: Callable[[Found[Settings], str], Task],
    display_of: Callable[[str], str],
) -> tuple[list[Task], list[FileResult]]:
    """Every file found as a task and a result, in the order found."""
    all_tasks: list[Task] = []
    all_results: list[FileResult] = []
    linted = iter(zip(tasks, results, strict=True))
    answered = iter(zip(unchanged.found, unchanged.records, strict=True))
    places = set(unchanged.at)
    for position in range(len(tasks) + len(unchanged.at)):
        if position in places:
            file, record = next(answered)
            task = task_of(file, display_of(file.path))
            result = _screened(task, record)
        else:
            task, result = next(linted)
        all_tasks.append(task)
        all_results.append(result)
    return all_tasks, all_results


def _lint(
    tasks: list[Task],
    results: list[FileResult | None],
    pending: list[_Pending],
    uncached: list[tuple[int, Task]],
    jobs: int | None,
    cache: Cache,
) -> list[FileResult]:
    """The misses linted (and stored) and the files only the engine can tell."""
    linted = pool.run_each(
        pool.lint_batch_task,
        [p.task for p in pending] + [t for _, t in uncached],
        jobs,
        pipeline.stopped_result,
    )
    for item, result in zip(pending, linted[: len(pending)], strict=True):
        results[item.index] = result
        if result.cacheable and not result.internal_errors and not _links(result):
            cache.store(item.key, encode_entry(result, item.task.settings.max_file_size))
    for (index, _), result in zip(uncached, linted[len(pending) :], strict=True):
        results[index] = result
    cache.save_screened()
    if cache.stored:
        cache.prune()
    done = [result for result in results if result is not None]
    assert len(done) == len(tasks)
    return done


def _after(
    tasks: list[Task], results: list[FileResult], jobs: int | None, cache: Cache, leads: list[Lead]
) -> None:
    """What follows the files: the link pass, project-scope findings, the page pass."""
    if any(task.follow for task in tasks):
        engine.link(tasks, results, jobs)  # files other files hand tools to: linted again
    pipeline.once_per_project(results)
    _page_checks(results, cache, leads)


def _page_checks(results: list[FileResult], cache: Cache, leads: list[Lead]) -> None:
    """`engine.run_page_checks` with the cache: the page pass's findings are kept under a
    key of all it reads (the page facts of every file, what each bare specifier names
    now, the tool), so an unchanged run neither builds the page graph nor imports the
    checks. `leads`: the unchanged files' page facts, as their records hold them."""
    files = pages.leading([result.page for result in results if result.page is not None])
    if not files:
        return
    nodes: list[pages.PageFile | Lead] = [*files, *leads]
    with collector_paused():
        aliased = page_graph.aliases(nodes)
        key = _page_key(files, leads, aliased)
        found = _page_findings(cache.load_pages(key))
    if found is None:
        found = pages.run([*files, *(lead.page_file() for lead in leads)], aliased)
        cache.save_pages(key, [[encode_diagnostic(d), sorted(r)] for d, r in found])
    engine.add_page_findings(results, found)


def _page_key(files: list[pages.PageFile], leads: list[Lead], aliased: page_graph.Aliases) -> str:
    """A hash of every file's page facts, by path (a file is the same whether it comes
    as a result or as a lead), what each bare specifier names, and the tool."""
    described: list[tuple[Any, ...]] = [
        (f.path, json.dumps(f, default=_fields, ensure_ascii=False))
        if f.tools or f.rules or f.pending or f.project or f.project_shown
        else (f.path, f.real, f.html, f.scripts, f.imports)  # most files: what they lead to
        for f in files
    ]
    described += leads  # encoded as the plain tuples above
    described.sort(key=itemgetter(0))
    digest = hashlib.blake2b(f"{FORMAT}\0pages\0{tool_fingerprint()}\0".encode(), digest_size=20)
    parts = [described, list(aliased.items())]
    try:
        digest.update(b"json\0" + msgspec.json.encode(parts))
    except UnicodeEncodeError:  # a path that is not UTF-8 (surrogates): by its repr
        digest.update(b"repr\0" + repr(parts).encode("utf-8", "surrogateescape"))
    return digest.hexdigest()


def _fields(value: Any) -> Any:
    """A page fact JSON does not know, for `_page_key`: a record as its type and every
    field, a set in order; anything else by its `repr` (at worst a miss)."""
    if isinstance(value, Struct):
        return [type(value).__name__, *(getattr(value, name) for name in value.__struct_fields__)]
    if isinstance(value, set | frozenset):
        return sorted(value, key=repr)
    return repr(value)


def _page_findings(entry: dict[str, Any] | None) -> list[tuple[Diagnostic, frozenset[str]]] | None:
    """The page findings an entry holds; None when there are none to trust."""
    if entry is None:
        return None
    try:
        return [
            (decode_diagnostic(diagnostic), frozenset(map(as_text, rules)))
            for diagnostic, rules in entry["page_findings"]
        ]
    except Exception:  # a corrupt or foreign entry may hold anything: a miss
        return None


def _look_up(
    index: int,
    task: Task,
    cache: Cache,
    results: list[FileResult | None],
    pending: list[_Pending],
    uncached: list[tuple[int, Task]],
) -> None:
    """A file's result from the index or an entry when they hold it; else the file
    joins `pending` (read, to lint and store) or `uncached` (the engine lints it)."""
    signed = cache.signature(task) if task.data is None else None
    known = cache.screened_result(task, *signed) if signed is not None else None
    if known is not None:
        results[index] = known
        return
    data = pipeline.screen(task)
    if data is None:
        uncached.append((index, task))  # the engine lints it (and says why not)
        return
    if isinstance(data, FileResult):
        if signed is not None and data.read and data.prefiltered:
            cache.remember_screened(task, *signed, data)
        results[index] = data
        return
    key = key_of(task, content_digest(data))
    found = _valid(cache.load(key), task)
    if found is not None:
        cache.hits += 1
        results[index] = found
        return
    cache.misses += 1
    pending.append(_Pending(index, replace(task, data=data), key))


def _links(result: FileResult) -> bool:
    """Whether a result carries what the engine's second pass reads (tools handed to
    other files, registering functions, unresolved registrations): such a file is
    linted every run, as what it gives depends on other files' code."""
    return bool(result.handoffs or result.forwarders or result.unresolved)


def _valid(entry: dict[str, Any] | None, task: Task) -> FileResult | None:
    """The result an entry holds, if what it depends on is unchanged; else None."""
    if entry is None:
        return None
    try:
        result = entries.decode_result(entry["result"])
        project = result.project
        if project is not None and project != _project_now(
            task, result.typescript, bool(project.runtime_key)
        ):
            return None
        for path, digest in entry["dependencies"]:
            if file_digest(path, task.settings.max_file_size) != digest:
                return None
    # A corrupt or foreign entry may hold anything: any error in it is a miss.
    except Exception:
        return None
    return result


def _project_now(task: Task, typescript: bool, with_runtime: bool) -> ProjectFacts:
    """The project facts of a file found again; with its runtime when the result has
    one (only files with WebMCP code get one)."""
    from webmcp_lint.extract import project, runtime
    from webmcp_lint.extract.runtime import Classifier

    facts = project.facts_for(task.path, task.display, typescript)
    if not with_runtime:
        return facts
    classifier = Classifier(task.settings.root, task.settings.test_patterns)
    declared = runtime.declared(task.settings.runtime) if task.settings.runtime else None
    return project.with_runtime(facts, task.path, classifier, declared)
