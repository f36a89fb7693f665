"""Pages from the import graph (`webmcp_lint/run/page_graph.py`): a page is an entry (an HTML
file, or a module no file of the run imports) with everything it reaches through static
imports, so two apps of one package are two pages, and a file with tools no entry
reaches stays on its project's page."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from tests.helpers import lint_files
from webmcp_lint.config import Overrides, Resolver
from webmcp_lint.extract import modules, project
from webmcp_lint.run import discover, page_graph, pipeline, pool
from webmcp_lint.run.cache import Cache
from webmcp_lint.run.page_graph import specifiers

REGISTER = "document.modelContext.registerTool"
PAGE_RULES = ["tool-near-duplicate", "injection-triangle"]


def tool(name: str, extra: str = "") -> str:
    return f'{REGISTER}({{ name: "{name}", description: "Does it.",{extra} execute() {{}} }});\n'


REVIEWS = tool("get_reviews", " annotations: { readOnlyHint: true },")


def acting(name: str) -> str:
    return tool(name, " annotations: { consequentialHint: true },")


def found(files: dict[str, str], root: Path, jobs: int = 1) -> list[tuple[str, int, str, str]]:
    return [
        (d.path, d.line, d.rule, d.message)
        for d in lint_files(files, root, {"select": PAGE_RULES}, jobs)
    ]


def where(findings: list[tuple[str, int, str, str]]) -> list[tuple[str, int, str]]:
    return [(path, line, rule) for path, line, rule, _ in findings]


# -- the scan ---------------------------------------------------------------------------


def test_the_scan_finds_every_runtime_import_and_nothing_else() -> None:
    code = b"""import a from "./a";
import type { T } from "./types";
export * from './b.js'
// import "./commented"
/* import "./block" */
const x = Array.from("./not-an-import");
import './e.css';
const f = await import( "./f" );
const g = require("./g");
export type { U } from "./u";
import { type V, w } from "./w";
const from = "./h";
import
  multi
from
  "./multi"
imported "./no"
import a2 from "./a";
"""
    assert specifiers(code) == ("./a", "./b.js", "./e.css", "./f", "./g", "./w", "./multi")


def test_the_scan_finds_where_a_statement_and_a_line_begin() -> None:
    code = (
        b'export type A = 1;\nimport a from "./a";\n'  # an `export` before the `import`
        b'import b from "./b"; export type { C } from "./c";\n'  # and one after it
        b'\t // import "./d"\n * import "./e"\n\x0c/* import "./f" */\n'
        b'x = 1 // import "./g"\n'  # a comment after code on the line
        b'\rimport h from "./h"\r// import "./i"'  # lines broken by CRs alone are one
    )
    assert specifiers(code) == ("./a", "./b", "./g", "./h", "./i")


def test_the_scan_is_bounded_on_hostile_text() -> None:
    assert len(specifiers(b'import "./x";' * 1000 + b'import "./y";')) == 2
    many = b"".join(b'import "./m%d";\n' % i for i in range(2000))
    assert len(specifiers(many)) == 500
    assert specifiers(b"from " * 200_000) == ()
    assert specifiers(b"import type X from 'a';" * 50_000) == ()


# -- pages of entries -------------------------------------------------------------------


class _File:
    def __init__(self, real: str, tools: bool) -> None:
        self.real, self.tools = real, tools


def test_the_pages_inside_another_are_those_a_comparison_of_every_two_finds() -> None:
    """A page is left out when its files with tools all lie on another page (of two with
    the same such files, the later): the pages compared with it are those that hold one
    of its files, which gives what comparing every two gives (random pages)."""
    rng = random.Random(5)
    for _ in range(500):
        files = [_File(f"/p/f{i}.js", rng.random() < 0.8) for i in range(rng.randint(1, 10))]
        pages = [(members[0], members) for members in _random_pages(rng, files)]
        sets = [frozenset(m.real for m in members if m.tools) for _, members in pages]
        expected = [
            page
            for index, page in enumerate(pages)
            if not any(
                sets[index] < other or (sets[index] == other and at < index)
                for at, other in enumerate(sets)
                if at != index
            )
        ]
        assert page_graph._widest(pages, lambda f: f.tools) == expected  # type: ignore[arg-type]


def _random_pages(rng: random.Random, files: list[_File]) -> list[list[_File]]:
    return [rng.sample(files, rng.randint(1, len(files))) for _ in range(rng.randint(0, 12))]


def test_two_apps_in_one_package_are_two_pages(tmp_path: Path) -> None:
    files = {
        "package.json": "{}",
        "admin/main.ts": 'import "./tools";\n',
        "admin/tools.ts": tool("search_products") + tool("search-products"),
        "shop/main.ts": 'import { x } from "./tools";\n',
        "shop/tools.ts": "export const x = 1;\n" + tool("searchProducts"),
    }
    findings = found(files, tmp_path)
    # Within the admin app: a finding. Across the two apps: none.
    assert where(findings) == [("admin/tools.ts", 1, "tool-near-duplicate")]
    assert "on the page whose entry is admin/main.ts" in findings[0][3]
    assert '"searchProducts"' not in findings[0][3]


def test_the_same_tools_one_entry_apart_are_near_duplicates(tmp_path: Path) -> None:
    files = {
        "package.json": "{}",
        "main.ts": 'import "./admin/tools";\nimport "./shop/tools";\n',
        "admin/tools.ts": tool("search_products"),
        "shop/tools.ts": tool("searchProducts"),
    }
    assert where(found(files, tmp_path)) == [("admin/tools.ts", 1, "tool-near-duplicate")]


def test_a_shared_module_is_on_both_pages_and_reported_once(tmp_path: Path) -> None:
    files = {
        "package.json": "{}",
        "shared/reviews.ts": REVIEWS,
        "one/main.ts": 'import "../shared/reviews";\nimport "./order";\n',
        "one/order.ts": acting("place_order"),
        "two/main.ts": 'import "../shared/reviews";\nimport "./pay";\n',
        "two/pay.ts": acting("pay_invoice") + acting("send_payment"),
    }
    findings = found(files, tmp_path)
    # One finding on the shared tool, from the page with the most tools acting.
    assert where(findings) == [("shared/reviews.ts", 1, "injection-triangle")]
    assert "on the page whose entry is two/main.ts" in findings[0][3]
    assert '"pay_invoice", "send_payment"' in findings[0][3]
    # Each page alone gives its finding.
    del files["two/main.ts"]
    assert where(found(files, tmp_path / "alone")) == [
        ("shared/reviews.ts", 1, "injection-triangle")
    ]


def test_a_page_inside_another_gives_no_finding_of_its_own(tmp_path: Path) -> None:
    files = {
        "package.json": "{}",
        "main.ts": 'import "./a";\nimport "./b";\n',
        "a.ts": tool("search_products"),
        "b.ts": tool("searchProducts") + tool("search-products"),
        # Another entry that sees only b.ts: a page inside the one of main.ts.
        "b.test.ts": 'import "./b";\n',
    }
    findings = found(files, tmp_path)
    assert where(findings) == [("a.ts", 1, "tool-near-duplicate")]
    assert '"search_products" and "searchProducts", "search-products"' in findings[0][3]


def test_an_html_page_holds_its_scripts_and_what_they_import(tmp_path: Path) -> None:
    files = {
        "index.html": '<script type="module" src="./src/main.js"></script>\n',
        "src/main.js": 'import { start } from "./app.js";\nstart();\n',
        "src/app.js": 'import "./tools/reviews.js";\nimport "./tools/order.js";\n'
        "export function start() {}\n",
        "src/tools/reviews.js": REVIEWS,
        "src/tools/order.js": acting("place_order"),
        # Another page of the site, whose tools the first page never loads.
        "other.html": '<script type="module">import "./src/other.js";</script>\n',
        "src/other.js": acting("delete_account"),
    }
    findings = found(files, tmp_path)
    assert where(findings) == [("src/tools/reviews.js", 1, "injection-triangle")]
    assert "on the page index.html" in findings[0][3]
    assert "delete_account" not in findings[0][3]


def test_a_type_only_import_does_not_join_pages(tmp_path: Path) -> None:
    files = {
        "package.json": "{}",
        "main.ts": 'import type { Review } from "./reviews";\nimport "./order";\n',
        "reviews.ts": "export type Review = string;\n" + REVIEWS,
        "order.ts": acting("place_order"),
    }
    assert found(files, tmp_path) == []
    files["main.ts"] = 'import { type Review } from "./reviews";\nimport "./order";\n'
    assert where(found(files, tmp_path / "runtime")) == [("reviews.ts", 2, "injection-triangle")]


def test_files_with_no_import_edge_stay_on_their_projects_page(tmp_path: Path) -> None:
    files = {
        "package.json": "{}",
        "reviews.js": REVIEWS,
        "order.js": acting("place_order"),
        # An app whose entry reaches its own tools only.
        "app/main.js": 'import "./pay.js";\n',
        "app/pay.js": acting("pay_invoice"),
    }
    findings = found(files, tmp_path)
    assert where(findings) == [("reviews.js", 1, "injection-triangle")]
    assert "in the project at" in findings[0][3]
    assert "pay_invoice" not in findings[0][3]


def test_an_import_cycle_nothing_enters_is_on_the_projects_page(tmp_path: Path) -> None:
    files = {
        "package.json": "{}",
        "a.js": 'import "./b.js";\n' + REVIEWS,
        "b.js": 'import "./a.js";\n' + acting("place_order"),
        "c.js": acting("send_message"),
    }
    findings = found(files, tmp_path)
    assert where(findings) == [("a.js", 2, "injection-triangle")]
    assert "in the project at" in findings[0][3] and "send_message" in findings[0][3]


def test_an_import_cycle_below_an_entry_is_walked_once(tmp_path: Path) -> None:
    files = {
        "package.json": "{}",
        "main.js": 'import "./a.js";\n',
        "a.js": 'import "./b.js";\n' + REVIEWS,
        "b.js": 'import "./a.js";\n' + acting("place_order"),
    }
    findings = found(files, tmp_path)
    assert where(findings) == [("a.js", 2, "injection-triangle")]
    assert "on the page whose entry is main.js" in findings[0][3]


def test_a_finding_on_two_pages_alike_names_the_html_page(tmp_path: Path) -> None:
    # The app's page and an end-to-end test's: the agent sees the app's.
    files = {
        "package.json": "{}",
        "index.html": '<script type="module" src="/src/main.js"></script>\n',
        "src/main.js": 'import "./tools.js";\n',
        "src/tools.js": REVIEWS + acting("place_order"),
        "e2e/app.test.js": 'import "../src/tools.js";\n',
    }
    findings = found(files, tmp_path)
    assert where(findings) == [("src/tools.js", 1, "injection-triangle")]
    assert "on the page index.html" in findings[0][3]


def test_aliases_join_pages(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # the tree being linted: aliases are read inside it
    files = {
        "package.json": "{}",
        "tsconfig.json": '{ "compilerOptions": { "baseUrl": ".", "paths": { "@/*": ["src/*"] } } }',
        "src/main.ts": 'import "@/tools/reviews";\nimport "@/tools/order";\n',
        "src/tools/reviews.ts": REVIEWS,
        "src/tools/order.ts": acting("place_order"),
        "src/other/main.ts": 'import "@/tools/pay";\n',
        "src/tools/pay.ts": acting("pay_invoice"),
    }
    findings = found(files, tmp_path)
    assert where(findings) == [("src/tools/reviews.ts", 1, "injection-triangle")]
    assert "on the page whose entry is src/main.ts" in findings[0][3]


def test_the_same_pages_with_one_worker_or_two(tmp_path: Path) -> None:
    files = {"package.json": "{}"}
    for index in range(pool.PARALLEL_THRESHOLD):
        files[f"app{index:02}/main.js"] = 'import "./tools.js";\n'
        files[f"app{index:02}/tools.js"] = tool(f"search_item_{index % 3}")
    files["app00/main.js"] = 'import "./tools.js";\nimport "../app01/tools.js";\n'
    files["app00/more.js"] = "export {};\n"
    one = found(files, tmp_path, jobs=1)
    assert one == found(files, tmp_path, jobs=2)
    # app01's tools are reached from app00's entry too: a page inside it, no repetition.
    assert where(one) == []
    files["app01/tools.js"] = tool("searchItem0")
    assert where(found(files, tmp_path / "again", jobs=2)) == [
        ("app00/tools.js", 1, "tool-near-duplicate")
    ]


# -- the cache --------------------------------------------------------------------------


def _cached_run(root: Path, store: Cache) -> list[tuple[str, int, str]]:
    resolver = Resolver(Overrides(cwd=root, select=tuple(PAGE_RULES)), None, root)
    tasks = [
        pipeline.Task(path, discover.display_path(path, root), settings)
        for path, settings, _ in discover.discover([root], resolver, False)
    ]
    cwd = Path.cwd()
    os.chdir(root)
    try:
        from webmcp_lint.run import cache as caching

        results = caching.run(tasks, 1, store)
    finally:
        os.chdir(cwd)
    return [(d.path, d.line, d.rule) for r in results for d in r.diagnostics]


@pytest.mark.parametrize("change", ["edit-import", "add-file"])
def test_an_import_edge_changed_changes_the_pages_of_a_cached_run(
    tmp_path: Path, change: str
) -> None:
    root = tmp_path / "project"
    (root / ".git").mkdir(parents=True)
    (root / "package.json").write_text("{}")
    (root / "one").mkdir()
    (root / "two").mkdir()
    (root / "one/main.js").write_text('import "./reviews.js";\nimport "./helpers.js";\n')
    (root / "one/reviews.js").write_text(REVIEWS)
    (root / "two/main.js").write_text('import "./order.js";\n')
    (root / "two/order.js").write_text(acting("place_order"))
    store = Cache(tmp_path / "cache")
    assert _cached_run(root, store) == []
    assert store.stored == 2  # the two tool files; the entries are read every run
    if change == "edit-import":
        # An entry without WebMCP code now imports the other app's tools.
        (root / "one/main.js").write_text('import "./reviews.js";\nimport "../two/order.js";\n')
    else:
        # A module the entry imports comes into being, importing the other app's tools.
        (root / "one/helpers.js").write_text('import "../two/order.js";\n')
    again = Cache(tmp_path / "cache")
    assert _cached_run(root, again) == [("one/reviews.js", 1, "injection-triangle")]
    assert again.hits == 2


def test_a_file_past_the_bounds_falls_back_to_its_projects_page(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from webmcp_lint.run import page_graph

    files = {
        "package.json": "{}",
        "main.js": 'import "./near.js";\n',
        "near.js": 'import "./far.js";\n' + acting("place_order"),
        "far.js": REVIEWS,
        "other/main.js": 'import "./pay.js";\n',
        "other/pay.js": acting("pay_invoice"),
    }
    findings = found(files, tmp_path)
    assert where(findings) == [("far.js", 1, "injection-triangle")]
    assert "pay_invoice" not in findings[0][3]
    # One import deep at most: far.js is on no page of an entry, so on the project's,
    # alone (the other tools are on their entries' pages): nothing to compare.
    monkeypatch.setattr(page_graph, "MAX_DEPTH", 1)
    assert found(files, tmp_path / "deep") == []
    monkeypatch.setattr(page_graph, "MAX_DEPTH", 64)
    monkeypatch.setattr(page_graph, "MAX_WALK", 0)  # every walk is past the bound
    findings = found(files, tmp_path / "walk")
    assert where(findings) == [("far.js", 1, "injection-triangle")]
    assert "in the project at" in findings[0][3]
    assert "place_order" in findings[0][3] and "pay_invoice" in findings[0][3]


# -- the graph resolved on demand -------------------------------------------------------


def test_the_importers_found_by_name_are_those_the_whole_graph_gives(tmp_path: Path) -> None:
    """`Graph.importers` finds who imports a file from the paths relative specifiers
    name, resolving only those: the same as every edge of the run resolved, for each way
    a specifier names a file (extension, none, `.js` for `.ts`, a directory's index, a
    `tsconfig.json` alias, `$lib`, a `<script src>`, a file itself, one specifier from
    two directories)."""
    from webmcp_lint.run import page_graph
    from webmcp_lint.run.page_pass import PageFile

    sources = {
        "package.json": "{}",
        "tsconfig.json": '{"compilerOptions": {"paths": {"@app/*": ["src/*"], "@main": ["src/main.ts"]}}}',
        "svelte.config.js": "",
        "src/main.ts": "",
        "src/a.ts": "",
        "src/a.js": "",
        "src/b.tsx": "",
        "src/c/index.ts": "",
        "src/c/x.ts": "",
        "src/c.vue": "",
        "src/lib/d.js": "",
        "src/lib/index.js": "",
        "src/lib/y.js": "",
        "src/e.mts": "",
        "index.html": "",
        "src/self.js": "",
    }
    (tmp_path / ".git").mkdir()  # the project's root: aliases resolve inside it
    for name, text in sources.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    root = os.path.realpath(tmp_path)
    imports = {
        "src/main.ts": ("./a", "./a.js", "./b.js", "./c", "./c/index", "./c.vue", "./e.mjs"),
        "src/a.ts": ("@app/b", "@main", "$lib/d", "../src/c/", "react", "./missing"),
        "src/a.js": ("./a.ts", "./c/index.js", "https://x.test/a.js", "node:fs"),
        "src/c/index.ts": ("..", "../main", "./"),
        # The same specifiers from two directories: "./" names each one's index.
        "src/c/x.ts": ("./", "../a"),
        "src/lib/y.js": ("./", "../a"),
        "src/self.js": ("./self", "./self.js"),
        "index.html": ("./src/main.ts",),
    }
    script = (os.path.join(root, "src/missing.js"), os.path.join(root, "src/b.tsx"))
    files = [
        PageFile(
            name,
            os.path.join(root, name),
            (),
            name.endswith(".html"),
            (script,) if name.endswith(".html") else (),
            "",
            "",
            imports=imports.get(name, ()),
        )
        for name in sources
        if not name.endswith(".json") and name != "svelte.config.js"
    ]
    edges = page_graph.edges(files)
    assert edges[os.path.join(root, "src/a.ts")] == tuple(
        os.path.join(root, name)
        for name in ("src/b.tsx", "src/main.ts", "src/lib/d.js", "src/c/index.ts")
    )
    graph = page_graph.Graph(files)
    every: dict[str, set[str]] = {}
    for file in files:
        expected = {source for source, targets in edges.items() if file.real in targets}
        assert graph.importers(file.real) == expected, file.path
        assert graph.forward(file.real) == edges.get(file.real, ())
        every[file.real] = expected
    # Asked for all files at once, as the page pass asks a level of files.
    assert page_graph.Graph(files).importers_of(every) == every


def _pages_not_run(monkeypatch: pytest.MonkeyPatch) -> None:
    from webmcp_lint.run import page_pass

    def failing(*args: object) -> None:
        raise AssertionError("the page pass ran")

    monkeypatch.setattr(page_pass, "run", failing)


def test_an_unchanged_run_takes_the_page_findings_from_the_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tmp_path / "project"
    (root / ".git").mkdir(parents=True)
    (root / "package.json").write_text("{}")
    (root / "main.js").write_text('import "./reviews.js";\nimport "./order.js";\n')
    (root / "reviews.js").write_text(REVIEWS)
    (root / "order.js").write_text(acting("place_order"))
    first = _cached_run(root, Cache(tmp_path / "cache"))
    assert first == [("reviews.js", 1, "injection-triangle")]
    with monkeypatch.context() as patched:
        _pages_not_run(patched)
        assert _cached_run(root, Cache(tmp_path / "cache")) == first
    # Findings that cannot be read, or were saved under another key, are found again.
    for planted in ("{", '{"key": "0", "page_findings": []}', '{"key": 1}'):
        (tmp_path / "cache/pages.json").write_text(planted)
        assert _cached_run(root, Cache(tmp_path / "cache")) == first
    # A file that changes what the pages hold runs the page pass again.
    (root / "main.js").write_text('import "./reviews.js";\n')
    assert _cached_run(root, Cache(tmp_path / "cache")) == []


def test_an_alias_changed_changes_the_page_findings_of_a_cached_run(tmp_path: Path) -> None:
    """What a bare specifier names is decided by the file system (a `jsconfig.json`
    above, the files it may name), not by the files' bytes: it is asked every run."""
    root = tmp_path / "project"
    (root / ".git").mkdir(parents=True)
    (root / "package.json").write_text("{}")
    (root / "src/tools").mkdir(parents=True)
    (root / "src/main.js").write_text('import "./tools/reviews.js";\nimport "@/tools/order";\n')
    (root / "src/tools/reviews.js").write_text(REVIEWS)
    (root / "src/tools/order.js").write_text(acting("place_order"))
    (root / "src/other.js").write_text('import "@/tools/order";\n')
    assert _cached_run(root, Cache(tmp_path / "cache")) == []
    (root / "jsconfig.json").write_text(
        '{ "compilerOptions": { "baseUrl": ".", "paths": { "@/*": ["src/*"] } } }'
    )
    assert _cached_run(root, Cache(tmp_path / "cache")) == [
        ("src/tools/reviews.js", 1, "injection-triangle")
    ]
    (root / "jsconfig.json").write_text(
        '{ "compilerOptions": { "baseUrl": ".", "paths": { "@/*": ["lib/*"] } } }'
    )
    modules.forget()  # as a new process would
    project.forget()
    assert _cached_run(root, Cache(tmp_path / "cache")) == []
