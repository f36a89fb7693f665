"""Reading files the linter did not write, safely: only regular files (a FIFO or a
device could block or never end), opened with O_NONBLOCK, and never past a limit
whatever the file's reported size. The lowest layer that touches the file system.
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Sequence
from pathlib import Path
from typing import BinaryIO

from webmcp_lint import LazyPattern
from webmcp_lint.workspace.source import LINE_BREAK, WEBMCP_WORDS

# `--max-file-size`: a larger file is not read (`source-too-large`). A file is held in
# memory a few times over while it is parsed, hence the ceiling on the setting itself.
DEFAULT_MAX_FILE_SIZE = 10 * 1000 * 1000
MAX_FILE_SIZE_CEILING = 1024 * 1024 * 1024
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
_SIZE = LazyPattern(r"(?<!\s)\s*(\d+)\s*([a-z]*)\s*", re.IGNORECASE)


def parse_size(value: str | int) -> int:
    """A size in bytes from `10MB`, `512KiB`, `4096` (or an int); ValueError saying why."""
    if isinstance(value, bool):
        raise ValueError("must be a size such as 10MB")
    if isinstance(value, int):
        size = value
    else:
        match = _SIZE.compiled.fullmatch(value)
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


def approximate_size(size: int) -> str:
    """A file's size as people read it: 19.8 MB, 3.6 KB, 512 bytes."""
    for unit, factor in (("GB", 1000**3), ("MB", 1000**2), ("KB", 1000)):
        if size >= factor:
            return f"{size / factor:.1f} {unit}"
    return f"{size} bytes"


class UnreadableError(Exception):
    """A file that cannot be linted, with a message for the user."""

    rule = "source-unreadable"


class TooLargeError(UnreadableError):
    """A file over the configured size limit."""

    rule = "source-too-large"

    def __init__(self, limit: int, size: int | None = None) -> None:
        shown = f"{approximate_size(size)}, larger" if size else "Larger"
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


_OPEN_FLAGS = (
    os.O_RDONLY
    | getattr(os, "O_NONBLOCK", 0)
    | getattr(os, "O_NOCTTY", 0)
    | getattr(os, "O_BINARY", 0)
    | getattr(os, "O_CLOEXEC", 0)
)
_READ_CHUNK = 1024 * 1024


def _open_descriptor(path: str | Path, regular: bool) -> tuple[int, int]:
    """A regular file's descriptor and size; UnreadableError for anything else, which is
    not opened: its kind is asked first, unless `regular` says a directory listing just
    saw a regular file (a race since then is caught by the `fstat` after opening, as one
    between the `stat` and the opening would be)."""
    try:
        kind = None if regular else _kind(os.stat(path).st_mode)
        if kind is None:
            # O_NONBLOCK: should the path become a FIFO before it is opened, opening it
            # does not wait for a writer; fstat then rejects it.
            descriptor = os.open(path, _OPEN_FLAGS)
            try:
                info = os.fstat(descriptor)
            except OSError:
                os.close(descriptor)
                raise
            kind = _kind(info.st_mode)
            if kind is None:
                return descriptor, info.st_size
            os.close(descriptor)
    except IsADirectoryError:
        raise UnreadableError("Is a directory") from None
    except OSError as error:
        raise UnreadableError(error.strerror or str(error)) from None
    if kind == "a directory":
        raise UnreadableError("Is a directory")
    raise UnreadableError(
        f"Not a regular file ({kind}): webmcp-lint reads only regular files, so it was not opened."
    )


def open_regular(path: str | Path) -> BinaryIO:
    """A regular file opened for reading; never a FIFO, device or socket (which could
    block or never end): those raise UnreadableError without being opened."""
    descriptor, _ = _open_descriptor(path, False)
    return os.fdopen(descriptor, "rb")


def _kind(mode: int) -> str | None:
    """None for a regular file, else what the file is."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a directory"
    return next((name for test, name in _FILE_KINDS if test(mode)), "a special file")


def read_regular_file(path: str | Path, limit: int, regular: bool = False) -> bytes:
    """The bytes of a regular file of at most `limit` bytes: TooLargeError for a larger
    one (whatever its reported size: /proc files say 0), UnreadableError for anything
    that is not a readable regular file. `regular`: a directory listing just saw a
    regular file at `path` (`_open_descriptor`)."""
    descriptor, size = _open_descriptor(path, regular)
    try:
        if size > limit:
            raise TooLargeError(limit, size)
        # Read until the end or one byte past the limit. The first read asks for the
        # size `fstat` gave and one byte more: given as many bytes as the size, the file
        # is read whole (a read of a regular file stops short only at its end), without
        # a second read to find the end (1.7 of 9 us per file of a tree).
        wanted = limit + 1
        chunks = []
        total = 0
        request = size + 1 if size else _READ_CHUNK
        while total < wanted:
            try:
                chunk = os.read(descriptor, min(request, wanted - total))
            except OSError as error:
                raise UnreadableError(error.strerror or str(error)) from None
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total == size:
                break
            request = _READ_CHUNK
    finally:
        os.close(descriptor)
    data = chunks[0] if len(chunks) == 1 else b"".join(chunks)
    if len(data) > limit:
        raise TooLargeError(limit, size if size > limit else None)
    return data


def read_head(path: str | Path, limit: int) -> bytes:
    """The first `limit` bytes of a regular file (all of a shorter one)."""
    with open_regular(path) as handle:
        try:
            return handle.read(limit)
        except OSError as error:
            raise UnreadableError(error.strerror or str(error)) from None


def inside(path: str, directory: str) -> bool:
    return path == directory or path.startswith(directory.rstrip(os.sep) + os.sep)


def is_repository_root(directory: Path) -> bool:
    return os.path.lexists(os.path.join(directory, ".git"))


# A file that holds none of the WebMCP words cannot hold anything a rule looks at, so it
# is skipped before it is decoded or parsed.
# `origin-trial`: a page's origin-trial token turns WebMCP on (origin-trial-token), and
# the token's base64 holds no WebMCP word.
PREFILTER_WORDS = (*WEBMCP_WORDS, "origin-trial")
_PREFILTER_BYTES = tuple(word.encode() for word in PREFILTER_WORDS)
# The words that begin with "tool", which few files hold: one search stands for them.
_TOOL_WORDS = tuple(word for word in _PREFILTER_BYTES if word.startswith(b"tool"))
_OTHER_WORDS = tuple(word for word in _PREFILTER_BYTES if not word.startswith(b"tool"))


def may_hold_webmcp(data: bytes, wrapper_words: Sequence[bytes] = ()) -> bool:
    """The prefilter: whether `data` may hold anything a rule looks at, a WebMCP word or
    one of `wrapper_words` (what an import of a configured wrapper writes,
    `Settings.wrapper_words`)."""
    # Lower-casing once and searching for each word is ten times faster than one
    # case-insensitive regular expression over the same bytes.
    # `find`, not `in`: `bytes.__contains__` first tries its operand as an integer, and
    # the TypeError it makes and drops cost 1,800 instructions a word (3% of a run over a
    # tree without WebMCP code). Loops, not `any` over a generator, which was slower.
    lowered = data.lower()
    for word in _OTHER_WORDS:
        if lowered.find(word) != -1:
            return True
    if lowered.find(b"tool") != -1:
        for word in _TOOL_WORDS:
            if lowered.find(word) != -1:
                return True
    return any(data.find(word) != -1 for word in wrapper_words)


# Longest first: the UTF-32 little-endian mark begins with the UTF-16 one.
_WIDE_ENCODINGS = (
    (b"\xff\xfe\x00\x00", "utf-32-le", "UTF-32"),
    (b"\x00\x00\xfe\xff", "utf-32-be", "UTF-32"),
    (b"\xff\xfe", "utf-16-le", "UTF-16"),
    (b"\xfe\xff", "utf-16-be", "UTF-16"),
)
_WIDE_MARKS = tuple(mark for mark, _, _ in _WIDE_ENCODINGS)
UTF8_BOM = b"\xef\xbb\xbf"


def transcode(data: bytes, wrapper_words: Sequence[bytes] = ()) -> bytes:
    """UTF-16 or UTF-32 text with a byte-order mark as UTF-8 (its mark kept as UTF-8's),
    so that the prefilter and the parser read it; other data as it is. Invalid text
    with a prefilter word is UnreadableError; without one it reads as empty."""
    if not data.startswith(_WIDE_MARKS):  # most files: one test, not one per mark
        return data
    for mark, codec, name in _WIDE_ENCODINGS:
        if data.startswith(mark):
            try:
                return UTF8_BOM + data[len(mark) :].decode(codec).encode("utf-8")
            except UnicodeDecodeError as error:
                lenient = data[len(mark) :].decode(codec, errors="replace").encode("utf-8")
                if may_hold_webmcp(lenient, wrapper_words):
                    raise UnreadableError(
                        f"Not valid {name} (at byte {error.start + len(mark)}); re-save the "
                        "file as UTF-8."
                    ) from None
                return b""
    return data


def decode_source(data: bytes) -> bytes:
    """The text as UTF-8 without a byte-order mark, or UnreadableError."""
    if data.startswith(UTF8_BOM):
        data = data[3:]
    if b"\x00" in data[:8192]:
        raise UnreadableError("Binary file (it contains NUL bytes); webmcp-lint reads text.")
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = len(LINE_BREAK.findall(data, 0, error.start)) + 1
        raise UnreadableError(
            f"Not valid UTF-8 (byte 0x{data[error.start]:02x} on line {line}); "
            "webmcp-lint reads UTF-8 files: re-save the file as UTF-8."
        ) from None
    return data
