"""Every regular expression of webmcp-lint runs in linear time on adversarial text.

Python's `re` backtracks: a pattern with two ways to match the same run of characters
(`\\s*[:=]?\\s*`, `[a-z.]*://` at every start of a long run without `://`) takes time
quadratic in the run's length, and a 100 KB description took minutes. Each test feeds
100,000-character runs built from characters the pattern cares about to every compiled
pattern in the package (found by walking the modules, so a new one is covered), and
runs the text heuristics end to end on such texts; pytest-timeout fails a test that
would take minutes.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest

from tests.helpers import lint, package_values
from webmcp_lint import LazyPattern

SIZE = 100_000
GENERIC_UNITS = (
    "a", "A", "0", " ", "\n", "a.", "a-", "a:", "a ", "a=", "-a", "=a", "aA", "a1", "<a ",
    "{a", "a@", "x://", "a:b@", ". ", "\\", "é",
)  # fmt: skip


def _patterns() -> Iterator[tuple[str, re.Pattern[Any]]]:
    seen: set[tuple[Any, int]] = set()
    for where, value in package_values():
        if isinstance(value, LazyPattern):
            value = value.compiled
        if isinstance(value, re.Pattern) and (value.pattern, value.flags) not in seen:
            seen.add((value.pattern, value.flags))
            yield where, value


PATTERNS = list(_patterns())


def units_for(pattern: re.Pattern[Any]) -> list[str]:
    """Runs to try: generic ones, and every literal character and word of the pattern
    repeated (the words it looks for, the separators it allows)."""
    source = (
        pattern.pattern.decode("latin-1") if isinstance(pattern.pattern, bytes) else pattern.pattern
    )
    literals = set(re.findall(r"(?<!\\)[^\\\[\]()?*+{}|^$.]", source))
    words = set(re.findall(r"[A-Za-z][A-Za-z_-]{2,}", source))
    return [*GENERIC_UNITS, *sorted(literals), *(f"{w} " for w in sorted(words)), *sorted(words)]


def test_the_walk_finds_the_patterns() -> None:
    names = {where for where, _ in PATTERNS}
    assert (
        "webmcp_lint.checks.security.no_secrets_in_tool_metadata.SHAPES[12].pattern" in names
    )  # password in a URL
    assert "webmcp_lint.run.suppress._PARSE" in names  # compiled when first used
    assert len(PATTERNS) > 60


@pytest.mark.timeout(60)
@pytest.mark.parametrize(("where", "pattern"), PATTERNS, ids=[w for w, _ in PATTERNS])
def test_pattern_is_linear(where: str, pattern: re.Pattern[Any]) -> None:
    for unit in units_for(pattern):
        text = (unit * (SIZE // len(unit) + 1))[:SIZE] + "!\x00"
        subject: Any = text.encode() if isinstance(pattern.pattern, bytes) else text
        for _ in pattern.finditer(subject):
            pass
        pattern.match(subject)
        pattern.fullmatch(subject)


ADVERSARIAL_TEXTS = [
    " ", "a.", "a-", "1.", "a:b@", "default ", "parameter ", "the user ", "send ", "do not ",
    "<a ", "{a} ", "aA1", "0 to ",
]  # fmt: skip


@pytest.mark.timeout(120)
@pytest.mark.parametrize("unit", ADVERSARIAL_TEXTS)
def test_text_rules_on_a_hundred_thousand_characters(unit: str) -> None:
    long = (unit * (SIZE // len(unit) + 1))[:SIZE]
    tool = {
        "name": "search_items",
        "title": long,
        "description": long,
        "inputSchema": {
            "type": "object",
            "properties": {
                "query": {"type": "string", "description": long, "default": long},
                "count": {"type": "number", "minimum": 0, "maximum": 10, "description": long},
                "kind": {"type": "string", "enum": ["a", "b"], "description": long},
            },
        },
        "annotations": {"readOnlyHint": True},
    }
    code = (
        "if ('modelContext' in document) {\n"
        f"  const tool = {json.dumps(tool)};\n"
        "  tool.execute = async ({ query, count, kind }) => ({ query, count, kind });\n"
        "  document.modelContext.registerTool(tool).catch(() => {});\n"
        "}\n"
    )
    found = lint(code, "page.js")
    assert "description-length" in {d.rule for d in found}
