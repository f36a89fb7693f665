"""Function facts across files: what an imported helper throws, fetches and changes is a
fact of the `execute` that calls it, reported at the call with the helper's file named
(`Related.path`, "file:line" in the message); bounded like same-file calls; and the
cache re-lints the caller when the helper changes."""

from __future__ import annotations

from pathlib import Path

from tests.test_linking import findings, run, write

REGISTER = 'import {{ {names} }} from "{module}";\n'

THROWING_API = """export async function loadOrder(id) {
  const res = await fetch(`/api/orders/${id}`);
  if (!res.ok) throw new Error(`order ${id}: ${res.status}`);
  return res.json();
}
"""


def tool(execute: str, name: str = "track_order", extra: str = "") -> str:
    return (
        "document.modelContext.registerTool({\n"
        f'  name: "{name}",\n'
        '  description: "Get the delivery status of an order.",\n'
        '  inputSchema: { type: "object", properties: {} },\n'
        f"{extra}"
        f"  {execute},\n"
        "});\n"
    )


def by_rule(found: list[dict[str, object]], rule: str) -> list[dict[str, object]]:
    return [f for f in found if f["rule"] == rule]


def test_a_throw_in_an_imported_helper_is_reported_at_the_call_naming_its_file(
    tmp_path: Path,
) -> None:
    write(
        tmp_path,
        {
            "src/api/orders.js": THROWING_API,
            "src/app.js": 'import { loadOrder } from "./api/orders";\n'
            + tool("async execute(input) { return loadOrder(input.id); }"),
        },
    )
    [finding] = by_rule(findings(tmp_path), "execute-no-throw")
    assert (finding["path"], finding["line"], finding["column"]) == ("src/app.js", 6, 33)
    assert "`loadOrder()` can throw (src/api/orders.js:3)" in str(finding["message"])
    [related] = finding["related"]  # type: ignore[misc]
    assert related == {
        "message": "thrown here",
        "path": "src/api/orders.js",
        "line": 3,
        "column": 16,
        "end_line": 3,
        "end_column": 62,
    }


def test_a_same_file_helper_still_says_line_n(tmp_path: Path) -> None:
    write(
        tmp_path,
        {
            "src/app.js": THROWING_API
            + tool("async execute(input) { return loadOrder(input.id); }"),
        },
    )
    [finding] = by_rule(findings(tmp_path), "execute-no-throw")
    assert "`loadOrder()` can throw (line 3)" in str(finding["message"])
    [related] = finding["related"]  # type: ignore[misc]
    assert (related["path"], related["line"]) == ("src/app.js", 3)


def test_namespace_imports_re_exports_and_aliases_reach_the_helper(tmp_path: Path) -> None:
    write(
        tmp_path,
        {
            "tsconfig.json": '{"compilerOptions": {"baseUrl": ".", "paths": {"@/*": ["src/*"]}}}',
            "src/api/orders.ts": THROWING_API,
            "src/api/index.ts": 'export * from "./orders";\n',
            "src/app.ts": 'import * as api from "@/api";\n'
            + tool("async execute(input) { return api.loadOrder(input.id); }"),
        },
    )
    [finding] = by_rule(findings(tmp_path), "execute-no-throw")
    assert finding["path"] == "src/app.ts"
    assert "`api.loadOrder()` can throw (src/api/orders.ts:3)" in str(finding["message"])
    assert finding["related"][0]["path"] == "src/api/orders.ts"  # type: ignore[index]


def test_a_method_of_an_imported_instance_is_followed(tmp_path: Path) -> None:
    write(
        tmp_path,
        {
            "src/client.ts": "export class Api {\n"
            "  async get(path: string, signal?: AbortSignal) {\n"
            "    const res = await fetch(path, { signal });\n"
            "    if (!res.ok) throw new Error(`GET ${path}`);\n"
            "    return res.json();\n"
            "  }\n"
            "  async save(path: string, body: unknown) {\n"
            '    await fetch(path, { method: "PUT", body: JSON.stringify(body) });\n'
            "  }\n"
            "}\n"
            "export const api = new Api();\n",
            "src/app.ts": 'import { api } from "./client";\n'
            + tool(
                "async execute(input) { await api.save('/x', input); return api.get('/x'); }",
                name="get_order",
                extra="  annotations: { readOnlyHint: true },\n",
            ),
        },
    )
    found = findings(tmp_path)
    [thrown] = by_rule(found, "execute-no-throw")
    assert "`api.get()` can throw (src/client.ts:4)" in str(thrown["message"])
    [conflict] = by_rule(found, "annotation-conflict")
    assert "sends a PUT request (in `api.save`)" in str(conflict["message"])
    # `api.save` fetches without a signal; `api.get` takes one and is not given it.
    unsignalled = by_rule(found, "execute-forward-signal")
    assert sorted(
        (f["line"], f["related"][0]["path"], f["related"][0]["line"])  # type: ignore[index]
        for f in unsignalled
    ) == [(7, "src/client.ts", 3), (7, "src/client.ts", 8)]


def test_a_read_only_tool_whose_imported_helper_writes_is_not_called_read_only(
    tmp_path: Path,
) -> None:
    files = {
        "src/store.js": "export function loadNotes() {\n"
        '  localStorage.setItem("seen", "1");\n'
        '  return JSON.parse(localStorage.getItem("notes") || "[]");\n'
        "}\n",
        "src/app.js": 'import { loadNotes } from "./store";\n'
        + tool("execute() { return { notes: loadNotes() }; }", name="get_notes"),
    }
    write(tmp_path, files)
    assert by_rule(findings(tmp_path), "read-only-hint") == []
    (tmp_path / "src/store.js").write_text(
        'export function loadNotes() {\n  return JSON.parse(localStorage.getItem("notes") || "[]");\n}\n'
    )
    assert len(by_rule(findings(tmp_path, "--no-cache"), "read-only-hint")) == 1


def test_packages_and_unresolvable_imports_give_no_finding(tmp_path: Path) -> None:
    write(
        tmp_path,
        {
            "src/app.js": 'import { loadOrder } from "orders-sdk";\n'
            'import { other } from "./missing";\n'
            + tool(
                "async execute(input) { await other(input); return loadOrder(input.id); }",
            ),
        },
    )
    assert by_rule(findings(tmp_path), "execute-no-throw") == []
    assert by_rule(findings(tmp_path), "execute-forward-signal") == []


def test_a_chain_of_modules_deeper_than_the_call_depth_gives_no_finding(tmp_path: Path) -> None:
    files = {
        "src/m4.js": "export function f4() { throw new Error('deep'); }\n",
        "src/m3.js": 'import { f4 } from "./m4";\nexport function f3() { f4(); }\n',
        "src/m2.js": 'import { f3 } from "./m3";\nexport function f2() { f3(); }\n',
        "src/m1.js": 'import { f2 } from "./m2";\nexport function f1() { f2(); }\n',
        "src/app.js": 'import { f1 } from "./m1";\n' + tool("execute() { f1(); return {}; }"),
    }
    write(tmp_path, files)
    assert by_rule(findings(tmp_path), "execute-no-throw") == []
    # Three calls deep is in bounds: the same chain from f2 is reported, naming m4.js.
    (tmp_path / "src/app.js").write_text(
        'import { f2 } from "./m2";\n' + tool("execute() { f2(); return {}; }")
    )
    [finding] = by_rule(findings(tmp_path, "--no-cache"), "execute-no-throw")
    assert "(src/m4.js:1)" in str(finding["message"])


def test_modules_that_call_each_other_in_a_cycle_are_bounded(tmp_path: Path) -> None:
    write(
        tmp_path,
        {
            "src/a.js": 'import { b } from "./b";\n'
            "export function a(n) { if (n > 9) throw new Error('a'); return b(n + 1); }\n",
            "src/b.js": 'import { a } from "./a";\nexport function b(n) { return a(n + 1); }\n',
            "src/app.js": 'import { a } from "./a";\n'
            + tool("execute(input) { return { n: a(input.n) }; }"),
        },
    )
    [finding] = by_rule(findings(tmp_path), "execute-no-throw")
    assert "(src/a.js:2)" in str(finding["message"])


def test_editing_an_imported_helper_lints_its_caller_again(tmp_path: Path) -> None:
    write(
        tmp_path,
        {
            "webmcp-lint.toml": 'cache-dir = ".lint-cache"\n',
            "src/api/orders.js": THROWING_API,
            "src/app.js": 'import { loadOrder } from "./api/orders";\n'
            + tool("async execute(input) { return loadOrder(input.id); }"),
        },
    )
    assert len(by_rule(findings(tmp_path), "execute-no-throw")) == 1
    assert len(by_rule(findings(tmp_path), "execute-no-throw")) == 1  # from the cache
    helper = tmp_path / "src/api/orders.js"
    helper.write_text(
        THROWING_API.replace("  if (!res.ok) throw new Error(`order ${id}: ${res.status}`);\n", "")
    )
    assert by_rule(findings(tmp_path), "execute-no-throw") == []
    code, out, _ = run(tmp_path, "check", "--quiet", "--select", "execute-no-throw", ".")
    assert code == 0, out


# -- a signal the helper takes as a parameter -------------------------------------------

SIGNAL_API = """export async function getProduct(id, signal) {
  const res = await fetch(`/api/products/${id}`, { signal });
  return res.ok ? res.json() : null;
}
export async function getJson(url, init) {
  const res = await fetch(url, { credentials: "same-origin", ...init });
  return res.ok ? res.json() : null;
}
export async function viaOwn(url, init) {
  return fetch(url, init);
}
export async function reassigned(id, signal) {
  signal = signal ?? AbortSignal.timeout(5000);
  return fetch(`/api/products/${id}`, { signal });
}
"""


def signal_findings(tmp_path: Path, body: str) -> list[tuple[int, str]]:
    write(
        tmp_path,
        {
            "src/api.js": SIGNAL_API,
            "src/app.js": 'import { getProduct, getJson, viaOwn, reassigned } from "./api";\n'
            + tool(f"async execute(input, {{ signal }}) {{\n{body}\n  }}"),
        },
    )
    found = by_rule(findings(tmp_path, "--no-cache"), "execute-forward-signal")
    return [(int(str(f["line"])), str(f["related"][0]["path"])) for f in found]  # type: ignore[index]


def test_a_helper_whose_signal_parameter_is_not_given_fetches_without_it(tmp_path: Path) -> None:
    body = (
        "    const a = await getProduct(input.id);\n"  # line 7: no signal given
        "    const b = await getProduct(input.id, signal);\n"
        "    const c = await getProduct(input.id, input.signal);\n"  # unknown: no finding
        "    const d = await reassigned(input.id);\n"  # the helper makes its own: no finding
        "    return { a, b, c, d };"
    )
    assert signal_findings(tmp_path, body) == [(7, "src/api.js")]


def test_options_spread_into_the_init_are_followed_to_the_call(tmp_path: Path) -> None:
    body = (
        "    await getJson('/a');\n"  # line 7: nothing spread
        "    await getJson('/b', { method: 'POST', body: '{}' });\n"  # line 8: no signal in it
        "    await getJson('/c', { method: 'POST', signal });\n"
        "    await getJson('/d', input.init);\n"  # unknown: no finding
        "    await viaOwn('/e');\n"  # line 11: the init is the parameter itself
        "    await viaOwn('/f', { signal });\n"
        "    return {};"
    )
    assert signal_findings(tmp_path, body) == [
        (7, "src/api.js"),
        (8, "src/api.js"),
        (11, "src/api.js"),
    ]


def test_a_signal_parameter_passed_on_through_a_same_file_helper(tmp_path: Path) -> None:
    helpers = (
        "async function getProduct(id, signal) {\n"
        "  return (await fetch(`/api/products/${id}`, { signal })).json();\n"
        "}\n"
        "function load(id, s) { return getProduct(id, s); }\n"
    )
    write(
        tmp_path,
        {
            "app.js": helpers
            + tool(
                "async execute(input, { signal }) {\n"
                "    const given = await load(input.id, signal);\n"
                "    return { given, dropped: await load(input.id) };\n  }"
            )
        },
    )
    [finding] = by_rule(findings(tmp_path, "--no-cache"), "execute-forward-signal")
    assert (finding["line"], finding["column"]) == (11, 36)
    assert finding["related"][0]["line"] == 2  # type: ignore[index]


def test_a_parameter_typed_with_an_imported_class_runs_its_methods(tmp_path: Path) -> None:
    write(
        tmp_path,
        {
            "src/client.ts": "export class Api {\n"
            "  async get(path: string, signal?: AbortSignal) {\n"
            "    return (await fetch(path, { signal })).json();\n"
            "  }\n"
            "}\n"
            "export interface Store { get(path: string): Promise<unknown> }\n",
            "src/factory.ts": 'import type { Api, Store } from "./client";\n'
            "export function createSearch(api: Api, store: Store, other) {\n"
            "  return {\n"
            '    name: "search_orders",\n'
            '    description: "Search the orders by product name.",\n'
            '    inputSchema: { type: "object", properties: {} },\n'
            "    async execute(input) {\n"
            "      const a = await api.get('/orders');\n"  # line 8: the class's method
            "      const b = await store.get('/orders');\n"  # an interface: unknown
            "      const c = await other.get('/orders');\n"  # untyped: unknown
            "      return { a, b, c };\n"
            "    },\n"
            "  };\n"
            "}\n",
            "src/app.ts": 'import { createSearch } from "./factory";\n'
            "declare const api: any;\n"
            "document.modelContext.registerTool(createSearch(api, api, api));\n",
        },
    )
    found = by_rule(findings(tmp_path), "execute-forward-signal")
    assert [(f["path"], f["line"]) for f in found] == [("src/factory.ts", 8)]
    assert found[0]["related"][0]["path"] == "src/client.ts"  # type: ignore[index]


def test_an_awaited_call_with_type_arguments_is_followed(tmp_path: Path) -> None:
    """tree-sitter-typescript parses `await load<T>()` as a call of `await load`."""
    write(
        tmp_path,
        {
            "app.ts": "async function load<T>(): Promise<T> { throw new Error('no'); }\n"
            + tool("async execute() { const n = await load<number>(); return { n }; }"),
        },
    )
    [finding] = by_rule(findings(tmp_path, "--no-cache"), "execute-no-throw")
    assert str(finding["message"]).startswith("`load()` can throw (line 1)")
