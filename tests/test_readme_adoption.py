"""The documentation's "Adopting it on an existing code base", run as written.

Every command of the `sh` blocks of `docs/adopting.md` runs, in order, on a copy of the
legacy code base `tests/fixtures/legacy-shop/`, and what the page quotes (the summary
line, a baseline entry, the stale note, the tool contract's output) must be what
webmcp-lint prints.
"""

from __future__ import annotations

import json
import re
import shlex
import shutil
import subprocess
from pathlib import Path

import yaml

from tests.helpers import REPO, run_cli

ADOPTING = (REPO / "docs" / "adopting.md").read_text(encoding="utf-8")
LEGACY = REPO / "tests" / "fixtures" / "legacy-shop"


def section(heading: str) -> str:
    start = ADOPTING.index(f"\n## {heading}\n")
    end = ADOPTING.find("\n## ", start + 1)
    return ADOPTING[start : end if end > 0 else len(ADOPTING)]


def blocks(text: str, language: str) -> list[str]:
    return re.findall(rf"^```{language}\n(.*?)^```$", text, re.M | re.S)


def commands(text: str) -> list[list[str]]:
    """The commands of the section's `sh` blocks, comments left out."""
    found = []
    for block in blocks(text, "sh"):
        for line in block.splitlines():
            words = shlex.split(line, comments=True)
            if words:
                assert words[0] == "webmcp-lint", line
                found.append(words[1:])
    return found


def run(words: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return run_cli(*words, cwd=cwd)


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_adopting_it_on_the_legacy_shop_as_the_docs_say(tmp_path: Path) -> None:
    shop = tmp_path / "shop"
    shutil.copytree(LEGACY, shop)
    cart = shop / "src" / "tools" / "cart.js"

    # -- Fixes ------------------------------------------------------------------------
    fixes = section("Fixes")
    quoted = re.search(r"``(\[\*\] .*?)``", fixes, re.S)
    assert quoted is not None
    summary = " ".join(quoted.group(1).split())
    assert summary in run(["check", "."], shop).stdout.splitlines()

    diff, fix, unsafe = commands(fixes)
    before = cart.read_text()
    shown = run(diff, shop)
    assert shown.returncode == 1
    assert "--- src/tools/cart.js\n+++ src/tools/cart.js\n" in shown.stdout
    assert cart.read_text() == before  # writes nothing

    fixed = run(fix, shop)
    assert "Fixed 6 problems." in fixed.stdout
    assert "document.modelContext.registerTool" in cart.read_text()
    assert "unregisterTool" in cart.read_text()  # unsafe: left for --unsafe-fixes

    fixed_unsafe = run(unsafe, shop)
    assert "Fixed 1 problem." in fixed_unsafe.stdout
    assert "controller.abort();" in cart.read_text()

    # -- A baseline ---------------------------------------------------------------------
    text = section("A baseline")
    write, use = commands(text)
    written = run(write, shop)
    assert written.returncode == 0
    assert written.stdout.startswith("Wrote 6 findings in 3 files to webmcp-lint-baseline.json.")
    baseline_file = shop / "webmcp-lint-baseline.json"
    (example,) = [json.loads(block) for block in blocks(text, "json")]
    (entry,) = example["findings"]
    assert entry in json.loads(baseline_file.read_text())["findings"]

    clean = run(use, shop)
    assert clean.returncode == 0
    assert "6 in the baseline not shown" in clean.stdout
    assert "`6 in the baseline not shown`" in text

    # Two findings fixed by hand: their entries are stale, a note and no failure.
    edit(cart, '"add to cart"', '"add_to_cart"')
    edit(shop / "public" / "order.html", 'toolname="place order"', 'toolname="place_order"')
    stale = run(use, shop)
    note = re.search(r"`(webmcp-lint: note: .*?) \.\.\.`", text, re.S)
    assert note is not None
    assert stale.stderr.startswith(" ".join(note.group(1).split()))
    assert stale.returncode == 0

    # A new finding fails.
    edit(cart, "export function", "navigator.modelContext.registerTool(extra);\nexport function")
    assert run(use, shop).returncode == 1

    # -- The tool contract -----------------------------------------------------------------
    text = section("The tool contract")
    write_manifest, check = commands(text)
    edit(cart, "navigator.modelContext.registerTool(extra);\n", "")
    assert run(write_manifest, shop).returncode == 0
    assert run(check, shop).returncode == 0
    # The cart tool changes, and the search tool moves from provideContext to registerTool.
    edit(cart, '"Adds a product to the cart."', '"Adds one product to the cart by its SKU."')
    edit(
        cart,
        'properties: { sku: { type: "string" } },',
        'properties: { sku: { type: "string" } },\n      required: ["sku"],',
    )
    search = shop / "src" / "tools" / "search.js"
    edit(search, "provideContext({\n    tools: [\n      {", "registerTool(\n      {")
    edit(search, "      },\n    ],\n  });", "      },\n  );")
    differs = run(check, shop)
    assert differs.returncode == 1
    (expected,) = blocks(text, "text")
    assert differs.stdout == expected


def test_the_documented_hook_ids_and_action_inputs_exist() -> None:
    hooks = {h["id"] for h in yaml.safe_load((REPO / ".pre-commit-hooks.yaml").read_text())}
    pre_commit = (REPO / "docs" / "pre-commit.md").read_text(encoding="utf-8")
    shown = set(re.findall(r"^\s+- id: ([\w-]+)", pre_commit, re.M))
    assert shown == hooks
    action = yaml.safe_load((REPO / "action.yml").read_text())
    table = (REPO / "docs" / "github-action.md").read_text(encoding="utf-8")
    for name in action["inputs"]:
        assert f"\n| `{name}` |" in table, name
