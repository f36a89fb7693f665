"""Applying fixes to a file's text: non-overlapping edits, in one pass.

A fix is applied whole or not at all. Fixes are taken in the order of their first edit;
one whose edits overlap an edit already taken waits for the next pass (the caller lints
the fixed text again and repeats, a bounded number of times, until nothing changes).
"""

from __future__ import annotations

from collections.abc import Iterable

from webmcp_lint.diagnostics import Edit, Fix


def apply_fixes(text: bytes, fixes: Iterable[Fix]) -> tuple[bytes, int]:
    """`text` with the fixes that do not overlap applied, and how many were applied."""
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
        text = text[: edit.span.start] + edit.replacement.encode("utf-8") + text[edit.span.end :]
    return text, applied


def _overlap(first: Edit, second: Edit) -> bool:
    """Edits overlap when their spans share a byte, or when both insert at one point."""
    a, b = first.span, second.span
    if a.start == a.end == b.start == b.end:
        return True
    return a.start < b.end and b.start < a.end
