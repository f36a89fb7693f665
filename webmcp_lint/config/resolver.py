"""Settings for every linted path: the command line's Overrides on top of `--config`,
else of the nearest configuration file (or of the defaults where there is none).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from msgspec import Struct
from msgspec.structs import replace

from webmcp_lint.config.loading import find_config_file, load
from webmcp_lint.config.settings import Settings
from webmcp_lint.diagnostics import Severity


class Overrides(Struct, frozen=True):
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
