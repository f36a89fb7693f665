"""`check --write-baseline` and `--baseline`: adopting webmcp-lint on a legacy code base.

The fixture `tests/fixtures/legacy-shop/` is written against the WebMCP API of early 2026
and has findings in every file; each test copies it and edits the copy.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.helpers import REPO, run_cli
from webmcp_lint.output import baseline

LEGACY = REPO / "tests" / "fixtures" / "legacy-shop"
# In the fixture, with the default rules (search_products, given to provideContext, is a
# tool: no readOnlyHint, no inputSchema).
FINDINGS = 10
SEARCH_CALL = 'await document.modelContext.executeTool(tool, JSON.stringify({ query: "shoes" }));'


@pytest.fixture
def shop(tmp_path: Path) -> Path:
    root = tmp_path / "shop"
    shutil.copytree(LEGACY, root)
    return root


def lint(
    shop: Path, *args: str | Path, cwd: Path | None = None
) -> subprocess.CompletedProcess[str]:
    return run_cli("check", "--output-format", "concise", *args, cwd=cwd or shop)


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_a_baseline_of_every_finding_leaves_nothing_to_report(shop: Path) -> None:
    assert len(lint(shop).stdout.splitlines()) == FINDINGS

    written = run_cli("check", "--write-baseline", "webmcp-lint-baseline.json", cwd=shop)
    assert written.returncode == 0, written.stderr
    assert written.stdout == (
        f"Wrote {FINDINGS} findings in 4 files to webmcp-lint-baseline.json.\n"
    )

    result = run_cli("check", "--baseline", "webmcp-lint-baseline.json", cwd=shop)
    assert result.returncode == 0, result.stdout
    assert result.stdout == (
        f"No problems found (4 files checked; {FINDINGS} in the baseline not shown).\n"
    )
    assert result.stderr == ""


def test_the_baseline_file_is_sorted_stable_and_keyed_without_line_numbers(shop: Path) -> None:
    run_cli("check", "--write-baseline", "baseline.json", cwd=shop)
    first = (shop / "baseline.json").read_text(encoding="utf-8")
    document = json.loads(first)
    assert document[baseline.FORMAT_KEY] == 1
    entries = document["findings"]
    assert len(entries) == FINDINGS
    assert set(entries[0]) == {"path", "rule", "line_hash", "occurrence", "message"}
    keys = [(e["path"], e["rule"], e["line_hash"], e["occurrence"]) for e in entries]
    assert keys == sorted(keys)
    # The two identical executeTool lines: one key, two occurrences.
    repeated = [e for e in entries if e["rule"] == "execute-tool-object-input"]
    assert [e["occurrence"] for e in repeated] == [0, 1]
    assert repeated[0]["line_hash"] == baseline.line_hash(SEARCH_CALL)
    assert {e["path"] for e in entries} == {
        "public/order.html",
        "src/agent-check.js",
        "src/tools/cart.js",
        "src/tools/search.js",
    }
    # Written again after an unrelated edit: the same bytes.
    edit(shop / "src" / "tools" / "cart.js", "// Cart tools", "// Cart tools\n\n// (lazy)")
    run_cli("check", "--write-baseline", "baseline.json", cwd=shop)
    assert (shop / "baseline.json").read_text(encoding="utf-8") == first


def test_an_edit_above_a_finding_keeps_it_baselined(shop: Path) -> None:
    run_cli("check", "--write-baseline", "baseline.json", cwd=shop)
    cart = shop / "src" / "tools" / "cart.js"
    edit(cart, "// Cart tools", "import { track } from './track.js';\n\n// Cart tools")
    edit(cart, "    async execute({ sku }) {", "    async execute({ sku }) {\n      track(sku);")
    result = lint(shop, "--baseline", "baseline.json")
    assert (result.returncode, result.stdout, result.stderr) == (0, "", "")


def test_a_new_finding_is_reported_and_fails(shop: Path) -> None:
    run_cli("check", "--write-baseline", "baseline.json", cwd=shop)
    edit(
        shop / "src" / "tools" / "search.js",
        "export function",
        "navigator.modelContext.registerTool(searchTool);\nexport function",
    )
    result = lint(shop, "--baseline", "baseline.json")
    assert result.returncode == 1
    assert result.stdout.splitlines() == [
        "src/tools/search.js:1:1: error [no-navigator-model-context] `navigator.modelContext` "
        "is undefined since Chrome 152, so this call throws a TypeError and the tools are never "
        "registered: use `document.modelContext`."
    ]


def test_one_more_copy_of_a_baselined_line_is_new(shop: Path) -> None:
    run_cli("check", "--write-baseline", "baseline.json", cwd=shop)
    edit(shop / "src" / "agent-check.js", SEARCH_CALL, f"{SEARCH_CALL}\n  {SEARCH_CALL}")
    result = lint(shop, "--baseline", "baseline.json")
    assert result.returncode == 1
    assert [line.split(" [")[1].split("]")[0] for line in result.stdout.splitlines()] == [
        "execute-tool-object-input"
    ]


def test_entries_that_match_nothing_any_more_are_a_note_not_a_failure(shop: Path) -> None:
    run_cli("check", "--write-baseline", "baseline.json", cwd=shop)
    edit(shop / "public" / "order.html", 'toolname="place order"', 'toolname="place_order"')
    # the right name, where Chromium fires it (on `window` it would be a new finding)
    edit(
        shop / "public" / "order.html",
        'window.addEventListener("toolcanceled"',
        'document.modelContext?.addEventListener("toolcancel"',
    )
    result = run_cli("check", "--baseline", "baseline.json", cwd=shop)
    assert result.returncode == 0
    assert result.stderr == (
        "webmcp-lint: note: 2 baseline entries in baseline.json match no finding any more "
        "(fixed, or the line changed); `--write-baseline baseline.json` drops them.\n"
    )
    # The fixed form now shows an info the baseline does not hold: reported, not failing.
    assert "info [form-param-description]" in result.stdout
    quiet = run_cli("check", "-q", "--baseline", "baseline.json", cwd=shop)
    assert (quiet.returncode, quiet.stderr) == (0, "")


def test_a_changed_line_is_new_and_its_old_entry_stale(shop: Path) -> None:
    run_cli("check", "--write-baseline", "baseline.json", cwd=shop)
    edit(shop / "src" / "tools" / "cart.js", '"add to cart"', '"add  to cart"')
    result = lint(shop, "--baseline", "baseline.json")
    assert result.returncode == 1
    assert "src/tools/cart.js:4:11: error [tool-name-format]" in result.stdout
    assert "note: 1 baseline entry in baseline.json match" in result.stderr


def test_only_files_checked_in_this_run_can_have_stale_entries(shop: Path) -> None:
    """pre-commit passes the changed files only: the entries of the others stay quiet."""
    run_cli("check", "--write-baseline", "baseline.json", cwd=shop)
    result = lint(shop, "--baseline", "baseline.json", "src/tools/search.js")
    assert (result.returncode, result.stdout, result.stderr) == (0, "", "")
    only_some = lint(shop, "--baseline", "baseline.json", "--select", "no-removed-api")
    assert (only_some.returncode, only_some.stderr) == (0, "")


def test_paths_are_relative_to_the_baseline_so_any_directory_can_run_it(shop: Path) -> None:
    run_cli("check", "--write-baseline", "baseline.json", cwd=shop)
    result = lint(shop, "--baseline", "../../baseline.json", ".", cwd=shop / "src" / "tools")
    assert (result.returncode, result.stdout, result.stderr) == (0, "", "")
    elsewhere = shop.parent / "baselines"
    elsewhere.mkdir()
    run_cli("check", "--write-baseline", elsewhere / "shop.json", cwd=shop)
    assert json.loads((elsewhere / "shop.json").read_text())["findings"][0]["path"].startswith(
        "../shop/"
    )
    assert lint(shop, "--baseline", elsewhere / "shop.json").stdout == ""


def test_fix_then_baseline_what_remains(shop: Path) -> None:
    written = run_cli("check", "--fix", "--write-baseline", "baseline.json", cwd=shop)
    assert written.returncode == 0
    # what --fix cannot fix, input-schema-param-description's `sku` included, the
    # renamed toolcancel listener, which is still on `window` (tool-event-target), and
    # search_products' missing readOnlyHint (an unsafe fix) and inputSchema
    assert written.stdout.startswith("Wrote 9 findings in 3 files to baseline.json.")
    assert "document.modelContext.registerTool" in (shop / "src" / "tools" / "cart.js").read_text()
    assert lint(shop, "--baseline", "baseline.json").returncode == 0


@pytest.mark.parametrize(
    ("content", "error"),
    [
        (None, "Error: --baseline: cannot read baseline.json: No such file or directory"),
        ("{", "Error: --baseline: baseline.json is not JSON: "),
        ('{"findings": []}', "is not a webmcp-lint baseline (version 1): write one with"),
        (
            '{"webmcp-lint-baseline": 1, "findings": [{"path": "a.js"}]}',
            "Error: --baseline: baseline.json: findings[0]: `rule` must be a str",
        ),
    ],
    ids=["missing", "not-json", "not-a-baseline", "bad-entry"],
)
def test_a_broken_baseline_is_a_usage_error(shop: Path, content: str | None, error: str) -> None:
    if content is not None:
        (shop / "baseline.json").write_text(content)
    result = run_cli("check", "--baseline", "baseline.json", cwd=shop)
    assert result.returncode == 2
    assert error in result.stderr
    assert result.stdout == ""


def test_write_baseline_and_diff_do_not_go_together(shop: Path) -> None:
    result = run_cli("check", "--diff", "--write-baseline", "b.json", cwd=shop)
    assert result.returncode == 2
    assert "Invalid value for '--write-baseline': --diff writes nothing" in result.stderr
    assert not (shop / "b.json").exists()


def test_a_baseline_write_that_fails_keeps_the_old_baseline_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    file = tmp_path / "webmcp-lint-baseline.json"
    file.write_text("the old baseline\n", encoding="utf-8")

    def interrupted(source: str, target: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("webmcp_lint.workspace.writing.os.replace", interrupted)
    with pytest.raises(baseline.BaselineError, match="No space left on device"):
        baseline.write(file, [])
    assert file.read_text(encoding="utf-8") == "the old baseline\n"
    assert [p.name for p in tmp_path.iterdir()] == [file.name]
