"""`script_elements` looks only where the HTML grammar puts a `<script>` (in the document,
in elements, in whatever holds a syntax error) and finds what a walk of every node finds."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.helpers import REPO
from webmcp_lint.syntax import _JS_TYPES, parse_range, script_elements
from webmcp_lint.syntax.nodes import descendants
from webmcp_lint.workspace.source import Span

PAGES = {
    "nested": "<html><body><div><section><script>a()</script></section></div>"
    "<script src='b.js'></script></body></html>",
    "in a template": "<template><div v-if='x'><script>c()</script></div></template>",
    "after a broken tag": "<div <p class=>\n<script>d()</script><span></div><script>e()</script>",
    "inside a broken attribute": '<div title="<script>f()</script>>\n<script>g()</script>',
    "unclosed": "<body><div><script>h()",
    "stray end tags": "</div></p><script>i()</script></span><b><script>j()</script>",
}
MARKUP = sorted(
    path
    for suffix in ("html", "vue", "svelte", "astro")
    for path in (REPO / "examples").rglob(f"*.{suffix}")
)


def _both(text: bytes) -> tuple[list[int], list[int]]:
    root = parse_range(text, "html", Span(0, len(text))).root_node
    every = [node.start_byte for node in descendants(root, frozenset({"script_element"}))]
    return every, [node.start_byte for node in script_elements(root)]


def test_scripts_in_elements_and_after_broken_markup_are_found() -> None:
    assert len(_both(PAGES["nested"].encode())[1]) == 2
    assert len(_both(PAGES["after a broken tag"].encode())[1]) == 2
    assert len(_both(PAGES["stray end tags"].encode())[1]) == 2


@pytest.mark.parametrize("page", PAGES.values(), ids=list(PAGES))
def test_the_scripts_of_a_page_are_those_of_a_walk_of_every_node(page: str) -> None:
    every, found = _both(page.encode())
    assert found == every


def test_the_scripts_of_every_example_are_those_of_a_walk_of_every_node() -> None:
    assert len(MARKUP) > 10
    for path in MARKUP:
        every, found = _both(path.read_bytes())
        assert found == every, path


# Pieces of `type` values, put together in any order.
_TYPE_PIECES = ["module", "text", "application", "/", "x-", "java", "ecma", "script", "jsx"]
_TYPE_PIECES += ["babel", "typescript", " ", "\n", "M"]


@given(st.lists(st.sampled_from(_TYPE_PIECES), max_size=6).map("".join))
def test_the_javascript_types_are_what_the_javascript_type_pattern_matched(text: str) -> None:
    # The pattern `script_language` matched a stripped, lower-cased `type` with before.
    pattern = re.compile(r"^(module|(text|application)/(x-)?(java|ecma)script|text/(jsx|babel))$")
    script_type = text.strip().lower()
    assert (script_type in _JS_TYPES) is (pattern.match(script_type) is not None)
    assert all(pattern.match(known) for known in _JS_TYPES)
