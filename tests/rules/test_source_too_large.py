"""source-too-large: a file (or standard input) over `max-file-size` is reported at 1:1
without being parsed, and only when it holds a prefilter word. Its input is bytes, so it
does not use the text-based RuleTester; the command-line cases are in
tests/test_hostile_files.py."""

from __future__ import annotations

from pathlib import Path

from webmcp_lint.config import settings_from_table
from webmcp_lint.run import pipeline

CODE = b'document.modelContext.registerTool({ name: "bad name" });\n'


def lint(data: bytes | None, limit: str, path: Path | None = None) -> list[tuple[str, str]]:
    config = {"select": ["source-too-large", "tool-name-format"], "max-file-size": limit}
    settings = settings_from_table(config, Path.cwd() / "c.toml")
    target = path or Path.cwd() / "x.js"
    task = pipeline.Task(target, target.name, settings, data=data)
    return [(d.rule, d.message) for d in pipeline.lint_task(task).diagnostics]


def test_input_over_the_limit_names_the_limit() -> None:
    [(rule, message)] = lint(CODE + b" " * 100, "100")
    assert rule == "source-too-large"
    assert "larger than the 100 bytes limit" in message


def test_input_at_the_limit_is_linted() -> None:
    assert [rule for rule, _ in lint(CODE, str(len(CODE)))] == ["tool-name-format"]


def test_a_large_file_without_webmcp_words_is_silent(tmp_path: Path) -> None:
    (tmp_path / "vendor.js").write_bytes(b"var a = 1;\n" * 1000)
    assert lint(None, "1KB", tmp_path / "vendor.js") == []


def test_a_large_file_with_webmcp_words_is_reported(tmp_path: Path) -> None:
    (tmp_path / "bundle.js").write_bytes(b"var a = 1;\n" * 1000 + CODE)
    [(rule, message)] = lint(None, "1KB", tmp_path / "bundle.js")
    assert rule == "source-too-large"
    assert message.startswith("File is 11.1 KB, larger than the 1 KB limit")


def test_a_large_file_that_imports_a_declared_wrapper_is_reported(tmp_path: Path) -> None:
    """A file that only imports a configured wrapper holds no WebMCP word, yet the
    prefilter keeps it: over the limit it is reported, not read as empty."""
    code = b'import { useTool } from "@acme/ui";\nuseTool({ name: "bad name" });\n'
    (tmp_path / "bundle.js").write_bytes(b"var a = 1;\n" * 1000 + code)
    config = {
        "select": ["source-too-large"],
        "max-file-size": "1KB",
        "wrappers": [{"module": "@acme/ui", "export": "useTool"}],
    }
    settings = settings_from_table(config, tmp_path / "c.toml")
    task = pipeline.Task(tmp_path / "bundle.js", "bundle.js", settings)
    [finding] = pipeline.lint_task(task).diagnostics
    assert finding.rule == "source-too-large"
    # Without the wrapper declared, the same file cannot hold anything a rule reads.
    del config["wrappers"]
    settings = settings_from_table(config, tmp_path / "c.toml")
    task = pipeline.Task(tmp_path / "bundle.js", "bundle.js", settings)
    assert pipeline.lint_task(task).diagnostics == []
