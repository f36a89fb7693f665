"""Response headers that a host's settings file sets (`_headers`, `netlify.toml`, ...)."""

from __future__ import annotations

from msgspec import Struct

from webmcp_lint.workspace.source import Span


class HeaderSetting(Struct, frozen=True):
    """One value a settings file gives a response header.

    `span` is where the value is written (inside its quotes). When `exact`, the file's
    text there is the value itself, character for character, so a part of the value has
    a place of its own (`locate`); otherwise (escapes, folded lines) only the whole is
    known to be there.
    """

    name: str  # as written
    value: str  # as the host sends it
    span: Span
    exact: bool
    pattern: str | None  # the paths or URL the rule applies to, as written; None: every response
    host: str  # whose format: "Netlify", "Vercel", ...

    def locate(self, start: int, end: int) -> Span:
        """The span of `value[start:end]` in the file: its own when `exact`,
        else the whole value's."""
        if not self.exact:
            return self.span
        first = self.span.start + len(self.value[:start].encode("utf-8"))
        return Span(first, first + len(self.value[start:end].encode("utf-8")))
