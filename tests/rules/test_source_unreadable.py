"""source-unreadable: reported at 1:1 for a file that cannot be read or decoded, and the
run goes on. Its input is bytes, so it does not use the text-based RuleTester."""

from __future__ import annotations

from pathlib import Path

from webmcp_lint.config import settings_from_table
from webmcp_lint.run import pipeline


def lint_bytes(data: bytes, filename: str = "x.js") -> list[tuple[str, int, int, str]]:
    settings = settings_from_table({"select": ["source-unreadable"]}, Path.cwd() / "c.toml")
    task = pipeline.Task(Path.cwd() / filename, filename, settings, data=data)
    result = pipeline.lint_task(task)
    return [(d.rule, d.line, d.column, d.message) for d in result.diagnostics]


def test_invalid_utf8_with_webmcp_words_is_reported_at_the_start() -> None:
    [(rule, line, column, message)] = lint_bytes(b"document.modelContext;\n\xff\xfe bad")
    assert (rule, line, column) == ("source-unreadable", 1, 1)
    assert "UTF-8" in message


def test_binary_with_webmcp_words_is_reported() -> None:
    [(rule, _, _, message)] = lint_bytes(b"\x00\x01modelContext\x00\x00")
    assert rule == "source-unreadable"
    assert message


def test_readable_files_and_files_without_webmcp_words_are_not() -> None:
    assert lint_bytes(b"document.modelContext;") == []
    assert lint_bytes(b"\xff\xfe\x00 nothing here") == []
