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
    [unsignalled] = by_rule(found, "execute-forward-signal")
    assert unsignalled["line"] == 7
    assert unsignalled["related"][0]["path"] == "src/client.ts"  # type: ignore[index]
    assert unsignalled["related"][0]["line"] == 8  # type: ignore[index]


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
