"""Facts about functions are the same inline and through the functions `execute` calls,
to the one depth every rule shares (`CALL_DEPTH`); a longer chain gives no finding."""

from __future__ import annotations

import time
from dataclasses import dataclass

import pytest
from msgspec import Struct
from tree_sitter import Node

from tests.helpers import lint
from webmcp_lint.extract import extract, functions
from webmcp_lint.extract.body.core import Core
from webmcp_lint.extract.calls import CALL_DEPTH
from webmcp_lint.extract.functions import MAX_FACTS
from webmcp_lint.model import FileModel
from webmcp_lint.workspace.discovery import language_of
from webmcp_lint.workspace.source import SourceFile


@dataclass(frozen=True)
class Shape:
    """A fact a rule reports: `leaf` does it; `call(name)` is how `execute` (or a step
    of the chain) runs a function doing it; `execute` wraps the first call."""

    rule: str
    leaf: str
    call: str
    execute: str
    name: str = "do_it"
    annotations: str | None = None
    is_async: bool = False


SHAPES = {
    "a one-second wait without the signal": Shape(
        "execute-forward-signal",
        "await new Promise((resolve) => setTimeout(resolve, 1000));",
        "await {}();",
        "async execute() {{ {} return 1; }}",
        is_async=True,
    ),
    "a fetch without the signal": Shape(
        "execute-forward-signal",
        "return fetch('/api/items');",
        "return {}();",
        "async execute(input, {{ signal }}) {{ {} }}",
    ),
    "a throw": Shape(
        "execute-no-throw",
        "if (!globalThis.ready) throw new Error('not ready');",
        "{}();",
        "execute() {{ {} return 1; }}",
    ),
    "a write to storage in a read-only tool": Shape(
        "annotation-conflict",
        "localStorage.setItem('seen', '1');",
        "{}();",
        "execute() {{ {} return 1; }}",
        name="get_items",
        annotations="{ readOnlyHint: true }",
    ),
    "a PUT request in a read-only tool": Shape(
        "annotation-conflict",
        "return fetch('/api/items', { method: 'PUT' });",
        "return {}();",
        "async execute() {{ {} }}",
        name="get_items",
        annotations="{ readOnlyHint: true }",
    ),
    "a fetch of third-party data": Shape(
        "untrusted-content-hint",
        "return fetch('https://feeds.example.org/items');",
        "return {}();",
        "async execute() {{ {} }}",
        name="get_items",
        annotations="{}",
    ),
}


def steps(shape: Shape, length: int) -> tuple[str, str]:
    """Functions `step1` ... `stepN`, each calling the next, the last doing the leaf;
    with the statement that runs the chain (the leaf itself when `length` is 0)."""
    if length == 0:
        return "", shape.leaf
    keyword = "async function" if shape.is_async else "function"
    code = []
    for index in range(1, length + 1):
        body = shape.leaf if index == length else shape.call.format(f"step{index + 1}")
        code.append(f"{keyword} step{index}() {{ {body} }}\n")
    return "".join(code), shape.call.format("step1")


def tool_code(shape: Shape, length: int) -> str:
    functions, statement = steps(shape, length)
    annotations = f"  annotations: {shape.annotations},\n" if shape.annotations else ""
    return (
        functions + "document.modelContext.registerTool({\n"
        f'  name: "{shape.name}",\n'
        '  description: "Does it.",\n'
        f"{annotations}"
        f"  {shape.execute.format(statement)},\n"
        "});\n"
    )


def found(shape: Shape, length: int) -> list[int]:
    """The lines the rule reports the tool's fact on."""
    code = tool_code(shape, length)
    return [d.line for d in lint(code, "tool.js", {"select": [shape.rule]})]


@pytest.mark.parametrize("length", range(1, CALL_DEPTH + 1))
@pytest.mark.parametrize("shape", SHAPES.values(), ids=list(SHAPES))
def test_a_fact_is_seen_through_calls_as_it_is_inline(shape: Shape, length: int) -> None:
    inline = found(shape, 0)
    assert len(inline) == 1
    through = found(shape, length)
    assert len(through) == 1
    # reported where execute makes the first call, as inline where execute does it
    assert through[0] == length + inline[0]


@pytest.mark.parametrize("shape", SHAPES.values(), ids=list(SHAPES))
def test_a_chain_deeper_than_the_shared_depth_is_left_alone(shape: Shape) -> None:
    assert found(shape, CALL_DEPTH + 1) == []


READS_ONLY = Shape("read-only-hint", "return 1;", "return {}();", "execute() {{ {} }}", "get_items")
POSTS = Shape(
    "read-only-hint",
    "return fetch('/api/items', { method: 'POST' });",
    "return {}();",
    "execute() {{ {} }}",
    "get_items",
)


@pytest.mark.parametrize("length", range(CALL_DEPTH + 1))
def test_a_change_anywhere_within_the_depth_means_the_tool_is_not_read_only(length: int) -> None:
    assert len(found(READS_ONLY, length)) == 1
    assert found(POSTS, length) == []


def test_a_tool_that_calls_deeper_than_the_depth_may_change_something() -> None:
    """Nothing changes within the depth, but what the chain does further down is not
    known: "changes nothing visible" cannot be said."""
    assert found(READS_ONLY, CALL_DEPTH + 1) == []


REGISTER = (
    "document.modelContext.registerTool("
    '{ name: "show_cart", description: "Shows the cart.", execute: () => ({}) })'
)


def callers(length: int, top: str) -> str:
    """`register` called through `length` functions from `top` (`{}` marks the call)."""
    code = [f"function step{length}() {{ {REGISTER}; }}\n"]
    for index in range(length - 1, 0, -1):
        code.append(f"function step{index}() {{ step{index + 1}(); }}\n")
    return "".join(code) + top.format("step1()") + "\n"


@pytest.mark.parametrize("length", range(1, CALL_DEPTH + 1))
def test_callers_are_followed_to_the_shared_depth_for_a_support_check(length: int) -> None:
    unguarded = callers(length, "{};")
    guarded = callers(length, 'if ("modelContext" in document) {};')
    assert [d.line for d in lint(unguarded, "a.js", {"select": ["feature-detection"]})] == [1]
    assert lint(guarded, "a.js", {"select": ["feature-detection"]}) == []


def test_callers_further_up_than_the_depth_are_not_followed() -> None:
    code = callers(CALL_DEPTH + 2, "{};")
    assert lint(code, "a.js", {"select": ["feature-detection"]}) == []


def model_of(code: str) -> FileModel:
    path = __import__("pathlib").Path("tool.js")
    language = language_of(path)
    assert language is not None
    return extract(SourceFile(path, "tool.js", language, code.encode()))


def test_facts_are_computed_once_and_shared() -> None:
    model = model_of(tool_code(SHAPES["a throw"], 2))
    (tool,) = model.tools
    first = model.functions.of_tool(tool)
    assert first is not None
    assert model.functions.of_tool(tool) is first
    execute = tool.execute
    assert execute is not None and execute.node is not None and tool.script is not None
    assert model.functions.of(execute.node, tool.script) is first  # by tool or by function
    (thrown,) = first.throws
    assert [model.source.line_of(call.start_byte) + 1 for call in thrown.via] == [6, 1]
    assert thrown.site is thrown.via[0]


def test_facts_do_not_depend_on_which_function_was_asked_first() -> None:
    """A function's own code is walked only while its facts are found (a file of
    100,000 tools kept every walk): facts found later, through a helper whose walk is
    gone, are those found first."""
    code = (
        "function save(n) { if (n < 0) throw new Error('negative'); localStorage.setItem('n', n);"
        " return step(n); }\n"
        "function step(n) { return fetch('/n', { method: 'POST', body: String(n) }); }\n"
        + "".join(
            f'document.modelContext.registerTool({{ name: "t{i}", description: "d",\n'
            f"  async execute({{ n }}) {{ await save(n); return {i}; }} }});\n"
            for i in range(2)
        )
    )

    def summary(model: FileModel, order: list[int]) -> list[object]:
        found = {}
        for index in order:
            facts = model.functions.of_tool(model.tools[index])
            assert facts is not None
            found[index] = (
                [[model.source.line_of(c.start_byte) for c in t.via] for t in facts.throws],
                [
                    (m.kind, [model.source.line_of(c.start_byte) for c in m.via])
                    for m in facts.mutations
                ],
                [len(f.via) for f in facts.fetches],
                [call.callee.node.start_byte for call in facts.calls],
                facts.truncated,
            )
        return [found[index] for index in range(2)]

    first = summary(model_of(code), [0, 1])
    assert first == summary(model_of(code), [1, 0])
    assert first[0][0] == [[3]]  # the throw in save(), through execute's call on line 3
    assert first[0][1] == [("call", []), ("storage", [3]), ("post-request", [3, 0])]


def test_recursion_brings_no_fact_twice() -> None:
    code = (
        "function even(n) { if (n < 0) throw new Error('negative'); return n && odd(n - 1); }\n"
        "function odd(n) { localStorage.setItem('n', n); return even(n - 1); }\n"
        + tool_code(SHAPES["a throw"], 0).replace(
            "if (!globalThis.ready) throw new Error('not ready');", "even(4);"
        )
    )
    model = model_of(code)
    (tool,) = model.tools
    facts = model.functions.of_tool(tool)
    assert facts is not None
    assert len(facts.throws) == 1
    assert [m.kind for m in facts.mutations] == ["storage"]
    assert not facts.truncated  # going round the loop again finds nothing new
    assert [d.line for d in lint(code, "tool.js", {"select": ["execute-no-throw"]})] == [6]


def test_each_change_has_a_kind() -> None:
    model = model_of(
        'document.modelContext.registerTool({ name: "x", description: "d", async execute() {\n'
        "  const draft = {}; draft.value = 1; draft.items = [];\n"
        '  panel.textContent = "hi"; list.append(row); document.title = "t";\n'
        "  counter.count = 2; saveDraft();\n"
        '  localStorage.setItem("a", "1"); document.cookie = "a=1"; location.assign("/x");\n'
        "  await fetch('/a', { method: 'POST' }); await fetch('/a', { method: 'DELETE' });\n"
        "  await fetch('/a'); form.requestSubmit(); navigator.sendBeacon('/b');\n"
        "} });"
    )
    (tool,) = model.tools
    facts = model.functions.of_tool(tool)
    assert facts is not None
    assert [(change.kind, change.strong) for change in facts.mutations] == [
        ("dom", False),
        ("dom", False),
        ("dom", False),
        ("assignment", False),
        ("call", False),
        ("storage", True),
        ("cookie", True),
        ("navigation", True),
        ("post-request", True),
        ("request", True),
        ("form", True),
        ("beacon", True),
    ]


def test_functions_that_all_call_each_other_stay_bounded() -> None:
    """Every chain through 60 functions that call each other is a different path: facts
    are kept once per place and call, at most MAX_FACTS of a kind."""
    count = 60
    functions = "".join(
        f"function f{i}() {{ if (!ready) throw new Error('e{i}'); localStorage.setItem('k', {i}); "
        + " ".join(f"f{j}();" for j in range(count) if j != i)
        + " }\n"
        for i in range(count)
    )
    execute = tool_code(SHAPES["a throw"], 0).replace(SHAPES["a throw"].leaf, "f0();")
    model = model_of(functions + execute)
    (tool,) = model.tools
    started = time.process_time()
    facts = model.functions.of_tool(tool)
    assert time.process_time() - started < 30
    assert facts is not None
    assert len(facts.mutations) <= MAX_FACTS
    assert facts.truncated  # some were left out


def test_filtering_changes_nothing() -> None:
    """`filter` reads: `Array.prototype.filter` returns a new array, and a project's
    `filterTasks()` is a query; a filter the page keeps is set (`setFilter`). It made
    read-only-hint stay silent on pure searches (issue 20)."""
    code = (
        "const POSTS = [];\n"
        "function filterTasks(query) { return TASKS.filter((t) => t.title.includes(query)); }\n"
        'document.modelContext.registerTool({ name: "search_posts", description: "Finds posts.",\n'
        "  execute({ q }) { return { posts: POSTS.filter((p) => p.title.includes(q)),\n"
        "    tasks: filterTasks(q) }; } });\n"
    )
    model = model_of(code)
    (tool,) = model.tools
    facts = model.functions.of_tool(tool)
    assert facts is not None
    assert facts.mutations == ()
    assert [d.rule for d in lint(code, "tool.js", {"select": ["read-only-hint"]})] == [
        "read-only-hint"
    ]


EMPTY_EXECUTES = [
    "execute() {}",
    "async execute(input, { signal }) {}",
    "execute({ query, limit = 10 }, { signal: stop }) {}",
    "execute: function (input, options = { fallback: input.fallback }) {}",
    "execute: async (input, { signal, ...rest }) => {}",
    "*execute([first], options) {}",
    "async execute(input, options) {}",
]


def _plain(value: object) -> object:
    """A fact as nested tuples, nodes as their places, to compare two computations."""
    if isinstance(value, Node):
        return (value.type, value.start_byte, value.end_byte)
    if isinstance(value, Struct):
        fields = (name for name in value.__struct_fields__ if name != "script")
        return tuple((name, _plain(getattr(value, name))) for name in fields)
    if isinstance(value, (list, tuple)):
        return tuple(_plain(item) for item in value)
    if isinstance(value, dict):
        return tuple((key, _plain(item)) for key, item in value.items())
    return value


def _execute_facts(execute: str) -> object:
    code = f'document.modelContext.registerTool({{ name: "t", description: "d", {execute} }});\n'
    model = model_of(code)
    (tool,) = model.tools
    facts = model.functions.of_tool(tool)
    assert facts is not None
    return _plain(facts)


# Bodies without a nested function (their walks read from the one of `everything`) and
# with one (each walk its own).
WALKED_EXECUTES = [
    "async execute({ q }, { signal }) { if (!q) throw new Error('q'); "
    "await new Promise((r) => setTimeout(r, 500)); "
    "const res = await fetch(`/api?q=${q}`, { method: 'POST' }); return res.json(); }",
    "async execute(input) { try { return await fetch('/a'); } catch (e) { return e.stack; } }",
    "async execute({ id }, opts) { [1].forEach(() => { throw new Error('cb'); }); "
    "const items = await Promise.all([1].map(async (x) => { "
    "await new Promise((r) => setTimeout(r, 100)); return fetch('/b/' + x); })); "
    "new Checkout({ handler() { return opts.signal; } }); "
    "localStorage.setItem('k', id); return items; }",
    "execute: async (input) => fetch('/c', { signal: AbortSignal.timeout(10) })",
    "execute: (input) => function () { throw new Error('inner'); }",
]


# Each shortcut of the walks (patched away: the full computation) with the bodies it
# takes.
SHORTCUTS = [(functions, "_empty_block", execute) for execute in EMPTY_EXECUTES] + [
    (Core, "flat", execute) for execute in WALKED_EXECUTES
]


@pytest.mark.parametrize(("owner", "shortcut", "execute"), SHORTCUTS)
def test_the_facts_found_with_a_shortcut_are_those_the_full_computation_finds(
    owner: object, shortcut: str, execute: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    found = _execute_facts(execute)
    monkeypatch.setattr(owner, shortcut, lambda *_: False)
    assert _execute_facts(execute) == found
