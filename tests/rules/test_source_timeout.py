"""Grammars that never finish on some input (tests/grammar_gaps/): the gap still exists,
and webmcp-lint cancels the parse, reports the file and goes on."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.grammar_gaps.reproduce import parse_ends
from tests.helpers import CORE_SELECT, lint_core, rules_in, run_cli
from webmcp_lint import syntax
from webmcp_lint.workspace.source import Span

GAPS = Path(__file__).parent.parent / "grammar_gaps"
LOOPS = (GAPS / "tsx_parse_never_ends.tsx").read_bytes().strip()  # `"",{:es.",e:r.t(;`
LOOPING_LINE = LOOPS.decode()
BAD = 'document.modelContext.registerTool({ name: "bad name", description: "d", execute() {} });'


@pytest.fixture
def short_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(syntax, "PARSE_FLOOR_SECONDS", 0.3)


def test_the_tsx_grammar_still_loops_where_the_others_end() -> None:
    # When this fails, an upgrade fixed the gap: update tests/grammar_gaps/README.md and
    # the source-timeout page.
    assert not parse_ends(LOOPS, "tsx", 1.0)
    assert parse_ends(LOOPS, "typescript", 1.0)
    assert parse_ends(LOOPS, "javascript", 1.0)


@pytest.mark.timeout(30)
def test_a_parse_over_budget_is_cancelled_and_the_parser_still_works(short_budget: None) -> None:
    with pytest.raises(syntax.ParseTimeout) as raised:
        syntax.parse_range(LOOPS, "tsx", Span(0, len(LOOPS)))
    assert raised.value.grammar == "tsx"
    assert "tree-sitter-typescript 0.23" in str(raised.value)
    text = b"let a = <b>{1}</b>;"
    tree = syntax.parse_range(text, "tsx", Span(0, len(text)))
    assert not tree.root_node.has_error
    assert tree.root_node.text == text


def test_the_budget_grows_with_the_input() -> None:
    assert syntax.parse_budget(0) == syntax.PARSE_FLOOR_SECONDS
    assert syntax.parse_budget(10_000_000) > 10 * syntax.PARSE_FLOOR_SECONDS


@pytest.mark.timeout(30)
@pytest.mark.parametrize(
    ("filename", "code", "line"),
    [
        ("page.tsx", f"document.modelContext;\n{LOOPING_LINE}\n", 1),
        (
            "comp.vue",
            f'<template><p/></template>\n<script lang="tsx">\n{LOOPING_LINE}\n</script>\n',
            2,
        ),
        ("page.html", f'<p>\n<script type="text/babel">{LOOPING_LINE}</script>\n', 2),
    ],
)
def test_a_script_that_never_parses_is_a_timeout_finding(
    short_budget: None, filename: str, code: str, line: int
) -> None:
    code += f"<!-- webmcp-lint --><script>{BAD}</script>\n" if filename != "page.tsx" else ""
    [finding] = lint_core(code, filename)
    assert finding.rule == "source-timeout"
    assert finding.line == line
    assert "tsx grammar (tree-sitter-typescript" in finding.message
    assert "not checked" in finding.message


@pytest.mark.timeout(30)
def test_javascript_keeps_its_own_tree_when_the_tsx_fallback_loops(short_budget: None) -> None:
    # The JavaScript tree's error lies in code without WebMCP words: source-syntax-error
    # stays quiet (it reports only errors in WebMCP code).
    found = lint_core(f"{BAD}\n{LOOPING_LINE}\n", "page.js")
    assert rules_in(found) == ["tool-name-format"]


@pytest.mark.timeout(60)
def test_the_run_goes_on_after_a_timeout(tmp_path: Path) -> None:
    (tmp_path / "a.tsx").write_text(f"document.modelContext;\n{LOOPING_LINE}\n")
    (tmp_path / "b.js").write_text(BAD)
    result = run_cli("check", "--output-format", "json", "--select", CORE_SELECT, ".", cwd=tmp_path)
    assert "Traceback" not in result.stderr
    found = [(f["path"], f["rule"], f["line"]) for f in json.loads(result.stdout)]
    assert found == [("a.tsx", "source-timeout", 1), ("b.js", "tool-name-format", 1)]
