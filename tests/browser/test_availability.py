"""Without Chromium or Playwright the browser tests skip and say how to enable them;
WEBMCP_LINT_REQUIRE_BROWSER=1 (CI) turns that into a failure. Checked in a child pytest."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import REPO

ONE_BROWSER_TEST = (
    "tests/browser/test_rule_pages.py::test_an_empty_claim_list_means_the_example_must_run_cleanly"
)


def run_browser_test(env: dict[str, str], python_path: Path | None = None) -> str:
    full_env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("WEBMCP_LINT_REQUIRE_BROWSER", "WEBMCP_LINT_CHROMIUM", "PYTEST_ADDOPTS")
    }
    full_env.update(env)
    if python_path is not None:
        full_env["PYTHONPATH"] = os.pathsep.join([str(python_path), str(REPO)])
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-rsf", ONE_BROWSER_TEST],
        cwd=REPO,
        env=full_env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    return f"exit {result.returncode}\n{result.stdout}{result.stderr}"


def test_without_chromium_the_tests_skip_and_say_how_to_enable_them() -> None:
    output = run_browser_test({"WEBMCP_LINT_CHROMIUM": "/nonexistent/chromium"})
    assert output.startswith("exit 0"), output
    assert "1 skipped" in output
    assert "WEBMCP_LINT_CHROMIUM=/nonexistent/chromium is not an executable" in output
    assert "apt-get install chromium" in output and "pip install -e '.[test]'" in output


def test_required_browser_missing_is_a_failure() -> None:
    output = run_browser_test(
        {"WEBMCP_LINT_CHROMIUM": "/nonexistent/chromium", "WEBMCP_LINT_REQUIRE_BROWSER": "1"}
    )
    assert output.startswith("exit 1"), output
    assert "1 error" in output
    assert "WEBMCP_LINT_REQUIRE_BROWSER is set, but WEBMCP_LINT_CHROMIUM=" in output


@pytest.mark.parametrize("required", ["", "1"])
def test_without_playwright_the_tests_skip_or_fail(tmp_path: Path, required: str) -> None:
    fake = tmp_path / "playwright"
    fake.mkdir()
    (fake / "__init__.py").write_text("raise ImportError('No module named playwright')\n")
    output = run_browser_test({"WEBMCP_LINT_REQUIRE_BROWSER": required}, python_path=tmp_path)
    assert "Playwright is not installed" in output, output
    assert output.startswith("exit 1" if required else "exit 0"), output
