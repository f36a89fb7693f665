"""`webmcp-lint tools -o FILE` and `tools --check FILE`: the tool contract in review."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from tests.helpers import run_cli
from webmcp_lint.output.contract import differences

SEARCH = """\
document.modelContext.registerTool({
  name: "search_products",
  description: "Finds products by keyword.",
  inputSchema: {
    type: "object",
    properties: { query: { type: "string", description: "Keywords" } },
    required: ["query"],
  },
  annotations: { readOnlyHint: true },
  execute: search,
});
"""
CART = """\
document.modelContext.registerTool({
  name: "add_to_cart",
  description: "Adds a product to the cart.",
  execute: add,
});
"""
FORM = (
    '<form toolname="subscribe" tooldescription="Subscribes to the newsletter.">'
    '<input name="email" toolparamdescription="Email address"></form>\n'
)


@pytest.fixture
def site(tmp_path: Path) -> Path:
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "search.js").write_text(SEARCH)
    (tmp_path / "src" / "cart.js").write_text(CART)
    (tmp_path / "index.html").write_text(FORM)
    written = run_cli("tools", "-o", "webmcp-tools.json", cwd=tmp_path)
    assert (written.returncode, written.stdout) == (0, "")
    return tmp_path


def check(site: Path) -> subprocess.CompletedProcess[str]:
    return run_cli("tools", "--check", "webmcp-tools.json", cwd=site)


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


def test_the_manifest_file_is_what_tools_prints(site: Path) -> None:
    printed = run_cli("tools", cwd=site).stdout
    assert (site / "webmcp-tools.json").read_text() == printed
    assert [t["name"] for t in json.loads(printed)] == [
        "subscribe",
        "add_to_cart",
        "search_products",
    ]


def test_the_same_tools_pass_also_when_they_moved(site: Path) -> None:
    result = check(site)
    assert (result.returncode, result.stdout) == (
        0,
        "The tool contract matches webmcp-tools.json: 3 tools.\n",
    )
    edit(site / "src" / "search.js", "document", "import { search } from './api.js';\n\ndocument")
    (site / "src" / "cart.js").rename(site / "cart.js")
    assert check(site).returncode == 0


def test_an_added_and_a_removed_tool_fail_with_a_readable_diff(site: Path) -> None:
    (site / "src" / "cart.js").unlink()
    (site / "src" / "orders.js").write_text(CART.replace("add_to_cart", "list_orders"))
    result = check(site)
    assert result.returncode == 1
    assert result.stdout == (
        "The tools differ from webmcp-tools.json:\n"
        "  removed: `add_to_cart`\n"
        "  added: `list_orders` (src/orders.js:2)\n"
        "If the change is intended, update the manifest: webmcp-lint tools -o webmcp-tools.json\n"
    )


def test_a_changed_description_schema_or_annotation_is_listed_by_its_path(site: Path) -> None:
    search = site / "src" / "search.js"
    edit(search, "Finds products by keyword.", "Finds products by keyword or SKU.")
    edit(search, 'required: ["query"],', 'required: ["query"],\n    additionalProperties: false,')
    edit(search, "readOnlyHint: true", "readOnlyHint: false")
    edit(site / "index.html", "Email address", "Your email address")
    result = check(site)
    assert result.returncode == 1
    assert result.stdout.splitlines()[1:-1] == [
        "  changed: `search_products` (src/search.js:2)",
        "      annotations.readOnlyHint: true -> false",
        '      description: "Finds products by keyword." -> "Finds products by keyword or SKU."',
        "      inputSchema.additionalProperties: (absent) -> false",
        "  changed: `subscribe` (index.html:1)",
        '      inputSchema.properties.email.description: "Email address" -> "Your email address"',
    ]


def test_the_output_schema_is_part_of_the_contract(site: Path) -> None:
    """Chrome 159 hands `outputSchema` to agents: the manifest carries it, a change of it
    is listed by its path, and a manifest written before it existed still matches code
    without one."""
    search = site / "src" / "search.js"
    edit(
        search,
        "  annotations:",
        '  outputSchema: { type: "object", properties: { results: { type: "array" } } },\n'
        "  annotations:",
    )
    result = check(site)
    assert result.stdout.splitlines()[1:-1] == [
        "  changed: `search_products` (src/search.js:2)",
        '      outputSchema: null -> {"type": "object", "properties": {"results": {"type": "array"}}}',
    ]
    run_cli("tools", "-o", "webmcp-tools.json", cwd=site)
    [listed] = [
        t
        for t in json.loads((site / "webmcp-tools.json").read_text())
        if t["name"] == "search_products"
    ]
    assert listed["outputSchema"] == {
        "type": "object",
        "properties": {"results": {"type": "array"}},
    }
    edit(search, '{ results: { type: "array" } }', '{ results: { type: "array", maxItems: 20 } }')
    assert check(site).stdout.splitlines()[2] == (
        "      outputSchema.properties.results.maxItems: (absent) -> 20"
    )
    # A manifest without the key (written by an older webmcp-lint) matches code without one.
    old = [
        {k: v for k, v in t.items() if k != "outputSchema"}
        for t in json.loads(run_cli("tools", cwd=site).stdout)
    ]
    assert differences(old, [{**t, "outputSchema": None} for t in old]) == []


def test_a_broken_manifest_is_a_usage_error(tmp_path: Path) -> None:
    (tmp_path / "t.js").write_text(CART)
    missing = run_cli("tools", "--check", "nope.json", cwd=tmp_path)
    assert missing.returncode == 2
    assert "Error: --check: cannot read nope.json: No such file or directory" in missing.stderr
    (tmp_path / "m.json").write_text('{"tools": []}')
    wrong = run_cli("tools", "--check", "m.json", cwd=tmp_path)
    assert wrong.returncode == 2
    assert "is not a tool manifest" in wrong.stderr


def test_tools_of_one_name_are_compared_as_a_group() -> None:
    form = {"name": "subscribe", "description": "Subscribes.", "path": "a.html", "line": 1}
    other_page = {**form, "path": "b.html"}
    assert differences([form, other_page], [other_page, form]) == []
    assert differences([form], [form, other_page]) == [
        "changed: `subscribe`: the manifest has 1 and the code 2 tools of that name "
        "(a.html:1, b.html:1), and they differ"
    ]
    unknown = {"name": None, "description": "d", "path": "c.js", "line": 3}
    assert differences([], [unknown]) == [
        "added: a tool whose name is not known statically (c.js:3)"
    ]
