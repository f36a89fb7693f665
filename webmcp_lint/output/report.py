"""What a formatter renders: the findings of a run in report order, and what it
looked at."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from msgspec import Struct, field

if TYPE_CHECKING:
    from webmcp_lint.diagnostics import Diagnostic


class Report(Struct):
    # In report order. A run over many files reads them from where they are kept, one
    # file at a time, on each pass (`run.findings.InPathOrder`).
    diagnostics: Sequence[Diagnostic]
    files_checked: int = 0
    color: bool = False
    statistics: bool = False
    cwd: Path = field(default_factory=Path.cwd)
    config_errors: list[str] = field(default_factory=list)
    notices: list[str] = field(default_factory=list)
    files_skipped: int = 0  # read, but without a WebMCP word (the prefilter)
    build_output: int = 0  # left out as build output (build_output.py)
    quiet: bool = False  # findings only: no summary
    fixed: int = 0  # fixes applied by --fix
    unsafe_fixes: bool = False  # --unsafe-fixes: unsafe fixes count as available
    baselined: int = 0  # findings left out because the baseline holds them
    pages_checked: int | None = None  # `verify`: the pages opened, instead of files

    def checked(self, plural: Callable[[int, str], str]) -> str:
        """What the run looked at, for a summary: `3 files checked; 1 file without
        WebMCP code skipped`, or `2 pages checked in Chromium`."""
        if self.pages_checked is not None:
            return f"{plural(self.pages_checked, 'page')} checked in Chromium"
        files = f"{plural(self.files_checked, 'file')} checked"
        if self.files_skipped:
            files += f"; {plural(self.files_skipped, 'file')} without WebMCP code skipped"
        if self.build_output:
            files += f"; {plural(self.build_output, 'file')} of build output left out"
        return files

    def counts(self) -> Counter[str]:
        return Counter(d.severity for d in self.diagnostics)

    def rule_counts(self) -> list[tuple[str, int]]:
        counts = Counter(d.rule for d in self.diagnostics)
        return sorted(counts.items(), key=lambda item: (-item[1], item[0]))
