"""Running webmcp-lint over the precision corpus (tests/corpus/) as a user would: each
project from its own directory, with its own (empty) configuration."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from webmcp_lint.config import Overrides, Resolver
from webmcp_lint.diagnostics import Diagnostic
from webmcp_lint.run import discover, engine, pipeline

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

CORPUS = Path(__file__).parent / "corpus"
PROJECTS = sorted(p.name for p in CORPUS.iterdir() if (p / "VERDICTS.toml").is_file())
TEST_PARTS = ("test", "tests", "__tests__", "e2e", "cypress", "playwright", "conformance")


@dataclass(frozen=True)
class Run:
    diagnostics: list[Diagnostic]
    tools: list[dict[str, Any]]


def run(project: str) -> Run:
    root = CORPUS / project
    resolver = Resolver(Overrides(), None, root)
    tasks = [
        pipeline.Task(
            path, path.relative_to(root).as_posix(), settings, collect_tools=True, follow=True
        )
        for path, settings, _ in discover.discover([root], resolver, False)
    ]
    results = engine.run(tasks, jobs=1)
    return Run(
        [d for r in results for d in r.diagnostics],
        [tool for r in results for tool in r.tools],
    )


def read(project: str, name: str) -> dict[str, Any]:
    return tomllib.loads((CORPUS / project / name).read_text(encoding="utf-8"))


def in_tests(path: str) -> bool:
    parts = path.split("/")
    name = parts[-1]
    return (
        any(part in TEST_PARTS for part in parts[:-1])
        or ".test." in name
        or ".spec." in name
        or name.endswith(".test-d.ts")
    )


def precision_table() -> str:
    """Real, wrong and debatable warnings and errors per project, inside and outside tests."""
    rows = ["| project | real | wrong | debatable | precision |", "| --- | --- | --- | --- | --- |"]
    totals = {"real": 0, "wrong": 0, "debatable": 0}
    outside = {"real": 0, "wrong": 0, "debatable": 0}
    for project in PROJECTS:
        counts = {"real": 0, "wrong": 0, "debatable": 0}
        for finding in read(project, "VERDICTS.toml").get("finding", []):
            counts[finding["verdict"]] += 1
            totals[finding["verdict"]] += 1
            if not in_tests(finding["path"]):
                outside[finding["verdict"]] += 1
        rows.append(
            f"| {project} | {counts['real']} | {counts['wrong']} | {counts['debatable']} | {_precision(counts)} |"
        )
    rows.append(
        f"| **all** | {totals['real']} | {totals['wrong']} | {totals['debatable']} | {_precision(totals)} |"
    )
    rows.append(
        f"| outside tests | {outside['real']} | {outside['wrong']} | {outside['debatable']} | {_precision(outside)} |"
    )
    return "\n".join(rows)


def _precision(counts: dict[str, int]) -> str:
    total = sum(counts.values())
    return f"{counts['real'] / total:.0%}" if total else "-"


if __name__ == "__main__":
    print(precision_table())
