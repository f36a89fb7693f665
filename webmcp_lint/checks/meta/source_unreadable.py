"""A file that cannot be read or decoded: the engine reports it before any model exists."""

from __future__ import annotations

from webmcp_lint.checks import rule_of_module, say
from webmcp_lint.diagnostics import Diagnostic, Location, Severity
from webmcp_lint.diagnostics.fingerprints import line_hashes

_, RULE = rule_of_module(__name__)
MESSAGES = {
    # `why` is the whole text: what the file could not be read for, an `UnreadableError`
    # (workspace/reading.py) such as "Binary file (it contains NUL bytes); ..."
    "not-read": "{{why}}",
}


def unreadable(path: str, message: str, severity: Severity, data: bytes = b"") -> Diagnostic:
    """The finding for a file that could not be read: at its start, since no position in
    it can be trusted. `data` (when given) yields GitHub's fingerprint of its first line,
    read as upload-sarif reads it (invalid UTF-8 becomes U+FFFD)."""
    fingerprint = line_hashes(data.decode("utf-8", errors="replace"), [1])[1] if data else None
    said = say(RULE, MESSAGES, "not-read", why=message)
    return Diagnostic(
        path,
        RULE,
        severity,
        said.text,
        Location(1, 1, 1, 1),
        fingerprint=fingerprint,
        message_id=said.id,
        data=said.data,
    )
