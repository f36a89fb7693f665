"""Following imports: tools written in one module and registered in another, registering
functions and components, model-context getters, and the bounds that keep it safe."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from webmcp_lint.cli import main
from webmcp_lint.config import Settings
from webmcp_lint.extract import linking
from webmcp_lint.extract.modules import resolve
from webmcp_lint.run import engine, pipeline

TOOL = """export const {var} = {{
  name: "{name}",
  description: "{description}",
  inputSchema: {{ type: "object", properties: {{}} }},
  execute: async () => ({{ ok: true }}),
}};
"""


def write(root: Path, files: dict[str, str]) -> Path:
    (root / ".git").mkdir(parents=True, exist_ok=True)  # the project root: nothing above it is read
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return root


def run(root: Path, *args: str) -> tuple[int, str, str]:
    cwd = os.getcwd()
    os.chdir(root)
    try:
        result = CliRunner().invoke(main, list(args), catch_exceptions=False)
    finally:
        os.chdir(cwd)
    return result.exit_code, result.stdout, result.stderr


def tools(root: Path) -> list[tuple[str, str, int]]:
    code, out, _ = run(root, "tools", "--output-format", "json", ".")
    assert code == 0
    return [(t["name"], t["path"], t["line"]) for t in json.loads(out)]


def findings(root: Path, *args: str) -> list[dict[str, object]]:
    _, out, _ = run(root, "check", "--output-format", "json", *args, ".")
    found: list[dict[str, object]] = json.loads(out)
    return found


# -- module resolution ----------------------------------------------------------------


def test_relative_specifiers_resolve_with_extensions_index_and_js_for_ts(tmp_path: Path) -> None:
    write(
        tmp_path,
        {
            "src/a.ts": "",
            "src/lib/index.tsx": "",
            "src/b.js": "",
            "src/main.ts": "",
        },
    )
    main_file = str(tmp_path / "src/main.ts")
    assert resolve("./a", main_file) == str(tmp_path / "src/a.ts")
    assert resolve("./a.js", main_file) == str(tmp_path / "src/a.ts")  # TypeScript's rule
    assert resolve("./lib", main_file) == str(tmp_path / "src/lib/index.tsx")
    assert resolve("./b.js", main_file) == str(tmp_path / "src/b.js")
    assert resolve("./missing", main_file) is None
    assert resolve("react", main_file) is None  # packages are never followed


def test_tsconfig_paths_and_base_url_follow_extends(tmp_path: Path) -> None:
    write(
        tmp_path,
        {
            "tsconfig.base.json": '{"compilerOptions": {"baseUrl": ".", "paths": '
            '{"@/*": ["src/*"], "@api": ["src/api/index.ts"]}}}',
            "tsconfig.json": '{ // comments are allowed\n "extends": "./tsconfig.base.json"}',
            "src/api/index.ts": "",
            "src/tools/search.ts": "",
            "src/app.ts": "",
        },
    )
    app = str(tmp_path / "src/app.ts")
    assert resolve("@/tools/search", app) == str(tmp_path / "src/tools/search.ts")
    assert resolve("@api", app) == str(tmp_path / "src/api/index.ts")
    assert resolve("src/tools/search", app) == str(tmp_path / "src/tools/search.ts")  # baseUrl
    assert resolve("@scope/package", app) is None


def test_sveltekit_lib_alias(tmp_path: Path) -> None:
    write(tmp_path, {"package.json": "{}", "src/lib/tools.ts": "", "src/routes/+page.ts": ""})
    page = str(tmp_path / "src/routes/+page.ts")
    assert resolve("$lib/tools", page) == str(tmp_path / "src/lib/tools.ts")


def test_nothing_outside_the_project_is_resolved(tmp_path: Path) -> None:
    (tmp_path / "outside.ts").write_text("")
    project = write(tmp_path / "app", {"src/main.ts": ""})
    assert resolve("../../outside", str(project / "src/main.ts")) is None


# -- tools written in another module ----------------------------------------------------


def test_registry_of_imported_tools_is_listed_where_each_tool_is_written(tmp_path: Path) -> None:
    write(
        tmp_path,
        {
            "src/tools/search.ts": TOOL.format(
                var="searchTool", name="search", description="Search the catalogue by keyword."
            ),
            "src/tools/details.ts": "export default {\n"
            '  name: "details",\n'
            '  description: "Show one product.",\n'
            '  inputSchema: { type: "object", properties: {} },\n'
            "  execute: async () => ({}),\n"
            "};\n",
            "src/tools/index.ts": 'export * from "./search";\n'
            'export { default as detailsTool } from "./details";\n',
            "src/registry.ts": 'import * as all from "./tools";\n'
            "export default { search: all.searchTool, details: all.detailsTool };\n",
            "src/register.ts": 'import REGISTRY from "./registry";\n'
            "export function registerAll(signal) {\n"
            "  Object.values(REGISTRY).map((tool) =>\n"
            "    document.modelContext.registerTool(tool, { signal }));\n"
            "}\n",
        },
    )
    assert sorted(tools(tmp_path)) == [
        ("details", "src/tools/details.ts", 2),
        ("search", "src/tools/search.ts", 2),
    ]


def test_factory_called_with_different_arguments_gives_one_tool_per_call(tmp_path: Path) -> None:
    write(
        tmp_path,
        {
            "src/factory.ts": "export function createSearch(scope) {\n"
            "  return {\n"
            "    name: `search_${scope}`,\n"
            "    description: `Search the customer's ${scope}.`,\n"
            '    inputSchema: { type: "object", properties: {} },\n'
            "    execute: async () => ({}),\n"
            "  };\n"
            "}\n",
            "src/app.ts": 'import { createSearch } from "./factory";\n'
            'for (const scope of ["orders", "returns"]) {}\n'
            'document.modelContext.registerTool(createSearch("orders"));\n'
            'document.modelContext.registerTool(createSearch("returns"));\n',
        },
    )
    assert tools(tmp_path) == [
        ("search_orders", "src/factory.ts", 3),
        ("search_returns", "src/factory.ts", 3),
    ]


def test_array_of_tools_in_a_for_of_loop_through_a_re_export(tmp_path: Path) -> None:
    write(
        tmp_path,
        {
            "src/account/tools.ts": TOOL.format(var="a", name="get_profile", description="x.")
            + TOOL.format(var="b", name="update_address", description="y.")
            + "export const ACCOUNT_TOOLS = [a, b];\n",
            "src/account/index.ts": 'export { ACCOUNT_TOOLS } from "./tools";\n',
            "src/app.ts": 'import { ACCOUNT_TOOLS } from "./account";\n'
            "for (const tool of ACCOUNT_TOOLS) document.modelContext.registerTool(tool);\n",
        },
    )
    assert tools(tmp_path) == [
        ("get_profile", "src/account/tools.ts", 2),
        ("update_address", "src/account/tools.ts", 8),
    ]


# -- forwarding functions and components -------------------------------------------------

HOOK = """import { useEffect, useRef } from "react";
import { getModelContext } from "./context";

export function useTool(tool, enabled = true) {
  const latest = useRef(tool);
  useEffect(() => {
    const mc = getModelContext();
    if (!mc || !enabled) return;
    const controller = new AbortController();
    mc.registerTool({ ...latest.current, execute: (i) => latest.current.execute(i) },
      { signal: controller.signal });
    return () => controller.abort();
  }, [enabled]);
}
"""
CONTEXT = """export function getModelContext() {
  if (typeof document === "undefined") return null;
  return document.modelContext ?? null;
}
"""


def test_a_hook_through_a_getter_makes_its_callers_arguments_tools(tmp_path: Path) -> None:
    write(
        tmp_path,
        {
            "src/context.ts": CONTEXT,
            "src/useTool.ts": HOOK,
            "src/Binder.tsx": 'import { useTool } from "./useTool";\n'
            "export function Binder({ tool }) {\n  useTool(tool);\n  return null;\n}\n",
            # no WebMCP word in these two: they are found by the hook's name
            "src/Cart.tsx": 'import { useTool } from "./useTool";\n'
            "export function Cart() {\n"
            "  useTool({\n"
            '    name: "clear_cart",\n'
            '    description: "Empty the cart.",\n'
            '    inputSchema: { type: "object", properties: {} },\n'
            "    execute: async () => ({ cleared: true }),\n"
            "  });\n  return null;\n}\n",
            "src/orders.ts": TOOL.format(var="trackOrder", name="track_order", description="z."),
            "src/Orders.tsx": 'import { Binder } from "./Binder";\n'
            'import { trackOrder } from "./orders";\n'
            "export const Orders = () => <Binder tool={trackOrder} />;\n",
        },
    )
    assert sorted(tools(tmp_path)) == [
        ("clear_cart", "src/Cart.tsx", 4),
        ("track_order", "src/orders.ts", 2),
    ]


def test_finding_on_a_tool_registered_elsewhere_names_the_site_in_every_format(
    tmp_path: Path,
) -> None:
    write(
        tmp_path,
        {
            "src/tool.js": "export const bad = {\n"
            '  name: "bad name",\n'
            '  description: "Does a thing.",\n'
            '  inputSchema: { type: "object", properties: {} },\n'
            "  execute: async () => ({}),\n"
            "};\n",
            "src/app.js": 'import { bad } from "./tool.js";\n'
            "document.modelContext.registerTool(bad);\n",
        },
    )
    [finding] = findings(tmp_path, "--select", "tool-name-format")
    assert (finding["path"], finding["line"]) == ("src/tool.js", 2)
    [related] = finding["related"]  # type: ignore[misc]
    assert related["path"] == "src/app.js" and related["line"] == 2
    assert "registered by `registerTool`" in related["message"]
    _, text, _ = run(tmp_path, "check", "--select", "tool-name-format", ".")
    assert "registered by `registerTool` here (src/app.js:2:1)" in text
    _, sarif, _ = run(
        tmp_path, "check", "--output-format", "sarif", "--select", "tool-name-format", "."
    )
    [result] = json.loads(sarif)["runs"][0]["results"]
    [location] = result["relatedLocations"]
    uri = location["physicalLocation"]["artifactLocation"]["uri"]
    assert uri.endswith("src/app.js")
    assert location["physicalLocation"]["region"]["startLine"] == 2


def test_a_tool_registered_from_two_places_is_reported_once(tmp_path: Path) -> None:
    write(
        tmp_path,
        {
            "src/tool.js": 'export const bad = { name: "bad name", description: "x.",'
            ' inputSchema: { type: "object", properties: {} }, execute: async () => ({}) };\n',
            "src/a.js": 'import { bad } from "./tool.js";\ndocument.modelContext.registerTool(bad);\n',
            "src/b.js": 'import { bad } from "./tool.js";\ndocument.modelContext.registerTool(bad);\n',
        },
    )
    found = findings(tmp_path, "--select", "tool-name-format")
    assert [(f["path"], f["line"]) for f in found] == [("src/tool.js", 1)]


def test_registrations_that_cannot_be_known_are_counted_not_listed(tmp_path: Path) -> None:
    write(
        tmp_path,
        {
            "src/context.ts": CONTEXT,
            "src/useTool.ts": HOOK,
            "src/Remote.tsx": 'import { useTool } from "./useTool";\n'
            "export function Remote({ spec }) {\n"
            "  useTool({ name: spec.name, description: spec.description, execute: spec.run });\n"
            "  return null;\n}\n",
        },
    )
    code, out, err = run(tmp_path, "tools", "--output-format", "json", ".")
    assert (code, json.loads(out)) == (0, [])
    assert "1 registration whose tool is not known statically" in err
    assert "src/Remote.tsx:3" in err


# -- bounds ---------------------------------------------------------------------------


def test_an_import_cycle_ends(tmp_path: Path) -> None:
    write(
        tmp_path,
        {
            "src/a.js": 'import { b } from "./b.js";\nexport const a = b;\n'
            "document.modelContext.registerTool(a);\n",
            "src/b.js": 'import { a } from "./a.js";\nexport const b = a;\n',
        },
    )
    code, out, err = run(tmp_path, "tools", "--output-format", "json", ".")
    assert (code, json.loads(out)) == (0, [])
    assert "1 registration whose tool is not known statically" in err


def test_a_long_chain_of_re_exports_is_cut_and_unknown(tmp_path: Path) -> None:
    files = {f"src/m{i}.js": f'export * from "./m{i + 1}.js";\n' for i in range(40)}
    files["src/m40.js"] = TOOL.format(var="deep", name="deep", description="x.")
    files["src/near.js"] = 'export * from "./m35.js";\n'
    files["src/app.js"] = (
        'import { deep } from "./m0.js";\nimport { deep as near } from "./near.js";\n'
        "document.modelContext.registerTool(deep);\ndocument.modelContext.registerTool(near);\n"
    )
    write(tmp_path, files)
    assert tools(tmp_path) == [("deep", "src/m40.js", 2)]  # found through near.js only


def test_the_modules_read_for_one_file_are_bounded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # An app's entry reaches hundreds of modules; past the bound what they hold is unknown.
    monkeypatch.setattr(linking, "MAX_LOADS", 3, raising=False)
    linking._MODULES.clear()
    files = {
        f"src/t{i}.js": TOOL.format(var="tool", name=f"bad name {i}", description="x.")
        for i in range(6)
    }
    files["src/app.js"] = "".join(
        f'import {{ tool as t{i} }} from "./t{i}.js";\n' for i in range(6)
    ) + "".join(f"document.modelContext.registerTool(t{i});\n" for i in range(6))
    write(tmp_path, files)
    settings = Settings(root=tmp_path)
    tasks = [pipeline.Task(tmp_path / name, name, settings, follow=True) for name in sorted(files)]
    found = [d for result in engine.run(tasks, jobs=1) for d in result.diagnostics]
    assert len([d for d in found if d.rule == "tool-name-format"]) == 3


def test_a_barrel_extracts_only_the_module_that_writes_the_name(tmp_path: Path) -> None:
    # `export *` lists are walked by export names: the twenty other modules are parsed
    # for their names, not extracted (and, on a real monorepo, not again for every file).
    files = {f"src/lib/m{i}.ts": f"export const other{i} = {i};\n" for i in range(20)}
    files["src/lib/tools.ts"] = TOOL.format(var="search", name="search", description="x.")
    files["src/lib/index.ts"] = "".join(f'export * from "./m{i}";\n' for i in range(20))
    files["src/lib/index.ts"] += 'export * from "./tools";\n'
    files["src/app.ts"] = (
        'import { search } from "./lib";\ndocument.modelContext.registerTool(search);\n'
    )
    write(tmp_path, files)
    linking.forget()
    assert tools(tmp_path) == [("search", "src/lib/tools.ts", 2)]
    extracted = {os.path.basename(key[0]) for key in linking._MODULES}
    assert extracted == {"tools.ts"}
    # what the lookup read decides the result: every module on the way is a dependency
    linker = linking.ProjectLinker(str(tmp_path / "src/app.ts"))
    assert linker.export(str((tmp_path / "src/lib/index.ts").resolve()), "search") is not None
    assert len(linker.dependencies) == 22


def test_barrels_that_re_export_each_other_are_walked_once_per_lookup(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Twelve levels of two barrels, each re-exporting both of the level below: without
    # remembering where a lookup has been, a name the bottom lacks is 2**12 visits.
    files = {"src/l12a.ts": "export const other = 1;\n", "src/l12b.ts": "export const x = 1;\n"}
    for level in range(12):
        below = "".join(f'export * from "./l{level + 1}{side}";\n' for side in "ab")
        files[f"src/l{level}a.ts"] = files[f"src/l{level}b.ts"] = below
    write(tmp_path, files)
    linking.forget()
    visits = []
    counted = linking._export_names
    monkeypatch.setattr(linking, "_export_names", lambda path: visits.append(path) or counted(path))
    linker = linking.ProjectLinker(str(tmp_path / "src/app.ts"))
    assert linker.export(str((tmp_path / "src/l0a.ts").resolve()), "missing") is None
    assert len(visits) == 25  # each module once: l0a, then both barrels of 12 levels


def test_parallel_and_serial_runs_agree(tmp_path: Path) -> None:
    files = {
        f"src/t{i}.js": TOOL.format(var="tool", name=f"bad name {i}", description="x.")
        for i in range(70)
    }
    imports = "".join(f'import {{ tool as t{i} }} from "./t{i}.js";\n' for i in range(70))
    calls = "".join(f"document.modelContext.registerTool(t{i});\n" for i in range(70))
    files["src/app.js"] = imports + calls
    write(tmp_path, files)
    serial = run(tmp_path, "check", "--output-format", "json", "-j", "1", ".")[1]
    parallel = run(tmp_path, "check", "--output-format", "json", "-j", "2", ".")[1]
    assert serial == parallel
    assert len(json.loads(serial)) >= 70


# -- text with unknown parts ------------------------------------------------------------


def test_a_template_with_unknown_parts_keeps_its_known_text(tmp_path: Path) -> None:
    write(
        tmp_path,
        {
            "src/app.js": "const region = window.REGION;\n"
            "document.modelContext.registerTool({\n"
            '  name: "details",\n'
            "  description: `Prices in the ${region} shop, and ` + region,\n"
            '  inputSchema: { type: "object", properties: {} },\n'
            "  execute: async () => ({}),\n"
            "});\n"
            "document.modelContext.registerTool({\n"
            '  name: "pick",\n'
            '  description: "Pick one.",\n'
            "  inputSchema: { type: 'object', properties: { id: { type: 'string', enum: window.IDS } } },\n"
            "  execute: async () => ({}),\n"
            "});\n"
            "document.modelContext.registerTool({\n"
            "  name: `show_${region}`,\n"
            '  description: "x.",\n'
            "  execute: async () => ({}),\n"
            "});\n",
        },
    )
    _, out, err = run(tmp_path, "tools", "--output-format", "json", ".")
    tool, pick = json.loads(out)
    assert tool["description"] == "Prices in the … shop, and …"
    # an unknown schema member is left out, never `null`
    assert pick["inputSchema"] == {"type": "object", "properties": {"id": {"type": "string"}}}
    assert "1 registration whose tool is not known statically" in err  # show_…
    # A rule that needs the exact text stays silent: `show_…` is not a bad name.
    assert findings(tmp_path, "--select", "tool-name-format") == []


def test_methods_rest_omission_typed_parameters_and_fallback_getters(tmp_path: Path) -> None:
    write(
        tmp_path,
        {
            "src/factory.js": "export function createMove(game) {\n"
            '  return { name: "move", description: "Move.", execute: async () => game.move() };\n'
            "}\n",
            "src/registry.js": 'import { createMove } from "./factory.js";\n'
            "export class Registry {\n"
            "  start(game) { this.#provide([createMove(game)]); }\n"
            "  #provide(tools) {\n"
            "    for (const tool of tools) document.modelContext.registerTool(tool);\n"
            "  }\n"
            "}\n",
            "src/context.ts": "export function getModelContext() {\n"
            "  const fromDocument = document.modelContext;\n"
            "  if (fromDocument) return fromDocument;\n"
            "  return navigator.modelContext ?? null;\n"
            "}\n",
            "src/useWebMcpTool.ts": 'import { getModelContext } from "./context";\n'
            "export function useWebMcpTool(options) {\n"
            "  const { page, ...tool } = options;\n"
            "  getModelContext()?.registerTool(tool);\n"
            "}\n",
            "src/Board.ts": 'import { useWebMcpTool } from "./useWebMcpTool";\n'
            'useWebMcpTool({ name: "get_board", description: "The board.", page: "Board",'
            " execute: async () => ({}) });\n",
            "src/view.ts": "export function registerViewTools(mc: WebMCP.ModelContext) {\n"
            '  mc.registerTool({ name: "scroll", description: "Scroll.",'
            " execute: async () => ({}) });\n"
            "}\n",
        },
    )
    assert sorted(tools(tmp_path)) == [
        ("get_board", "src/Board.ts", 2),
        ("move", "src/factory.js", 2),
        ("scroll", "src/view.ts", 2),
    ]
    # `page` is the hook's own option, taken out before registering: not a tool member
    assert findings(tmp_path, "--select", "tool-unknown-member") == []


def test_the_resolution_corpus_project_lists_each_tool_as_registered() -> None:
    """tests/corpus/resolution-app (33 modules): names and places are checked by
    test_corpus; here what agents see of a few tools made across files."""
    root = Path(__file__).parent / "corpus" / "resolution-app"
    _, out, err = run(root, "tools", "--output-format", "json", ".")
    listed = {tool["name"]: tool for tool in json.loads(out)}
    assert len(listed) == 16
    assert "2 registrations whose tool is not known statically" in err
    assert listed["search_orders"]["description"] == (
        "Search the customer's orders by product name or order number."
    )
    # cartToolBase's schema (imported twice over) spread into the literal
    assert listed["add_to_cart"]["inputSchema"]["required"] == ["sku"]
    assert listed["add_to_cart"]["annotations"] == {"readOnlyHint": False}
    # imported constants filled in; an unknown one kept as a hole
    assert "within 30 days" in listed["return_order"]["description"]
    assert "price in the … shop" in listed["get_product_details"]["description"]
    # Object.keys of a same-module constant, in a factory's result
    assert listed["navigate_to"]["inputSchema"]["properties"]["page"]["enum"] == [
        "home",
        "cart",
        "orders",
        "returns",
        "help",
    ]


# -- threads (the language server lints in threads) ----------------------------------------


def test_a_module_another_thread_is_reading_is_not_a_cycle(tmp_path: Path) -> None:
    """Which modules are being read is per thread: one thread's load does not look like
    an import cycle to another (the language server lints documents in threads)."""
    import threading

    root = write(
        tmp_path,
        {
            "tools.js": 'export const tool = { name: "search", description: "Finds." };\n',
            "main.js": 'import { tool } from "./tools.js";\n'
            "document.modelContext.registerTool(tool);\n",
        },
    )
    linking.forget()
    path = os.path.realpath(root / "tools.js")
    reading, done = threading.Event(), threading.Event()

    def reader() -> None:
        linking._CHAIN.loading.add(path)  # this thread is in the middle of reading it
        reading.set()
        done.wait(30)

    thread = threading.Thread(target=reader)
    thread.start()
    try:
        assert reading.wait(30)
        linker = linking.ProjectLinker(str(root / "main.js"))
        assert linker.module(path) is not None
    finally:
        done.set()
        thread.join()


def test_linting_in_threads_finds_what_one_thread_finds(tmp_path: Path) -> None:
    """Modules read by one thread are shared with the others (one cache of modules, their
    scripts' resolvers and evaluators): threads linting at once see the same tools."""
    from concurrent.futures import ThreadPoolExecutor

    files = {
        f"tools{i}.js": f'export const tool{i} = {{ name: "t{i}", description: "Tool {i}." }};\n'
        for i in range(6)
    }
    imports = "".join(f'import {{ tool{i} }} from "./tools{i}.js";\n' for i in range(6))
    files["main.js"] = (
        imports + "for (const t of [" + ", ".join(f"tool{i}" for i in range(6)) + "]) "
        "document.modelContext.registerTool(t);\n"
    )
    root = write(tmp_path, files)
    settings = Settings(root=root)

    def lint_main() -> list[tuple[str, str, int]]:
        tasks = [
            pipeline.Task(root / name, name, settings, collect_tools=True, follow=True)
            for name in sorted(files)
        ]
        results = engine.run(tasks, jobs=1)
        return sorted((t["name"], t["path"], t["line"]) for r in results for t in r.tools)

    linking.forget()
    alone = lint_main()
    assert [name for name, _, _ in alone] == [f"t{i}" for i in range(6)]
    for _ in range(3):
        linking.forget()
        with ThreadPoolExecutor(4) as pool:
            found = list(pool.map(lambda _: lint_main(), range(8)))
        assert all(result == alone for result in found)
