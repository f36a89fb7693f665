"""The semantic model of a script (`extract/semantic.py`): bindings with their
references, names seen from a node, returns, the statements before a node; and the one
rule for where a name begins and ends (`extract/identifiers.py`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from webmcp_lint.extract import extract, identifiers, semantic
from webmcp_lint.extract.identifiers import WordIndex, occurrences
from webmcp_lint.extract.scope import Scopes
from webmcp_lint.model import Binding, Script
from webmcp_lint.syntax.nodes import FUNCTION_TYPES, descendants, text
from webmcp_lint.workspace.source import Language, SourceFile


def script_of(code: str, name: str = "x.js") -> Script:
    language = "typescript" if name.endswith(".ts") else "javascript"
    model = extract(SourceFile(Path(name), name, language, code.encode()))  # type: ignore[arg-type]
    [script] = model.scripts
    return script


def first(script: Script, kind: str, source: str) -> object:
    for node in descendants(script.root, frozenset({kind})):
        if text(node) == source:
            return node
    raise AssertionError(f"no {kind} {source!r}")


def lines_of(nodes: list) -> list[int]:  # type: ignore[type-arg]
    return [node.start_point[0] + 1 for node in nodes]


# -- where names begin and end -----------------------------------------------------------


@pytest.mark.parametrize(
    ("source", "word", "found"),
    [
        (b"ac + ac", b"ac", [0, 5]),
        (b"#ac this.#ac ac", b"ac", [13]),  # `#ac` is another name
        (b"#ac this.#ac ac", b"#ac", [0, 9]),
        (b"$ac _ac ac$ ac", b"ac", [12]),
        (b"a.ac(ac)", b"ac", [2, 5]),
        (b"caf\xc3\xa9 ac", b"ac", [6]),
    ],
)
def test_a_name_stands_between_non_word_bytes(source: bytes, word: bytes, found: list[int]) -> None:
    assert occurrences(source, word, 0, len(source)) == found
    index = WordIndex(source)
    index.read(10**9)  # the index, as after many searches
    assert list(index.find(word, 0, len(source))) == found


@pytest.mark.parametrize("start", [0, 3, 4, 9, 12])
def test_an_empty_name_is_searched_from_start_to_end(start: int) -> None:
    """A name left empty (`{ apiKey: }` mutated) is every place between non-word bytes,
    from `start` on, as any other name is searched (not from the text's start)."""
    source = b"a = (  ) + b; c"
    everywhere = occurrences(source, b"", 0, 12)
    assert everywhere == [2, 3, 4, 5, 6, 7, 8, 9, 10]
    assert occurrences(source, b"", start, 12) == [at for at in everywhere if at >= start]


def test_the_index_and_the_search_find_the_same_names(monkeypatch: pytest.MonkeyPatch) -> None:
    code = "let signal; function f(signal) { return signal && this.#signal; } signal = $signal;"

    def references(after: int, searches: int = 100) -> list[int]:
        monkeypatch.setattr(identifiers, "INDEX_AFTER_READS", after)
        monkeypatch.setattr(identifiers, "INDEX_AFTER_SEARCHES", searches)
        script = script_of(code)
        found = []
        for node in descendants(script.root, frozenset({"identifier"})):
            binding = script.resolve(node)
            if binding is not None:
                found.extend(n.start_byte for n in script.semantic.references(binding))
        return found

    assert references(-1) == references(-1, searches=0) == references(10**9)


@pytest.mark.parametrize(("searches", "searched_bytes"), [(0, 10**9), (100, 10**9), (100, 1)])
def test_the_index_finds_words_seen_once_twice_and_more_as_the_search_does(
    monkeypatch: pytest.MonkeyPatch, searches: int, searched_bytes: int
) -> None:
    """The index keeps a word seen once as its position alone and the others as arrays:
    each is found as a text search finds it, private names and ranges included; so is
    each word searched in the spaced copy before the index is built (`searches`), and
    the index built at once for a text longer than the searches may read."""
    code = b"once; twice + twice; thrice(thrice, thrice); this.#alone; #pair; pair; $x"
    words = [b"once", b"twice", b"thrice", b"#alone", b"alone", b"#pair", b"pair", b"$x", b"no"]
    monkeypatch.setattr(identifiers, "INDEX_AFTER_READS", -1)
    monkeypatch.setattr(identifiers, "INDEX_AFTER_SEARCHES", searches)
    monkeypatch.setattr(identifiers, "INDEX_AFTER_SEARCHED_BYTES", searched_bytes)
    index = WordIndex(code)
    for word in words:
        for start, end in ((0, len(code)), (5, code.index(b";", 30)), (20, 21)):
            assert list(index.find(word, start, end)) == occurrences(code, word, start, end)
    assert index.indexed
    for word in words:
        if not word.startswith(b"#"):
            private = [at + 1 for at in occurrences(code, b"#" + word, 0, len(code))]
            expected = sorted(occurrences(code, word, 0, len(code)) + private)
            assert list(index.positions(word) or ()) == expected


# -- bindings and references ---------------------------------------------------------------


def test_references_of_a_parameter_stay_in_its_function_and_skip_shadows() -> None:
    script = script_of(
        """function a(input) {
  const q = input.query;
  return [1].map((input) => input + 1).concat(input);
}
function b(input) { return input; }
"""
    )
    parameter = first(script, "identifier", "input")
    binding = script.resolve(parameter)  # type: ignore[arg-type]
    assert binding is not None and binding.kind == "param"
    assert lines_of(script.semantic.references(binding)) == [2, 3]


def test_references_of_a_const_a_function_and_an_import() -> None:
    script = script_of(
        """import { register as reg } from "./tools";
const later = debounce(reg, 200);
function go() { later(); reg(); }
go(); { const later = 1; later; }
export default { later, go };
"""
    )
    semantic = script.semantic
    imported = script.resolve(first(script, "identifier", "reg"))  # type: ignore[arg-type]
    assert imported is not None and imported.kind == "import"
    assert lines_of(semantic.references(imported)) == [2, 3]
    declarator = first(script, "variable_declarator", "later = debounce(reg, 200)")
    later = semantic.resolve(declarator.child_by_field_name("name"))  # type: ignore[attr-defined]
    assert later is not None
    assert lines_of(semantic.references(later)) == [3, 5]  # not the inner `later`
    go = script.resolve(first(script, "identifier", "go"))  # type: ignore[arg-type]
    assert go is not None and go.kind == "function"
    assert lines_of(semantic.references(go)) == [4, 5]


def test_a_name_seen_from_a_node_and_shadowing_inside_a_function() -> None:
    script = script_of(
        """async function execute(input, { signal }) {
  await fetch("/a", { signal });
  items.forEach((signal) => fetch("/b", { signal }));
  try { run(); } catch (event) { event; }
}
"""
    )
    semantic = script.semantic
    execute = first(script, "function_declaration", text(script.root.named_children[0]))
    calls = [
        n
        for n in descendants(script.root, frozenset({"call_expression"}))
        if text(n).startswith("fetch")
    ]
    assert not semantic.is_shadowed("signal", calls[0], execute)  # type: ignore[arg-type]
    assert semantic.is_shadowed("signal", calls[1], execute)  # type: ignore[arg-type]
    assert not semantic.is_shadowed("window", calls[1], execute)  # type: ignore[arg-type]
    binding = semantic.resolve_name("signal", calls[0])
    assert binding is not None and binding.kind == "param"


def test_a_free_name_is_one_the_code_around_does_not_use() -> None:
    script = script_of("{ const controller = 1; $cartController; }\n")
    block = script.root.named_children[0]
    assert script.semantic.free_name(("controller", "cartController"), block) == "cartController"
    assert script.semantic.free_name(("controller",), block) is None


# -- returns -----------------------------------------------------------------------------------


def test_returns_are_the_functions_own() -> None:
    script = script_of(
        """function f(x) {
  if (x) return 1;
  const g = () => { return 2; };
  class C { m() { return 3; } }
  return g;
}
const h = (y) => ({ y });
function one() { return 4; }
"""
    )
    semantic = script.semantic
    f, _, one = (
        n
        for n in script.root.named_children
        if n.type == "function_declaration" or n.type == "lexical_declaration"
    )
    assert lines_of(list(semantic.returns(f))) == [2, 5]
    assert [text(n) for n in semantic.returned(f)] == ["1", "g"]
    assert semantic.returned_expression(f) is None  # two returns
    assert text(semantic.returned_expression(one)) == "4"  # type: ignore[arg-type]
    arrow = first(script, "arrow_function", "(y) => ({ y })")
    assert text(semantic.returned_expression(arrow)) == "({ y })"  # type: ignore[arg-type]


def test_what_a_call_of_a_same_script_function_returns() -> None:
    script = script_of(
        """const supported = () => "modelContext" in document;
function check() { return supported(); }
if (check()) {}
unknown();
"""
    )
    calls = {text(n): n for n in descendants(script.root, frozenset({"call_expression"}))}
    assert text(script.semantic.call_returns(calls["check()"])) == "supported()"
    assert text(script.semantic.call_returns(calls["supported()"])) == '"modelContext" in document'
    assert script.semantic.call_returns(calls["unknown()"]) is None


def test_statements_before_a_node_in_its_blocks() -> None:
    script = script_of(
        """function f() {
  a();
  if (x) {
    b();
    c();
  }
}
"""
    )
    call = first(script, "call_expression", "c()")
    before = [(text(holder), text(statement)) for holder, statement in script.semantic.before(call)]  # type: ignore[attr-defined, arg-type]
    assert before == [("c();", "b();"), ("if (x) {\n    b();\n    c();\n  }", "a();")]


@pytest.mark.parametrize(
    ("code", "global_name"),
    [
        ("(function (document, w) { d(w); })(document, window);", "window"),
        ("(function (w) { d(w); }(window));", "window"),
        ("!function (w) { d(w); }(window);", "window"),
        ("(function (w) { d(w); }).call(this, window);", "window"),
        ("(function (a) { (function (w) { d(w); })(a); })(self);", "self"),
        ("(function (w) { d(w); })(makeWindow());", None),
        ("(function (w) { w = other; d(w); })(window);", None),
        ("function f(w) { d(w); } f(window);", None),
        ("const w = window; d(w);", None),
        ("d(w);", "w"),
    ],
)
def test_a_wrappers_parameter_is_the_global_handed_to_it(
    code: str, global_name: str | None
) -> None:
    script = script_of(code)
    call = next(
        n for n in descendants(script.root, frozenset({"call_expression"})) if text(n) == "d(w)"
    )
    argument = call.child_by_field_name("arguments").named_children[0]  # type: ignore[union-attr]
    assert script.semantic.global_name(argument) == global_name


@pytest.mark.parametrize("order", [(0, 1, 2), (2, 1, 0), (1, 0, 2)])
def test_each_identifier_keeps_its_own_binding_whatever_was_asked_first(
    order: tuple[int, int, int],
) -> None:
    script = script_of("const x = 1;\nfunction f(x) { return x; }\nx;\n")
    uses = [
        node
        for node in descendants(script.root, frozenset({"identifier"}))
        if text(node) == "x"
        and node.parent is not None
        and node.parent.type != "variable_declarator"
    ]
    parameter, returned, outer = uses
    expected = {0: "param", 1: "param", 2: "const"}
    for index in order * 2:  # asked again: the answer kept is the same
        binding = script.resolve((parameter, returned, outer)[index])
        assert binding is not None and binding.kind == expected[index]


@pytest.mark.parametrize("searches", [0, 100])
def test_the_index_leaves_numbers_to_the_search_and_finds_the_names_after_them(
    monkeypatch: pytest.MonkeyPatch, searches: int
) -> None:
    """No name starts with a digit, so the index leaves numbers out: a number is still
    found, by a text search, and a name a number before it holds (`x1f` in `0x1f`) is
    indexed where it stands."""
    code = b"0x1f + x1f; 1e3 e3 = 10; e3(0x1f)"
    monkeypatch.setattr(identifiers, "INDEX_AFTER_READS", -1)
    monkeypatch.setattr(identifiers, "INDEX_AFTER_SEARCHES", searches)
    index = WordIndex(code)
    for word in (b"0x1f", b"x1f", b"1e3", b"e3", b"10"):
        assert list(index.find(word, 0, len(code))) == occurrences(code, word, 0, len(code))
    assert index.indexed
    assert list(index.positions(b"x1f") or ()) == [7]
    assert list(index.positions(b"e3") or ()) == [16, 25]


# -- shortcuts that must give what the full search gives ----------------------------------

_EXAMPLES = Path(__file__).parent.parent / "examples"
_LANGUAGES: dict[str, Language] = {".js": "javascript", ".ts": "typescript", ".tsx": "tsx"}
_EXAMPLE_SCRIPTS = sorted(
    p
    for p in _EXAMPLES.rglob("*")
    if p.suffix in _LANGUAGES and p.name != "parse-never-ends.tsx"  # a ParseTimeout
)
_SHAPES = """function named(a, { b, c: [d = a] }, ...rest) { return a + b + d + rest + e; }
const expression = function self(n) { return n ? self(n - 1) : a; };
const arrow = x => x + y, paired = async (x, y = x) => x + y;
class K { method(p = q, q) { return p + q + K; } }
try { named(); } catch ({ message }) { message; }
for (const [i, j] of pairs) { i + j; }
function f(x) {
  if (x) return 1; else { return 2; }
  for (const y of x) { while (y) { do { return 3; } while (0); } }
  for (let i = 0; i < 1; i++) return 4;
  for (const k in x) return 5;
  try { return 6; } catch (e) { return 7; } finally { return 8; }
  switch (x) { case 1: return 9; default: return 10; }
  label: { return 11; }
  with (x) return 12;
  const g = () => { return 13; };
  class C { m() { return 14; } }
  return x ? (() => 15)() : (function () { return 16; })();
}
function broken(x) { if (x { return 1; } return 2; }
"""


def _shape_scripts() -> list[Script]:
    scripts = [script_of(_SHAPES)]
    for path in _EXAMPLE_SCRIPTS:
        source = SourceFile(path, path.name, _LANGUAGES[path.suffix], path.read_bytes())
        scripts.extend(extract(source).scripts)
    return scripts


def _binding_key(binding: Binding | None) -> tuple[object, ...] | None:
    if binding is None:
        return None
    function = binding.function
    return (
        binding.kind,
        binding.name,
        binding.node.byte_range,
        binding.index,
        binding.path,
        binding.ambiguous,
        function.byte_range if function is not None else None,
        binding.value.byte_range if binding.value is not None else None,
    )


def test_a_function_whose_head_lacks_a_name_is_not_searched_for_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`Scopes._in_head` skips the parameters of a function whose bytes before its body
    do not hold the name: every identifier resolves as with the parameters read."""

    def resolved() -> list[tuple[object, ...] | None]:
        found = []
        for script in _shape_scripts():
            for node in descendants(script.root, frozenset({"identifier"})):
                found.append(_binding_key(script.resolve(node)))
        return found

    shortcut = resolved()
    monkeypatch.setattr(Scopes, "_in_head", lambda self, function, name: True)
    assert resolved() == shortcut
    assert sum(key is not None and key[0] == "param" for key in shortcut) > 50


class _Every:
    def __contains__(self, _: object) -> bool:
        return True


def test_returns_are_found_entering_only_statements(monkeypatch: pytest.MonkeyPatch) -> None:
    """`returns` enters only the statements that hold statements, not every node: it
    finds the returns a walk into every node finds (a body with a syntax error is walked
    whole)."""

    def returns() -> list[list[int]]:
        found = []
        for script in _shape_scripts():
            for function in descendants(script.root, FUNCTION_TYPES):
                found.append([s.start_byte for s in script.semantic.returns(function)])
        return found

    entering_statements = returns()
    monkeypatch.setattr(semantic, "_HOLDING_STATEMENTS", _Every())
    assert returns() == entering_statements
    assert sum(map(len, entering_statements)) > 50
