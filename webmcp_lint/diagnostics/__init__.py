"""What rules report and what users see: findings, fixes, related locations, diagnostics,

A check reports a `Finding` (byte spans in the file it reads); the engine positions it as
a `Diagnostic` (1-based lines and columns) with the same `Fix`, `Edit` and `Related`
values, their `location` filled in. Formatters read diagnostics only. `fingerprints`
computes the line hash GitHub code scanning keys a finding by. A light package: the
command line imports it before it knows whether it lints anything.
"""

from __future__ import annotations

from typing import Literal

from msgspec import Struct

from webmcp_lint import rule_url
from webmcp_lint.registry import SEVERITIES as SEVERITIES
from webmcp_lint.registry import SEVERITY_RANK as SEVERITY_RANK
from webmcp_lint.registry import Severity as Severity
from webmcp_lint.workspace.source import Span

# As in ruff: a safe fix keeps the code's meaning; an unsafe one may change behaviour and
# is applied only on request (`--unsafe-fixes`).
Applicability = Literal["safe", "unsafe"]

# A code frame (`Diagnostic.snippet`) shows at most this many code points of a line: a
# longer line is cut around the finding (see `positions.cut_line`).
SNIPPET_COLUMNS = 120


class Location(Struct, frozen=True, gc=False):  # four ints: in no reference cycle
    """1-based lines and columns (Unicode code points); `end_column` is exclusive."""

    line: int
    column: int
    end_line: int
    end_column: int


class Edit(Struct, frozen=True):
    span: Span
    replacement: str
    location: Location | None = None  # set when the finding becomes a diagnostic

    @property
    def located(self) -> Location:
        """The location, which the engine sets on every diagnostic's edits."""
        if self.location is None:
            raise ValueError("not positioned: only a Diagnostic's edits have one")
        return self.location


class Fix(Struct, frozen=True):
    description: str
    edits: tuple[Edit, ...]
    applicability: Applicability = "safe"


class Related(Struct, frozen=True):
    """Another place that belongs to a finding. `path` names another file (a page check's
    finding relates tools of several files); None is the finding's own file."""

    span: Span
    message: str
    location: Location | None = None  # set when the finding becomes a diagnostic
    path: str | None = None  # another file's (display) path; None for the finding's own

    def path_in(self, diagnostic_path: str) -> str:
        """The file this location is in, for a diagnostic in `diagnostic_path`."""
        return diagnostic_path if self.path is None else self.path

    @property
    def located(self) -> Location:
        """The location, which the engine sets on every diagnostic's related locations."""
        if self.location is None:
            raise ValueError(
                "not positioned: only a Diagnostic's related locations have a location"
            )
        return self.location


# A message's placeholders and their values, by name, in the order the message declares.
MessageData = tuple[tuple[str, "str | int | float | bool"], ...]


class Finding(Struct, frozen=True):
    """What a check reports; the engine adds the file, the position and the severity.

    `severity` is for a rule whose findings differ in weight (a known mistake against
    any other case): it replaces the rule's default severity, but a severity the user
    configured for the rule still wins.
    """

    rule: str
    message: str
    span: Span
    related: tuple[Related, ...] = ()
    fix: Fix | None = None
    severity: Severity | None = None
    message_id: str = ""  # the id of the message among the rule's declared messages
    data: MessageData = ()  # the values put into the message's placeholders


class Diagnostic(Struct, frozen=True):
    """One finding as users see it. `snippet` holds the source lines the finding covers
    (at most three), each cut to SNIPPET_COLUMNS code points plus one when it is longer
    (the one more says that it was cut); the first starts at code point `snippet_start`
    and UTF-8 byte `snippet_start_byte` of its line (0 unless a long line was cut before
    the finding), the others at their line's start."""

    path: str
    rule: str
    severity: Severity
    message: str
    location: Location
    snippet: tuple[str, ...] = ()
    related: tuple[Related, ...] = ()
    fix: Fix | None = None
    fingerprint: str | None = None  # GitHub's primaryLocationLineHash of the start line
    snippet_start: int = 0
    snippet_start_byte: int = 0
    page: str | None = None  # the URL of the page a `live` finding was made on
    message_id: str = ""  # the rule's message id and its data (`Finding`); not output
    data: MessageData = ()

    @property
    def url(self) -> str:
        return rule_url(self.rule)

    @property
    def line(self) -> int:
        return self.location.line

    @property
    def column(self) -> int:
        return self.location.column

    @property
    def end_line(self) -> int:
        return self.location.end_line

    @property
    def end_column(self) -> int:
        return self.location.end_column

    def sort_key(self) -> tuple[str, int, int, str]:
        location = self.location  # not `line` and `column`: a sort asks of every finding
        return (self.path, location.line, location.column, self.rule)


def fails(diagnostics: list[Diagnostic], threshold: Severity) -> bool:
    """True when a diagnostic is at least as severe as `threshold`."""
    limit = SEVERITY_RANK[threshold]
    return any(SEVERITY_RANK[d.severity] >= limit for d in diagnostics)
