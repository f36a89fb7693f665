"""Shapes of input that used to take minutes: each runs under a generous time bound
(pytest-timeout), far below what the old behaviour took, so a return of the blow-up fails
the test. Speed itself is measured in benchmarks/, not here."""

from __future__ import annotations

import gc
import json
import os
import random
import subprocess
import sys
import tracemalloc
from pathlib import Path

import pytest

from tests.helpers import command, lint
from tests.minified_bundle import TOOLS, minified_bundle
from webmcp_lint import syntax
from webmcp_lint.diagnostics import SNIPPET_COLUMNS
from webmcp_lint.extract import extract, scope
from webmcp_lint.extract.dom import Element
from webmcp_lint.model import FileModel, Script
from webmcp_lint.syntax.nodes import Ancestry, ancestors, descendants, walk, within_depth
from webmcp_lint.workspace import budget
from webmcp_lint.workspace.discovery import language_of
from webmcp_lint.workspace.source import SourceFile, Span


def tool(index: int) -> str:
    return (
        f'document.modelContext.registerTool({{ name: "tool_{index}", '
        f'description: "Tool {index} does one thing.", execute() {{ return {index}; }} }});'
    )


def model_of(code: str, filename: str = "page.js") -> FileModel:
    path = Path(filename)
    language = language_of(path)
    assert language is not None
    return extract(SourceFile(path, filename, language, code.encode()))


@pytest.mark.timeout(60)
def test_a_thousand_nested_callbacks_each_registering_a_tool() -> None:
    # Each resolution walked every enclosing node with Node.parent, itself a walk down
    # from the root: cubic, about 5 minutes for 1,000.
    depth = 1_000
    code = "".join(f"f(function () {{ {tool(i)}\n" for i in range(depth)) + "});\n" * depth
    model = model_of(code)
    assert [t.name.to_python() for t in model.tools if t.name] == [
        f"tool_{i}" for i in range(depth)
    ]
    deepest = model.tools[-1].call
    assert deepest is not None
    uses = [u for u in model.api_uses if u.call == deepest]
    assert [u.root for u in uses] == ["document"]


def counted(monkeypatch: pytest.MonkeyPatch, module: object, name: str) -> list[object]:
    """The first arguments of every call of `module.name` from now on."""
    calls: list[object] = []
    original = getattr(module, name)

    def counting(first):  # type: ignore[no-untyped-def]
        calls.append(first)
        return original(first)

    monkeypatch.setattr(module, name, counting)
    return calls


def test_imports_are_read_once_per_script(monkeypatch: pytest.MonkeyPatch) -> None:
    # Every tool asked for the script's imports, and each answer scanned every top-level
    # statement: quadratic, about 36 minutes for 100,000 flat registrations.
    calls = counted(monkeypatch, scope, "top_level_imports")
    found = lint("import { x } from 'y';\n" + "\n".join(tool(i) for i in range(50)), "page.js")
    assert len({d.line for d in found if d.rule == "register-promise-handled"}) == 50
    assert len(calls) == 1


@pytest.mark.timeout(60)
def test_ten_thousand_flat_registrations_read_the_imports_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The size of the measurement (24 s then; 100,000 took about 36 minutes): the
    # imports are still read once, and every tool gets its finding.
    calls = counted(monkeypatch, scope, "top_level_imports")
    count = 10_000
    code = "import { x } from 'y';\n" + "\n".join(tool(i) for i in range(count))
    found = lint(code, "page.js", {"select": ["register-promise-handled"]})
    assert sorted(d.line for d in found) == list(range(2, count + 2))
    assert len(calls) == 1


def test_a_file_is_asked_once_whether_it_is_react(monkeypatch: pytest.MonkeyPatch) -> None:
    # react-use-webmcp searched the whole text for a React import once per registration:
    # quadratic, 100,000 registrations in one file ran past their budget.
    from webmcp_lint.checks.framework import react_use_webmcp

    calls = counted(monkeypatch, react_use_webmcp, "is_react")
    found = lint("\n".join(tool(i) for i in range(50)), "page.js")
    assert len({d.line for d in found if d.rule == "register-promise-handled"}) == 50
    assert len(calls) == 1


@pytest.mark.parametrize("order", ["source", "reversed", "shuffled"])
def test_ancestry_finds_the_same_parents_as_tree_sitter(order: str) -> None:
    examples = Path(__file__).parent.parent / "examples"
    code = "".join(p.read_text(errors="replace") for p in sorted(examples.rglob("*.js")))
    code += "\nlet broken = { a: [1, 2 ;\nfunction f(x = ) {}\n"  # error and missing nodes
    model = model_of(code)
    [script] = model.scripts
    nodes = [script.root, *descendants(script.root)]
    if order == "reversed":
        nodes.reverse()
    elif order == "shuffled":
        random.Random(7).shuffle(nodes)
    ancestry = Ancestry(script.root)
    for node in nodes:
        assert ancestry.parent(node) == node.parent, node


def test_depth_from_known_parents_agrees_with_the_walk_down() -> None:
    code = "".join(f"f(function () {{ g({i});\n" for i in range(12)) + "});\n" * 12
    [script] = model_of(code).scripts
    nodes = [script.root, *descendants(script.root)]
    ancestry = Ancestry(script.root)
    deepest = max(nodes, key=lambda node: len(list(ancestry.ancestors(node))))
    assert Ancestry(script.root).known_within(deepest, 5) is None  # no parent found yet
    for node in nodes:
        for limit in (0, 1, 7, 30, 300):
            assert ancestry.known_within(node, limit) == within_depth(node, script.root, limit)


def test_the_depth_walked_down_is_the_count_of_parents() -> None:
    """`within_depth` walks down by tree-sitter's search for the child that holds a node:
    for every node, with nodes of the same bytes as their parent and empty ones (a
    MISSING `)`, a MISSING name), it is within a limit exactly when it has at most that
    many parents."""
    code = (
        "".join(f"f(function () {{ g({i}, [a, (b)]);\n" for i in range(12))
        + "});\n" * 12
        + "h(c)\nk\nx = g(1;\nlet a = `${}`;"
    )
    [script] = model_of(code).scripts
    nodes = [script.root, *descendants(script.root)]
    assert any(node.start_byte == node.end_byte for node in nodes)
    for node in nodes:
        parents = len(list(ancestors(node)))
        for limit in (0, 1, 7, 30, 300):
            assert within_depth(node, script.root, limit) is (parents <= limit), (node, limit)


def test_controls_nested_thousands_deep_are_read_in_linear_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Each control walked up through all its ancestors (disabled fieldsets, conditions,
    # labels, the group's common ancestor): quadratic, 18 s for 10,000.
    steps = 0
    original = Element.ancestors

    def counted(self: Element):  # type: ignore[no-untyped-def]
        nonlocal steps
        for ancestor in original(self):
            steps += 1
            yield ancestor

    monkeypatch.setattr(Element, "ancestors", counted)
    depth = 2_000
    form = (
        '<form toolname="pick" tooldescription="Picks one."><fieldset disabled><legend>L</legend>'
        + '<div><label><input type="radio" name="choice" value="a">' * depth
        + "</label></div>" * depth
        + '</fieldset><input name="q"></form>\n'
    )
    [found] = lint(form, "page.html", {"select": ["form-param-description"]})
    assert found.line == 1
    assert steps < 10 * depth


@pytest.mark.timeout(90)
def test_fifty_thousand_nested_divs_end_with_findings_or_a_timeout() -> None:
    # tree-sitter-html 0.23.2 restores its whole stack of open tags at every token, so
    # its parse is quadratic in the nesting (tests/grammar_gaps/README.md): past some
    # depth the parse budget runs out, and the file is reported instead of hanging.
    depth = 50_000
    form = '<form toolname="t" tooldescription="d">' + "<div>" * depth + '<input name="q">'
    found = lint(form + "</div>" * depth + "</form>\n", "page.html")
    assert {d.rule for d in found} in ({"form-param-description"}, {"source-timeout"})


MINIFIED = "var a" + "=1,a".join(str(i) for i in range(300_000)) + "=1;"  # 2.5 MB, one line


def test_findings_on_a_minified_line_keep_no_copy_of_it() -> None:
    # Each finding kept the whole line for its code frame: 400 findings on a 5 MB line
    # took 16 GB, and the text output 2 GB.
    bad = (
        'document.modelContext.registerTool({ name: "bad name", description: "d", execute() {} });'
    )
    found = lint(MINIFIED + bad * 20, "bundle.min.js")
    assert len(found) >= 20
    # Each keeps a cut of the line around its finding, never the line.
    assert all(len(d.snippet) == 1 and len(d.snippet[0]) <= SNIPPET_COLUMNS + 1 for d in found)
    assert all("bad name" in d.snippet[0] for d in found if d.rule == "tool-name-format")
    short = lint(bad, "page.js")
    assert short[0].snippet == (bad,)


def test_a_parse_that_grows_past_its_memory_budget_is_cancelled(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(syntax, "PARSE_MEMORY_BYTES", 1 << 20)
    monkeypatch.setattr(syntax, "_MEMORY_EVERY", 1)
    [found] = lint("document.modelContext;\n" + MINIFIED, "bundle.min.js")
    assert found.rule == "source-timeout"
    assert "more than 0.000976562 GiB of memory" in found.message


def test_a_file_deadline_stops_a_parse() -> None:
    looping = (Path(__file__).parent / "grammar_gaps" / "tsx_parse_never_ends.tsx").read_bytes()
    with budget.deadline(0.2), pytest.raises(budget.DeadlineExceeded):
        syntax.parse_range(looping, "tsx", Span(0, len(looping)))
    tree = syntax.parse_range(b"let a = 1;", "tsx", Span(0, 10))
    assert not tree.root_node.has_error


def test_nothing_of_a_linted_file_outlives_its_run() -> None:
    # The checks cached function bodies by script in a WeakKeyDictionary whose values held
    # the script: every script and syntax tree ever linted stayed in memory (the language
    # server grew with each edit, the fuzzer by 20 KB per input).
    def live_scripts() -> int:
        gc.collect()
        return sum(isinstance(o, Script) for o in gc.get_objects())

    code = tool(1) + "\nasync function f() { await fetch('/a'); }\n"
    lint(code, "page.js")
    before = live_scripts()
    for _ in range(5):
        lint(code, "page.js")
    assert live_scripts() == before


def test_a_linted_file_is_freed_without_the_collector() -> None:
    # The model held itself (through its function index and its documents' builder):
    # a file's trees and model stayed in memory until the collector walked all of them,
    # a tenth of the run on a file of 10,000 tools.
    def live_scripts() -> int:
        return sum(isinstance(o, Script) for o in gc.get_objects())

    code = (
        "if ('modelContext' in document) {\n"
        + tool(1)
        + "\n}\nasync function f() { await fetch('/a'); }\n"
        + "const form = <form toolname='search' tooldescription='Searches.'></form>;\n"
    )
    lint(code, "page.jsx")
    gc.collect()
    before = live_scripts()
    gc.disable()
    try:
        lint(code, "page.jsx")
        after = live_scripts()
    finally:
        gc.enable()
    assert after == before


def test_a_walk_keeps_none_of_the_nodes_it_passes() -> None:
    # py-tree-sitter keeps on a node the list its `children` returns: a walk through a
    # node the model keeps kept every node under it (a tenth of a file of many tools).
    model = model_of("\n".join(tool(i) for i in range(200)))
    root = model.scripts[0].root
    tracemalloc.start()
    try:
        walked = sum(1 for _ in walk(root))
        kept, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert walked > 2000
    assert kept < 2000  # bytes: a node is about 60


def peak_of_check(*arguments: str) -> tuple[list[dict[str, object]], int]:
    """The JSON findings of `webmcp-lint check` in a process of its own, and that
    process's peak resident memory in MiB."""
    measure = (
        "import resource, subprocess, sys; "
        "out = subprocess.run(sys.argv[1:], capture_output=True, text=True); "
        "assert 'Traceback' not in out.stderr, out.stderr; "
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024); "
        "print(out.stdout)"
    )
    env = {**os.environ, "NO_COLOR": "1"}
    done = subprocess.run(
        [sys.executable, "-c", measure, *command(), "check", *arguments],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    peak, findings = done.stdout.split("\n", 1)
    return json.loads(findings), int(peak)


@pytest.mark.timeout(150)
def test_a_ten_megabyte_minified_bundle(tmp_path: Path) -> None:
    # Just under the default --max-file-size. Each name resolved in the bundle's module
    # table stepped the cursor over tens of thousands of modules in Python, and a lookup
    # that climbed to the whole file indexed every word of it: 230 s (past the file's
    # deadline: a source-timeout finding) and 1.3 GB. What is left is tree-sitter's own
    # tree, about 100 bytes per node (tests/hostile_inputs.md has the numbers).
    bundle = minified_bundle(9_900_000)
    (tmp_path / "bundle.min.js").write_text(bundle)
    found, peak = peak_of_check("--no-cache", "-j1", "--output-format", "json", str(tmp_path))
    starts = [bundle.index(tool) for tool in TOOLS]

    def tool_of(finding: dict[str, object]) -> int:
        column = finding["column"]
        assert isinstance(column, int)
        return max(i for i, start in enumerate(starts) if start < column)

    assert [(f["rule"], tool_of(f)) for f in found] == [
        ("register-promise-handled", 0),
        ("tool-name-format", 0),
        ("execute-forward-signal", 0),
        ("no-navigator-model-context", 1),
        ("read-only-hint", 1),
        ("input-schema-root", 1),
        ("register-promise-handled", 2),
        ("read-only-hint", 2),
    ]
    assert peak < 1024, f"{peak} MiB"
