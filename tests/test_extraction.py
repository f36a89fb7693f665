"""The extractor finds every imperative tool, however it is written, and nothing else."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from tests.helpers import REPO, tools
from webmcp_lint.extract import extract
from webmcp_lint.workspace.source import SourceFile


def names(code: str, filename: str = "example.js") -> list[str | None]:
    return [tool["name"] for tool in tools(code, filename)]


@pytest.mark.parametrize(
    "call",
    [
        'document.modelContext.registerTool({ name: "a", description: "d", execute() {} })',
        'window.document.modelContext.registerTool({ name: "a", description: "d", execute() {} })',
        'globalThis.document.modelContext.registerTool({ name: "a", description: "d", execute() {} })',
        'document.modelContext?.registerTool({ name: "a", description: "d", execute() {} })',
        'document?.modelContext?.registerTool?.({ name: "a", description: "d", execute() {} })',
        'document["modelContext"].registerTool({ name: "a", description: "d", execute() {} })',
        '(document as any).modelContext.registerTool({ name: "a", description: "d", execute() {} })',
        'document.modelContext!.registerTool({ name: "a", description: "d", execute() {} })',
        '(<any>document.modelContext).registerTool({ name: "a", description: "d", execute() {} })',
        'await (document.modelContext as ModelContext).registerTool({ name: "a", description: "d", execute() {} })',
    ],
)
def test_every_spelling_of_the_receiver_is_found(call: str) -> None:
    assert names(call, "example.ts") == ["a"]


@pytest.mark.parametrize(
    "code",
    [
        'const mc = document.modelContext;\nmc.registerTool({ name: "a", description: "d", execute() {} });',
        'const { modelContext } = document;\nmodelContext.registerTool({ name: "a", description: "d", execute() {} });',
        'const { modelContext: ctx } = window.document;\nctx?.registerTool({ name: "a", description: "d", execute() {} });',
        'let mc = document.modelContext ?? null;\nmc.registerTool({ name: "a", description: "d", execute() {} });',
        'const mc = document.modelContext || navigator.modelContext;\nmc.registerTool({ name: "a", description: "d", execute() {} });',
        'const a = document.modelContext;\nconst b = a;\nb.registerTool({ name: "a", description: "d", execute() {} });',
        'const doc = document;\ndoc.modelContext.registerTool({ name: "a", description: "d", execute() {} });',
        'const nav = navigator;\nconst mc = nav.modelContext;\nmc.registerTool({ name: "a", description: "d", execute() {} });',
        'const w = window;\nw.navigator.modelContext?.registerTool({ name: "a", description: "d", execute() {} });',
    ],
)
def test_aliases_of_the_model_context_are_followed(code: str) -> None:
    assert names(code) == ["a"]


@pytest.mark.parametrize(
    "code",
    [
        'server.registerTool("a", { description: "d" }, async () => ({}));',
        'mcpServer.registerTool({ name: "a", description: "d", execute() {} });',
        'registry.registerTool({ name: "a" });',
        'function f(mc) { mc.registerTool({ name: "a", description: "d", execute() {} }); }',
        'const document = makeFakeDocument();\ndocument.modelContext.registerTool({ name: "a" });',
        'let doc = document;\ndoc = makeFakeDocument();\ndoc.modelContext.registerTool({ name: "a" });',
        '// document.modelContext.registerTool({ name: "a" })',
        'const text = "document.modelContext.registerTool({ name: \\"a\\" })";',
        "const doc = `document.modelContext.registerTool(tool)`;",
    ],
)
def test_other_register_tool_calls_and_text_are_not_webmcp(code: str) -> None:
    assert names(code) == []


def test_static_values_fold_constants_concatenation_templates_and_spreads() -> None:
    code = """
const SORT_ORDERS = ["price", "rating"];
const PREFIX = "shop";
const common = { description: "Finds " + `products` + " by " + 'keyword.', annotations: { readOnlyHint: true } };
document.modelContext.registerTool({
  ...common,
  name: `${PREFIX}_search`,
  title: PREFIX + "-" + 2,
  inputSchema: { type: "object", properties: { sort: { type: "string", enum: SORT_ORDERS } } },
  execute: async () => ({}),
});
"""
    [tool] = tools(code)
    assert tool["name"] == "shop_search"
    assert tool["title"] == "shop-2"
    assert tool["description"] == "Finds products by keyword."
    assert tool["annotations"] == {"readOnlyHint": True}
    assert tool["inputSchema"]["properties"]["sort"]["enum"] == ["price", "rating"]
    assert tool["kind"] == "imperative"
    assert tool["line"] == 7  # where the name is written


def test_unknown_values_stay_unknown() -> None:
    code = """
import { NAME } from "./names.js";
document.modelContext.registerTool({
  name: NAME,
  description: describe(),
  inputSchema: z.object({}),
  execute: handler,
});
"""
    [tool] = tools(code)
    assert tool["name"] is None
    assert tool["description"] is None
    assert tool["inputSchema"] is None


def test_a_let_binding_is_not_treated_as_constant() -> None:
    code = 'let name = "a";\nname = "b";\ndocument.modelContext.registerTool({ name, description: "d", execute() {} });'
    assert names(code) == [None]


def test_shadowed_constants_resolve_to_the_nearest_declaration() -> None:
    code = """
const name = "outer";
function register() {
  const name = "inner";
  document.modelContext.registerTool({ name, description: "d", execute() {} });
}
"""
    assert names(code) == ["inner"]


def test_factory_functions_that_return_a_literal_are_evaluated() -> None:
    code = """
function makeTool(name, { title = "Untitled" } = {}) {
  const description = "Tool " + name;
  return { name, title, description, execute: async () => ({}) };
}
const arrowFactory = (name) => ({ name, description: "Arrow " + name, execute() {} });
document.modelContext.registerTool(makeTool("first"));
document.modelContext.registerTool(makeTool("second", { title: "Second" }));
document.modelContext.registerTool(arrowFactory("third"));
"""
    found = tools(code)
    assert [t["name"] for t in found] == ["first", "second", "third"]
    assert [t["title"] for t in found] == ["Untitled", "Second", None]
    assert found[0]["description"] == "Tool first"
    assert found[2]["description"] == "Arrow third"


def test_a_factory_with_several_returns_is_unknown() -> None:
    code = """
function makeTool(admin) {
  if (admin) return { name: "admin_tool", description: "d", execute() {} };
  return { name: "user_tool", description: "d", execute() {} };
}
document.modelContext.registerTool(makeTool(true));
"""
    assert names(code) == [None]


@pytest.mark.parametrize(
    "loop",
    [
        "for (const tool of TOOLS) document.modelContext.registerTool(tool);",
        "for (const tool of TOOLS) { await document.modelContext.registerTool(tool, { signal }); }",
        "TOOLS.forEach((tool) => document.modelContext.registerTool(tool));",
        "TOOLS.forEach(function (tool) { document.modelContext.registerTool(tool); });",
        "await Promise.all(TOOLS.map((t) => document.modelContext.registerTool(t)));",
        "for (const tool of Object.values(BY_NAME)) document.modelContext.registerTool(tool);",
    ],
)
def test_tools_registered_in_loops_over_known_arrays(loop: str) -> None:
    code = f"""
const search = {{ name: "search", description: "Finds.", execute() {{}} }};
const cart = {{ name: "add_to_cart", description: "Adds.", execute() {{}} }};
const TOOLS = [search, cart];
const BY_NAME = {{ search, cart }};
{loop}
"""
    assert names(code) == ["search", "add_to_cart"]


def test_a_loop_over_an_unknown_array_gives_one_unknown_tool() -> None:
    code = "for (const tool of await loadTools()) document.modelContext.registerTool(tool);"
    assert names(code) == [None]


def test_navigator_registrations_are_still_tools() -> None:
    # They register nothing in current Chrome (no-navigator-model-context says so), but the
    # definition is still meant for agents and every other rule applies to it.
    code = (
        'navigator.modelContext.registerTool({ name: "legacy", description: "d", execute() {} });'
    )
    assert names(code) == ["legacy"]


def test_deeply_nested_literals_do_not_crash_and_become_unknown() -> None:
    nested = "{ a: " * 5000 + "1" + " }" * 5000
    code = f'document.modelContext.registerTool({{ name: "deep", description: "d", inputSchema: {nested}, execute() {{}} }});'
    [tool] = tools(code)
    assert tool["name"] == "deep"
    schema, depth = tool["inputSchema"], 0
    while "a" in schema:
        schema, depth = schema["a"], depth + 1
    assert schema == {}  # beyond the evaluation depth the value is unknown (left out)
    assert 10 < depth < 100


def test_each_tool_of_a_loop_is_listed_at_its_own_line() -> None:
    code = """const search = { name: "search", description: "Finds.", execute() {} };
const cart = {
  name: "add_to_cart",
  description: "Adds.",
  execute() {},
};
for (const tool of [search, cart]) document.modelContext.registerTool(tool);
"""
    assert [(t["name"], t["line"]) for t in tools(code)] == [("search", 1), ("add_to_cart", 3)]


def test_word_index_resolves_exactly_like_the_text_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """The execute checks resolve many names; past a few reads of the file the resolver
    switches to a word index, which must find the same declarations."""
    from webmcp_lint.extract import identifiers
    from webmcp_lint.syntax.nodes import descendants

    code = (REPO / "examples" / "clean" / "execute-checkout.js").read_text(encoding="utf-8")
    code += "\nconst café = 1; function uses() { return café + $x + _y; } var $x = 2, _y = 3;\n"

    def bindings(after: int) -> list[tuple[int, int | None, bool]]:
        monkeypatch.setattr(identifiers, "INDEX_AFTER_READS", after)
        model = extract(SourceFile(Path("x.js"), "x.js", "javascript", code.encode()))
        [script] = model.scripts
        found = []
        for node in descendants(script.root, {"identifier", "shorthand_property_identifier"}):
            binding = script.resolve(node)
            found.append(
                (
                    node.start_byte,
                    binding.node.start_byte if binding else None,
                    bool(binding and binding.ambiguous),
                )
            )
        return found

    text_search, indexed = bindings(10**9), bindings(-1)
    assert indexed == text_search
    assert sum(1 for _, declared, _ in text_search if declared is not None) > 50


def test_a_comment_on_the_line_above_a_name_is_found_whatever_ends_the_lines() -> None:
    """`scope.may_declare` reads the line before a name for a comment: the line starts
    after the last LF or CR, both looked for only back to the line's start (looking for a
    CR through a whole LF file was quadratic in its lines)."""
    from webmcp_lint.extract.scope import may_declare

    for above, line_end in itertools.product(
        ("x // c", "// c", "x", "<!-- c", "/* c */ x"), ("\n", "\r\n", "\r")
    ):
        for before in ("", "a\r", "a\n", "a\r\n"):
            text = f"{before}{above}{line_end}  name".encode()
            expected = "//" in above or "<!--" in above
            assert may_declare(text, text.index(b"name")) is expected, (before, above, line_end)


def test_names_ruled_out_by_the_bytes_before_them_are_never_declarations(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`scope.may_declare` rules out most occurrences of a name from the bytes before
    it, without the tree: every identifier of the examples and the corpus, and of code
    written to sit at its edges, resolves exactly as when every occurrence is looked up."""
    from webmcp_lint.extract import scope

    edges = (
        "var /* c */ a = 1; var // c\n b = 2; const\n c = 3, d = 4; function*e(){}\n"
        "class f {} const { g, h: i, ...j } = k; const [l, , m = 1] = n;\n"
        "import o, { p as q, type r } from 's'; import * as t from 'u';\n"
        "using v = w; for (const x of y) x; try {} catch (z) { z; }\n"
        "export const aa = 1; export default function bb() { return a + b + c + d + e; }\n"
        "f; g; h; i; j; l; m; o; q; r; t; v; aa; bb; const\u00a0cc = 1; cc;\n"
    )
    sources = [("edges.ts", edges), *_examples_and_corpus()]
    filtered = _declarations(sources)
    monkeypatch.setattr(scope, "may_declare", lambda text, start: True)
    unfiltered = _declarations(sources)
    assert filtered == unfiltered
    assert sum(1 for *_, declared in unfiltered if declared is not None) > 1000


def test_a_name_no_occurrence_of_which_may_bind_resolves_to_no_binding(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`Scopes.resolve_name` answers "global" at once for a name none of whose
    occurrences `scope.may_bind` lets be bound: every identifier of the examples, the
    corpus and code written with every form of binding (parameters after a modifier, a
    decorator or `async`, an arrow's one parameter after `=`, comments in between)
    resolves exactly as when every name is looked up scope by scope."""
    from webmcp_lint.extract import identifiers, scope

    forms = (
        "f(a); function g(b, { c, d: e, ...h } = {}, [i], ...j) { a; b; c; e; h; i; j; }\n"
        "const k = l => l; const m = async n => n; const o = (p = q) => p + q;\n"
        "r = s /* c */ => s; t = u // c\n => u; try {} catch (v) { v; } catch ({ w }) { w; }\n"
        "for (const x of y) x; for (let z in y) z; const aa = function bb() { bb; };\n"
        "class Cc { constructor(private dd: D, public readonly ee: E, @Inject(F) ff: F,\n"
        "  @Optional gg: G, protected hh?: H, override ii = 1) { dd; ee; ff; gg; hh; ii; } }\n"
        "dd; ee; ff; gg; hh; ii; k; m; n; s; u; v; w; x; z; bb; l; b; c; e;\n"
    )
    sources = [("forms.ts", forms), *_examples_and_corpus()]
    monkeypatch.setattr(identifiers, "INDEX_AFTER_READS", -1)  # the gate reads the index
    gated = _declarations(sources)
    monkeypatch.setattr(scope, "may_bind", lambda text, start, end: True)
    walked = _declarations(sources)
    assert gated == walked
    bound_in_forms = {start for name, start, declared in walked if name == "forms.ts" and declared}
    assert len(bound_in_forms) > 40
    assert sum(1 for *_, declared in walked if declared is not None) > 1000


def test_the_reads_of_a_function_without_input_are_one_record_no_rule_changes() -> None:
    """Every function without an input shares `NOTHING_READ`: after every rule has read
    the functions of the examples (and of a function with no parameter beside one with),
    it still says nothing is read."""
    from tests.helpers import lint
    from webmcp_lint.model.functions import NOTHING_READ
    from webmcp_lint.workspace.discovery import language_of

    code = (
        'document.modelContext.registerTool({ name: "a", description: "A.", execute() {} });\n'
        'document.modelContext.registerTool({ name: "b", description: "B.",\n'
        "  execute({ query }) { return query.trim(); } });\n"
    )
    assert lint(code, "two.js")
    for path in sorted((REPO / "examples").rglob("*")):
        if path.is_file() and language_of(path) is not None:
            lint(path.read_text(encoding="utf-8", errors="replace"), path.name)
    assert NOTHING_READ.reads == {} and not NOTHING_READ.escapes


def _examples_and_corpus() -> list[tuple[str, str]]:
    """The name and code of every file of the examples and the corpus a language reads
    (but the one whose parse never ends)."""
    from webmcp_lint.workspace.discovery import language_of

    return [
        (path.name, path.read_text(encoding="utf-8", errors="replace"))
        for path in sorted(
            [*(REPO / "examples").rglob("*"), *(REPO / "tests" / "corpus").rglob("*")]
        )
        if path.is_file() and language_of(path) is not None and "never-ends" not in path.name
    ]


def _declarations(sources: list[tuple[str, str]]) -> list[tuple[str, int, int | None]]:
    """Each identifier of the files `sources` (name, code): its file, where it is and
    where the binding it resolves to is (None for a global)."""
    from webmcp_lint.syntax.nodes import descendants
    from webmcp_lint.workspace.discovery import language_of

    found = []
    for name, code in sources:
        language = language_of(Path(name))
        assert language is not None
        model = extract(SourceFile(Path(name), name, language, code.encode()))
        for script in model.scripts:
            for node in descendants(script.root, {"identifier"}):
                binding = script.resolve(node)
                found.append((name, node.start_byte, binding.node.start_byte if binding else None))
    return found
