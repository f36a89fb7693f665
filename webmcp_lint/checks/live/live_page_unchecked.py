"""A page `webmcp-lint verify` could not read the tools of, or not once it settled."""

from __future__ import annotations

RULE = "live-page-unchecked"


def message(page: str, why: str, read: bool) -> str:
    consequence = (
        "its tools were compared as they were, but none is reported missing"
        if read
        else "its tools were not checked"
    )
    return f"The page {page} could not be checked in Chromium: {why}; {consequence}."
