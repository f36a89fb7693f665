"""Valid code a tree-sitter grammar rejects (tests/grammar_gaps/valid_*): the grammar
still rejects it (when an upgrade fixes a gap, this says so), and webmcp-lint reads it
all the same: no finding about its syntax, and every tool in it found."""

from __future__ import annotations

from pathlib import Path

import pytest
from tree_sitter import Parser

from tests.grammar_gaps.reproduce import language
from webmcp_lint import syntax
from webmcp_lint.config import Settings
from webmcp_lint.run import pipeline
from webmcp_lint.syntax import gaps
from webmcp_lint.workspace.discovery import language_of
from webmcp_lint.workspace.source import SourceFile, Span

GAPS = Path(__file__).parent / "grammar_gaps"
VALID = sorted(GAPS.glob("valid_*"))
TOOLS = {
    "valid_jsx_ampersand.jsx": ["search_plans"],
    "valid_tsx_ampersand.tsx": ["submit_review"],
    "valid_astro_attribute_expression.astro": ["subscribe_newsletter"],
    "valid_svelte_attribute_expression.svelte": ["filter_notes"],
    "valid_vue_ampersand.vue": ["search_events"],
}
# The grammar that rejects each snippet as it is.
REJECTED_BY = {".jsx": ("javascript", "tsx"), ".tsx": ("tsx",)}


def test_every_snippet_says_which_tools_it_holds() -> None:
    assert sorted(path.name for path in VALID) == sorted(TOOLS)


@pytest.mark.parametrize("path", VALID, ids=lambda path: path.name)
def test_the_grammar_still_rejects_the_snippet(path: Path) -> None:
    text = path.read_bytes()
    for grammar in REJECTED_BY.get(path.suffix, ("html",)):
        assert Parser(language(grammar)).parse(text).root_node.has_error, grammar


@pytest.mark.parametrize("path", VALID, ids=lambda path: path.name)
def test_valid_code_gives_no_syntax_finding_and_loses_no_tool(path: Path) -> None:
    task = pipeline.Task(path, path.name, Settings(root=GAPS), collect_tools=True)
    result = pipeline.lint_task(task)
    assert not result.internal_errors
    assert [d for d in result.diagnostics if d.rule.startswith("source-")] == []
    assert [tool["name"] for tool in result.tools] == TOOLS[path.name]


@pytest.mark.parametrize("path", VALID, ids=lambda path: path.name)
def test_the_tree_reads_the_real_text(path: Path) -> None:
    # The masked parse's nodes are reused by a parse of the real bytes: every `&` and
    # every expression is there as written. (tree-sitter-html still puts a bare `&` of
    # markup text in an error node; the element tree reads text from the file, so that
    # one loses nothing.)
    text = path.read_bytes()
    language = language_of(path)
    assert language is not None
    scripts, markup = syntax.parse(SourceFile(path, path.name, language, text))
    for tree in [script.tree for script in scripts] + ([markup] if markup else []):
        root = tree.root_node
        assert root.text == text[root.start_byte : root.end_byte]
    for script in scripts:
        assert not script.root.has_error
    if markup is not None:
        assert [e.text for e in gaps.errors(markup.root_node) if b"tool" in e.text] == []


def test_an_ampersand_in_code_is_never_masked_into_valid_code() -> None:
    # `a &` is a real error: masking its `&` would make valid code of it, and the
    # reparse of the real bytes would keep the masked tree's reading.
    for broken in (b"x = a &;", b"f(a &);", b"const o = {a &};"):
        text = b"const y = <p>Q & A</p>;\n" + broken
        tree = syntax.parse_jsx_range(text, "tsx", Span(0, len(text)))
        assert tree.root_node.has_error, broken
        assert b"Q & A" not in b"".join(e.text for e in gaps.errors(tree.root_node)), broken


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        (b"{a}", 3),
        (b"{`x${ {a: 1}.a }y`} z", 19),
        (b"{'}'}", 5),
        (b'{"\\"}"}', 7),
        (b"{/* } */ a}", 11),
        (b"{a // }\n}", 9),
        (b"{`${`${'}'}`}`}", 15),
        (b"{a", None),
        (b"{`a}", None),
    ],
)
def test_the_end_of_an_attribute_expression(code: bytes, expected: int | None) -> None:
    assert gaps.expression_end(code, 0, len(code)) == expected


def test_only_expressions_in_start_tags_are_masked() -> None:
    text = b'<p>{a = b}</p><a href={x ? "y z" : `w`} b="{c}" {d}><script>let e = {f}</script>'
    masked = gaps.mask_attribute_expressions(text, Span(0, len(text)))
    assert masked == (
        b'<p>{a = b}</p><a href={_______________} b="{c}" {_}><script>let e = {f}</script>'
    )
    assert gaps.mask_attribute_expressions(b"<p>{a}</p>", Span(0, 10)) is None


@pytest.fixture
def parses(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """The calls of `syntax.parse_range` the test makes."""
    calls: list[object] = []
    parse_range = syntax.parse_range

    def counting(*args: object, **kwargs: object) -> object:
        calls.append(args)
        return parse_range(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(syntax, "parse_range", counting)
    return calls


def test_an_error_away_from_jsx_costs_no_second_parse(parses: list[object]) -> None:
    text = b"var a=b&c,d=e&f;function g(){return a&d" + b"&h" * 1000
    assert syntax.parse_jsx_range(text, "tsx", Span(0, len(text))).root_node.has_error
    assert len(parses) == 1


def test_many_ampersands_of_jsx_text_are_masked_in_one_parse(parses: list[object]) -> None:
    text = b"const list = (\n  <ul>\n" + b"    <li>Q & A, R&D</li>\n" * 2000 + b"  </ul>\n);"
    assert not syntax.parse_jsx_range(text, "tsx", Span(0, len(text))).root_node.has_error
    assert len(parses) == 2
