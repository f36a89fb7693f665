"""From byte spans to what users see: a finding positioned as a `Diagnostic` (line and
column, a code frame with long lines cut around it, related locations, fix edits),
where a tool registered elsewhere was registered, and GitHub's line hashes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from msgspec.structs import replace

from webmcp_lint.config import Settings
from webmcp_lint.diagnostics import SNIPPET_COLUMNS, Diagnostic, Finding, Location, Related
from webmcp_lint.diagnostics.fingerprints import line_hashes
from webmcp_lint.output.inert import shorten
from webmcp_lint.registry import rules
from webmcp_lint.workspace.source import SourceFile, Span

if TYPE_CHECKING:
    from webmcp_lint.model import ToolDefinition

SNIPPET_LINES = 3
# A code frame shows at most SNIPPET_COLUMNS code points of a line: a longer one (a
# minified bundle) is cut around the finding, SNIPPET_CONTEXT code points kept before
# it, as rustc and ruff do. Only those bytes are decoded.
SNIPPET_CONTEXT = 40
# A message quoting code (a 500,000-character tool name) keeps its start and its end.
MAX_MESSAGE = 1000
MAX_FIX_TEXT = 10_000  # a fix that would insert more is not offered


def with_registration_site(
    finding: Finding, routed: list[ToolDefinition], display_path: str
) -> Finding:
    """A finding about a tool registered elsewhere (another file, or a call of a
    registering function: `routed`, the tools with a `via`) shows where, as a related
    location."""
    for tool in routed:
        site = tool.via
        if site is None or not (tool.span.start <= finding.span.start < tool.span.end):
            continue
        here = site.path == display_path
        location = Location(site.line, site.column, site.end_line, site.end_column)
        related = Related(
            finding.span, f"registered by `{site.via}` here", location, None if here else site.path
        )
        return replace(finding, related=(*finding.related, related))
    return finding


def without_fix_at(finding: Finding, detached: list[Span]) -> Finding:
    """No fix edits where a file names a value written in another file: the value (and
    the fix) is there."""
    if finding.fix is None:
        return finding
    for edit in finding.fix.edits:
        if any(span.start < edit.span.end and edit.span.start < span.end for span in detached):
            return replace(finding, fix=None)
    return finding


def with_fingerprints(
    diagnostics: list[Diagnostic], source: SourceFile, had_bom: bool
) -> list[Diagnostic]:
    if not diagnostics:
        return diagnostics
    text = ("\ufeff" if had_bom else "") + source.text.decode("utf-8")
    hashes = line_hashes(text, (d.line for d in diagnostics))
    return [replace(d, fingerprint=hashes.get(d.line)) for d in diagnostics]


def frame(source: SourceFile, span: Span) -> tuple[Location, tuple[str, ...], int, int]:
    """Where a span is and its code frame: the lines it covers, long ones cut around it,
    and the code point and byte of its first line where the frame starts."""
    location = locate(source, span)
    first, snippet_start, snippet_start_byte = cut_line(
        source, location.line, span.start, location.column - 1
    )
    last = min(location.end_line, location.line + SNIPPET_LINES - 1)
    rest = [cut_line(source, line, None, 0)[0] for line in range(location.line + 1, last + 1)]
    return location, (first, *rest), snippet_start, snippet_start_byte


def to_diagnostic(finding: Finding, source: SourceFile, settings: Settings) -> Diagnostic:
    rule = rules()[finding.rule]
    location, snippet, snippet_start, snippet_start_byte = frame(source, finding.span)
    related = tuple(
        replace(
            r,
            location=r.location or locate(source, r.span),
            message=shorten(r.message, MAX_MESSAGE),
        )
        for r in finding.related
    )
    fix = finding.fix
    if fix is not None and any(len(e.replacement) > MAX_FIX_TEXT for e in fix.edits):
        fix = None
    if fix is not None:
        edits = tuple(replace(e, location=locate(source, e.span)) for e in fix.edits)
        fix = replace(fix, edits=edits, description=shorten(fix.description, MAX_MESSAGE))
    return Diagnostic(
        source.display_path,
        finding.rule,
        settings.severity_of(finding.rule, finding.severity or rule.severity),
        shorten(finding.message, MAX_MESSAGE),
        location,
        snippet,
        related,
        fix,
        snippet_start=snippet_start,
        snippet_start_byte=snippet_start_byte,
        message_id=finding.message_id,
        data=finding.data,
    )


def cut_line(
    source: SourceFile, line: int, anchor: int | None, anchor_column: int
) -> tuple[str, int, int]:
    """A 1-based line as a code frame holds it: whole when short; else from
    SNIPPET_CONTEXT code points before byte `anchor` (code point `anchor_column` of the
    line; the line's start when None), SNIPPET_COLUMNS + 1 code points at most. Also the
    code point and the byte of the line where the text starts. Only the bytes around
    the anchor are decoded."""
    text = source.text
    start, end = source.line_bounds(line)
    anchor = start if anchor is None else min(max(anchor, start), end)
    if end - start <= SNIPPET_COLUMNS and (anchor == end or not 0x80 <= text[anchor] < 0xC0):
        # Whole, as below, wherever the anchor: no more code points than bytes.
        return text[start:end].decode("utf-8", errors="replace"), 0, 0
    window = 4 * (SNIPPET_COLUMNS + 1)  # bytes enough for as many code points
    left = _code_point_start(text, max(start, anchor - window), start)
    right = end if anchor + window >= end else _code_point_start(text, anchor + window, anchor)
    before = text[left:anchor].decode("utf-8", errors="replace")
    after = text[anchor:right].decode("utf-8", errors="replace")
    if left == start and right == end and len(before) + len(after) <= SNIPPET_COLUMNS:
        return before + after, 0, 0
    kept = before[max(0, len(before) - SNIPPET_CONTEXT) :]
    first_byte = anchor - start - len(kept.encode("utf-8"))
    return (kept + after)[: SNIPPET_COLUMNS + 1], anchor_column - len(kept), first_byte


def _code_point_start(text: bytes, index: int, floor: int) -> int:
    """`index`, moved back to the first byte of the UTF-8 sequence it falls in."""
    while index > floor and index < len(text) and 0x80 <= text[index] < 0xC0:
        index -= 1
    return index


def locate(source: SourceFile, span: Span) -> Location:
    line, column, end_line, end_column = source.span_position(span.start, span.end)
    # A span on one line holds one int object for both lines (past line 256, each is its
    # own: a file of 100,000 tools keeps a location for each, 3 MB).
    return Location(line, column, line if end_line == line else end_line, end_column)
