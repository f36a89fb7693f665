"""Settings: `[tool.webmcp-lint]` in pyproject.toml, `webmcp-lint.toml`, `.webmcp-lint.toml`.

For every linted file the nearest configuration file wins (looking up from the file's
directory); `--config PATH` applies one file to everything. Nothing is merged between
files. Paths in a configuration file are relative to the directory that holds it.
"""

from __future__ import annotations

import functools
import os
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pathspec

from webmcp_lint.model.diagnostics import SEVERITIES, SEVERITY_RANK, Severity
from webmcp_lint.model.tools import DeclaredWrapper, module_path
from webmcp_lint.workspace.discovery import MAX_PATTERNS, pattern_errors
from webmcp_lint.workspace.reading import (
    DEFAULT_MAX_FILE_SIZE,
    TooLargeError,
    UnreadableError,
    format_size,
    is_repository_root,
    parse_size,
    read_head,
    read_regular_file,
)

if sys.version_info >= (3, 11):
    import tomllib
else:  # Python 3.10
    import tomli as tomllib  # type: ignore[import-not-found,unused-ignore]

CONFIG_FILES = (".webmcp-lint.toml", "webmcp-lint.toml", "pyproject.toml")
# A configuration file is read whole and every pattern in it compiled: a larger one is
# refused before it is parsed (a 29 MB file of patterns took a minute and a gigabyte).
MAX_CONFIG_BYTES = 1024 * 1024

DEFAULT_EXCLUDE = (
    ".git",
    ".hg",
    ".svn",
    "node_modules",
    "bower_components",
    ".venv",
    "venv",
    "__pycache__",
    ".next",
    ".nuxt",
    ".output",
    ".svelte-kit",
    ".astro",
    ".cache",
    "dist",
    "build",
    "coverage",
)

# Test code: a rule whose page says `in-tests: false` (it is about a tool that ships to
# agents) does not run on these files. Gitignore-style patterns, as for `exclude`.
DEFAULT_TEST_FILES = (
    "*.test.*",
    "*.spec.*",
    "*.test-d.*",
    "*.spec-d.*",
    "test-*.html",  # a page run by hand to test a build
    "__tests__/",
    "test/",
    "tests/",
    "e2e/",
    "cypress/",
    "playwright/",
    "conformance/",
)

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


class ConfigError(Exception):
    """A configuration problem: exit code 2, with the file and key in the message."""


@dataclass(frozen=True)
class Settings:
    root: Path
    config_file: Path | None = None
    select: tuple[str, ...] = ("ALL",)
    extend_select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    per_file_ignores: tuple[tuple[str, tuple[str, ...]], ...] = ()
    exclude: tuple[str, ...] = DEFAULT_EXCLUDE
    extend_exclude: tuple[str, ...] = ()
    severity: tuple[tuple[str, Severity], ...] = ()
    options: tuple[tuple[str, tuple[tuple[str, Any], ...]], ...] = ()
    respect_gitignore: bool = True
    fail_on: Severity = "warning"
    max_file_size: int = DEFAULT_MAX_FILE_SIZE
    test_files: tuple[str, ...] = DEFAULT_TEST_FILES
    extend_test_files: tuple[str, ...] = ()
    all_rules_in_tests: bool = False
    wrappers: tuple[DeclaredWrapper, ...] = ()
    # `--exclude`/`--extend-exclude` patterns, anchored at the working directory.
    command_line_exclude: tuple[str, ...] = ()
    command_line_root: Path | None = None
    cache_dir: Path | None = None  # `cache-dir`, made absolute
    # `runtime`: what the files run on, when detection cannot tell (runtime.py).
    runtime: tuple[str, ...] | None = None
    include_build_output: bool = False  # lint bundlers' output too (build_output.py)

    @property
    def test_patterns(self) -> tuple[str, ...]:
        return (*self.test_files, *self.extend_test_files)

    @functools.cached_property
    def wrapper_words(self) -> tuple[bytes, ...]:
        """What a file that may import a configured wrapper writes: the package's name, or
        the local module's file name. The prefilter keeps such a file."""
        return tuple(
            (os.path.basename(wrapper.path) if wrapper.path else wrapper.module).encode()
            for wrapper in self.wrappers
        )

    @functools.cached_property
    def exclude_spec(self) -> pathspec.PathSpec[Any]:
        return pathspec.GitIgnoreSpec.from_lines([*self.exclude, *self.extend_exclude])

    @functools.cached_property
    def command_line_spec(self) -> pathspec.PathSpec[Any]:
        return pathspec.GitIgnoreSpec.from_lines(self.command_line_exclude)

    @functools.cached_property
    def _exclude_names(self) -> frozenset[str] | None:
        return _plain_names([*self.exclude, *self.extend_exclude])

    def is_excluded(self, path: Path, is_dir: bool = False) -> bool:
        return self._excluded(
            _relative(path, self.root) or path.name,
            lambda: _relative(path, self.command_line_root or self.root) or path.name,
            is_dir,
        )

    def excluder(self, directory: Path) -> Callable[[str, bool], bool]:
        """`is_excluded` for the entries of one directory, by name: where the directory
        lies relative to the patterns' roots is worked out once, not for every entry."""
        base = _relative(directory, self.root)
        command_line_base = (
            _relative(directory, self.command_line_root or self.root)
            if self.command_line_exclude
            else None
        )
        return lambda name, is_dir: self._excluded(
            _within(base, name), lambda: _within(command_line_base, name), is_dir
        )

    def _excluded(
        self, relative: str, command_line_relative: Callable[[], str], is_dir: bool
    ) -> bool:
        """Whether the excludes match a path relative to the configuration directory
        (and to the directory the command line's excludes are relative to)."""
        if _matches(self.exclude_spec, self._exclude_names, relative, is_dir):
            return True
        return bool(self.command_line_exclude) and _matches(
            self.command_line_spec, None, command_line_relative(), is_dir
        )

    @functools.cached_property
    def test_spec(self) -> pathspec.PathSpec[Any]:
        return pathspec.GitIgnoreSpec.from_lines([*self.test_files, *self.extend_test_files])

    def is_test_file(self, path: Path) -> bool:
        relative = _relative(path, self.root) or path.name
        return self.test_spec.match_file(relative)

    @functools.cached_property
    def _per_file_specs(self) -> list[tuple[pathspec.PathSpec[Any], tuple[str, ...]]]:
        return [
            (pathspec.GitIgnoreSpec.from_lines([pattern]), selectors)
            for pattern, selectors in self.per_file_ignores
        ]

    def enabled_rules(self, path: Path) -> frozenset[str]:
        ignored_here: list[str] = []
        if self.per_file_ignores:
            relative = _relative(path, self.root) or path.name
            for spec, selectors in self._per_file_specs:
                if spec.match_file(relative):
                    ignored_here.extend(selectors)
        enabled = _enabled(self, tuple(ignored_here))
        if not self.all_rules_in_tests and self.is_test_file(path):
            enabled = _in_tests(enabled)
        return enabled

    def severity_of(self, rule_id: str, default: Severity) -> Severity:
        return dict(self.severity).get(rule_id, default)

    def options_for(self, rule_id: str, defaults: dict[str, Any]) -> dict[str, Any]:
        configured = dict(dict(self.options).get(rule_id, ()))
        return {**defaults, **configured}

    def describe(self) -> dict[str, Any]:
        """A plain description for `--show-settings`."""
        return {
            "config-file": str(self.config_file) if self.config_file else None,
            "root": str(self.root),
            "select": list(self.select),
            "extend-select": list(self.extend_select),
            "ignore": list(self.ignore),
            "per-file-ignores": {p: list(s) for p, s in self.per_file_ignores},
            "exclude": list(self.exclude),
            "extend-exclude": list(self.extend_exclude),
            "severity": dict(self.severity),
            "options": {rule: dict(values) for rule, values in self.options},
            "respect-gitignore": self.respect_gitignore,
            "fail-on": self.fail_on,
            "max-file-size": self.max_file_size,
            "test-files": list(self.test_files),
            "extend-test-files": list(self.extend_test_files),
            "all-rules-in-tests": self.all_rules_in_tests,
            "wrappers": [_describe_wrapper(w) for w in self.wrappers],
            "command-line-exclude": list(self.command_line_exclude),
            "cache-dir": str(self.cache_dir) if self.cache_dir else None,
            "runtime": list(self.runtime) if self.runtime is not None else None,
            "include-build-output": self.include_build_output,
        }


def _describe_wrapper(wrapper: DeclaredWrapper) -> dict[str, Any]:
    described: dict[str, Any] = {
        "module": wrapper.module,
        "export": wrapper.export,
        "argument": wrapper.argument,
        "takes": wrapper.takes,
    }
    if wrapper.converts_throws:
        described["throws"] = "converted"
    if wrapper.path is not None:
        described["path"] = wrapper.path
    return described


_PLAIN_NAME = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]*|\.[A-Za-z0-9_][A-Za-z0-9_.-]*")


def _plain_names(patterns: list[str]) -> frozenset[str] | None:
    """The patterns, when every one is a plain name (as the default excludes are): as
    gitignore reads them, each matches a file or directory of that name at any depth."""
    if all(_PLAIN_NAME.fullmatch(pattern) for pattern in patterns):
        return frozenset(patterns)
    return None


def _within(directory: str | None, name: str) -> str:
    """An entry's path relative to the patterns' directory; outside it, its name alone."""
    if directory is None:
        return name
    return name if directory == "." else f"{directory}/{name}"


def _matches(
    spec: pathspec.PathSpec[Any], names: frozenset[str] | None, relative: str, is_dir: bool
) -> bool:
    if names is not None:
        return not names.isdisjoint(relative.split("/"))
    return spec.match_file(relative + "/" if is_dir else relative)


def _relative(path: Path, root: Path) -> str | None:
    """`path` relative to the (resolved) configuration directory, or None outside it."""
    absolute = os.path.abspath(path)
    base = str(root)
    if absolute == base:
        return "."
    if not absolute.startswith(base.rstrip(os.sep) + os.sep):
        return None
    # `absolute` is normalized: its tail needs no parsing, only forward slashes.
    return absolute[len(base.rstrip(os.sep)) + 1 :].replace(os.sep, "/")


@functools.cache
def _enabled(settings: Settings, ignored_here: tuple[str, ...]) -> frozenset[str]:
    from webmcp_lint.checks.registry import rules

    ignore = (*settings.ignore, *ignored_here)
    return _select(rules(), settings.select, settings.extend_select, ignore)


def _in_tests(enabled: frozenset[str]) -> frozenset[str]:
    """The rules of `enabled` that apply to test code (`in-tests: true` on their page)."""
    from webmcp_lint.checks.registry import rules

    catalog = rules()
    return frozenset(rule for rule in enabled if catalog[rule].in_tests)


def _select(
    rules: dict[str, Any],
    select: tuple[str, ...],
    extend_select: tuple[str, ...],
    ignore: tuple[str, ...],
) -> frozenset[str]:
    """The rules on: for each rule the most specific selector that names it decides
    (a rule id beats a category, kind or tag, which beats ALL); on a tie, ignore wins.
    A rule of an opt-in category is off under ALL: only its category or id selects it."""
    from webmcp_lint.checks.registry import OPT_IN_CATEGORIES

    chosen = set(select) | set(extend_select)
    dropped = set(ignore)
    enabled = set()
    for rule in rules.values():

        def rank(selector: str, rule_id: str = rule.id) -> int:
            return 0 if selector == "ALL" else 2 if selector == rule_id else 1

        on = max((rank(s) for s in rule.selectors() if s in chosen), default=-1)
        off = max((rank(s) for s in rule.selectors() if s in dropped), default=-1)
        if rule.category in OPT_IN_CATEGORIES:
            off = max(off, 0)  # as if `ignore` held ALL: a category or id selects it
        if on > off:
            enabled.add(rule.id)
    return frozenset(enabled)


def known_selectors() -> set[str]:
    from webmcp_lint.checks.registry import rules

    names = {"ALL"}
    for rule in rules().values():
        names.update(rule.selectors())
    return names


# -- loading ----------------------------------------------------------------------------


@functools.cache
def find_config_file(directory: Path) -> Path | None:
    """The nearest configuration file at or above `directory`, up to the root of the
    repository that holds it (the directory with `.git`)."""
    try:
        return _find_config_file(directory.resolve())
    except (OSError, RuntimeError):  # a symbolic link loop
        return None


@functools.cache
def _find_config_file(directory: Path) -> Path | None:
    for name in CONFIG_FILES:
        candidate = directory / name
        if os.path.isfile(candidate) and (name != "pyproject.toml" or _has_section(candidate)):
            return candidate
    if directory.parent == directory or is_repository_root(directory):
        return None  # configuration outside a repository does not apply inside it
    return _find_config_file(directory.parent)


def forget_config_files() -> None:
    """Drop the configuration files read so far, so a long-running process (the
    language server) sees them change."""
    find_config_file.cache_clear()
    _find_config_file.cache_clear()
    _document.cache_clear()
    load.cache_clear()


def _has_section(pyproject: Path) -> bool:
    """Whether a pyproject.toml configures webmcp-lint (or is too broken to tell)."""
    try:
        if b"webmcp-lint" not in read_head(pyproject, MAX_CONFIG_BYTES + 1):
            return False
        tool = _document(pyproject).get("tool", {})
    except UnreadableError:
        return False
    except ConfigError:
        return True  # load() says what is wrong
    return not isinstance(tool, dict) or "webmcp-lint" in tool


@functools.cache
def _document(config_file: Path) -> dict[str, Any]:
    """A configuration file parsed, read as a regular file of at most MAX_CONFIG_BYTES."""
    try:
        data = read_regular_file(config_file, MAX_CONFIG_BYTES)
        document: dict[str, Any] = tomllib.loads(data.decode("utf-8"))
        return document
    except TooLargeError:
        raise ConfigError(
            f"{config_file}: larger than {format_size(MAX_CONFIG_BYTES)}, more than any "
            "configuration needs: not read"
        ) from None
    except UnreadableError as error:
        raise ConfigError(f"{config_file}: cannot read: {error}") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        raise ConfigError(f"{config_file}: not valid TOML: {error}") from None
    except RecursionError:
        raise ConfigError(f"{config_file}: not valid TOML: nested too deeply") from None


@functools.cache
def load(config_file: Path) -> Settings:
    """Settings from one configuration file; ConfigError naming the file and key."""
    document = _document(config_file)
    table: Any = document
    prefix = ""
    if config_file.name == "pyproject.toml":
        tool = document.get("tool", {})
        if not isinstance(tool, dict):
            raise ConfigError(f"{config_file}: tool: must be a table")
        table = tool.get("webmcp-lint", {})
        prefix = "[tool.webmcp-lint]"
    if not isinstance(table, dict):
        raise ConfigError(f"{config_file}: {prefix or 'the file'} must be a table")
    return settings_from_table(table, config_file, prefix)


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
    from webmcp_lint.checks.registry import rules

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
    from webmcp_lint.checks.registry import rules

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


@dataclass(frozen=True)
class Overrides:
    """What the command line says, applied on top of every configuration file."""

    select: tuple[str, ...] | None = None
    extend_select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    fail_on: Severity | None = None
    max_file_size: int | None = None
    include_build_output: bool = False
    # Gitignore-style patterns relative to `cwd`: `exclude` replaces the configured
    # `exclude` (the defaults included), `extend_exclude` adds to what is excluded.
    exclude: tuple[str, ...] | None = None
    extend_exclude: tuple[str, ...] = ()
    cwd: Path | None = None

    def apply(self, settings: Settings) -> Settings:
        changes: dict[str, Any] = {
            "extend_select": settings.extend_select + self.extend_select,
            "ignore": settings.ignore + self.ignore,
        }
        if self.exclude is not None:
            changes["exclude"] = ()
        patterns = (*(self.exclude or ()), *self.extend_exclude)
        if patterns:
            changes["command_line_exclude"] = patterns
            changes["command_line_root"] = (self.cwd or Path.cwd()).resolve()
        if self.select is not None:
            changes["select"] = self.select
            changes["extend_select"] = self.extend_select
        if self.fail_on is not None:
            changes["fail_on"] = self.fail_on
        if self.max_file_size is not None:
            changes["max_file_size"] = self.max_file_size
        if self.include_build_output:
            changes["include_build_output"] = True
        return replace(settings, **changes)


class Resolver:
    """Settings for any path: from `--config`, else the nearest configuration file."""

    def __init__(self, overrides: Overrides, config_file: Path | None, cwd: Path) -> None:
        self.overrides = overrides
        self.config_file = config_file
        self.cwd = cwd.resolve()
        self._cache: dict[Path | None, Settings] = {}
        # Settings by directory as named: discovery asks about every entry's parent,
        # and finding the configuration file resolves the directory (system calls).
        self._by_directory: dict[str, Settings] = {}
        if config_file is not None:
            self.for_file(cwd)  # report a broken --config before anything else

    def for_directory(self, directory: Path) -> Settings:
        key = os.fspath(directory)
        found = self._by_directory.get(key)
        if found is None:
            found = self._by_directory[key] = self._for_directory(directory)
        return found

    def _for_directory(self, directory: Path) -> Settings:
        config_file = self.config_file or find_config_file(directory)
        cached = self._cache.get(config_file)
        if cached is None:
            base = load(config_file) if config_file else Settings(root=self.cwd)
            cached = self._cache[config_file] = self.overrides.apply(base)
        return cached

    def for_file(self, path: Path) -> Settings:
        return self.for_directory(path if os.path.isdir(path) else path.parent)
