"""How a function body finishes (`extract/completion.py`): only a path that certainly runs
on is `normal`; what cannot be told is `unknown`, never `normal`."""

from __future__ import annotations

import pytest

from webmcp_lint.extract.completion import MAX_DEPTH, block_completion
from webmcp_lint.syntax.languages import parser


def completion(body: str) -> str:
    tree = parser("javascript").parse(f"function f() {{\n{body}\n}}".encode())
    block = tree.root_node.named_children[0].child_by_field_name("body")
    assert block is not None
    return block_completion([c for c in block.named_children if c.type != "comment"])


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ("go();", "normal"),
        ("return 1;", "returns"),
        ("throw e;", "returns"),
        ("if (a) return 1;", "normal"),
        ("if (a) return 1; else throw e;", "returns"),
        ("if (a) { return 1; } else if (b) { return 2; }", "normal"),
        ("try { return 1; } catch { log(); }", "normal"),
        ("try { return 1; } catch { return 2; }", "returns"),
        ("try { go(); } finally { return 1; }", "returns"),
        ("for (const x of xs) return x;", "normal"),
        ("while (true) { if (a) return 1; }", "unknown"),
        ("for (;;) {}", "unknown"),
        ("do { go(); } while (true);", "unknown"),
        ("switch (a) { case 1: return 1; }", "normal"),
        ("switch (a) { case 1: return 1; default: return 2; }", "returns"),
        ("switch (a) { case 1: go(); break; default: return 2; }", "normal"),
        ("switch (a) { case 1: default: return 2; }", "returns"),
        ("switch (a) { default: assertNever(a); }", "unknown"),
        ("assertNever(a);", "unknown"),
        ("await fail('x');", "unknown"),
        ("outer: { break outer; }", "normal"),
        # a break under a condition is not followed: the block is taken to return, which
        # can only hide a finding, never make one
        ("outer: { if (a) break outer; return 1; }", "returns"),
        # unknown first, then certain: nothing after an unknown is certainly reached
        ("while (true) {} return 1;", "unknown"),
    ],
)
def test_completion(body: str, expected: str) -> None:
    assert completion(body) == expected


def test_deep_nesting_is_unknown_not_a_crash() -> None:
    def nested(depth: int) -> str:
        return "if (a) {" * depth + "return 1;" + "} else { return 0; }" * depth

    assert completion(nested(3)) == "returns"
    assert completion(nested(MAX_DEPTH * 4)) == "unknown"
