"""A page `webmcp-lint verify` could not read the tools of, or not once it settled."""

from __future__ import annotations

from webmcp_lint.checks import Said, say

RULE = "live-page-unchecked"
# `why` says what went wrong (verify/browser.py): "the page crashed", ...
MESSAGES = {
    "page-unchecked": (
        "The page {{page}} could not be checked in Chromium: {{why}}; its tools were not checked."
    ),
    # the tools were read, but not once the page settled
    "page-unsettled": (
        "The page {{page}} could not be checked in Chromium: {{why}}; its tools were compared "
        "as they were, but none is reported missing."
    ),
}


def message(page: str, why: str, read: bool) -> Said:
    said = "page-unsettled" if read else "page-unchecked"
    return say(RULE, MESSAGES, said, page=page, why=why)
