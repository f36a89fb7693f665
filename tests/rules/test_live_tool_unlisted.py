"""live-tool-unlisted: the message, and what the static side knows of a registration
whose tool it cannot tell. Chromium's side: tests/browser/test_live.py."""

from __future__ import annotations

from pathlib import Path

from tests.helpers import inside
from webmcp_lint.checks.live.live_tool_unlisted import message
from webmcp_lint.config import Settings
from webmcp_lint.run import engine, pipeline
from webmcp_lint.verify.live import Inventory


def test_the_message_says_whether_the_registration_was_seen() -> None:
    plain = message("chat_widget", "on /index.html", False)
    assert plain.id == "unlisted"
    assert plain.text.startswith(
        "Chromium registered the tool `chat_widget` on /index.html, but the static analysis "
        "does not list it, so no rule checked it. Write its name"
    )
    unresolved = message("x", "on /", True)
    assert unresolved.id == "unlisted-unresolved"
    assert "could not tell its tool (a name or definition computed at run time)" in unresolved.text


def test_a_registration_with_an_unknown_name_is_known_by_its_line(tmp_path: Path) -> None:
    code = (
        "const name = document.documentElement.lang;\n"
        'document.modelContext.registerTool({ name: `search_${name}`, description: "d", execute() {} });\n'
    )
    (tmp_path / "app.js").write_text(code)
    task = pipeline.Task(
        tmp_path / "app.js", "app.js", Settings(root=tmp_path), collect_tools=True, follow=True
    )
    with inside(tmp_path):
        results = engine.run([task])
    assert Inventory([task], results).unresolved == {("app.js", 2)}
