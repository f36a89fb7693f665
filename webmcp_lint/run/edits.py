"""Applying fixes to a file's text, and showing what they change as a unified diff.

A fix is applied whole or not at all. Fixes are taken in the order of their first edit;
one whose edits overlap an edit already taken waits for the next pass (the caller lints
the fixed text again and repeats, a bounded number of times, until nothing changes).
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable

from webmcp_lint.diagnostics import Edit, Fix


def apply_fixes(text: bytes, fixes: Iterable[Fix], newline: str = "\n") -> tuple[bytes, int]:
    """`text` with the fixes that do not overlap applied, and how many were applied.

    Replacements are written with `\\n` line breaks; `newline` is the file's own
    (`"\\r\\n"` keeps a CRLF file CRLF)."""
    taken: list[Edit] = []
    applied = 0
    for fix in sorted(fixes, key=lambda f: min((e.span.start for e in f.edits), default=0)):
        if not fix.edits or any(_overlap(edit, other) for edit in fix.edits for other in taken):
            continue
        if any(_overlap(a, b) for i, a in enumerate(fix.edits) for b in fix.edits[i + 1 :]):
            continue
        taken.extend(fix.edits)
        applied += 1
    for edit in sorted(taken, key=lambda e: (e.span.start, e.span.end), reverse=True):
        replacement = edit.replacement.replace("\r\n", "\n").replace("\n", newline)
        text = text[: edit.span.start] + replacement.encode("utf-8") + text[edit.span.end :]
    return text, applied


def newline_of(text: bytes) -> str:
    """The file's line break: the first one it has (`\\n` when it has none)."""
    first = text.find(b"\n")
    return "\r\n" if first > 0 and text[first - 1 : first] == b"\r" else "\n"


def _overlap(first: Edit, second: Edit) -> bool:
    """Edits overlap when their spans share a byte, or when both insert at one point."""
    a, b = first.span, second.span
    if a.start == a.end == b.start == b.end:
        return True
    return a.start < b.end and b.start < a.end


NO_NEWLINE = "\\ No newline at end of file\n"
# Lines end at `\n` only: `str.splitlines` would also split at `\u2028` and form feeds.
_LINE = re.compile(r"[^\n]*\n|[^\n]+")


def unified_diff(before: str, after: str, path: str) -> str:
    """The change as a unified diff that `patch -p0` and `git apply -p0` accept: both
    sides named `path`, a missing final line break marked as diff marks it."""
    lines = difflib.unified_diff(
        _LINE.findall(before),
        _LINE.findall(after),
        fromfile=path,
        tofile=path,
    )
    out = []
    for line in lines:
        if line.endswith("\n"):
            out.append(line)
        else:
            out.append(line + "\n" + NO_NEWLINE)
    return "".join(out)
