"""Suppression comments found in a file."""

from __future__ import annotations

from msgspec import Struct, field

from webmcp_lint.workspace.source import Span


class Suppression(Struct, eq=False):
    """A `webmcp-lint-disable...` comment and the lines it covers."""

    kind: str
    rules: tuple[str, ...]  # empty: every rule
    span: Span
    first_line: int
    last_line: int  # inclusive; for `disable` the line before its `enable`, or the end
    used: set[str] = field(default_factory=set)

    def covers(self, rule: str, line: int) -> bool:
        return self.first_line <= line <= self.last_line and (not self.rules or rule in self.rules)
