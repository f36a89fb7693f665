"""Text from the linted code and its file names, made inert for every output.

A tool name, a description, a line of code or a file name can hold anything: an escape
sequence that clears the screen or moves the cursor, a newline followed by a GitHub
workflow command (`::error file=...::`), a bidirectional override that reorders what a
reviewer reads. What reaches a terminal or a log shows such characters escaped.
"""

from __future__ import annotations

import functools
import re

from webmcp_lint import LazyPattern

# C0 controls but tab, DEL and the C1 controls (U+009B is CSI on some terminals), line
# and paragraph separators, and the bidirectional marks, embeddings and isolates.
_UNSAFE = LazyPattern("[\x00-\x08\x0a-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]")
_SHORT = {"\n": "\\n", "\r": "\\r"}
# In JSON every C0 control is escaped already; the rest pass through `ensure_ascii=False`.
_UNSAFE_IN_JSON = LazyPattern("[\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]")


def _escape(match: re.Match[str]) -> str:
    char = match.group()
    if char in _SHORT:
        return _SHORT[char]
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: str, line_breaks: bool = False) -> str:
    """`text` with every control character, separator and bidi control escaped
    (`\\x1b`, `\\n`, `\\u202e`): it prints as one line and cannot drive a terminal.
    `line_breaks` keeps CR and LF, for a format that escapes them its own way."""
    if text.isascii() and text.isprintable():  # no ASCII character it escapes is printable
        return text
    if line_breaks:
        return _UNSAFE.compiled.sub(
            lambda m: m.group() if m.group() in _SHORT else _escape(m), text
        )
    return _UNSAFE.compiled.sub(_escape, text)


@functools.lru_cache(maxsize=1024)  # a report names each path once per finding in it
def printable_path(path: str) -> str:
    """A path as text and concise output print it at the start of a line: escaped, and
    never starting with `::` (the Actions runner reads such a line as a workflow
    command, leading spaces ignored), which `./` prevents."""
    shown = printable(path)
    return "./" + shown if shown.lstrip().startswith("::") or shown[:1].isspace() else shown


def inert_json(text: str) -> str:
    """JSON text with the characters `json.dumps(ensure_ascii=False)` leaves raw (DEL,
    C1 controls, separators, bidi controls) written as `\\uXXXX` escapes: the same JSON
    value. They can only occur inside strings, so the substitution is safe."""
    return _UNSAFE_IN_JSON.compiled.sub(lambda match: f"\\u{ord(match.group()):04x}", text)


def shorten(text: str, limit: int) -> str:
    """`text` of at most about `limit` characters: a longer one keeps its start and its
    end (where a message gives its advice) around a `…`."""
    if len(text) <= limit:
        return text
    head = limit * 2 // 3
    tail = limit - head - 1
    return text[:head] + "…" + text[len(text) - tail :]
