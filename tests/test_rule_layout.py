"""From a rule id alone: its page, its check, its tests. And the layers below it.

A newcomer finds everything about `no-removed-api` at `rules/no-removed-api.md`,
`webmcp_lint/checks/api/no_removed_api.py` and `tests/rules/test_no_removed_api.py`.
"""

from __future__ import annotations

import ast
import dataclasses
import re
from pathlib import Path

import pytest
import yaml

from tests import layout
from tests.helpers import REPO, lint_example
from tests.layout import imports, layer_of
from webmcp_lint.checks import all_checks, typed_options
from webmcp_lint.checks.live import LIVE_RULES
from webmcp_lint.engine import ENGINE_RULES
from webmcp_lint.registry import (
    _FRONT_MATTER,
    CATEGORIES,
    PageError,
    parse_front_matter,
    rule_from_page,
    rules,
)

ALL_RULES = rules()
PACKAGE = REPO / "webmcp_lint"


def module_path(rule_id: str) -> Path:
    rule = ALL_RULES[rule_id]
    return PACKAGE / "checks" / rule.category / f"{rule_id.replace('-', '_')}.py"


def test_path_from_id_file_name_exists_for_page_check_and_tests() -> None:
    for rule_id in sorted(ALL_RULES):
        assert (REPO / "rules" / f"{rule_id}.md").is_file()
        assert module_path(rule_id).is_file(), f"{rule_id}: no {module_path(rule_id)}"
        test_file = REPO / "tests" / "rules" / f"test_{rule_id.replace('-', '_')}.py"
        assert test_file.is_file(), f"{rule_id}: no {test_file}"


def test_every_check_is_its_module_rule_in_its_category() -> None:
    for rule_id, check in all_checks().items():
        rule = ALL_RULES[rule_id]
        assert check.category == rule.category, rule_id
        assert check.run.__module__ == rule.module, rule_id
    assert set(all_checks()) | ENGINE_RULES | LIVE_RULES == set(ALL_RULES)


def test_page_checks_are_the_rules_whose_page_says_scope_page() -> None:
    """`@page_check` and `scope: page` go together: the engine runs a page check only in
    the page pass, and a file check never there."""
    for rule_id, check in all_checks().items():
        assert (check.scope == "page") == (ALL_RULES[rule_id].scope == "page"), rule_id
    assert sum(check.scope == "page" for check in all_checks().values()) >= 3


def test_category_folders_are_the_categories() -> None:
    folders = {p.name for p in (PACKAGE / "checks").iterdir() if (p / "__init__.py").exists()}
    assert folders == {rule.category for rule in ALL_RULES.values()}
    assert folders <= set(CATEGORIES)


# The Python type of each option type a page may declare.
OPTION_PYTHON_TYPES = {"integer": "int", "string-list": "list[str]"}


def test_options_dataclasses_are_the_pages_options() -> None:
    """A rule's options dataclass has a field for each option its page declares, of the
    page's type and without a default (the page's is the one default)."""
    for rule_id, check in all_checks().items():
        declared = ALL_RULES[rule_id].options
        if check.options is None:
            assert not declared, f"{rule_id}: its page declares options, its check takes none"
            continue
        fields = {f.name: f for f in dataclasses.fields(check.options)}
        assert set(fields) == {name.replace("-", "_") for name in declared}, rule_id
        for name, option in declared.items():
            field = fields[name.replace("-", "_")]
            assert field.type == OPTION_PYTHON_TYPES[option.type], (rule_id, name)
            assert field.default is dataclasses.MISSING, (rule_id, name)


def test_a_check_gets_its_options_typed_from_the_page_and_the_configuration() -> None:
    check = all_checks()["description-length"]
    defaults = ALL_RULES["description-length"].option_defaults()
    options = typed_options(check, {**defaults, "max-tool-name": 12})
    assert (options.max_tool_name, options.max_tool_description) == (12, 500)
    assert typed_options(all_checks()["tool-name-format"], {}) is None


def test_no_check_builds_a_finding_by_hand() -> None:
    """Findings are made by `ctx.report`, which stamps the rule's id."""
    reporter = PACKAGE / "checks" / "__init__.py"
    for path in (PACKAGE / "checks").rglob("*.py"):
        if path == reporter:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module == "webmcp_lint.diagnostics":
                names = {alias.name for alias in node.names}
                assert "Finding" not in names, f"{path} imports Finding"


@pytest.mark.parametrize("rule", ALL_RULES.values(), ids=lambda r: r.id)
def test_fixable_pages_have_a_fix_on_a_bad_example(rule) -> None:  # type: ignore[no-untyped-def]
    """`fixable: true` on a page means a bad example of it gets a fix. (The reverse holds
    by construction: a check whose page says `fixable: false` cannot report a fix.)"""
    if not rule.fixable:
        return
    fixes = [
        d.fix
        for example in rule.examples()
        if example.role == "bad"
        for d in lint_example(example.code, example.filename, select=[rule.id])
        if d.fix is not None
    ]
    assert fixes, f"{rule.id} says fixable: true, but no bad example on its page gets a fix"


def test_the_front_matter_reader_agrees_with_yaml() -> None:
    for rule in ALL_RULES.values():
        match = _FRONT_MATTER.match(rule.page)
        assert match is not None
        expected = yaml.safe_load(match.group(1))
        expected = {k: str(v).lower() if isinstance(v, bool) else v for k, v in expected.items()}
        assert parse_front_matter(rule.page, rule.id) == expected, rule.id


PAGE = """---
id: x-rule
category: api
severity: error
kind: static
in-tests: false
summary: A rule.
sources:
  - https://example.com
{extra}---

# x-rule
"""


@pytest.mark.parametrize(
    ("extra", "problem"),
    [
        ("fixabel: true\n", "front matter `fixabel` is not a known key"),
        ("scope: everywhere\n", "front matter `scope` must be one of file, project, page"),
        ("fixable: yes\n", "front matter `fixable` must be one of true, false"),
        ('options:\n  max: {"default": 3}\n', "`options.max` has no type"),
        ('options:\n  max: {"type": "integer"}\n', "`options.max` has no default"),
        ('options:\n  max: {"type": "integer", "default": "3"}\n', "default must be an integer"),
        ("options:\n  max: 3\n", "must be {"),
        ("tags: security\n", "`tags` must be a list"),
        ("summary: again\n", "key `summary` appears twice"),
        ("  stray\n", "does not fit the list or mapping `sources`"),
    ],
)
def test_front_matter_errors_name_the_page_and_the_key(extra: str, problem: str) -> None:
    with pytest.raises(PageError, match=re.escape(problem)) as error:
        rule_from_page(PAGE.format(extra=extra), "x-rule.md", "x-rule")
    assert str(error.value).startswith("x-rule.md")


def test_a_category_outside_the_enum_is_an_error() -> None:
    page = PAGE.format(extra="").replace("category: api", "category: apis")
    with pytest.raises(PageError, match="`category` must be one of"):
        rule_from_page(page, "x-rule.md", "x-rule")


# -- layers ---------------------------------------------------------------------------------


def test_no_module_imports_from_a_layer_above_it() -> None:
    upward = [
        f"{module} -> {target}"
        for module, targets in imports().items()
        for target in targets
        if layer_of(target) > layer_of(module)
    ]
    assert upward == []


def test_report_does_not_import_the_engine() -> None:
    for module, targets in imports().items():
        if module.startswith("webmcp_lint.report"):
            assert not any(t.startswith("webmcp_lint.engine") for t in targets), module


def test_the_import_graph_has_no_cycle() -> None:
    graph = imports()
    known = set(graph)

    def resolve(target: str) -> str:
        while target not in known:  # `from webmcp_lint.x import y`, y not a module
            target = target.rsplit(".", 1)[0]
        return target

    edges = {module: {resolve(t) for t in targets} - {module} for module, targets in graph.items()}
    # A package's __init__ importing its own submodules is how packages re-export; the
    # cycle that matters is between modules that are not parent and child.
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(module: str) -> None:
        state[module] = 1
        stack.append(module)
        for target in sorted(edges[module]):
            if target.startswith(module + ".") or module.startswith(target + "."):
                continue
            if state.get(target) == 1:
                cycle = [*stack[stack.index(target) :], target]
                raise AssertionError("import cycle: " + " -> ".join(cycle))
            if target not in state:
                visit(target)
        stack.pop()
        state[module] = 2

    for module in sorted(edges):
        if module not in state:
            visit(module)


def test_the_layout_command_prints_every_layer_and_its_edges(
    capsys: pytest.CaptureFixture[str],
) -> None:
    layout.main()
    printed = capsys.readouterr().out
    assert printed.count("\nlayer ") + printed.startswith("layer ") == len(layout.LAYERS)
    assert "  webmcp_lint.fixing -> " in printed and "webmcp_lint.engine" in printed
    for units in layout.LAYERS:
        for unit in units:
            assert f"  {unit}" in printed, unit
