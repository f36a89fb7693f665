"""GitHub code scanning's `primaryLocationLineHash`, computed the way upload-sarif does.

GitHub tracks an alert from one commit to the next by this hash, so a finding keeps its
alert when lines are inserted above it. The hash of a line covers the first 100
characters from the start of that line, counted in UTF-16 code units with spaces and
tabs skipped and every line break (CR, LF, CRLF) read as one LF; an end-of-file marker
(65535) and zeros pad the end. It is the polynomial sum of those units in base 37,
modulo 2**64, in hex, followed by `:n` where n counts the lines of the file before it
(and itself) with the same hash. The algorithm is `hash` in codeql-action's
`src/fingerprints.ts`; the test vectors in `tests/test_sarif.py` come from its tests.

upload-sarif keeps a hash that is already in the file, so computing it here makes an
upload through the REST API track alerts exactly as the action would.
"""

from __future__ import annotations

import sys
from array import array
from collections.abc import Iterable

WINDOW = 100
BASE = 37
MASK = (1 << 64) - 1
END_OF_FILE = 0xFFFF
_NATIVE_UTF16 = "utf-16-le" if sys.byteorder == "little" else "utf-16-be"
_POWERS = [pow(BASE, WINDOW - 1 - i, 1 << 64) for i in range(WINDOW)]


def line_hashes(text: str, lines: Iterable[int]) -> dict[int, str]:
    """The `primaryLocationLineHash` of each 1-based line in `lines` that the text has."""
    wanted = set(lines)
    if not wanted:
        return {}
    normalized = text.replace("\r\n", "\n").replace("\r", "\n")
    stream = normalized.replace(" ", "").replace("\t", "").encode(_NATIVE_UTF16)
    units = array("H", stream)
    units.append(END_OF_FILE)
    units.extend([0] * WINDOW)
    data = units.tobytes()

    found: dict[int, str] = {}
    seen: dict[bytes, int] = {}
    last = max(wanted)
    start = 0  # index of the first unit of the current line
    line = 1
    newline = array("H", [10]).tobytes()
    end_of_text = len(units) - WINDOW  # the end-of-file marker's index
    while line <= last and start <= end_of_text:
        window = data[start * 2 : (start + WINDOW) * 2]
        seen[window] = count = seen.get(window, 0) + 1
        if line in wanted:
            found[line] = f"{_hash(window):x}:{count}"
        following = _find_unit(data, newline, start, end_of_text)
        if following == -1:
            break
        start = following + 1
        line += 1
    return found


def _find_unit(data: bytes, unit: bytes, start: int, stop: int) -> int:
    """Index of the next code unit equal to `unit` in [start, stop), or -1."""
    position = data.find(unit, start * 2, stop * 2)
    while position != -1 and position % 2:  # a match straddling two units
        position = data.find(unit, position + 1, stop * 2)
    return -1 if position == -1 else position // 2


def _hash(window: bytes) -> int:
    units = array("H")
    units.frombytes(window)
    return sum(unit * power for unit, power in zip(units, _POWERS, strict=True)) & MASK
