"""Shared test helpers: lint a snippet in-process, or run the installed command."""

from __future__ import annotations

import contextlib
import importlib
import os
import pkgutil
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from msgspec import Struct

import webmcp_lint
from webmcp_lint.config import Settings, settings_from_table
from webmcp_lint.diagnostics import Diagnostic
from webmcp_lint.run import engine, pipeline

REPO = Path(__file__).resolve().parent.parent
# Where snippets are linted as if they were files: an empty directory outside any
# repository, so what a project around them installs (runtime.py) is nothing.
SNIPPETS = Path(tempfile.mkdtemp(prefix="webmcp-lint-snippets-")).resolve()

# The rules the browser enforces (issue 2): tests of the engine's mechanics (CLI, config,
# suppressions, hostile files) run with only these, so the guidance rules do not add
# findings the test is not about.
CORE_RULES = (
    "annotation-unknown",
    "execute-tool-object-input",
    "exposed-origin-secure",
    "input-schema-object",
    "no-navigator-model-context",
    "no-removed-api",
    "source-syntax-error",
    "source-timeout",
    "source-too-large",
    "source-unreadable",
    "tool-name-format",
    "tool-name-unique",
    "tool-required-members",
    "unused-suppression",
)
CORE_SELECT = ",".join(CORE_RULES)
CORE_TOML = "select = [" + ", ".join(f'"{rule}"' for rule in CORE_RULES) + "]\n"
SHARED = REPO.parent / "shared"


def require(available: bool, what: str, install: str) -> None:
    """Skip a test whose outside program is missing on a user's machine; in CI (where
    `.ci/run` installs it) a missing program is a failure, never a silent skip."""
    if available:
        return
    import pytest

    message = f"{what} is not installed ({install})"
    if os.environ.get("CI"):
        pytest.fail(f"{message}: .ci/run should have installed it")
    pytest.skip(message)


def lint_core(code: str, filename: str = "example.js", **config: Any) -> list[Diagnostic]:
    """Findings of the core rules only (see CORE_RULES), `config` added."""
    return lint(code, filename, {"select": list(CORE_RULES), **config})


def lint(
    code: str,
    filename: str = "example.js",
    config: dict[str, Any] | None = None,
    root: Path | None = None,
) -> list[Diagnostic]:
    """Findings for `code` linted as `filename`, with every rule on unless `config` says."""
    return lint_result(code, filename, config, root).diagnostics


def lint_result(
    code: str,
    filename: str = "example.js",
    config: dict[str, Any] | None = None,
    root: Path | None = None,
) -> pipeline.FileResult:
    """`lint`'s whole result: also whether the file was parsed or left to the prefilter."""
    base = root or SNIPPETS
    settings = (
        settings_from_table(config, base / "webmcp-lint.toml")
        if config is not None
        else Settings(root=base)
    )
    path = base / filename
    task = pipeline.Task(path, filename, settings, data=code.encode("utf-8"), collect_tools=True)
    with inside(base):
        (result,) = engine.run([task], jobs=1)  # the page rules too: the file is its own page
    assert not result.internal_errors, result.internal_errors
    return result


def lint_files(
    files: dict[str, str], root: Path, config: dict[str, Any] | None = None, jobs: int = 1
) -> list[Diagnostic]:
    """Findings for several files (path → code) written under `root` and linted as one
    run, as `webmcp-lint check root` does (page rules see them all)."""
    for name, code in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(code, encoding="utf-8")
    settings = (
        settings_from_table(config, root / "webmcp-lint.toml")
        if config is not None
        else Settings(root=root)
    )
    tasks = [
        pipeline.Task(root / name, name, settings, collect_tools=True) for name in sorted(files)
    ]
    results = engine.run(tasks, jobs=jobs)
    errors = [error for result in results for error in result.internal_errors]
    assert not errors, errors
    return [d for result in results for d in result.diagnostics]


def rules_in(diagnostics: list[Diagnostic]) -> list[str]:
    return [d.rule for d in diagnostics]


def only(diagnostics: list[Diagnostic], rule: str) -> list[Diagnostic]:
    return [d for d in diagnostics if d.rule == rule]


def tools(code: str, filename: str = "example.js") -> list[dict[str, Any]]:
    base = SNIPPETS
    task = pipeline.Task(
        base / filename, filename, Settings(root=base), data=code.encode(), collect_tools=True
    )
    with inside(base):
        return pipeline.lint_task(task).tools


@contextlib.contextmanager
def inside(directory: Path) -> Iterator[None]:
    """Run with `directory` as the working directory (paths are shown relative to it)."""
    previous = Path.cwd()
    os.chdir(directory)
    try:
        yield
    finally:
        os.chdir(previous)


def command() -> list[str]:
    """The installed console script; it must exist (the README installs the package)."""
    found = shutil.which(
        "webmcp-lint",
        path=str(Path(sys.executable).parent) + os.pathsep + os.environ.get("PATH", ""),
    )
    assert found, "webmcp-lint is not installed: run the README's test command"
    return [found]


def run_cli(
    *args: str | Path,
    cwd: Path | None = None,
    stdin: str | bytes | None = None,
    env: dict[str, str] | None = None,
) -> subprocess.CompletedProcess[str]:
    data = stdin.decode() if isinstance(stdin, bytes) else stdin
    full_env = {key: value for key, value in os.environ.items() if key != "FORCE_COLOR"}
    full_env.update({"NO_COLOR": "1", **(env or {})})
    return subprocess.run(
        [*command(), *map(str, args)],
        cwd=cwd,
        input=data,
        capture_output=True,
        text=True,
        env=full_env,
        timeout=120,
    )


def lint_example(code: str, filename: str, **config: Any) -> list[Diagnostic]:
    """Findings for a rule page's example. Some examples sit under tests/fixtures/ (to
    find a tsconfig.json there): they are examples, not test code, so every rule runs,
    the opt-in categories' too (a page shows what its rule finds once selected)."""
    from webmcp_lint.registry import OPT_IN_CATEGORIES

    opt_in = sorted(OPT_IN_CATEGORIES)
    root = REPO if filename.startswith("tests/fixtures/") else None
    settings = {"all-rules-in-tests": True, "extend-select": opt_in, **config}
    return lint(code, filename, settings, root=root)


def package_values() -> Iterator[tuple[str, Any]]:
    """Every value of webmcp_lint's modules, and those inside their tuples, lists, sets,
    dicts and Structs to a depth of three, with where it is (`module.NAME[0].field`)."""

    def visit(value: Any, where: str, depth: int = 0) -> Iterator[tuple[str, Any]]:
        yield where, value
        if depth >= 3:
            return
        if isinstance(value, (tuple, list, frozenset, set)):
            for index, item in enumerate(value):
                yield from visit(item, f"{where}[{index}]", depth + 1)
        elif isinstance(value, dict):
            for key, item in value.items():
                yield from visit(item, f"{where}[{key!r}]", depth + 1)
        elif isinstance(value, Struct):
            for name in value.__struct_fields__:
                yield from visit(getattr(value, name), f"{where}.{name}", depth + 1)

    for info in pkgutil.walk_packages(webmcp_lint.__path__, "webmcp_lint."):
        if info.name.endswith("__main__"):
            continue
        try:
            module = importlib.import_module(info.name)
        except ImportError:  # the LSP server without its extra
            continue
        for name, value in sorted(vars(module).items()):
            yield from visit(value, f"{info.name}.{name}")
