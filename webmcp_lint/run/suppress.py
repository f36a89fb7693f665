"""Inline suppressions: `webmcp-lint-disable-next-line`, `-line`, `disable` ... `enable`.

They are read from real comments only (`//`, `/* */`, JSX `{/* */}` and `<!-- -->`), never
from strings. A suppression that suppresses nothing, or names an unknown rule, becomes an
`unused-suppression` finding (`checks/meta/unused_suppression.py`).
"""

from __future__ import annotations

import re

from tree_sitter import Node, Tree

from webmcp_lint import KeywordBytesPattern, LazyPattern
from webmcp_lint.diagnostics import Finding
from webmcp_lint.model import FileModel, Suppression
from webmcp_lint.workspace.source import SourceFile, Span

_DIRECTIVE = KeywordBytesPattern(
    rb"webmcp-lint-(?:disable-next-line|disable-line|disable|enable)\b", needs=("webmcp-lint-",)
)
_PARSE = LazyPattern(
    r"webmcp-lint-(?P<kind>disable-next-line|disable-line|disable|enable)\b(?P<rest>.*)", re.S
)
_CLOSERS = LazyPattern(r"(\*/\s*\}?|-->)\s*$")


def directives(model: FileModel) -> list[Suppression]:
    """Every suppression comment of a file, in order, with the lines it covers."""
    source = model.source
    trees: list[tuple[Span, Tree]] = [(script.span, script.tree) for script in model.scripts]
    if model.markup is not None:
        trees.append((Span(0, len(source.text)), model.markup))
    found: list[Suppression] = []
    open_ranges: list[Suppression] = []
    last_line = len(source.line_starts)
    for match in _DIRECTIVE.finditer(source.text):
        comment = _comment_at(trees, match.start(), match.end())
        if comment is None:
            continue
        parsed = _PARSE.compiled.search(source.slice(Span.of(comment)))
        if parsed is None:
            continue
        kind = parsed.group("kind")
        rest = _CLOSERS.compiled.sub("", parsed.group("rest")).split(" -- ", 1)[0]
        rules = tuple(r for r in re.split(r"[\s,]+", rest.strip()) if r)
        span = Span.of(comment)
        start_line = source.line_of(span.start) + 1
        end_line = source.line_of(span.end) + 1
        if kind == "disable-next-line":
            found.append(Suppression(kind, rules, span, end_line + 1, end_line + 1))
        elif kind == "disable-line":
            found.append(Suppression(kind, rules, span, start_line, start_line))
        elif kind == "disable":
            directive = Suppression(kind, rules, span, start_line, last_line)
            found.append(directive)
            open_ranges.append(directive)
        else:  # enable: close the ranges it names (all of them when it names none)
            for directive in open_ranges:
                if directive.last_line == last_line and (
                    not rules or set(directive.rules) & set(rules)
                ):
                    directive.last_line = start_line
    return found


def _comment_at(trees: list[tuple[Span, Tree]], start: int, end: int) -> Node | None:
    for span, tree in trees:
        if span.start <= start and end <= span.end:
            node = tree.root_node.descendant_for_byte_range(start, end)
            while node is not None and node.type not in ("comment", "html_comment"):
                if node.type in ("string", "template_string", "program", "document"):
                    return None
                node = node.parent
            if node is not None:
                return node
    return None


def apply(findings: list[Finding], found: list[Suppression], source: SourceFile) -> list[Finding]:
    """Drop the findings a directive covers: `findings` itself when the file has none
    (no finding's line is worked out: 100,000 tools, 10 MB of lines and pairs less).

    Marks each directive with the rules it suppressed (`used`), for `unused-suppression`.
    """
    if not found:
        return findings
    kept = []
    for finding in findings:
        line = source.line_of(finding.span.start) + 1
        directive = next((d for d in found if d.covers(finding.rule, line)), None)
        if directive is None:
            kept.append(finding)
        else:
            directive.used.add(finding.rule if directive.rules else "*")
    return kept
