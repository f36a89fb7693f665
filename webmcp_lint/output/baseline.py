"""A baseline: the findings a project has accepted for now, so that only new ones fail.

`check --write-baseline FILE` records every finding; `check --baseline FILE` reports only
the findings FILE does not hold. An entry is keyed by the rule, the file's path (relative
to the baseline's directory), a hash of the text of the line the finding starts on
(without its surrounding whitespace) and an occurrence index among findings with the same
rule, path and line text: not by line number, so an edit elsewhere in the file keeps its
findings baselined, while an edit of the line itself, or a second finding like it, is
new. An entry that matches no finding in a file that was checked, for a rule that ran on
it, is stale: the finding was fixed or its line changed.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

from msgspec import Struct

from webmcp_lint.diagnostics import Diagnostic
from webmcp_lint.workspace.writing import write_atomically

FORMAT_KEY = "webmcp-lint-baseline"
FORMAT_VERSION = 1


class BaselineError(Exception):
    """A baseline file that cannot be read or is not a baseline: a usage error."""


class Key(Struct, frozen=True, order=True):
    path: str
    rule: str
    line_hash: str
    occurrence: int


def line_hash(line: str) -> str:
    return hashlib.sha256(line.strip().encode("utf-8")).hexdigest()[:16]


def keyed(
    diagnostics: Iterable[Diagnostic], path_of: Callable[[str], str]
) -> list[tuple[Key, Diagnostic]]:
    """Each diagnostic with its key; occurrences are counted in the order of the file."""
    seen: Counter[tuple[str, str, str]] = Counter()
    found = []
    for diagnostic in sorted(diagnostics, key=Diagnostic.sort_key):
        line = diagnostic.snippet[0] if diagnostic.snippet else ""
        base = (path_of(diagnostic.path), diagnostic.rule, line_hash(line))
        found.append((Key(*base, seen[base]), diagnostic))
        seen[base] += 1
    return found


def relative_to(directory: Path, cwd: Path) -> Callable[[str], str]:
    """How a displayed path (relative to `cwd`, or absolute) is written in a baseline kept
    in `directory`: relative to it, with `/`. Standard input (`-`) stays `-`."""

    def path_of(display: str) -> str:
        if display == "-":
            return display
        return Path(os.path.relpath(cwd / display, directory)).as_posix()

    return path_of


def write(file: Path, entries: list[tuple[Key, Diagnostic]]) -> None:
    """The baseline as JSON, entries sorted by path, rule, line hash and occurrence, so
    that rewriting it after a change shows only what changed."""
    findings = [
        {
            "path": key.path,
            "rule": key.rule,
            "line_hash": key.line_hash,
            "occurrence": key.occurrence,
            "message": diagnostic.message,
        }
        for key, diagnostic in sorted(entries, key=lambda item: item[0])
    ]
    document = {FORMAT_KEY: FORMAT_VERSION, "findings": findings}
    try:
        text = json.dumps(document, indent=2, ensure_ascii=False) + "\n"
        write_atomically(file, text.encode("utf-8"))
    except OSError as error:
        raise BaselineError(f"cannot write {file}: {error.strerror or error}") from None


def read(file: Path) -> set[Key]:
    try:
        document = json.loads(file.read_text(encoding="utf-8"))
    except OSError as error:
        raise BaselineError(f"cannot read {file}: {error.strerror or error}") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise BaselineError(f"{file} is not JSON: {error}") from None
    if not isinstance(document, dict) or document.get(FORMAT_KEY) != FORMAT_VERSION:
        raise BaselineError(
            f"{file} is not a webmcp-lint baseline (version {FORMAT_VERSION}): "
            "write one with --write-baseline"
        )
    entries = document.get("findings")
    if not isinstance(entries, list):
        raise BaselineError(f"{file}: `findings` must be a list")
    keys = set()
    for number, entry in enumerate(entries):
        keys.add(_key(entry, f"{file}: findings[{number}]"))
    return keys


def _key(entry: Any, where: str) -> Key:
    if not isinstance(entry, dict):
        raise BaselineError(f"{where} must be an object")
    for name, kind in (("path", str), ("rule", str), ("line_hash", str), ("occurrence", int)):
        if type(entry.get(name)) is not kind:
            raise BaselineError(f"{where}: `{name}` must be a {kind.__name__}")
    return Key(entry["path"], entry["rule"], entry["line_hash"], entry["occurrence"])


class Comparison(Struct):
    new: list[Diagnostic]  # not in the baseline: reported
    baselined: int  # in the baseline: not reported
    stale: int  # entries that match no finding, in files checked, of rules that ran


def compare(
    entries: list[tuple[Key, Diagnostic]],
    baseline: set[Key],
    checked: Mapping[str, frozenset[str]],
) -> Comparison:
    """Split findings into new and baselined. `checked` maps each file checked in this
    run (as the baseline writes its path) to the rules that ran on it."""
    new = [diagnostic for key, diagnostic in entries if key not in baseline]
    matched = {key for key, _ in entries if key in baseline}
    stale = sum(
        1 for key in baseline - matched if key.path in checked and key.rule in checked[key.path]
    )
    return Comparison(new, len(matched), stale)
