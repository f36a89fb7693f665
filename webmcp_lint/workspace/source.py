"""Source text and positions: the lowest layer, which every other layer may import.

A `Span` is a byte range in a file's text (UTF-8, without a byte-order mark); a
`SourceFile` turns byte offsets into the 1-based lines and columns users see.
"""

from __future__ import annotations

import os
import re
from bisect import bisect_right
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from msgspec import Struct

if TYPE_CHECKING:
    from tree_sitter import Node

LINE_BREAK = re.compile(rb"\r\n?|\n")

# "hosting": a host's settings file that sets response headers (`HOST_SETTINGS`).
Language = Literal["javascript", "typescript", "tsx", "html", "vue", "svelte", "astro", "hosting"]
ScriptLanguage = Literal["javascript", "typescript", "tsx"]

# Lower-cased words of which code a rule reads holds at least one. `webmcp` also catches
# `webmcp-types`, `use-webmcp-tool`, `useWebMCP`, `WebMcpTool` and our own suppressions.
# The declarative attributes' words (`toolname`, ...), as words of WEBMCP_WORDS.
FORM_ATTRIBUTE_WORDS = (
    "toolname",
    "tooldescription",
    "toolparamdescription",
    "toolautosubmit",
    "tooltitle",
    "toolparamtitle",
)
WEBMCP_WORDS = (
    "modelcontext",
    "webmcp",
    *FORM_ATTRIBUTE_WORDS,
    "respondwith",
    "agentinvoked",
    "toolactivat",
    "toolcancel",
    "tool-cancel",
    "toolchange",
)


# Many per tool: no dict each, and no header for the cyclic collector (gc=False): two
# ints can hold no reference cycle.
class Span(Struct, frozen=True, gc=False):
    """A byte range in the file's text (UTF-8, without a byte-order mark)."""

    start: int
    end: int

    @classmethod
    def of(cls, node: Node) -> Span:
        return cls(node.start_byte, node.end_byte)


class SourceFile(Struct, eq=False):
    path: Path
    display_path: str
    language: Language
    text: bytes
    _line_starts: list[int] | None = None
    _has_cr: bool = True  # whether the text holds a CR (known with `line_starts`)

    @property
    def line_starts(self) -> list[int]:
        """Byte offsets of the lines. Lines end at LF, CRLF or a lone CR, as editors and
        LSP count them; U+2028 and U+2029 do not end a line (LSP counts neither)."""
        if self._line_starts is None:
            self._has_cr = b"\r" in self.text
            if self._has_cr:
                starts = [0, *(match.end() for match in LINE_BREAK.finditer(self.text))]
            else:
                starts = [0]
                find = self.text.find
                position = find(b"\n")
                while position != -1:
                    starts.append(position + 1)
                    position = find(b"\n", position + 1)
            self._line_starts = starts
        return self._line_starts

    def line_of(self, offset: int) -> int:
        """0-based line of a byte offset."""
        return max(bisect_right(self.line_starts, offset) - 1, 0)

    def position(self, offset: int) -> tuple[int, int]:
        """1-based line and 1-based column (in Unicode code points) of a byte offset."""
        line = max(bisect_right(self.line_starts, offset) - 1, 0)  # `line_of`, inline
        return line + 1, self._column(line, offset)

    def span_position(self, start: int, end: int) -> tuple[int, int, int, int]:
        """`position` of a span's start and of its end: a span within one line (most
        findings, every tool's name) finds its line once."""
        starts = self.line_starts
        line = max(bisect_right(starts, start) - 1, 0)
        end_line = line if line + 1 == len(starts) or end < starts[line + 1] else self.line_of(end)
        return line + 1, self._column(line, start), end_line + 1, self._column(end_line, end)

    def _column(self, line: int, offset: int) -> int:
        """The 1-based column (in Unicode code points) of a byte offset on a 0-based line."""
        # Not inside a CRLF. Without a CR, a line's end is its LF, past any offset on it.
        offset = min(offset, self.line_bounds(line + 1)[1] if self._has_cr else len(self.text))
        before = self.text[self.line_starts[line] : offset]
        column = len(before) if before.isascii() else len(before.decode("utf-8", errors="replace"))
        return column + 1

    def line_bounds(self, line: int) -> tuple[int, int]:
        """The byte range of a 1-based line, without its line break (\\n, \\r\\n or \\r)."""
        starts = self.line_starts
        if line >= len(starts):
            return starts[line - 1], len(self.text)
        end = starts[line]
        return starts[line - 1], end - (2 if self.text.startswith(b"\r\n", end - 2) else 1)

    def line_text(self, line: int) -> str:
        """The text of a 1-based line, without its line break."""
        start, end = self.line_bounds(line)
        return self.text[start:end].decode("utf-8", errors="replace")

    def slice(self, span: Span) -> str:
        return self.text[span.start : span.end].decode("utf-8", errors="replace")


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


# Settings files of hosts that can send an `Origin-Trial` response header, by their exact
# name (never by suffix: other JSON and TOML files are not read), and whose they are.
HOST_SETTINGS: dict[str, str] = {
    "_headers": "Netlify or Cloudflare Pages",
    "netlify.toml": "Netlify",
    "vercel.json": "Vercel",
    "firebase.json": "Firebase Hosting",
    "staticwebapp.config.json": "Azure Static Web Apps",
    ".htaccess": "Apache",
}
_HOST_NAMES = tuple(HOST_SETTINGS)


def language_of(path: str | Path) -> Language | None:
    name = str(path)
    lowered = name.lower()
    dot = lowered.rfind(".")
    language = LANGUAGES.get(lowered[dot:]) if dot != -1 else None
    # No host file name ends with a suffix of LANGUAGES; `endswith` first, as it is cheap.
    if (
        language is None
        and name.endswith(_HOST_NAMES)
        and name[max(name.rfind("/"), name.rfind(os.sep)) + 1 :] in HOST_SETTINGS
    ):
        return "hosting"
    return language
