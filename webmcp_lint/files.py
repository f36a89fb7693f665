"""Which files to lint: discovery, ignore files, languages by suffix, the byte prefilter."""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO

import pathspec

from webmcp_lint.model import Language

LANGUAGES: dict[str, Language] = {
    ".js": "javascript",
    ".mjs": "javascript",
    ".cjs": "javascript",
    ".jsx": "javascript",
    ".ts": "typescript",
    ".mts": "typescript",
    ".cts": "typescript",
    ".tsx": "tsx",
    ".html": "html",
    ".htm": "html",
    ".vue": "vue",
    ".svelte": "svelte",
    ".astro": "astro",
}

# A file that holds none of these words (case-insensitive) cannot hold anything a rule
# looks at, so it is skipped before it is decoded or parsed. `webmcp` also catches
# `webmcp-types`, `use-webmcp-tool`, `useWebMCP`, `WebMcpTool` and our own suppressions.
PREFILTER_WORDS = (
    "modelcontext",
    "webmcp",
    "toolname",
    "tooldescription",
    "toolparamdescription",
    "toolautosubmit",
    "respondwith",
    "agentinvoked",
    "toolactivat",
    "toolcancel",
    "tool-cancel",
    "toolchange",
)
_PREFILTER_BYTES = tuple(word.encode() for word in PREFILTER_WORDS)

# `--max-file-size`: a larger file is not read (`source-too-large`). A file is held in
# memory a few times over while it is parsed, hence the ceiling on the setting itself.
DEFAULT_MAX_FILE_SIZE = 10 * 1000 * 1000
MAX_FILE_SIZE_CEILING = 1024 * 1024 * 1024
# Past the limit a file is still scanned for the prefilter words, in chunks, so that a
# large bundle without WebMCP code stays silent; the scan itself stops here.
MAX_SCANNED_BYTES = MAX_FILE_SIZE_CEILING
_SCAN_CHUNK = 1024 * 1024
_OVERLAP = max(len(word) for word in _PREFILTER_BYTES) - 1
_UNITS = {
    "": 1,
    "b": 1,
    "kb": 1000,
    "mb": 1000**2,
    "gb": 1000**3,
    "kib": 1024,
    "mib": 1024**2,
    "gib": 1024**3,
}
_SIZE = re.compile(r"\s*(\d+)\s*([a-z]*)\s*", re.IGNORECASE)


def language_of(path: str | Path) -> Language | None:
    name = str(path).lower()
    dot = name.rfind(".")
    return LANGUAGES.get(name[dot:]) if dot != -1 else None


def may_hold_webmcp(data: bytes) -> bool:
    # Lower-casing once and searching for each word is ten times faster than one
    # case-insensitive regular expression over the same bytes.
    lowered = data.lower()
    return any(word in lowered for word in _PREFILTER_BYTES)


def parse_size(value: str | int) -> int:
    """A size in bytes from `10MB`, `512KiB`, `4096` (or an int); ValueError saying why."""
    if isinstance(value, bool):
        raise ValueError("must be a size such as 10MB")
    if isinstance(value, int):
        size = value
    else:
        match = _SIZE.fullmatch(value)
        unit = match.group(2).lower() if match else None
        if match is None or unit not in _UNITS:
            raise ValueError(f"{value!r} is not a size (use bytes, or KB, MB, GB, KiB, MiB, GiB)")
        size = int(match.group(1)) * _UNITS[unit]
    if not 1 <= size <= MAX_FILE_SIZE_CEILING:
        raise ValueError(f"must be from 1 byte to {format_size(MAX_FILE_SIZE_CEILING)}")
    return size


def format_size(size: int) -> str:
    for unit, factor in (("GiB", 1024**3), ("MiB", 1024**2), ("KiB", 1024)):
        if size % factor == 0:
            return f"{size // factor} {unit}"
    for unit, factor in (("GB", 1000**3), ("MB", 1000**2), ("KB", 1000)):
        if size % factor == 0:
            return f"{size // factor} {unit}"
    return f"{size} byte{'s' if size != 1 else ''}"


class UnreadableError(Exception):
    """A file that cannot be linted, with a message for the user."""

    rule = "source-unreadable"


class TooLargeError(UnreadableError):
    """A file over the configured size limit."""

    rule = "source-too-large"

    def __init__(self, limit: int, size: int | None = None) -> None:
        shown = f"{format_size(size)}, larger" if size else "Larger"
        super().__init__(
            f"File is {shown} than the {format_size(limit)} limit, so it was not checked. "
            "Raise the limit (--max-file-size, or max-file-size in the configuration) or "
            "exclude the file."
        )


_FILE_KINDS = (
    (stat.S_ISFIFO, "a FIFO"),
    (stat.S_ISSOCK, "a socket"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
)


def _open_regular(path: str | Path) -> BinaryIO:
    """A regular file opened for reading; never a FIFO, device or socket (which could
    block or never end): those raise UnreadableError without being opened."""
    try:
        kind = _kind(os.stat(path).st_mode)
        if kind is None:
            # O_NONBLOCK: should the path become a FIFO between stat and open, opening it
            # does not wait for a writer; fstat then rejects it.
            flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
            handle = os.fdopen(os.open(path, flags | getattr(os, "O_BINARY", 0)), "rb")
            kind = _kind(os.fstat(handle.fileno()).st_mode)
            if kind is None:
                return handle
            handle.close()
    except IsADirectoryError:
        raise UnreadableError("Is a directory") from None
    except OSError as error:
        raise UnreadableError(error.strerror or str(error)) from None
    if kind == "a directory":
        raise UnreadableError("Is a directory")
    raise UnreadableError(
        f"Not a regular file ({kind}): webmcp-lint reads only regular files, so it was not opened."
    )


def _kind(mode: int) -> str | None:
    """None for a regular file, else what the file is."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a directory"
    return next((name for test, name in _FILE_KINDS if test(mode)), "a special file")


def read_regular_file(path: str | Path, limit: int) -> bytes:
    """The bytes of a regular file of at most `limit` bytes: TooLargeError for a larger
    one (whatever its reported size: /proc files say 0), UnreadableError for anything
    that is not a readable regular file."""
    with _open_regular(path) as handle:
        size = os.fstat(handle.fileno()).st_size
        if size > limit:
            raise TooLargeError(limit, size)
        try:
            data = handle.read(limit + 1)
        except OSError as error:
            raise UnreadableError(error.strerror or str(error)) from None
    if len(data) > limit:
        raise TooLargeError(limit, size if size > limit else None)
    return data


def read_source(path: Path, limit: int) -> bytes:
    """The bytes of a file to lint, or UnreadableError with a reason a person
    understands. A file over `limit` that holds none of the prefilter words reads as
    empty: it cannot hold anything a rule looks at, large or not."""
    try:
        return read_regular_file(path, limit)
    except TooLargeError:
        if _holds_webmcp_words(path):
            raise
        return b""


def _holds_webmcp_words(path: Path) -> bool:
    """Whether a file holds a prefilter word, read in chunks (bounded memory); True when
    it cannot be told (unreadable, or past MAX_SCANNED_BYTES)."""
    try:
        with _open_regular(path) as handle:
            tail = b""
            scanned = 0
            while scanned < MAX_SCANNED_BYTES:
                chunk = handle.read(_SCAN_CHUNK)
                if not chunk:
                    return False
                if may_hold_webmcp(tail + chunk):
                    return True
                tail = chunk[-_OVERLAP:]
                scanned += len(chunk)
    except (UnreadableError, OSError):
        pass
    return True


def decode_source(data: bytes) -> bytes:
    """The text as UTF-8 without a byte-order mark, or UnreadableError."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    if b"\x00" in data[:8192]:
        raise UnreadableError("Binary file (it contains NUL bytes); webmcp-lint reads text.")
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise UnreadableError(
            f"Not valid UTF-8 (byte 0x{data[error.start]:02x} on line {line}); "
            "webmcp-lint reads UTF-8 files: re-save the file as UTF-8."
        ) from None
    return data


@dataclass(frozen=True)
class IgnoreRules:
    """Gitignore-style patterns anchored at a directory."""

    base: Path
    spec: pathspec.PathSpec[Any]

    def matches(self, path: Path, is_dir: bool) -> bool:
        try:
            relative = path.relative_to(self.base).as_posix()
        except ValueError:
            return False
        if relative == ".":
            return False
        return self.spec.match_file(relative + "/" if is_dir else relative)


def ignore_rules(base: Path, patterns: list[str]) -> IgnoreRules | None:
    if not patterns:
        return None
    return IgnoreRules(base, pathspec.GitIgnoreSpec.from_lines(patterns))


def gitignore_rules(directory: Path) -> list[IgnoreRules]:
    rules = []
    for name in (".gitignore", ".ignore"):
        try:
            lines = (directory / name).read_text(encoding="utf-8", errors="replace").splitlines()
        except OSError:
            continue
        rule = ignore_rules(directory, lines)
        if rule:
            rules.append(rule)
    if (directory / ".git").exists():
        try:
            excludes = (directory / ".git" / "info" / "exclude").read_text(errors="replace")
        except OSError:
            excludes = ""
        rule = ignore_rules(directory, excludes.splitlines())
        if rule:
            rules.append(rule)
    return rules


def enclosing_gitignores(directory: Path) -> list[IgnoreRules]:
    """The ignore files of the directories above `directory`, up to the repository root."""
    rules: list[IgnoreRules] = []
    current = directory.parent
    while True:
        rules = gitignore_rules(current) + rules
        if (current / ".git").exists() or current.parent == current:
            return rules
        current = current.parent


def walk(
    root: Path,
    excluded: Callable[[Path, bool], bool],
    respect_gitignore: bool,
) -> Iterator[Path]:
    """Lintable files under `root` in a stable order, skipping excluded and ignored paths.

    `excluded(path, is_dir)` applies the configured excludes; ignore files are read on
    the way down so that a nested `.gitignore` applies to its own subtree only.
    """
    use_gitignore = respect_gitignore
    inherited = enclosing_gitignores(root) if use_gitignore else []
    stack: list[tuple[Path, list[IgnoreRules]]] = [(root, inherited)]
    while stack:
        directory, rules = stack.pop()
        if use_gitignore:
            rules = rules + gitignore_rules(directory)
        try:
            entries = sorted(os.scandir(directory), key=lambda entry: entry.name)
        except OSError:
            continue
        subdirectories = []
        for entry in entries:
            path = Path(entry.path)
            try:
                is_dir = entry.is_dir()
            except OSError:
                continue
            if not is_dir and language_of(entry.name) is None:
                continue
            if excluded(path, is_dir) or any(rule.matches(path, is_dir) for rule in rules):
                continue
            if is_dir:
                if not entry.is_symlink():
                    subdirectories.append((path, rules))
            else:
                yield path
        stack.extend(reversed(subdirectories))
