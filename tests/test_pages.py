"""The page pass (`webmcp_lint/run/page_pass.py`): page rules see the tools of several files, in
any order of workers, and land on one file whose suppressions and ignores apply."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers import lint_files, run_cli
from tests.sarif_validation import validate
from webmcp_lint.run import discover, pool

REGISTER = "document.modelContext.registerTool"
PAGE_RULES = ["tool-near-duplicate", "tool-name-consistent", "injection-triangle"]
# PAGE mixes snake_case and camelCase names on purpose: most tests leave naming out.
NOT_NAMING = ["tool-near-duplicate", "injection-triangle"]


def tool(name: str, extra: str = "") -> str:
    return f'{REGISTER}({{ name: "{name}", description: "Does it.",{extra} execute() {{}} }});\n'


REVIEWS = tool("get_reviews", " annotations: { readOnlyHint: true },")
ORDER = tool("place_order", " annotations: { consequentialHint: true },")
PAGE = {
    "index.html": '<script src="a.js"></script>\n<script src="b.js"></script>\n',
    "a.js": REVIEWS + tool("search_products"),
    "b.js": ORDER + tool("searchProducts"),
}


def found(files: dict[str, str], root: Path, config: dict | None = None, jobs: int = 1) -> list:  # type: ignore[type-arg]
    config = {"select": NOT_NAMING, **(config or {})}
    return [(d.path, d.line, d.rule) for d in lint_files(files, root, config, jobs)]


def test_the_same_findings_with_one_worker_or_two(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    files = {
        f"f{index:03}.js": tool(f"search_item_{index}") for index in range(pool.PARALLEL_THRESHOLD)
    }
    files["z/late.js"] = tool("searchItem1") + tool("addToCart")
    files["a/early.js"] = tool("search-item-2")
    one = lint_files(files, tmp_path, {"select": PAGE_RULES}, jobs=1)
    two = lint_files(files, tmp_path, {"select": PAGE_RULES}, jobs=2)
    assert one == two
    # Each on the first tool of its group in path order, wherever the tools came from.
    assert [(d.path, d.rule, d.message.split(" are ")[0]) for d in one] == [
        (
            "a/early.js",
            "tool-name-consistent",
            '"search-item-2" is kebab-case, but 64 of the 67 tool names in the project at ./',
        ),
        (
            "a/early.js",
            "tool-near-duplicate",
            '"search-item-2" and "search_item_2" in the project at ./',
        ),
        (
            "f001.js",
            "tool-near-duplicate",
            '"search_item_1" and "searchItem1" in the project at ./',
        ),
    ]


def test_an_html_page_without_webmcp_code_still_gathers_its_scripts(tmp_path: Path) -> None:
    assert found(PAGE, tmp_path) == [
        ("a.js", 1, "injection-triangle"),
        ("a.js", 2, "tool-near-duplicate"),
    ]


def test_a_suppression_of_a_page_rule_on_a_tool_is_used(tmp_path: Path) -> None:
    files = {
        **PAGE,
        "a.js": "// webmcp-lint-disable-next-line injection-triangle\n"
        + PAGE["a.js"]
        + "// webmcp-lint-disable-next-line tool-near-duplicate\nconst x = 1;\n",
    }
    config = {"select": [*NOT_NAMING, "unused-suppression"]}
    assert found(files, tmp_path, config) == [
        ("a.js", 3, "tool-near-duplicate"),
        ("a.js", 4, "unused-suppression"),  # it covers no tool
    ]


def test_a_suppression_of_a_page_rule_is_used_only_when_it_suppressed_a_finding(
    tmp_path: Path,
) -> None:
    """Covering a tool is not enough: the page pass must have dropped a finding there."""
    files = {
        **PAGE,
        "a.js": "// webmcp-lint-disable-next-line injection-triangle, tool-near-duplicate\n"
        + REVIEWS
        + "// webmcp-lint-disable-next-line tool-near-duplicate\n"
        + tool("search_products")
        + "// webmcp-lint-disable-next-line\n"
        + tool("get_opening_hours", " annotations: { readOnlyHint: true },"),
    }
    config = {"select": [*NOT_NAMING, "unused-suppression"]}
    findings = lint_files(files, tmp_path, config)
    assert [(d.path, d.line, d.rule, d.message) for d in findings] == [
        (
            "a.js",
            1,
            "unused-suppression",
            "This suppression of `tool-near-duplicate` suppresses nothing: remove it.",
        ),
        ("a.js", 5, "unused-suppression", "This suppression suppresses nothing: remove it."),
    ]
    # The same run from the cache, and with two workers.
    write(tmp_path, files)
    (tmp_path / "webmcp-lint.toml").write_text(
        'select = ["tool-near-duplicate", "injection-triangle", "unused-suppression"]\n',
        encoding="utf-8",
    )
    cached = {"WEBMCP_LINT_NO_CACHE": ""}
    runs = [
        run_cli("check", "--output-format", "concise", *extra, ".", cwd=tmp_path, env=cached)
        for extra in ((), (), ("--no-cache", "-j", "2"))
    ]
    assert (tmp_path / ".webmcp-lint-cache").is_dir()
    assert runs[0].stdout == runs[1].stdout == runs[2].stdout
    runs = [run.stdout for run in runs]
    assert runs[0].count("unused-suppression") == 2, runs[0]


def test_per_file_ignores_of_the_file_it_lands_in_apply(tmp_path: Path) -> None:
    config = {"per-file-ignores": {"a.js": ["tool-near-duplicate"]}}
    assert found(PAGE, tmp_path, config) == [("a.js", 1, "injection-triangle")]


def test_a_configured_severity_applies(tmp_path: Path) -> None:
    config = {"severity": {"tool-near-duplicate": "error"}}
    severities = {
        d.rule: d.severity for d in lint_files(PAGE, tmp_path, {"select": NOT_NAMING, **config})
    }
    assert severities == {"tool-near-duplicate": "error", "injection-triangle": "warning"}


def write(root: Path, files: dict[str, str]) -> None:
    for name, code in files.items():
        (root / name).write_text(code, encoding="utf-8")


def test_related_locations_in_another_file_in_every_format(tmp_path: Path) -> None:
    write(tmp_path, PAGE)
    select = ("--select", "tool-near-duplicate")
    text = run_cli("check", *select, ".", cwd=tmp_path).stdout
    assert '= near duplicate "searchProducts" (b.js:2:44)' in text
    listed = json.loads(
        run_cli("check", *select, "--output-format", "json", ".", cwd=tmp_path).stdout
    )
    assert [(f["path"], f["related"][0]["path"], f["related"][0]["line"]) for f in listed] == [
        ("a.js", "b.js", 2)
    ]
    rdjson = json.loads(
        run_cli("check", *select, "--output-format", "rdjson", ".", cwd=tmp_path).stdout
    )
    (item,) = rdjson["diagnostics"]
    assert item["related_locations"][0]["location"]["path"] == "b.js"
    log = validate(run_cli("check", *select, "--output-format", "sarif", ".", cwd=tmp_path).stdout)
    (result,) = log["runs"][0]["results"]
    related = result["relatedLocations"][0]["physicalLocation"]
    assert related["artifactLocation"]["uri"].endswith("b.js")
    assert related["region"]["startLine"] == 2


def test_check_fix_reports_page_findings_too(tmp_path: Path) -> None:
    write(tmp_path, PAGE)
    result = run_cli("check", "--fix", "--select", "tool-near-duplicate", ".", cwd=tmp_path)
    assert "a.js:2:44: warning [tool-near-duplicate]" in result.stdout


def test_a_script_two_pages_load_gets_one_finding(tmp_path: Path) -> None:
    files = {
        "shop.html": '<script src="tools.js"></script>\n',
        "help.html": '<script src="tools.js"></script>\n',
        "tools.js": tool("search_products") + tool("searchProducts"),
    }
    found = lint_files(files, tmp_path, {"select": ["tool-near-duplicate"]})
    assert [(d.path, d.line) for d in found] == [("tools.js", 1)]
    assert "on the page help.html" in found[0].message  # the first page by path


def test_a_finding_keeps_at_most_twenty_related_locations(tmp_path: Path) -> None:
    word = "searchproducts"
    names = [word[:k] + joint + word[k:] for joint in "_-" for k in range(1, len(word))]
    found = lint_files(
        {"a.js": "".join(tool(name) for name in names)},
        tmp_path,
        {"select": ["tool-near-duplicate"]},
    )
    (finding,) = found
    assert len(names) == 26
    assert [r.located.line for r in finding.related] == list(range(2, 22))


def test_a_package_added_while_the_language_server_runs_makes_a_new_project(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The project of each directory is kept for the run: a project change the language
    # server sees (`forget_changed_projects`, on each lint) drops it with the others.
    monkeypatch.chdir(tmp_path)
    files = {"app/a.js": tool("searchItems") + tool("add_to_cart") + tool("remove_from_cart")}
    config = {"select": ["tool-name-consistent"]}

    def project_named() -> str:
        [finding] = lint_files(files, tmp_path, config)
        return finding.message.split(" in the project at ")[1].split()[0]

    assert not discover.forget_changed_projects(tmp_path / "app")
    assert project_named() == "./"
    assert project_named() == "./"
    (tmp_path / "app" / "package.json").write_text("{}", encoding="utf-8")
    assert discover.forget_changed_projects(tmp_path / "app")
    assert project_named() == "app/"
