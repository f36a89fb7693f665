"""From a rule id alone: its page, its check, its tests. And the layers below it.

A newcomer finds everything about `no-removed-api` at `rules/no-removed-api.md`,
`webmcp_lint/checks/api/no_removed_api.py` and `tests/rules/test_no_removed_api.py`.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import re
from pathlib import Path
from types import ModuleType

import msgspec
import pytest
import yaml

from tests import layout
from tests.helpers import REPO, lint_example
from tests.layout import imports, layer_of, module_name
from webmcp_lint.checks import MessageError, all_checks, render, typed_options
from webmcp_lint.checks.live import LIVE_RULES
from webmcp_lint.registry import (
    CATEGORIES,
    PageError,
    _front_matter,
    parse_front_matter,
    rule_from_page,
    rules,
    rules_from_pages,
)
from webmcp_lint.run.pipeline import ENGINE_RULES

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


def test_every_check_module_is_named_by_a_rule_page() -> None:
    """`all_checks` imports the modules the pages name: a module no page names would be
    left unloaded, its check never run."""
    named = {module_path(rule_id) for rule_id in ALL_RULES}
    for category in {rule.category for rule in ALL_RULES.values()}:
        for module in (PACKAGE / "checks" / category).glob("*.py"):
            if not module.name.startswith("_"):
                assert module in named, f"{module}: no rule page names this module"


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
OPTION_PYTHON_TYPES = {"integer": int, "string-list": list[str]}


def test_options_records_are_the_pages_options() -> None:
    """A rule's options record has a field for each option its page declares, of the
    page's type and without a default (the page's is the one default)."""
    for rule_id, check in all_checks().items():
        declared = ALL_RULES[rule_id].options
        if check.options is None:
            assert not declared, f"{rule_id}: its page declares options, its check takes none"
            continue
        fields = {f.name: f for f in msgspec.structs.fields(check.options)}
        assert set(fields) == {name.replace("-", "_") for name in declared}, rule_id
        for name, option in declared.items():
            field = fields[name.replace("-", "_")]
            assert field.type == OPTION_PYTHON_TYPES[option.type], (rule_id, name)
            assert field.default is msgspec.NODEFAULT, (rule_id, name)


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


def _rule_module(rule_id: str) -> ModuleType:
    category = ALL_RULES[rule_id].category
    return importlib.import_module(f"webmcp_lint.checks.{category}.{rule_id.replace('-', '_')}")


@pytest.mark.parametrize("rule_id", sorted(ALL_RULES))
def test_every_rule_declares_its_messages_and_says_each(rule_id: str) -> None:
    """A rule's messages are declared once, by id, in its module (`MESSAGES`, handed to
    `@check`); every declared id is reported somewhere in the module, so none is dead."""
    module = _rule_module(rule_id)
    messages: dict[str, str] = getattr(module, "MESSAGES", {})
    assert messages, f"{rule_id} declares no MESSAGES"
    check = all_checks().get(rule_id)
    if check is not None:
        assert check.messages == messages
    assert all(re.fullmatch(r"[a-z]+(-[a-z]+)*", key) for key in messages), sorted(messages)
    source = Path(inspect.getfile(module)).read_text(encoding="utf-8")
    if "= source_unreadable.MESSAGES" in source:
        return  # shares source-unreadable's one message, which the run reports for both
    unsaid = [key for key in messages if source.count(f'"{key}"') < 2]
    assert unsaid == [], f"{rule_id} declares messages it never reports: {unsaid}"


def test_a_message_is_filled_exactly_or_not_at_all() -> None:
    messages = {"no-signal": "`{{name}}()` fetches without a signal"}
    assert render("r", messages, "no-signal", {"name": "load"}) == (
        "`load()` fetches without a signal",
        (("name", "load"),),
    )
    with pytest.raises(MessageError, match="does not declare"):
        render("r", messages, "No signal here.", {})
    with pytest.raises(MessageError, match="placeholders"):
        render("r", messages, "no-signal", {})
    with pytest.raises(MessageError, match="placeholders"):
        render("r", messages, "no-signal", {"name": "load", "extra": 1})


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


def test_the_front_matter_table_is_the_pages() -> None:
    """A run reads the rules' metadata from registry/front-matter.json, not from the
    pages: it must say what the pages say, field for field, and list every page."""
    assert rules() == rules_from_pages(), (
        "registry/front-matter.json is out of date: run "
        '`python -c "import webmcp_lint.registry as r; r.write_front_matter_table()"`'
    )
    assert list(rules()) == list(rules_from_pages())


def test_the_front_matter_reader_agrees_with_yaml() -> None:
    for rule in ALL_RULES.values():
        found = _front_matter(rule.page)
        assert found is not None
        expected = yaml.safe_load(found[0])
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


ENGINE_MODULES = ("webmcp_lint.run.engine", "webmcp_lint.run.pipeline", "webmcp_lint.run.pool")


def test_report_does_not_import_the_engine() -> None:
    for module, targets in imports().items():
        if module.startswith("webmcp_lint.output"):
            assert not any(t.startswith(ENGINE_MODULES) for t in targets), module


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
    assert "  webmcp_lint.verify -> " in printed and "webmcp_lint.run\n" in printed
    for units in layout.LAYERS:
        for unit in units:
            assert f"  {unit}" in printed, unit


def test_every_module_is_inside_its_layers_package() -> None:
    """The top of the package holds only its entry points; every other module lives in
    the package of its layer, so the tree shows the layers."""
    loose = {
        module
        for module in imports()
        if module.count(".") == 1 and (PACKAGE / f"{module.split('.')[1]}.py").exists()
    }
    assert loose == {"webmcp_lint.__main__"}
    for units in layout.LAYERS[1:]:
        for unit in units:
            assert unit == "webmcp_lint.__main__" or (PACKAGE / unit.split(".")[1]).is_dir()


# -- rules read facts -----------------------------------------------------------------------

CHECKS = PACKAGE / "checks"
# The modules of `webmcp_lint.extract` a rule (or a helper rules share) may import: they
# hold no syntax analysis. Everything else extraction knows, rules ask of the model
# (`FileModel`, `model.functions`, `script.semantic`).
EXTRACT_ALLOWED = {
    "webmcp_lint.extract.words": "the words of a name and the word lists: text, not syntax, "
    "and the facts read the same lists",
    "webmcp_lint.extract.declarative": "how Chromium reads a form control (its type, name, "
    "description) over the form model: the reading the schema synthesis uses",
    "webmcp_lint.extract.implementations": "a version string's numbers (`parse_version`), "
    "which the runtime model compares too",
    "webmcp_lint.extract.runtime": "what a file runs on: the project's runtime model, read "
    "from its manifests, lockfiles and pages once per project, never from the rule's file",
    "webmcp_lint.extract.project": "the project around a file (its TypeScript configuration "
    "and dependencies), read from configuration files, not syntax",
}
# What a rule may not do with syntax, because the model answers it.
FORBIDDEN_NAMES = {
    "descendant_for_byte_range": "the node at a name is the semantic model's "
    "(`script.semantic.at_words`), which decides where a name begins and ends",
    "prev_named_sibling": "the statements before a node are the semantic model's "
    "(`script.semantic.earlier`, `before`)",
    "within_depth": "whether code is analysed is `ApiUse.analysable` / `ToolDefinition.analysable`",
    "finditer": "scanning the text for names is the semantic model's (`script.semantic.at_words`)",
}
# Rules that must search text themselves, and why (a name not in the code, or text that
# is not code).
FINDITER_ALLOWED = {
    "webmcp_lint.checks._schema_text": "words of a description, not code",
    "webmcp_lint.registry": "the rule pages' Markdown, not code",
    "webmcp_lint.checks.description.description_hidden_text": "characters of a description",
    "webmcp_lint.checks.security.no_capture_endpoint": "URLs in string values",
    "webmcp_lint.checks.security.no_secrets_in_tool_metadata": "secrets in string values",
}


def _rule_modules() -> list[tuple[str, ast.Module]]:
    return [
        (module_name(path), ast.parse(path.read_text(encoding="utf-8")))
        for path in sorted(CHECKS.rglob("*.py"))
    ]


def test_rules_import_nothing_of_extraction_but_what_holds_no_syntax() -> None:
    """Rules read facts: what a name means, what a function returns or does, what runs
    when a view goes away are the model's; a rule that imports extraction to find them
    again would drift from what every other rule sees."""
    found = [
        f"{module} imports {target}"
        for module, targets in imports().items()
        if module.startswith("webmcp_lint.checks")
        for target in targets
        if target.startswith("webmcp_lint.extract") and target not in EXTRACT_ALLOWED
    ]
    assert found == []
    assert all(reason for reason in EXTRACT_ALLOWED.values())


def test_rules_do_not_walk_syntax_for_what_the_model_answers() -> None:
    found = []
    for module, tree in _rule_modules():
        for node in ast.walk(tree):
            name = None
            if isinstance(node, ast.Attribute):
                name = node.attr
            elif isinstance(node, ast.Name):
                name = node.id
            if name not in FORBIDDEN_NAMES:
                continue
            if name == "finditer" and module in FINDITER_ALLOWED:
                continue
            found.append(f"{module}:{node.lineno} uses {name}: {FORBIDDEN_NAMES[name]}")
    assert found == []


def test_rules_do_not_list_return_statements() -> None:
    """A function's returns are `script.semantic.returns` (and `returned`): nine rules
    listed `return_statement`s themselves, each with its own idea of whose they are."""
    found = []
    for module, tree in _rule_modules():
        for node in ast.walk(tree):
            if isinstance(node, (ast.Set, ast.List, ast.Tuple)):
                values = node.elts
            elif isinstance(node, ast.Call) and getattr(node.func, "id", None) in (
                "frozenset",
                "set",
            ):
                values = [v for arg in node.args for v in getattr(arg, "elts", [arg])]
            else:
                continue
            if any(isinstance(v, ast.Constant) and v.value == "return_statement" for v in values):
                found.append(f"{module}:{node.lineno}")
    assert found == []


def test_no_identifier_scan_is_left_outside_the_semantic_model() -> None:
    """Where a name begins and ends is decided in `extract/identifiers.py`, and the node
    at a name is found in `extract/semantic.py`: no other module of extraction or of the
    rules looks a text position up in the tree. (Suppression comments and grammar gaps
    look up comments and error nodes, not names.)"""
    allowed = {
        "webmcp_lint.extract.semantic",  # the model
        "webmcp_lint.extract.scope",  # the resolver the model is built on
    }
    found = []
    for path in sorted([*(PACKAGE / "extract").rglob("*.py"), *CHECKS.rglob("*.py")]):
        module = module_name(path)
        if module in allowed:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr == "descendant_for_byte_range":
                found.append(f"{module}:{node.lineno}")
    assert found == []
