"""Facts about the project around a file, gathered before checks run."""

from __future__ import annotations

from pathlib import Path

from msgspec import Struct

from webmcp_lint.model.runtime import ProjectRuntime


class TsConfigFacts(Struct, frozen=True):
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


class ProjectFacts(Struct, frozen=True):
    """Facts about the project around a file, gathered before checks run: rules never
    read files themselves."""

    tsconfig: TsConfigFacts | None = None
    dependencies: frozenset[str] = frozenset()  # what the nearest package.json depends on
    # What the project installs for the file (model/runtime.py), compared by its
    # canonical text (`runtime_key`), which the cache keeps.
    runtime: ProjectRuntime | None = None
    runtime_key: str = ""
    # The UI frameworks (and MCP-B's hook packages) the nearest package.json lists, with
    # the version installed (the lockfile's, else the range's, "" when neither says):
    # ("react", "19.1.0").
    frameworks: tuple[tuple[str, str], ...] = ()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ProjectFacts):
            return NotImplemented
        return self._compared() == other._compared()

    def __hash__(self) -> int:
        return hash(self._compared())

    def _compared(self) -> tuple[object, ...]:
        """Every fact but `runtime`, which `runtime_key` stands for."""
        return (self.tsconfig, self.dependencies, self.runtime_key, self.frameworks)

    def framework(self, name: str) -> str | None:
        """The version of a framework the project lists ("" when unknown), else None."""
        return dict(self.frameworks).get(name)
