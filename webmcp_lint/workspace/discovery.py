"""Which files to lint: discovery, ignore files, languages by suffix, the byte prefilter."""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterator, Sequence
from operator import attrgetter
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from msgspec import Struct

from webmcp_lint.workspace.build_output import output_directories
from webmcp_lint.workspace.reading import (
    _PREFILTER_BYTES,
    MAX_FILE_SIZE_CEILING,
    PREFILTER_WORDS,
    UTF8_BOM,
    TooLargeError,
    UnreadableError,
    decode_source,
    format_size,
    inside,
    is_repository_root,
    may_hold_webmcp,
    open_regular,
    read_regular_file,
    transcode,
)
from webmcp_lint.workspace.source import LANGUAGES, language_of

if TYPE_CHECKING:
    import pathspec

__all__ = [
    "LANGUAGES",
    "PREFILTER_WORDS",
    "UTF8_BOM",
    "decode_source",
    "language_of",
    "may_hold_webmcp",
    "read_source",
    "transcode",
]

# Past the limit a file is still scanned for the prefilter words, in chunks, so that a
# large bundle without WebMCP code stays silent; the scan itself stops here.
MAX_SCANNED_BYTES = MAX_FILE_SIZE_CEILING
_SCAN_CHUNK = 1024 * 1024
_OVERLAP = max(len(word) for word in _PREFILTER_BYTES) - 1


def read_source(
    path: str | Path, limit: int, wrapper_words: Sequence[bytes] = (), regular: bool = False
) -> bytes:
    """The bytes of a file to lint, or UnreadableError with a reason a person
    understands. A file over `limit` that the prefilter drops (`may_hold_webmcp` with
    `wrapper_words`) reads as empty: it cannot hold anything a rule looks at, large or
    not. `regular`: a directory listing just saw a regular file there."""
    try:
        return read_regular_file(path, limit, regular)
    except TooLargeError:
        if _may_hold(path, wrapper_words):
            raise
        return b""


def _may_hold(path: str | Path, wrapper_words: Sequence[bytes]) -> bool:
    """The prefilter over a file read in chunks (bounded memory); True when it cannot
    be told (unreadable, or past MAX_SCANNED_BYTES)."""
    overlap = max((_OVERLAP, *(len(word) - 1 for word in wrapper_words)))
    try:
        with open_regular(path) as handle:
            tail = b""
            scanned = 0
            while scanned < MAX_SCANNED_BYTES:
                chunk = handle.read(_SCAN_CHUNK)
                if not chunk:
                    return False
                if may_hold_webmcp(tail + chunk, wrapper_words):
                    return True
                tail = chunk[-overlap:]
                scanned += len(chunk)
    except (UnreadableError, OSError):
        pass
    return True


# An ignore file is read up to this size and this many patterns (a hostile one could
# hold a million, each compiled and tried on every path): the rest is left out, with a
# notice.
MAX_IGNORE_FILE_BYTES = 1024 * 1024
MAX_PATTERNS = 1000

Notify = Callable[[Path, str], None]
"""Reports something a person should know about a path that is not a finding."""


class IgnoreRules(Struct, frozen=True):
    """Gitignore-style patterns anchored at a directory (its real path)."""

    base: str
    spec: pathspec.PathSpec[Any]

    def matches(self, real: str, is_dir: bool) -> bool:
        """Whether the patterns ignore a path, given as its real path."""
        prefix = self.base.rstrip(os.sep) + os.sep
        if not real.startswith(prefix):
            return False
        relative = real[len(prefix) :].replace(os.sep, "/")
        return self.spec.match_file(relative + "/" if is_dir else relative)


def pattern_errors(patterns: list[str]) -> list[tuple[int, str]]:
    """The invalid gitignore-style patterns (`!`, `[z-a]`, a trailing `\\`): (index, why)."""
    if not patterns:
        return []
    import pathspec  # here and below: only patterns someone wrote (configuration, ignore files)

    try:
        pathspec.GitIgnoreSpec.from_lines(patterns)
        return []
    except (ValueError, re.error):
        pass
    errors = []
    for index, pattern in enumerate(patterns):
        try:
            pathspec.GitIgnoreSpec.from_lines([pattern])
        except (ValueError, re.error) as error:
            errors.append((index, str(error)))
    return errors


def ignore_file_rules(directory: Path, file: Path, notify: Notify) -> IgnoreRules | None:
    """The patterns of one ignore file; invalid ones are left out with a notice naming
    the line, as git leaves them out."""
    try:
        data = read_regular_file(file, MAX_IGNORE_FILE_BYTES)
    except TooLargeError:
        notify(file, f"larger than {format_size(MAX_IGNORE_FILE_BYTES)}: not used")
        return None
    except UnreadableError:
        return None
    # Lines as git reads them: split at LF, a CR before it left out.
    lines = [line.removesuffix("\r") for line in data.decode("utf-8", errors="replace").split("\n")]
    patterns_seen = 0
    for number, line in enumerate(lines):
        patterns_seen += bool(line.strip()) and not line.startswith("#")
        if patterns_seen > MAX_PATTERNS:
            notify(file, f"more than {MAX_PATTERNS} patterns: only the first are used")
            lines = lines[:number]
            break
    bad = dict(pattern_errors(lines))
    for index, why in bad.items():
        notify(file, f"line {index + 1}: invalid pattern {lines[index]!r} ignored ({why})")
    patterns = [line for index, line in enumerate(lines) if index not in bad]
    if not patterns:
        return None
    import pathspec

    spec = pathspec.GitIgnoreSpec.from_lines(patterns)
    return IgnoreRules(os.path.realpath(directory), spec)


def gitignore_rules(directory: Path, notify: Notify) -> list[IgnoreRules]:
    files = [directory / ".gitignore", directory / ".ignore"]
    if os.path.lexists(directory / ".git"):
        files.append(directory / ".git" / "info" / "exclude")
    rules = [ignore_file_rules(directory, file, notify) for file in files]
    return [rule for rule in rules if rule is not None]


# Names whose presence in a directory `gitignore_rules` reads (lower-cased: a file
# system that ignores case finds `.GitIgnore` as `.gitignore`).
_IGNORE_NAMES = frozenset((".gitignore", ".ignore", ".git"))


def enclosing_gitignores(directory: Path, notify: Notify) -> list[IgnoreRules]:
    """The ignore files of the directories above `directory`, up to the repository root."""
    rules: list[IgnoreRules] = []
    current = Path(os.path.realpath(directory))
    while not is_repository_root(current) and current.parent != current:
        current = current.parent
        rules = gitignore_rules(current, notify) + rules
    return rules


T = TypeVar("T")
Excluder = Callable[[str, bool], bool]
"""Whether the configured excludes leave out an entry of a directory: (name, is_dir)."""


class Found(Struct, Generic[T], frozen=True, gc=False):
    """A file the walk found, or a directory it could not list (`unreadable` says why).

    Not tracked by the cyclic collector (`gc=False`): no cycle can hold one (strings and
    the directory's settings, made before it), and the collections during the walk of
    a large tree walked every one made so far, again and again."""

    path: str  # as the walk reached it: the root as given, then names
    real: str  # its real path
    context: T  # what `enter` gave its directory
    regular: bool = False  # the listing said: a regular file, not a link
    unreadable: str | None = None


_NAME = attrgetter("name")


def walk(
    root: Path,
    enter: Callable[[str, T | None, frozenset[str]], tuple[T, Excluder]],
    respect_gitignore: bool,
    notify: Notify,
    leave_out_build_output: bool = True,
) -> Iterator[Found[T]]:
    """Lintable files under `root` in a stable order, skipping excluded and ignored paths,
    and the directories that cannot be listed.

    `enter(directory, its parent's context, the lower-cased names in it)` gives each
    directory a context (the settings there: the same as its parent's unless it holds a
    configuration file) and the excludes for its entries. Paths are plain strings, the
    root as `Path` gives it, then names. Ignore files are read on the way down so that a
    nested `.gitignore` applies to its own subtree only. Symbolic links are not followed
    out of `root` (a notice says so), and directory links not at all: what they lead to
    inside `root` is walked where it is. Directories a bundler's or compiler's
    configuration names as its output are left out (`build_output.py`), with a notice,
    unless `leave_out_build_output` is false.
    """
    output: set[str] = set()
    tree = os.path.realpath(root)
    inherited = enclosing_gitignores(root, notify) if respect_gitignore else []
    # Directories are walked with their real paths alongside (no directory link is
    # followed, so a child's real path is its parent's plus its name).
    stack: list[tuple[str, str, list[IgnoreRules], T | None]] = [(str(root), tree, inherited, None)]
    while stack:
        directory, real_directory, rules, outer = stack.pop()
        try:
            entries = sorted(os.scandir(directory), key=_NAME)
        except OSError as error:
            why = error.strerror or str(error)
            # Its finding takes the settings of the directory that holds it.
            if outer is None:
                outer, _ = enter(os.path.dirname(directory) or ".", None, frozenset())
            context = outer
            yield Found(
                directory,
                real_directory,
                context,
                False,
                f"{why}: the files in this directory were not checked.",
            )
            continue
        names = {entry.name for entry in entries}
        lowered = frozenset(name.lower() for name in names)
        context, excluded = enter(directory, outer, lowered)
        if respect_gitignore and not lowered.isdisjoint(_IGNORE_NAMES):
            rules = rules + gitignore_rules(Path(directory), notify)
        if leave_out_build_output:
            output.update(output_directories(directory, names))
        subdirectories = []
        prefix = "" if directory == "." else directory.rstrip(os.sep) + os.sep
        real_prefix = real_directory.rstrip(os.sep) + os.sep
        for entry in entries:
            name = entry.name
            try:
                link = entry.is_symlink()
                is_dir = entry.is_dir(follow_symlinks=False)
                target_is_dir = link and os.path.isdir(entry.path)
            except OSError:
                continue
            if not (is_dir or target_is_dir) and language_of(name) is None:
                continue
            path = prefix + name
            real = real_prefix + name
            if excluded(name, is_dir) or (rules and any(r.matches(real, is_dir) for r in rules)):
                continue
            if link:
                real = os.path.realpath(entry.path)
                if os.path.lexists(real) and not inside(real, tree):
                    notify(Path(path), f"not followed: a symbolic link to a path outside {root}")
                    continue
                if target_is_dir:
                    continue
            if is_dir and output and os.path.abspath(entry.path) in output:
                notify(Path(path), "left out: build output (include-build-output lints it)")
                continue
            if is_dir:
                subdirectories.append((path, real, rules, context))
            else:
                try:
                    regular = not link and entry.is_file(follow_symlinks=False)
                except OSError:
                    regular = False
                yield Found(path, real, context, regular)
        stack.extend(reversed(subdirectories))
