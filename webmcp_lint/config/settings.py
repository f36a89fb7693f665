"""The settings one configuration file gives, and what they decide for a path: whether
it is excluded, whether it is test code, which rules run on it, with what severity and
options. `ConfigError` is a configuration problem (exit code 2).
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from msgspec import Struct

from webmcp_lint.config.selection import _in_tests, _select
from webmcp_lint.diagnostics import Severity
from webmcp_lint.workspace.patterns import file_matcher, gitignore_spec
from webmcp_lint.workspace.reading import DEFAULT_MAX_FILE_SIZE

if TYPE_CHECKING:
    import pathspec

    from webmcp_lint.model.tools import DeclaredWrapper

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


class ConfigError(Exception):
    """A configuration problem: exit code 2, with the file and key in the message."""


class Settings(Struct, frozen=True, dict=True):  # a dict for its cached properties
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
        return _spec([*self.exclude, *self.extend_exclude])

    @functools.cached_property
    def command_line_spec(self) -> pathspec.PathSpec[Any]:
        return _spec(self.command_line_exclude)

    @functools.cached_property
    def _exclude_names(self) -> frozenset[str] | None:
        return _plain_names([*self.exclude, *self.extend_exclude])

    @functools.cached_property
    def _excluded_by_name(self) -> Callable[[str, bool], bool]:
        names = self._exclude_names or frozenset()
        return lambda name, is_dir: name in names

    def is_excluded(self, path: Path, is_dir: bool = False) -> bool:
        return self._excluded(
            _relative(path, self.root) or path.name,
            lambda: _relative(path, self.command_line_root or self.root) or path.name,
            is_dir,
        )

    def excluder(self, directory: str | Path, entered: bool = False) -> Callable[[str, bool], bool]:
        """`is_excluded` for the entries of one directory, by name: where the directory
        lies relative to the patterns' roots is worked out once, not for every entry.
        `entered`: a walk reached the directory from its parent, of these same
        settings, whose excluder let it in."""
        names = self._exclude_names
        if names is not None and not self.command_line_exclude:
            # Plain names match any part of the path: the directory's parts are looked
            # at once, and each entry by its name alone. A directory entered from its
            # parent has no excluded part (each was an entry let in on the way down).
            if entered:
                return self._excluded_by_name
            base = _relative(directory, self.root)
            if base not in (None, ".") and not names.isdisjoint(base.split("/")):
                return lambda name, is_dir: True
            return self._excluded_by_name
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
        names = self._exclude_names  # plain names need no pattern (the default excludes)
        if names is not None:
            excluded = _named(names, relative)
        else:
            excluded = _matches(self.exclude_spec, relative, is_dir)
        if excluded:
            return True
        return bool(self.command_line_exclude) and _matches(
            self.command_line_spec, command_line_relative(), is_dir
        )

    def is_test_file(self, path: Path) -> bool:
        relative = _relative(path, self.root) or path.name
        return file_matcher(self.test_patterns)(relative)

    @functools.cached_property
    def _per_file_specs(self) -> list[tuple[pathspec.PathSpec[Any], tuple[str, ...]]]:
        return [(_spec([pattern]), selectors) for pattern, selectors in self.per_file_ignores]

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


_NAME_CHARACTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-")


def _plain_names(patterns: list[str]) -> frozenset[str] | None:
    """The patterns, when every one is a plain name (as the default excludes are): as
    gitignore reads them, each matches a file or directory of that name at any depth."""
    if all(plain_name(pattern) for pattern in patterns):
        return frozenset(patterns)
    return None


def plain_name(pattern: str) -> bool:
    """Letters, digits, `_`, `.` and `-`, starting with neither `.` nor `-` except for one
    leading dot (`node_modules`, `.git`): no wildcard, slash or negation. (Not a pattern:
    compiling one took more instructions than checking every default exclude.)"""
    name = pattern[1:] if pattern.startswith(".") else pattern
    return name[:1] not in ("", ".", "-") and _NAME_CHARACTERS.issuperset(name)


def _spec(patterns: Iterable[str]) -> pathspec.PathSpec[Any]:
    # Made when a pattern is first matched: the default excludes are plain names.
    return gitignore_spec(patterns)


def _within(directory: str | None, name: str) -> str:
    """An entry's path relative to the patterns' directory; outside it, its name alone."""
    if directory is None:
        return name
    return name if directory == "." else f"{directory}/{name}"


def _named(names: frozenset[str], relative: str) -> bool:
    """Whether a path has a part named as one of `names` (as gitignore matches a plain name)."""
    return not names.isdisjoint(relative.split("/"))


def _matches(spec: pathspec.PathSpec[Any], relative: str, is_dir: bool) -> bool:
    return spec.match_file(relative + "/" if is_dir else relative)


def _relative(path: str | Path, root: Path) -> str | None:
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
    from webmcp_lint.registry import rules

    ignore = (*settings.ignore, *ignored_here)
    return _select(rules(), settings.select, settings.extend_select, ignore)
