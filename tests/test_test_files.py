"""Test code: rules about a tool that ships to agents do not run on test files; rules
about what the test itself does wrong (a page's `in-tests: true`) do; a setting turns
every rule on for tests."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.helpers import lint, rules_in
from webmcp_lint.config import DEFAULT_TEST_FILES, Settings
from webmcp_lint.registry import rules
from webmcp_lint.workspace.patterns import names_a_part

BROKEN_ON_PURPOSE = """it("rejects an empty name", async () => {
  await expect(document.modelContext.registerTool({ name: "", description: "d", execute() {} })).rejects.toThrow();
  await document.modelContext.executeTool(tool, JSON.stringify({ q: 1 }));
});
"""


@pytest.mark.parametrize(
    "filename",
    [
        "src/tools.test.ts",
        "src/tools.spec.js",
        "types/webmcp.test-d.ts",
        "types/webmcp.test-d.tsx",
        "types/webmcp.spec-d.ts",
        "src/__tests__/tools.ts",
        "test/register.js",
        "tests/unit/register.js",
        "e2e/checkout.ts",
        "cypress/e2e/tools.cy.ts",
        "playwright/tools.ts",
        "conformance/imperative/names.js",
    ],
)
def test_test_files_get_only_the_rules_about_the_test_itself(filename: str) -> None:
    found = rules_in(lint(BROKEN_ON_PURPOSE, filename))
    assert "tool-name-format" not in found
    assert "tool-required-members" not in found
    assert "feature-detection" not in found
    assert found == ["execute-tool-object-input"]


def test_a_page_run_by_hand_to_test_a_build_is_a_test() -> None:
    page = f"<script type=module>\n{BROKEN_ON_PURPOSE}</script>\n"
    assert rules_in(lint(page, "packages/global/test-unpkg.html")) == ["execute-tool-object-input"]
    assert "tool-name-format" in rules_in(lint(page, "packages/global/demo.html"))


def test_the_same_code_outside_tests_gets_every_rule() -> None:
    found = rules_in(lint(BROKEN_ON_PURPOSE, "src/tools.ts"))
    assert "tool-name-format" in found
    assert "execute-tool-object-input" in found


def test_a_setting_turns_every_rule_on_for_tests() -> None:
    found = rules_in(lint(BROKEN_ON_PURPOSE, "src/tools.test.ts", {"all-rules-in-tests": True}))
    assert "tool-name-format" in found


def test_test_file_patterns_can_be_replaced_and_extended() -> None:
    replaced = {"test-files": ["qa/**"]}
    assert "tool-name-format" in rules_in(lint(BROKEN_ON_PURPOSE, "src/tools.test.ts", replaced))
    assert "tool-name-format" not in rules_in(lint(BROKEN_ON_PURPOSE, "qa/tools.ts", replaced))
    extended = {"extend-test-files": ["fixtures/"]}
    assert "tool-name-format" not in rules_in(lint(BROKEN_ON_PURPOSE, "fixtures/a.js", extended))


def test_the_default_patterns_are_the_documented_ones() -> None:
    settings = Settings(root=Path("/project"))
    assert settings.test_files == DEFAULT_TEST_FILES
    assert settings.is_test_file(Path("/project/src/a.test.tsx"))
    assert not settings.is_test_file(Path("/project/src/testing.ts"))
    assert not settings.is_test_file(Path("/project/src/contest/a.ts"))


def test_every_page_says_whether_its_rule_runs_on_tests() -> None:
    in_tests = {rule.id for rule in rules().values() if rule.in_tests}
    assert "execute-tool-object-input" in in_tests
    assert "tool-name-format" not in in_tests


PART = st.text("ab.*?-_", min_size=1, max_size=5)


@given(
    patterns=st.lists(st.tuples(PART, st.booleans()), min_size=1, max_size=4),
    path=st.lists(
        st.text("ab.-_", min_size=1, max_size=5).filter(lambda part: part not in (".", "..")),
        min_size=1,
        max_size=4,
    ),
)
def test_name_patterns_match_as_gitignore_does(
    patterns: list[tuple[str, bool]], path: list[str]
) -> None:
    """Test-file patterns that each name one part of a path (the defaults: `*.test.*`,
    `tests/`) are matched without pathspec: the same answer as gitignore's."""
    import pathspec

    from webmcp_lint.workspace.patterns import file_matcher, part_patterns

    written = [part + "/" if directory else part for part, directory in patterns]
    relative = "/".join(path)
    if part_patterns(written) is None:  # `**`, or only dots: left to pathspec
        assert any("**" in p or not p.strip("./") for p in written)
        return
    expected = pathspec.GitIgnoreSpec.from_lines(written).match_file(relative)
    # The matcher's words first, then the regex: the same answer as gitignore's.
    assert file_matcher(tuple(written))(relative) == expected, (written, relative)


def test_the_default_test_patterns_need_no_pathspec() -> None:
    from webmcp_lint.workspace.patterns import part_patterns

    assert part_patterns(list(DEFAULT_TEST_FILES)) is not None
    for pattern in ("qa/**", "src/*.ts", "!keep.test.js", "[ab].js", "a\\*", "# c", ".."):
        assert part_patterns(["tests/", pattern]) is None


@given(st.text(alphabet="ab_.*?-/\\[! Z9\u00e9", max_size=8))
def test_a_pattern_names_a_part_as_the_part_pattern_matched(pattern: str) -> None:
    # The pattern `part_patterns` used before `names_a_part`: the same answers.
    part = re.compile(r"[A-Za-z0-9_.*?-]+/?")
    assert names_a_part(pattern) is (part.fullmatch(pattern) is not None)
