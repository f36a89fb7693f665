"""Fixtures for the browser tests: one Chromium per test session (per xdist worker).

Without Chromium or Playwright these tests skip and say how to enable them; with
WEBMCP_LINT_REQUIRE_BROWSER=1 (set by `.ci/run`) they fail instead.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from tests.browser.harness import HOW_TO_ENABLE, BrowserUnavailable, Chromium, launch


def browser_required() -> bool:
    return os.environ.get("WEBMCP_LINT_REQUIRE_BROWSER", "") not in ("", "0")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "chromium" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "browser: runs in Chromium (skips without it)")


@pytest.fixture(scope="session")
def chromium() -> Iterator[Chromium]:
    try:
        with launch() as browser:
            yield browser
    except BrowserUnavailable as reason:
        if browser_required():
            pytest.fail(f"WEBMCP_LINT_REQUIRE_BROWSER is set, but {reason}", pytrace=False)
        pytest.skip(f"browser tests skipped: {reason}; {HOW_TO_ENABLE}")
