"""live-tool-missing: the message. Which tools are missing is decided in Chromium:
tests/browser/test_live.py (a conditional registration, an exception before one, a
late one, a frame that may not register, routes of one HTML file)."""

from __future__ import annotations

from pathlib import Path

from webmcp_lint.checks.live.live_tool_missing import message
from webmcp_lint.config import Settings
from webmcp_lint.verify.browser import Logged
from webmcp_lint.verify.live import Comparison, Inventory, Locator


def test_the_message_names_the_pages_and_quotes_what_was_logged() -> None:
    said = message(
        "checkout",
        ["on /a.html", "on /b.html"],
        ["TypeError: x (app.js:1:2)", "Error: y", "Error: z"],
        False,
        None,
    )
    assert (said.id, dict(said.data)["logged"]) == (
        "never-registered-logged",
        "TypeError: x (app.js:1:2); Error: y (and 1 more)",
    )
    assert said.text == (
        "`checkout` is listed here but was not registered in Chromium on /a.html or on "
        "/b.html: its registration failed or depends on something the page did not do. "
        "The page logged: TypeError: x (app.js:1:2); Error: y (and 1 more)."
    )


def test_a_tool_registered_and_then_unregistered_says_so() -> None:
    said = message("search", ["on /"], [], True, None)
    assert said.id == "unregistered"
    assert said.text == (
        "`search` is listed here but was not registered in Chromium on /: it registered "
        "and was unregistered before the page settled."
    )


def test_a_tool_of_the_same_name_that_registered_instead_is_named() -> None:
    said = message("checkout", ["on /shop.html"], [], False, "shop.html:17")
    assert said.id == "registered-instead"
    assert said.text == (
        "`checkout` is listed here but was not registered in Chromium on /shop.html: the "
        "tool of that name at shop.html:17 registered instead."
    )


def test_what_was_thrown_in_the_tool_file_is_quoted_first(tmp_path: Path) -> None:
    """Of what a page logged: first what points into the tool's file, then what was
    thrown anywhere, then console errors (a resource that did not load)."""
    (tmp_path / "app.js").write_text("// app\n")
    (tmp_path / "other.js").write_text("// other\n")
    origin = "http://127.0.0.1:8000"
    comparison = Comparison(Inventory([], []), Locator(tmp_path, [tmp_path]), lambda _: Settings())
    logged = [
        Logged("Failed to load resource: 404", ((f"{origin}/api/x", 1, 1),), thrown=False),
        Logged("TypeError: elsewhere.", ((f"{origin}/other.js", 3, 4),)),
        Logged("ReferenceError: here", ((f"{origin}/app.js", 1, 2),)),
    ]
    assert comparison._quoted(logged, "app.js", origin) == [
        "ReferenceError: here (app.js:1:2)",
        "TypeError: elsewhere (other.js:3:4)",
        "Failed to load resource: 404 (/api/x)",
    ]
