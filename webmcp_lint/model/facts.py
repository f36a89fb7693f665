"""Facts about the project around a file, gathered before checks run."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class TsConfigFacts:
    """The TypeScript configuration that applies to a file.

    `path` is the nearest `tsconfig.json` above the file, `display` that path as users
    see it. `webmcp_types` says whether the project loads the `webmcp-types` package
    (in `types`, `typeRoots`, `files` or `include` of that config, the configs it
    references and its `tsconfig.*.json` siblings, `extends` followed, or through a
    `/// <reference types="webmcp-types" />` in a source file); None when that cannot be
    told (an unreadable config, an `extends` that is not installed).
    """

    path: Path
    display: str
    webmcp_types: bool | None


@dataclass(frozen=True)
class ProjectFacts:
    """Facts about the project around a file, gathered before checks run: rules never
    read files themselves."""

    tsconfig: TsConfigFacts | None = None
    dependencies: frozenset[str] = frozenset()  # what the nearest package.json depends on
