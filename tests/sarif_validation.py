"""Checks every SARIF log the suite produces must pass: the official SARIF 2.1.0 schema
(with URI formats checked) and what GitHub code scanning requires on top of it."""

from __future__ import annotations

import json
import os
import re
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import quote, unquote

import jsonschema
import pytest

from tests.helpers import SHARED

# The shared/ folder beside the repository; WEBMCP_LINT_SHARED points elsewhere (a git
# worktree that is not beside it).
SCHEMA = Path(os.environ.get("WEBMCP_LINT_SHARED", SHARED)) / "schemas" / "sarif-schema-2.1.0.json"
HASH = re.compile(r"^[0-9a-f]{1,16}:[1-9][0-9]*$")


@cache
def _validator() -> jsonschema.Draft4Validator:
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    # The draft-04 checker knows no `uri-reference`; the full one does, given
    # rfc3986-validator (a test extra). Without it URI formats would go unchecked.
    checker = jsonschema.FormatChecker()
    assert {"uri", "uri-reference"} <= set(checker.checkers), "install rfc3986-validator"
    return jsonschema.Draft4Validator(schema, format_checker=checker)


def require_schema() -> None:
    if SCHEMA.is_file():
        return
    reason = f"the SARIF 2.1.0 schema is not at {SCHEMA} (the shared/ folder beside the repo)"
    if os.environ.get("CI"):
        pytest.fail(reason)
    pytest.skip(reason)


def validate(text: str) -> dict[str, Any]:
    """The parsed log, after asserting the schema and GitHub's rules hold."""
    require_schema()
    log: dict[str, Any] = json.loads(text)
    errors = [f"{list(e.absolute_path)}: {e.message}" for e in _validator().iter_errors(log)]
    assert not errors, errors[:10]
    check_github_rules(log)
    return log


def check_github_rules(log: dict[str, Any]) -> None:
    assert log["version"] == "2.1.0" and log["$schema"].startswith("https://")
    assert len(log["runs"]) == 1
    run = log["runs"][0]
    assert "automationDetails" not in run, "an id in the file would override `category`"
    assert run["columnKind"] == "unicodeCodePoints"
    assert isinstance(run["results"], list) and len(run["results"]) <= 25_000
    assert [i.get("executionSuccessful") for i in run["invocations"]] in ([True], [False])
    driver = run["tool"]["driver"]
    assert driver["name"] == "webmcp-lint" and driver["semanticVersion"]
    rules = driver["rules"]
    assert 0 < len(rules) <= 25_000
    for rule in rules:
        _check_rule(rule)
    for base in run.get("originalUriBaseIds", {}).values():
        assert base["uri"].startswith("file:///") and base["uri"].endswith("/")
    for result in run["results"]:
        _check_result(result, rules)


def _check_rule(rule: dict[str, Any]) -> None:
    assert len(rule["name"]) <= 255
    assert 0 < len(rule["shortDescription"]["text"]) <= 1024
    assert 0 < len(rule["fullDescription"]["text"]) <= 1024
    assert rule["help"]["text"] and rule["help"]["markdown"]
    assert rule["helpUri"].endswith(f"/{rule['id']}.md")
    assert rule["defaultConfiguration"]["level"] in ("error", "warning", "note")
    properties = rule["properties"]
    assert properties["precision"] in ("very-high", "high", "medium", "low")
    assert properties["problem.severity"] in ("error", "warning", "recommendation")
    tags = properties["tags"]
    assert 0 < len(tags) <= 20 and len(set(tags)) == len(tags)
    if "security" in tags:
        score = properties["security-severity"]
        assert isinstance(score, str) and 0.1 <= float(score) <= 10.0
    else:
        assert "security-severity" not in properties


def _check_result(result: dict[str, Any], rules: list[dict[str, Any]]) -> None:
    assert rules[result["ruleIndex"]]["id"] == result["ruleId"]
    assert result["level"] in ("error", "warning", "note"), "levels must be explicit"
    assert result["message"]["text"]
    assert "suppressions" not in result, "GitHub opens alerts for suppressed results"
    assert len(result["locations"]) == 1
    physical = result["locations"][0]["physicalLocation"]
    _check_artifact(physical["artifactLocation"])
    region = physical["region"]
    assert {"startLine", "startColumn", "endLine", "endColumn"} <= set(region)
    assert (region["startLine"], region["startColumn"]) <= (region["endLine"], region["endColumn"])
    # Only a file that could not be read at all has no fingerprint.
    unread = ("source-unreadable", "source-too-large")
    if "uriBaseId" in physical["artifactLocation"] and result["ruleId"] not in unread:
        assert HASH.match(result["partialFingerprints"]["primaryLocationLineHash"])
    assert len(result.get("relatedLocations", [])) <= 100


def _check_artifact(artifact: dict[str, Any]) -> None:
    uri = artifact["uri"]
    assert "\\" not in uri
    if "uriBaseId" in artifact:
        assert artifact["uriBaseId"] == "%SRCROOT%"
        assert not uri.startswith(("/", "./", "../")) and "://" not in uri
        assert quote(unquote(uri), safe="/") == uri, f"{uri} is not percent-encoded"
    else:  # a file outside the repository, or a page `verify` opened
        assert uri.startswith(("file:///", "http://", "https://")), uri
