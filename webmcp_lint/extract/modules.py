"""Which file an import specifier names, as bundlers and TypeScript resolve it.

Relative specifiers (with or without an extension, a directory's `index`, `.js` written
for a `.ts` file), `tsconfig.json`/`jsconfig.json` `baseUrl` and `paths` aliases (through
`extends`) and SvelteKit's `$lib`. Packages are never followed: their code is not the
project's. Nothing outside the project root is ever named.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from webmcp_lint.extract.project import project_root, read_inside, resolve_extends
from webmcp_lint.workspace.reading import inside

EXTENSIONS = (".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs")
# `import x from "./a.js"` names `a.ts` in TypeScript projects.
_WRITTEN_FOR = {".js": (".ts", ".tsx"), ".jsx": (".tsx",), ".mjs": (".mts",), ".cjs": (".cts",)}
MAX_EXTENDS = 16


def resolve(specifier: str, importer: str) -> str | None:
    """The real path of the file `specifier` names, imported from the file `importer`;
    None for a package, a file that does not exist or one outside the project."""
    directory = os.path.dirname(os.path.realpath(importer))
    root = _root(directory)
    if specifier.startswith(("./", "../")) or specifier in (".", ".."):
        found = _file(os.path.join(directory, specifier))
    else:
        found = None
        for target in _aliased(specifier, directory, root):
            found = _file(target)
            if found is not None:
                break
    if found is None or not inside(found, root):
        return None
    return found


def _root(directory: str) -> str:
    found = project_root(Path(directory))
    return str(found) if found is not None else directory


def _file(target: str) -> str | None:
    """The file a path names as a module: itself, with an extension, or its index."""
    for candidate in candidates(target):
        if os.path.isfile(candidate):
            return os.path.realpath(candidate)
    return None


def candidates(target: str) -> Iterator[str]:
    """The files a path may name as a module, best first (made as they are asked for)."""
    base, written = os.path.splitext(target)
    if written in EXTENSIONS or written in (".vue", ".svelte"):
        yield target
    for ext in _WRITTEN_FOR.get(written, ()):
        yield base + ext
    for ext in EXTENSIONS:
        yield target + ext
    for ext in EXTENSIONS:
        yield os.path.join(target, "index" + ext)


def _aliased(specifier: str, directory: str, root: str) -> list[str]:
    """The paths an alias may stand for, best first."""
    if specifier == "$lib" or specifier.startswith("$lib/"):
        kit = _nearest(directory, root, ("svelte.config.js", "svelte.config.ts", "package.json"))
        return [os.path.join(os.path.dirname(kit), "src", "lib" + specifier[4:])] if kit else []
    config = _nearest(directory, root, ("tsconfig.json", "jsconfig.json"))
    if config is None:
        return []
    base_url, paths_base, paths = compiler_paths(config, root)
    targets = []
    for pattern, replacements in paths:
        star = _match(pattern, specifier)
        if star is None:
            continue
        targets += [os.path.join(paths_base, r.replace("*", star, 1)) for r in replacements]
    if base_url is not None and not paths_only(specifier):
        targets.append(os.path.join(base_url, specifier))
    return targets


def paths_only(specifier: str) -> bool:
    """A bare package name (`react`, `@scope/pkg/x`) is never resolved through
    `baseUrl` when it starts with `@`: scoped packages are packages."""
    return specifier.startswith("@") and "/" in specifier and not specifier.startswith("@/")


def _match(pattern: str, specifier: str) -> str | None:
    """What `*` stands for when `specifier` matches a `paths` pattern ("" for an exact
    match), else None."""
    if "*" not in pattern:
        return "" if pattern == specifier else None
    prefix, _, suffix = pattern.partition("*")
    fits = len(specifier) >= len(prefix) + len(suffix)
    if fits and specifier.startswith(prefix) and specifier.endswith(suffix):
        return specifier[len(prefix) : len(specifier) - len(suffix)]
    return None


def _nearest(directory: str, root: str, names: tuple[str, ...]) -> str | None:
    current = directory
    while True:
        for name in names:
            candidate = os.path.join(current, name)
            if os.path.isfile(candidate):
                return candidate
        parent = os.path.dirname(current)
        if current == root or parent == current or not inside(parent, root):
            return None
        current = parent


@functools.lru_cache(maxsize=64)
def compiler_paths(
    config: str, root: str
) -> tuple[str | None, str, tuple[tuple[str, tuple[str, ...]], ...]]:
    """The `baseUrl` (absolute, None when unset), the directory `paths` are relative to,
    and the `paths` of a configuration after `extends`, longest pattern prefix first as
    TypeScript tries them."""
    base_url: str | None = None
    paths_file = config
    paths: dict[str, Any] = {}
    for file, options in _extends_chain(Path(config), Path(root)):  # the bases first
        if isinstance(options.get("baseUrl"), str):
            base_url = os.path.join(os.path.dirname(file), options["baseUrl"])
        if isinstance(options.get("paths"), dict):
            paths, paths_file = options["paths"], file
    listed = [
        (pattern, tuple(r for r in targets if isinstance(r, str)))
        for pattern, targets in paths.items()
        if isinstance(pattern, str) and isinstance(targets, list)
    ]
    listed.sort(key=lambda entry: -len(entry[0].partition("*")[0]))
    return base_url, base_url or os.path.dirname(paths_file), tuple(listed)


def _extends_chain(config: Path, root: Path) -> list[tuple[str, dict[str, Any]]]:
    """Each configuration's `compilerOptions`, the most basic first."""
    chain: list[tuple[str, dict[str, Any]]] = []
    seen: set[Path] = set()
    current: Path | None = config
    while current is not None and current not in seen and len(seen) < MAX_EXTENDS:
        seen.add(current)
        raw = read_inside(current, root)
        if not isinstance(raw, dict):
            break
        options = raw.get("compilerOptions")
        chain.append((str(current), options if isinstance(options, dict) else {}))
        extends = raw.get("extends")
        current = (
            resolve_extends(extends, current.parent, root) if isinstance(extends, str) else None
        )
    chain.reverse()
    return chain


def forget() -> None:
    """Drop the `paths` of configurations read so far."""
    compiler_paths.cache_clear()
