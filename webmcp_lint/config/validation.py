"""A configuration table checked key by key and turned into Settings. Every problem is a
ConfigError naming the file and the key; paths are relative to the directory that holds
the file.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from msgspec.structs import replace

from webmcp_lint.config.selection import known_selectors
from webmcp_lint.config.settings import ConfigError, Settings
from webmcp_lint.diagnostics import SEVERITIES, SEVERITY_RANK, Severity
from webmcp_lint.workspace.discovery import MAX_PATTERNS, pattern_errors
from webmcp_lint.workspace.reading import parse_size

if TYPE_CHECKING:
    from webmcp_lint.model.tools import DeclaredWrapper

KEYS = (
    "select",
    "extend-select",
    "ignore",
    "per-file-ignores",
    "exclude",
    "extend-exclude",
    "severity",
    "options",
    "respect-gitignore",
    "fail-on",
    "max-file-size",
    "test-files",
    "extend-test-files",
    "all-rules-in-tests",
    "wrappers",
    "cache-dir",
    "runtime",
    "include-build-output",
)
WRAPPER_KEYS = ("module", "export", "argument", "takes", "throws")


def settings_from_table(table: dict[str, Any], config_file: Path, prefix: str = "") -> Settings:
    where = f"{config_file}: {prefix + ' ' if prefix else ''}"

    def fail(key: str, problem: str) -> ConfigError:
        return ConfigError(f"{where}{key}: {problem}")

    unknown = [key for key in table if key not in KEYS]
    if unknown:
        raise fail(unknown[0], f"unknown key (valid keys: {', '.join(KEYS)})")

    selectors = known_selectors()

    def selector_list(key: str, value: Any) -> tuple[str, ...]:
        if not _is_list_of_strings(value):
            raise fail(key, "must be a list of rule ids, categories or ALL")
        for selector in value:
            if selector not in selectors:
                raise fail(key, f"unknown rule or category {selector!r}")
        return tuple(value)

    def pattern_list(key: str) -> tuple[str, ...] | None:
        if key not in table:
            return None
        value = table[key]
        if not _is_list_of_strings(value):
            raise fail(key, "must be a list of strings (gitignore-style patterns)")
        if len(value) > MAX_PATTERNS:
            raise fail(key, f"more than {MAX_PATTERNS} patterns")
        for index, why in pattern_errors(value):
            raise fail(key, f"invalid pattern {value[index]!r} ({why})")
        return tuple(value)

    settings = Settings(root=config_file.parent.resolve(), config_file=config_file)
    changes: dict[str, Any] = {}
    if "select" in table:
        changes["select"] = selector_list("select", table["select"])
    changes["extend_select"] = selector_list("extend-select", table.get("extend-select", []))
    changes["ignore"] = selector_list("ignore", table.get("ignore", []))
    exclude = pattern_list("exclude")
    if exclude is not None:
        changes["exclude"] = exclude
    changes["extend_exclude"] = pattern_list("extend-exclude") or ()
    test_files = pattern_list("test-files")
    if test_files is not None:
        changes["test_files"] = test_files
    changes["extend_test_files"] = pattern_list("extend-test-files") or ()
    all_rules = table.get("all-rules-in-tests", False)
    if not isinstance(all_rules, bool):
        raise fail("all-rules-in-tests", "must be true or false")
    changes["all_rules_in_tests"] = all_rules

    per_file = table.get("per-file-ignores", {})
    if not isinstance(per_file, dict):
        raise fail("per-file-ignores", "must be a table of pattern = [rule ids]")
    if len(per_file) > MAX_PATTERNS:
        raise fail("per-file-ignores", f"more than {MAX_PATTERNS} patterns")
    entries = []
    for pattern, value in per_file.items():
        key = f"per-file-ignores.{pattern!r}"
        if pattern_errors([pattern]):
            raise fail(key, f"invalid pattern ({pattern_errors([pattern])[0][1]})")
        entries.append((pattern, selector_list(key, value)))
    changes["per_file_ignores"] = tuple(entries)

    changes["wrappers"] = _wrappers(table.get("wrappers", []), config_file, fail)
    changes["severity"] = _severities(table.get("severity", {}), fail)
    changes["options"] = _options(table.get("options", {}), fail)

    gitignore = table.get("respect-gitignore", True)
    if not isinstance(gitignore, bool):
        raise fail("respect-gitignore", "must be true or false")
    changes["respect_gitignore"] = gitignore
    fail_on = table.get("fail-on", "warning")
    if not isinstance(fail_on, str) or fail_on not in SEVERITY_RANK:
        raise fail("fail-on", f"must be one of {', '.join(SEVERITIES)}")
    changes["fail_on"] = fail_on
    if "cache-dir" in table:
        changes["cache_dir"] = _cache_dir(table["cache-dir"], config_file, fail)
    if "include-build-output" in table:
        include = table["include-build-output"]
        if not isinstance(include, bool):
            raise fail("include-build-output", "must be true or false")
        changes["include_build_output"] = include
    if "runtime" in table:
        from webmcp_lint.extract.runtime import declaration_error

        value = table["runtime"]
        if not _is_list_of_strings(value) or not value:
            raise fail(
                "runtime", 'must be a non-empty list such as ["chrome", "@mcp-b/global@1.5"]'
            )
        for entry in value:
            problem = declaration_error(entry)
            if problem is not None:
                raise fail("runtime", problem)
        changes["runtime"] = tuple(value)
    if "max-file-size" in table:
        try:
            changes["max_file_size"] = parse_size(table["max-file-size"])
        except ValueError as error:
            raise fail("max-file-size", str(error)) from None
    return replace(settings, **changes)


def _cache_dir(value: Any, config_file: Path, fail: Any) -> Path:
    """`cache-dir`: a directory inside the configuration's own directory. A configuration
    file comes with the code, which is not trusted: it may not make webmcp-lint write
    elsewhere (`--cache-dir` on the command line may)."""
    if not isinstance(value, str) or not value.strip() or "\0" in value:
        raise fail("cache-dir", "must be a directory path relative to this file's directory")
    base = os.path.abspath(config_file.parent)
    directory = os.path.normpath(os.path.join(base, value))
    if os.path.isabs(value) or not directory.startswith(base.rstrip(os.sep) + os.sep):
        raise fail(
            "cache-dir",
            f"{value!r} is not inside this file's directory (use --cache-dir for another place)",
        )
    return Path(directory)


def _wrappers(value: Any, config_file: Path, fail: Any) -> tuple[DeclaredWrapper, ...]:
    """`[[wrappers]]`: the project's own functions that register the tools they are given."""
    from webmcp_lint.model.tools import DeclaredWrapper, module_path

    if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
        raise fail("wrappers", "must be a list of tables ([[wrappers]] with module and export)")
    found = []
    for index, table in enumerate(value):
        key = f"wrappers[{index}]"
        unknown = [k for k in table if k not in WRAPPER_KEYS]
        if unknown:
            valid = ", ".join(WRAPPER_KEYS)
            raise fail(f"{key}.{unknown[0]}", f"unknown key (valid keys: {valid})")
        module = table.get("module")
        if not isinstance(module, str) or not module.strip():
            raise fail(f"{key}.module", 'must be a package name or a path starting with "./"')
        export = table.get("export")
        if not isinstance(export, str) or not export.isidentifier():
            raise fail(f"{key}.export", 'must be the exported name, e.g. "useTool" or "default"')
        argument = table.get("argument", 0)
        if not isinstance(argument, int) or isinstance(argument, bool) or argument < 0:
            raise fail(f"{key}.argument", "must be the position of the tool argument (0 or more)")
        takes = table.get("takes", "tool")
        if takes not in ("tool", "tools"):
            raise fail(f"{key}.takes", 'must be "tool" (one tool) or "tools" (an array of tools)')
        throws = table.get("throws")
        if throws not in (None, "converted"):
            raise fail(f"{key}.throws", 'must be "converted" (the wrapper returns thrown errors)')
        path = None
        if module.startswith(("./", "../")):
            path = module_path(os.path.join(os.path.abspath(config_file.parent), module))
        found.append(DeclaredWrapper(module, export, argument, takes, throws == "converted", path))
    return tuple(found)


def _severities(value: Any, fail: Any) -> tuple[tuple[str, Severity], ...]:
    from webmcp_lint.registry import rules

    if not isinstance(value, dict):
        raise fail("severity", 'must be a table of rule-id = "error" | "warning" | "info"')
    known = rules()
    result = []
    for rule_id, severity in value.items():
        if rule_id not in known:
            raise fail(f"severity.{rule_id}", "unknown rule id")
        if not isinstance(severity, str) or severity not in SEVERITIES:
            raise fail(f"severity.{rule_id}", f"must be one of {', '.join(SEVERITIES)}")
        result.append((rule_id, severity))
    return tuple(result)


def _options(value: Any, fail: Any) -> tuple[tuple[str, tuple[tuple[str, Any], ...]], ...]:
    from webmcp_lint.registry import rules

    if not isinstance(value, dict):
        raise fail("options", "must be a table of [options.<rule-id>] tables")
    known = rules()
    result = []
    for rule_id, values in value.items():
        if rule_id not in known:
            raise fail(f"options.{rule_id}", "unknown rule id")
        if not isinstance(values, dict):
            raise fail(f"options.{rule_id}", "must be a table")
        declared = known[rule_id].options
        for option, option_value in values.items():
            if option not in declared:
                valid = ", ".join(declared) or "none"
                raise fail(f"options.{rule_id}.{option}", f"unknown option (valid: {valid})")
            problem = declared[option].problem(option_value)
            if problem is not None:
                raise fail(f"options.{rule_id}.{option}", problem)
        # Settings are hashed (cached per file): a list option is kept as a tuple.
        frozen = tuple((k, tuple(v) if isinstance(v, list) else v) for k, v in values.items())
        result.append((rule_id, frozen))
    return tuple(result)


def _is_list_of_strings(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(item, str) for item in value)
