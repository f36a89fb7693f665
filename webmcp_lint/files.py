"""Which files to lint: discovery, ignore files, languages by suffix, the byte prefilter."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pathspec

from webmcp_lint.source import WEBMCP_WORDS, Language

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

# A file that holds none of the WebMCP words cannot hold anything a rule looks at, so it
# is skipped before it is decoded or parsed.
PREFILTER_WORDS = WEBMCP_WORDS
_PREFILTER_BYTES = tuple(word.encode() for word in PREFILTER_WORDS)

MAX_FILE_BYTES = 64 * 1024 * 1024


def language_of(path: str | Path) -> Language | None:
    name = str(path).lower()
    dot = name.rfind(".")
    return LANGUAGES.get(name[dot:]) if dot != -1 else None


def may_hold_webmcp(data: bytes) -> bool:
    # Lower-casing once and searching for each word is ten times faster than one
    # case-insensitive regular expression over the same bytes.
    lowered = data.lower()
    return any(word in lowered for word in _PREFILTER_BYTES)


class UnreadableError(Exception):
    """A file that cannot be linted, with a message for the user."""


def read_source(path: Path) -> bytes:
    """The bytes of a file, or UnreadableError with a reason a person understands."""
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            raise UnreadableError(
                f"File is {size / 1024 / 1024:.0f} MiB, larger than the "
                f"{MAX_FILE_BYTES // 1024 // 1024} MiB webmcp-lint reads; exclude it."
            )
        return path.read_bytes()
    except IsADirectoryError:
        raise UnreadableError("Is a directory") from None
    except OSError as error:
        raise UnreadableError(error.strerror or str(error)) from None


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
