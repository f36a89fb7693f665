"""What page checks read: the tools of a page, kept as plain data after their files.

Page checks (`@page_check()`) run after every file is checked, over the tools of a page:
an HTML file or an entry module with what it loads and imports, or the project when
nothing narrower is known
(`webmcp_lint/run/page_pass.py` groups them). A file's syntax trees and text are gone by then
(and live in another process with `-j`), so each tool keeps what page rules read and
where a finding on it would land, already positioned (`Anchor`). Data only
(`page_facts` finds it): a cached run decodes it without importing a check.
"""

from __future__ import annotations

from typing import Literal

from msgspec import Struct


class Anchor(Struct, frozen=True):
    """A place in a file a page finding can land on, positioned as `Diagnostic` is
    (1-based lines, columns in code points, the code frame), with the page rules an
    inline suppression there covers, and which: `by` holds, for each rule covered, the
    index of a suppression among the file's and what it names (the rule, or "*" for a
    suppression of every rule), so the page pass can tell it was used."""

    line: int
    column: int
    end_line: int
    end_column: int
    snippet: tuple[str, ...]
    snippet_start: int
    snippet_start_byte: int
    fingerprint: str | None
    suppressed: frozenset[str]
    by: tuple[tuple[str, int, str], ...] = ()


class PageTool(Struct, frozen=True):
    """One tool as page checks see it."""

    path: str  # the display path of its file
    order: int  # its place among its file's tools
    name: str
    description: str | None
    kind: str  # imperative, integration, declarative
    at: Anchor  # its name: where its findings land (and where a missing annotation is)
    consequential: str | None  # why it commits to something (see consequential_hint)
    untrusted: str | None  # what others' content it returns without untrustedContentHint


class ToolPage(Struct, frozen=True):
    """Tools that an agent sees together: `kind` "html" is an HTML file (`path`) with the
    scripts it loads and what they import; "entry" is a module no file of the run imports
    (`path`, `src/main.tsx`) with the modules it imports, directly or not; "project" is a
    project's directory (`path`, the nearest with a `package.json`) for files no entry
    reaches (no import edge is known for them)."""

    kind: Literal["html", "entry", "project"]
    path: str
    tools: tuple[PageTool, ...]

    @property
    def described(self) -> str:
        """How a message names it: "on the page index.html", "in the project at app/"."""
        if self.kind == "html":
            return f"on the page {self.path}"
        if self.kind == "entry":
            return f"on the page whose entry is {self.path}"
        return f"in the project at {self.path}"
