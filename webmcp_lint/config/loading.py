"""Finding the configuration file for a directory (the nearest, up to the repository
root; a pyproject.toml only with a `[tool.webmcp-lint]` table) and reading it into
Settings. What is found and read is remembered until `forget_config_files` (the language
server calls it before each lint, so edits to the files apply).
"""

from __future__ import annotations

import functools
import os
import sys
from pathlib import Path
from typing import Any

from webmcp_lint.config.settings import ConfigError, Settings
from webmcp_lint.config.validation import settings_from_table
from webmcp_lint.workspace.reading import (
    TooLargeError,
    UnreadableError,
    format_size,
    is_repository_root,
    read_head,
    read_regular_file,
)

CONFIG_FILES = (".webmcp-lint.toml", "webmcp-lint.toml", "pyproject.toml")
# A configuration file is read whole and every pattern in it compiled: a larger one is
# refused before it is parsed (a 29 MB file of patterns took a minute and a gigabyte).
MAX_CONFIG_BYTES = 1024 * 1024


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
    if sys.version_info >= (3, 11):  # imported here: most runs find no configuration file
        import tomllib
    else:  # Python 3.10
        import tomli as tomllib  # type: ignore[import-not-found,unused-ignore]
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
