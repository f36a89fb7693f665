"""Configuration: `[tool.webmcp-lint]` in pyproject.toml, `webmcp-lint.toml`,
`.webmcp-lint.toml`. For every linted file the nearest configuration file wins (looking
up from the file's directory, no further than the repository root); `--config PATH`
applies one file to everything. Nothing is merged between files. Paths in a
configuration file are relative to the directory that holds it. `loading` finds and
reads the files, `validation` checks their keys, `settings` and `selection` say what the
settings decide for a path, and `resolver` gives each path its settings with the
command line's overrides on top.
"""

from webmcp_lint.config.loading import (
    CONFIG_FILES,
    MAX_CONFIG_BYTES,
    find_config_file,
    forget_config_files,
    load,
)
from webmcp_lint.config.resolver import Overrides, Resolver
from webmcp_lint.config.selection import known_selectors
from webmcp_lint.config.settings import (
    DEFAULT_EXCLUDE,
    DEFAULT_TEST_FILES,
    ConfigError,
    Settings,
)
from webmcp_lint.config.validation import KEYS, WRAPPER_KEYS, settings_from_table

__all__ = [
    "CONFIG_FILES",
    "DEFAULT_EXCLUDE",
    "DEFAULT_TEST_FILES",
    "KEYS",
    "MAX_CONFIG_BYTES",
    "WRAPPER_KEYS",
    "ConfigError",
    "Overrides",
    "Resolver",
    "Settings",
    "find_config_file",
    "forget_config_files",
    "known_selectors",
    "load",
    "settings_from_table",
]
