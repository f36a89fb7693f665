"""`--output-format sarif`: valid SARIF 2.1.0 that GitHub code scanning accepts as is."""

from __future__ import annotations

import gzip
import json
import re
import subprocess
from pathlib import Path
from typing import Any

import pytest
import sarif_om

from tests.helpers import REPO, run_cli
from tests.sarif_validation import validate
from webmcp_lint.checks.live import LIVE_RULES
from webmcp_lint.diagnostics import Diagnostic, Location
from webmcp_lint.diagnostics.fingerprints import line_hashes
from webmcp_lint.output import render, sarif_format
from webmcp_lint.output.report import Report
from webmcp_lint.registry import Rule, rule_from_page, rules

FAULTY = """\
// Registers the catalog tools.
navigator.modelContext.registerTool({
  name: "search products",
  description: "Finds products in the catalog.",
  annotations: { readonlyHint: true },
  execute: async () => ({ results: [] }),
});
"""


def sarif(*args: str | Path, cwd: Path, code: int = 1) -> dict[str, Any]:
    result = run_cli("check", "--output-format", "sarif", *args, cwd=cwd)
    assert result.returncode == code, result.stderr
    return validate(result.stdout)


def results(log: dict[str, Any]) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = log["runs"][0]["results"]
    return found


def region(result: dict[str, Any]) -> dict[str, int]:
    found: dict[str, int] = result["locations"][0]["physicalLocation"]["region"]
    return found


def uri(result: dict[str, Any]) -> str:
    found: str = result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
    return found


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    return tmp_path


# -- the files the project ships --------------------------------------------------------


def test_bundled_examples_validate() -> None:
    log = sarif("examples", cwd=REPO)
    found = results(log)
    # The live rules show only in a browser (`verify`): tests/browser/test_live.py
    # validates their SARIF, on the examples too.
    assert {r["ruleId"] for r in found} == set(rules()) - LIVE_RULES
    assert all(uri(r).startswith("examples/faulty/") for r in found)
    size = len(json.dumps(log))
    assert size < 1_000_000, size


def test_every_bad_example_of_every_rule_page_validates(tmp_path: Path) -> None:
    for rule in rules().values():
        for number, example in enumerate(rule.examples()):
            if example.role == "bad":
                target = tmp_path / rule.id / str(number) / example.filename
                target.parent.mkdir(parents=True)
                target.write_text(example.code, encoding="utf-8")
                # Each example is a project of its own: page rules do not join them.
                (target.parent / "package.json").write_text("{}", encoding="utf-8")
    # The opt-in categories' rules run only when selected.
    (tmp_path / "webmcp-lint.toml").write_text('extend-select = ["portability"]\n')
    found = results(sarif(".", cwd=tmp_path))
    # A project-scope rule's example needs its project (a tsconfig.json beside it), which
    # is in tests/fixtures, not in the example: tests/test_rule_pages.py runs it there.
    with_examples = {
        r.id
        for r in rules().values()
        if r.scope == "file" and any(e.role == "bad" for e in r.examples())
        if r.id not in LIVE_RULES
    }
    assert {r["ruleId"] for r in found} >= with_examples


def test_clean_run_has_an_empty_results_list(tmp_path: Path) -> None:
    (tmp_path / "plain.js").write_text("document.title = 'modelContext';\n")
    log = sarif(".", cwd=tmp_path, code=0)
    assert results(log) == []
    assert log["runs"][0]["invocations"] == [
        {"executionSuccessful": True, "properties": {"filesChecked": 1, "filesSkipped": 0}}
    ]


def test_config_error_is_a_tool_configuration_notification(tmp_path: Path) -> None:
    (tmp_path / "webmcp-lint.toml").write_text('select = ["no-such-rule"]\n')
    (tmp_path / "tool.js").write_text(FAULTY)
    log = sarif(".", cwd=tmp_path, code=2)
    (invocation,) = log["runs"][0]["invocations"]
    assert invocation["executionSuccessful"] is False
    (notification,) = invocation["toolConfigurationNotifications"]
    assert notification["level"] == "error"
    assert "no-such-rule" in notification["message"]["text"]
    assert results(log) == []


# -- results ----------------------------------------------------------------------------


def test_result_has_rule_level_message_region_and_fingerprint(repo: Path) -> None:
    (repo / "tool.js").write_text(FAULTY)
    log = sarif("tool.js", cwd=repo)
    by_rule = {r["ruleId"]: r for r in results(log)}
    name = by_rule["tool-name-format"]
    assert name["level"] == "error"
    assert name["message"]["text"].startswith('Tool name "search products" contains')
    assert uri(name) == "tool.js"
    assert name["locations"][0]["physicalLocation"]["artifactLocation"]["uriBaseId"] == "%SRCROOT%"
    # `"search products"` on line 3, columns 9 to 25; endColumn is exclusive.
    assert region(name) == {"startLine": 3, "startColumn": 9, "endLine": 3, "endColumn": 26}
    assert name["partialFingerprints"]["primaryLocationLineHash"] == line_hashes(FAULTY, [3])[3]
    rules_list = log["runs"][0]["tool"]["driver"]["rules"]
    assert rules_list[name["ruleIndex"]]["id"] == "tool-name-format"
    assert log["runs"][0]["originalUriBaseIds"]["%SRCROOT%"]["uri"] == repo.resolve().as_uri() + "/"


def test_levels_are_explicit_even_when_they_equal_the_sarif_default(repo: Path) -> None:
    (repo / "tool.js").write_text(FAULTY)
    (repo / "webmcp-lint.toml").write_text('[severity]\ntool-name-format = "info"\n')
    result = run_cli("check", "--output-format", "sarif", "tool.js", cwd=repo)
    levels = {r["ruleId"]: r["level"] for r in results(validate(result.stdout))}
    assert levels["annotation-unknown"] == "warning"  # dropped by jschema_to_python
    assert levels["tool-name-format"] == "note"  # info
    assert levels["no-navigator-model-context"] == "error"
    assert result.stdout.count('"level": "warning"') >= 2  # the rule default and the result


def test_columns_count_unicode_code_points(repo: Path) -> None:
    (repo / "tool.js").write_text(FAULTY.replace('name: "search', 'name: /* 🔎é */ "search'))
    name = next(r for r in results(sarif("tool.js", cwd=repo)) if r["ruleId"] == "tool-name-format")
    # 9 + len("/* 🔎é */ ") = 18: the emoji is one column, not two UTF-16 units or four bytes.
    assert region(name)["startColumn"] == 18


def test_uri_is_repository_relative_and_percent_encoded(repo: Path) -> None:
    folder = repo / "web app" / "src"
    folder.mkdir(parents=True)
    (folder / "tööls #1.js").write_text(FAULTY)
    log = sarif(".", cwd=folder)  # run from a subdirectory
    assert {uri(r) for r in results(log)} == {"web%20app/src/t%C3%B6%C3%B6ls%20%231.js"}
    assert log["runs"][0]["originalUriBaseIds"]["%SRCROOT%"]["uri"] == repo.resolve().as_uri() + "/"


def test_file_outside_the_repository_gets_an_absolute_file_uri(
    repo: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    outside = tmp_path_factory.mktemp("outside") / "tool.js"
    outside.write_text(FAULTY)
    found = results(sarif(outside, cwd=repo))
    artifact = found[0]["locations"][0]["physicalLocation"]["artifactLocation"]
    assert artifact == {"uri": outside.resolve().as_uri()}


def test_suppressed_findings_are_left_out(repo: Path) -> None:
    code = FAULTY.replace(
        '  name: "search', '  // webmcp-lint-disable-next-line tool-name-format\n  name: "search'
    )
    (repo / "tool.js").write_text(code)
    found = {r["ruleId"] for r in results(sarif("tool.js", cwd=repo))}
    assert "tool-name-format" not in found
    assert "annotation-unknown" in found


def test_related_locations_point_at_the_first_registration(repo: Path) -> None:
    tool = 'document.modelContext.registerTool({ name: "a", description: "d", execute() {} });\n'
    (repo / "twice.js").write_text(tool + "\n" + tool)
    (result,) = [
        r for r in results(sarif("twice.js", cwd=repo)) if r["ruleId"] == "tool-name-unique"
    ]
    assert region(result)["startLine"] == 3
    (related,) = result["relatedLocations"]
    assert related["message"]["text"] == "first registered here"
    assert related["physicalLocation"]["region"]["startLine"] == 1
    assert related["physicalLocation"]["artifactLocation"]["uri"] == "twice.js"


def test_fix_applied_from_the_sarif_removes_the_finding(repo: Path) -> None:
    (repo / "tool.js").write_text(FAULTY)
    log = sarif("tool.js", cwd=repo)
    (result,) = [r for r in results(log) if r["ruleId"] == "annotation-unknown"]
    (fix,) = result["fixes"]
    (change,) = fix["artifactChanges"]
    (replacement,) = change["replacements"]
    deleted = replacement["deletedRegion"]
    lines = FAULTY.splitlines(keepends=True)
    line = lines[deleted["startLine"] - 1]
    lines[deleted["startLine"] - 1] = (
        line[: deleted["startColumn"] - 1]
        + replacement["insertedContent"]["text"]
        + line[deleted["endColumn"] - 1 :]
    )
    (repo / "tool.js").write_text("".join(lines))
    assert "readOnlyHint: true" in (repo / "tool.js").read_text()
    after = {r["ruleId"] for r in results(sarif("tool.js", cwd=repo))}
    assert "annotation-unknown" not in after


# -- fingerprints -----------------------------------------------------------------------


def test_fingerprint_survives_lines_inserted_above(repo: Path) -> None:
    (repo / "tool.js").write_text(FAULTY)
    before = {r["ruleId"]: r for r in results(sarif("tool.js", cwd=repo))}
    (repo / "tool.js").write_text("import { track } from './analytics.js';\n\ntrack();\n" + FAULTY)
    after = {r["ruleId"]: r for r in results(sarif("tool.js", cwd=repo))}
    assert before.keys() == after.keys()
    for rule_id, result in before.items():
        assert region(after[rule_id])["startLine"] == region(result)["startLine"] + 3
        assert after[rule_id]["partialFingerprints"] == result["partialFingerprints"]


def test_fingerprint_changes_when_the_flagged_line_changes(repo: Path) -> None:
    (repo / "tool.js").write_text(FAULTY)
    before = next(
        r for r in results(sarif("tool.js", cwd=repo)) if r["ruleId"] == "tool-name-format"
    )
    (repo / "tool.js").write_text(FAULTY.replace("search products", "search all products"))
    after = next(
        r for r in results(sarif("tool.js", cwd=repo)) if r["ruleId"] == "tool-name-format"
    )
    assert after["partialFingerprints"] != before["partialFingerprints"]


# The expected hashes are those of codeql-action's src/fingerprints.test.ts, which
# upload-sarif's own implementation must produce.
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", ["c129715d7a2bc9a3:1"]),
        (
            " a\nb\n  \t\tc\n d",
            ["271789c17abda88f:1", "54703d4cd895b18:1", "180aee12dab6264:1", "a23a3dc5e078b07b:1"],
        ),
        (
            " hello; \t\nworld!!!\n\n\n  \t\tGreetings\n End",
            [
                "8b7cf3e952e7aeb2:1",
                "b1ae1287ec4718d9:1",
                "bff680108adb0fcc:1",
                "c6805c5e1288b612:1",
                "b86d3392aea1be30:1",
                "e6ceba753e1a442:1",
            ],
        ),
        *(
            (
                text,
                [
                    "e9496ae3ebfced30:1",
                    "fb7c023a8b9ccb3f:1",
                    "ce8ba1a563dcdaca:1",
                    "e20e36e16fcb0cc8:1",
                    "b3edc88f2938467e:1",
                    "c8e28b0b4002a3a0:1",
                    "c129715d7a2bc9a3:1",
                ],
            )
            for text in (
                " hello; \t\nworld!!!\n\n\n  \t\tGreetings\n End\n",
                " hello; \t\nworld!!!\r\r\r  \t\tGreetings\r End\r",
                " hello; \t\r\nworld!!!\r\n\r\n\r\n  \t\tGreetings\r\n End\r\n",
                " hello; \t\nworld!!!\r\n\n\r  \t\tGreetings\r End\r\n",
            )
        ),
        (
            "Lorem ipsum dolor sit amet.\n" * 10,
            [
                *(f"a7f2ff13bc495cf2:{n}" for n in range(1, 7)),
                *("a7f2ff1481e87703:1", "a9cf91f7bbf1862b:1", "55ec222b86bcae53:1"),
                *("cc97dc7b1d7d8f7b:1", "c129715d7a2bc9a3:1"),
            ],
        ),
    ],
)
def test_line_hashes_match_upload_sarif(text: str, expected: list[str]) -> None:
    lines = range(1, len(re.split(r"\r\n|\r|\n", text)) + 1)
    hashes = line_hashes(text, lines)
    assert [hashes[line] for line in lines] == expected


def test_line_hash_counts_utf16_units() -> None:
    # An astral character is two UTF-16 units in upload-sarif's window of 100.
    (astral,) = line_hashes("😀" * 60 + "\n", [1]).values()
    (bmp,) = line_hashes("é" * 60 + "\n", [1]).values()
    assert astral != bmp
    assert line_hashes("x\n", [5]) == {}


# -- rules ------------------------------------------------------------------------------


def test_every_rule_is_described_from_its_page(tmp_path: Path) -> None:
    (tmp_path / "empty.js").write_text("")
    log = sarif(".", cwd=tmp_path, code=0)
    described = {r["id"]: r for r in log["runs"][0]["tool"]["driver"]["rules"]}
    assert list(described) == list(rules())
    for rule in rules().values():
        entry = described[rule.id]
        assert entry["name"] == rule.id
        assert entry["shortDescription"]["text"] == rule.summary
        assert entry["helpUri"] == rule.url
        assert entry["help"]["markdown"].startswith(f"# {rule.id}")
        assert "Why it matters:" in entry["help"]["text"]
        level = {"error": "error", "warning": "warning", "info": "note"}[rule.severity]
        assert entry["defaultConfiguration"] == {"level": level}
        assert entry["properties"]["tags"][0] == rule.category
        assert ("security-severity" in entry["properties"]) == rule.security


def test_security_severity_comes_from_the_page_or_the_severity() -> None:
    rule = rules()["exposed-origin-secure"]
    assert sarif_format.security_severity(rule) == "8.0"
    page = rule.page.replace("tags: [security]", "tags: [security]\nsecurity-severity: 9.3")
    assert sarif_format.security_severity(_with_page(rule, page)) == "9.3"
    broken = rule.page.replace("tags: [security]", "tags: [security]\nsecurity-severity: 11")
    with pytest.raises(ValueError, match=r"not in 0\.1-10\.0"):
        sarif_format.security_severity(_with_page(rule, broken))


def _with_page(rule: Rule, page: str) -> Rule:
    return rule_from_page(page, f"{rule.id}.md", rule.id)


# -- limits and serialization -----------------------------------------------------------


def _diagnostic(number: int, severity: str) -> Diagnostic:
    return Diagnostic(
        f"src/file{number % 7}.js",
        "tool-name-format",
        severity,  # type: ignore[arg-type]
        f"Finding {number}.",
        Location(number + 1, 1, number + 1, 5),
        fingerprint=f"{number:x}:1",
    )


def test_more_than_25000_results_keeps_the_most_severe(tmp_path: Path) -> None:
    findings = [_diagnostic(n, "warning" if n % 10 else "error") for n in range(25_010)]
    log = validate(render(Report(findings, cwd=tmp_path), "sarif"))
    kept = results(log)
    assert len(kept) == 25_000
    assert sum(r["level"] == "error" for r in kept) == 2_501  # every error is kept
    (notice,) = log["runs"][0]["invocations"][0]["toolExecutionNotifications"]
    assert notice["message"]["text"].startswith("10 less severe results were left out")


def test_a_file_over_the_compressed_size_limit_is_cut(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    empty = len(gzip.compress(render(Report([], cwd=tmp_path), "sarif").encode()))
    limit = empty + 10_000  # the rule descriptions and room for some results
    monkeypatch.setattr(sarif_format, "MAX_GZIP_BYTES", limit)
    findings = [_diagnostic(n, "error" if n < 5 else "info") for n in range(4_000)]
    text = render(Report(findings, cwd=tmp_path), "sarif")
    assert len(gzip.compress(text.encode())) <= limit
    log = validate(text)
    assert 5 <= len(results(log)) < 4_000
    assert sum(r["level"] == "error" for r in results(log)) == 5
    (notice,) = log["runs"][0]["invocations"][0]["toolExecutionNotifications"]
    assert "10 MB compressed" in notice["message"]["text"]


def test_serializer_keeps_set_values_and_drops_unset_defaults() -> None:
    result = sarif_format._build(
        sarif_om.Result,
        message=sarif_format._message("m"),
        level="warning",  # equal to the schema default, but set
        rule_index=0,
    )
    assert sarif_format.to_json_value(result) == {
        "message": {"text": "m"},
        "level": "warning",
        "ruleIndex": 0,
    }
    # Not built through _build: defaults are left out, other values kept under SARIF names.
    plain = sarif_om.Result(message=sarif_om.Message(text="m"), rule_id="x")
    assert sarif_format.to_json_value(plain) == {"message": {"text": "m"}, "ruleId": "x"}


def test_internal_errors_are_execution_notifications(tmp_path: Path) -> None:
    report = Report([], cwd=tmp_path, notices=["a.js: internal error in rule x: boom"])
    (invocation,) = validate(render(report, "sarif"))["runs"][0]["invocations"]
    assert invocation["executionSuccessful"] is True
    assert invocation["toolExecutionNotifications"][0]["level"] == "warning"


def test_standard_input_is_fingerprinted_from_its_own_text(repo: Path) -> None:
    (repo / "tool.js").write_text("// the saved file differs\n")
    result = run_cli(
        "check",
        "--output-format",
        "sarif",
        "--stdin-filename",
        "tool.js",
        "-",
        cwd=repo,
        stdin=FAULTY,
    )
    found = results(validate(result.stdout))
    name = next(r for r in found if r["ruleId"] == "tool-name-format")
    assert uri(name) == "tool.js"
    assert name["partialFingerprints"]["primaryLocationLineHash"] == line_hashes(FAULTY, [3])[3]


def test_a_log_over_the_size_limit_without_results_ends(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sarif_format, "MAX_GZIP_BYTES", 1_000)  # less than the rules need
    findings = [_diagnostic(n, "error") for n in range(10)]
    log = validate(render(Report(findings, cwd=tmp_path), "sarif"))
    assert results(log) == []
    (notice,) = log["runs"][0]["invocations"][0]["toolExecutionNotifications"]
    assert notice["message"]["text"].startswith("10 less severe results were left out")
