"""live-page-unchecked: the message and the reasons read from Chromium's errors. Each
kind of page (navigating away, crashing, a 404, a certificate, a network that never
idles, tools that never settle) is opened in Chromium in tests/browser/test_live.py."""

from __future__ import annotations

import pytest

from webmcp_lint.checks.live.live_page_unchecked import message
from webmcp_lint.verify.browser import _reason


def test_the_message_says_what_was_still_compared() -> None:
    assert message("/", "the page crashed", False).id == "page-unchecked"
    assert message("/", "the page crashed", False).text == (
        "The page / could not be checked in Chromium: the page crashed; its tools were not checked."
    )
    assert message("/", "its network did not go idle within 3 s", True).text.endswith(
        "its tools were compared as they were, but none is reported missing."
    )


@pytest.mark.parametrize(
    ("error", "reason"),
    [
        (
            "Page.goto: net::ERR_CERT_AUTHORITY_INVALID at https://127.0.0.1:4443/",
            "its certificate was not accepted (net::ERR_CERT_AUTHORITY_INVALID)",
        ),
        (
            "Page.goto: net::ERR_CONNECTION_REFUSED at http://127.0.0.1:9/\nCall log:\n...",
            "the page could not be loaded (net::ERR_CONNECTION_REFUSED)",
        ),
        (
            "Page.goto: Protocol error (Page.navigate): Cannot navigate to invalid URL\n",
            "the page could not be opened: Page.goto: Protocol error (Page.navigate): Cannot navigate to invalid URL",
        ),
    ],
)
def test_reasons_read_from_chromium(error: str, reason: str) -> None:
    assert _reason(Exception(error)) == reason
