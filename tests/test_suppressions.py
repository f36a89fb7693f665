"""Inline suppressions in scripts and markup, and the findings for unused ones."""

from __future__ import annotations

import pytest

from tests.helpers import lint, rules_in

BAD = 'document.modelContext.registerTool({ name: "bad name", description: "d", execute() {} });'
OTHER = (
    'document.modelContext.registerTool({ name: "other name", description: "d", execute() {} });'
)


@pytest.mark.parametrize(
    "code",
    [
        f"// webmcp-lint-disable-next-line tool-name-format\n{BAD}",
        f"// webmcp-lint-disable-next-line tool-name-format -- legacy name, see #12\n{BAD}",
        f"/* webmcp-lint-disable-next-line tool-name-format */\n{BAD}",
        f"{BAD} // webmcp-lint-disable-line tool-name-format",
        f"/* webmcp-lint-disable tool-name-format */\nconst a = 1;\n{BAD}",
        f"// webmcp-lint-disable-next-line\n{BAD}",
        "// webmcp-lint-disable-next-line tool-required-members, tool-name-format\n"
        'document.modelContext.registerTool({ name: "bad name" });',
    ],
)
def test_suppressed(code: str) -> None:
    assert rules_in(lint(code)) == []


def test_each_rule_of_a_suppression_must_be_used() -> None:
    code = f"// webmcp-lint-disable-next-line annotation-unknown, tool-name-format\n{BAD}"
    [finding] = lint(code)
    assert finding.rule == "unused-suppression"
    assert "`annotation-unknown` suppresses nothing" in finding.message


def test_a_range_ends_at_enable() -> None:
    code = (
        f"/* webmcp-lint-disable tool-name-format */\n{BAD}\n"
        f"/* webmcp-lint-enable tool-name-format */\n{OTHER}\n"
    )
    found = lint(code)
    assert [(d.rule, d.line) for d in found] == [("tool-name-format", 4)]


def test_next_line_covers_only_the_next_line() -> None:
    code = f"// webmcp-lint-disable-next-line tool-name-format\n\n{BAD}"
    assert [(d.rule, d.line) for d in lint(code)] == [
        ("unused-suppression", 1),
        ("tool-name-format", 3),
    ]


def test_a_suppression_of_another_rule_does_not_hide_the_finding() -> None:
    code = f"// webmcp-lint-disable-next-line tool-required-members\n{BAD}"
    found = lint(code)
    assert rules_in(found) == ["unused-suppression", "tool-name-format"]
    assert "suppression of `tool-required-members` suppresses nothing" in found[0].message


def test_unknown_rule_in_a_suppression() -> None:
    code = f"// webmcp-lint-disable-next-line tool-name-fromat\n{BAD}"
    found = lint(code)
    assert rules_in(found) == ["unused-suppression", "tool-name-format"]
    assert "Unknown rule `tool-name-fromat`" in found[0].message
    assert (found[0].line, found[0].column, found[0].end_column) == (1, 1, 50)


def test_a_directive_inside_a_string_is_not_a_suppression() -> None:
    code = f'const hint = "// webmcp-lint-disable-next-line tool-name-format";\n{BAD}'
    assert rules_in(lint(code)) == ["tool-name-format"]


def test_jsx_comment_suppression() -> None:
    code = f"""export function App() {{
  {BAD}
  return (
    <div>
      {{/* webmcp-lint-disable-next-line form-tool-attributes */}}
      <p>Hello</p>
    </div>
  );
}}
"""
    # The JSX comment is a real comment: it is read, and it suppresses nothing here.
    found = lint(code, "App.tsx")
    assert "unused-suppression" in rules_in(found)


def test_html_comment_suppressions_cover_scripts_and_markup() -> None:
    page = f"""<!-- webmcp-lint-disable-next-line tool-name-format -->
<script>{BAD}</script>
<script>
{OTHER}
</script>
"""
    found = lint(page, "page.html")
    assert [(d.rule, d.line) for d in found] == [("tool-name-format", 4)]


def test_unused_suppression_is_not_reported_for_a_rule_that_is_off() -> None:
    code = "// webmcp-lint-disable-next-line tool-name-format\nconst x = 1;"
    assert lint(code, config={"ignore": ["tool-name-format"]}) == []


def test_unused_suppression_can_itself_be_turned_off() -> None:
    code = "// webmcp-lint-disable-next-line tool-name-format\nconst x = 1;"
    assert lint(code, config={"ignore": ["unused-suppression"]}) == []
