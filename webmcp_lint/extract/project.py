"""Facts about the project around a file: what its TypeScript configuration loads.

The engine asks for these before checks run, so rules read facts, never files. Lookups
are cached per directory and per configuration for the life of the process: a run over
a thousand files of one project reads its `tsconfig.json` once per worker.
"""

from __future__ import annotations

import functools
import json
import os
import threading
from pathlib import Path
from typing import Any

from msgspec.structs import replace

from webmcp_lint import KeywordBytesPattern
from webmcp_lint.extract.implementations import newest_admitted
from webmcp_lint.extract.runtime import Classifier, project_runtime, real_path
from webmcp_lint.model import FileModel, ProjectFacts, Runtime, TsConfigFacts
from webmcp_lint.model.runtime import ProjectRuntime, canonical
from webmcp_lint.workspace import lockfiles
from webmcp_lint.workspace.lockfiles import strip_jsonc
from webmcp_lint.workspace.reading import (
    UnreadableError,
    inside,
    is_repository_root,
    read_head,
    read_regular_file,
)

WEBMCP_TYPES = "webmcp-types"
TS_SCRIPT_LANGUAGES = ("typescript", "tsx")
MAX_EXTENDS = 16

# A triple-slash directive is only honoured before the first statement of a file, so
# the head of each file is enough.
REFERENCE = KeywordBytesPattern(
    rb"///[ \t]*<reference[ \t]+types[ \t]*=[ \t]*[\"']webmcp-types[\"']", needs=("webmcp-types",)
)
REFERENCE_HEAD_BYTES = 4096
SOURCE_SUFFIXES = (".ts", ".tsx", ".mts", ".cts")
SKIPPED_DIRECTORIES = frozenset({"node_modules", "dist", "build", "out", "coverage"})
MAX_SCANNED_FILES = 20_000
MAX_CONFIG_BYTES = 1024 * 1024  # a larger tsconfig.json is not read: unknowable


def facts(model: FileModel, path: Path, display: str) -> ProjectFacts:
    """The project facts for a file linted as `path` and shown as `display`."""
    return facts_for(path, display, holds_typescript(model))


def with_runtime(
    facts: ProjectFacts,
    path: Path,
    classifier: Classifier,
    declared: Runtime | None,
    real: str | None = None,
) -> ProjectFacts:
    """`facts` with what the project installs for the file (runtime.py); `real` is its
    real path when discovery found it."""
    try:
        resolved = real_path(path, real)
    except (OSError, RuntimeError):
        return facts
    directory = resolved.parent
    root = project_root(directory) or directory
    if declared is not None:
        found = ProjectRuntime(declared=declared, test_file=classifier.is_test(path))
    else:
        found = project_runtime(path, root, classifier, resolved)
    return replace(facts, runtime=found, runtime_key=_runtime_key(found))


# The files of a project share one runtime facts object (`project_runtime`): its text for
# the cache is made once, not for each file.
_RUNTIME_KEYS: dict[int, tuple[ProjectRuntime, str]] = {}
MAX_RUNTIME_KEYS = 64


def _runtime_key(found: ProjectRuntime) -> str:
    known = _RUNTIME_KEYS.get(id(found))
    if known is not None and known[0] is found:
        return known[1]
    if len(_RUNTIME_KEYS) >= MAX_RUNTIME_KEYS:
        _RUNTIME_KEYS.clear()
    key = canonical(found)
    _RUNTIME_KEYS[id(found)] = (found, key)
    return key


def holds_typescript(model: FileModel) -> bool:
    return any(script.language in TS_SCRIPT_LANGUAGES for script in model.scripts)


def facts_for(path: Path, display: str, typescript: bool, real: str | None = None) -> ProjectFacts:
    """The project facts for a file at `path` shown as `display`, which holds TypeScript
    or not: what they depend on is the file's place, not its code (the cache asks again
    whether a result's facts still hold). `real` is its real path when discovery found it."""
    try:
        directory = real_path(path, real).parent
    except (OSError, RuntimeError):  # symlink loops
        return ProjectFacts()
    root = project_root(directory)
    dependencies = package_dependencies(directory, root)
    frameworks = package_frameworks(directory, root) if dependencies & VERSIONED else ()
    if not typescript:
        return ProjectFacts(dependencies=dependencies, frameworks=frameworks)
    try:
        tsconfig = nearest_tsconfig(directory, root)
        if tsconfig is None:
            return ProjectFacts(dependencies=dependencies, frameworks=frameworks)
        loaded = loads_webmcp_types(tsconfig, root or tsconfig.parent)
    except (OSError, RuntimeError):  # unreadable directories, symlink loops
        return ProjectFacts(dependencies=dependencies, frameworks=frameworks)
    try:
        relative = os.path.relpath(tsconfig, directory)
        shown = Path(os.path.normpath(os.path.join(os.path.dirname(display), relative))).as_posix()
    except ValueError:  # another drive
        shown = tsconfig.as_posix()
    return ProjectFacts(TsConfigFacts(tsconfig, shown, loaded), dependencies, frameworks=frameworks)


@functools.cache
def package_dependencies(directory: Path, root: Path | None = None) -> frozenset[str]:
    """The packages the nearest `package.json` (up to `root`) depends on (dependencies of
    every kind); empty when there is none or it cannot be read."""
    manifest = directory / "package.json"
    if not os.path.isfile(manifest):
        if directory.parent == directory or directory == root:
            return frozenset()
        return package_dependencies(directory.parent, root)
    data = read_inside(manifest, root or directory)
    if not isinstance(data, dict):
        return frozenset()
    names: set[str] = set()
    for key in ("dependencies", "devDependencies", "peerDependencies", "optionalDependencies"):
        listed = data.get(key)
        if isinstance(listed, dict):
            names.update(name for name in listed if isinstance(name, str))
    return frozenset(names)


FRAMEWORKS = frozenset({"react", "preact", "vue", "svelte", "@angular/core", "solid-js"})
# Hook packages whose version decides where they register (checks/_runtime.py).
VERSIONED_HOOKS = frozenset({"@mcp-b/react-webmcp", "usewebmcp"})
VERSIONED = FRAMEWORKS | VERSIONED_HOOKS


@functools.cache
def package_frameworks(directory: Path, root: Path | None = None) -> tuple[tuple[str, str], ...]:
    """The UI frameworks and versioned hook packages the nearest `package.json` lists,
    each with the version its lockfile resolves (else the range asked for)."""
    return tuple((name, version) for name, version, _ in framework_versions(directory, root))


def framework_versions(directory: Path, root: Path | None = None) -> list[tuple[str, str, str]]:
    """`package_frameworks` with where each version was read (`package-lock.json`,
    "package.json's range ^2.1.0"), for `--show-settings`."""
    manifest_dir = directory
    while not os.path.isfile(manifest_dir / "package.json"):
        if manifest_dir.parent == manifest_dir or manifest_dir == root:
            return []
        manifest_dir = manifest_dir.parent
    data = lockfiles.manifest(manifest_dir) or {}
    found = []
    for name in sorted(VERSIONED):
        listed = lockfiles.declared(data, name)
        if listed is None:
            continue
        resolved = lockfiles.resolve(manifest_dir, root or manifest_dir, name, listed[0])
        version = resolved.version if resolved is not None else ""
        where = resolved.path.name if resolved is not None else "package.json"
        if resolved is not None and resolved.how == "range":
            where = f"package.json's range {version}"
            version = newest_admitted(name, version) or ""  # a range's lower bound
        found.append((name, version, where))
    return found


def project_root(directory: Path) -> Path | None:
    """The directory no configuration is read outside of: the root of the repository
    holding `directory`, else the working directory when it holds `directory` (the tree
    being linted); None for neither (then the nearest tsconfig.json's directory)."""
    return _project_root(directory, os.getcwd())


# Kept per directory (each file asks twice, and its neighbours ask the same): a walk up
# to the file system's root and the working directory resolved were 4% of a dense run.
@functools.lru_cache(maxsize=256)
def _project_root(directory: Path, cwd: str) -> Path | None:
    for candidate in (directory, *directory.parents):
        if is_repository_root(candidate):
            return candidate
    real_cwd = Path(cwd).resolve()
    return real_cwd if inside(str(directory), str(real_cwd)) else None


@functools.cache
def nearest_tsconfig(directory: Path, root: Path | None = None) -> Path | None:
    """The `tsconfig.json` in `directory` or the closest directory above it, up to
    `root`."""
    candidate = directory / "tsconfig.json"
    if os.path.isfile(candidate):
        return candidate
    if directory.parent == directory or directory == root:
        return None
    return nearest_tsconfig(directory.parent, root)


def read_inside(path: Path, root: Path) -> Any:
    """`read_jsonc` of a path whose real location lies in `root`; None for any other:
    `extends` and `references` may name any path (`/etc/shadow`), and a link inside the
    project may lead anywhere."""
    real = os.path.realpath(path)
    return read_jsonc(Path(real)) if inside(real, str(root)) else None


@functools.cache
def loads_webmcp_types(tsconfig: Path, root: Path) -> bool | None:
    """Whether the project of `tsconfig` loads `webmcp-types`; None when unknowable.

    Editors and build tools often type-check through another config than the nearest
    `tsconfig.json` (Vite's `references` to `tsconfig.app.json`, Angular's
    `tsconfig.app.json` beside it), so any of those that loads the types counts.
    """
    readable = True
    for config in related_configs(tsconfig, root):
        options = effective_options(config, root)
        if options is None:
            readable = False
        elif lists_webmcp_types(options):
            return True
    referenced = reference_in_sources(tsconfig.parent)
    if referenced:
        return True
    return False if referenced is False and readable else None


def related_configs(tsconfig: Path, root: Path) -> list[Path]:
    """`tsconfig` itself, the project configs it references, and its `tsconfig.*.json`
    siblings."""
    configs = [tsconfig]
    raw = read_inside(tsconfig, root)
    references = raw.get("references") if isinstance(raw, dict) else None
    for reference in references if isinstance(references, list) else []:
        target = reference.get("path") if isinstance(reference, dict) else None
        if isinstance(target, str):
            candidate = tsconfig.parent / target
            if candidate.is_dir():
                candidate = candidate / "tsconfig.json"
            if candidate.is_file():
                configs.append(candidate)
    configs.extend(sorted(tsconfig.parent.glob("tsconfig.*.json")))
    unique: dict[Path, None] = {}
    for config in configs:
        unique.setdefault(config.resolve(), None)
    return list(unique)


def lists_webmcp_types(options: dict[str, Any]) -> bool:
    """`webmcp-types` in `types`, `typeRoots`, `files` or `include` of merged options."""
    types = options.get("types")
    if isinstance(types, list) and any(
        isinstance(entry, str) and entry.split("/")[0] == WEBMCP_TYPES for entry in types
    ):
        return True
    roots = options.get("typeRoots")
    if isinstance(roots, list) and any(
        isinstance(entry, str) and entry.rstrip("/").endswith(WEBMCP_TYPES) for entry in roots
    ):
        return True
    for key in ("files", "include"):
        entries = options.get(key)
        if isinstance(entries, list) and any(
            isinstance(entry, str) and WEBMCP_TYPES in entry for entry in entries
        ):
            return True
    return False


@functools.cache
def effective_options(config: Path, root: Path) -> dict[str, Any] | None:
    """`types`, `typeRoots`, `files` and `include` after following `extends`; None when
    the config or one it extends cannot be read or found, or lies outside `root`."""
    return _merged_options(config, root, frozenset())


def _merged_options(config: Path, root: Path, seen: frozenset[Path]) -> dict[str, Any] | None:
    if config in seen:
        return {}  # an `extends` cycle: TypeScript reports it; we stop here
    if len(seen) >= MAX_EXTENDS:
        return None
    raw = read_inside(config, root)
    if not isinstance(raw, dict):
        return None
    merged: dict[str, Any] = {}
    extends = raw.get("extends")
    bases = [extends] if isinstance(extends, str) else extends
    for base in bases if isinstance(bases, list) else []:
        if not isinstance(base, str):
            continue
        resolved = resolve_extends(base, config.parent, root)
        inherited = _merged_options(resolved, root, seen | {config}) if resolved else None
        if inherited is None:
            return None
        merged.update(inherited)  # later bases override earlier ones
    options = raw.get("compilerOptions")
    if isinstance(options, dict):
        merged.update({key: options[key] for key in ("types", "typeRoots") if key in options})
    merged.update({key: raw[key] for key in ("files", "include") if key in raw})
    return merged


def resolve_extends(specifier: str, directory: Path, root: Path) -> Path | None:
    """The file an `extends` entry names: a path relative to the config, or a package
    (or a file inside one) under a `node_modules` directory above it, up to `root`."""
    if specifier.startswith((".", "/")) or Path(specifier).is_absolute():
        return _config_file(directory / specifier)
    for base in (directory, *directory.parents):
        if not inside(str(base), str(root)):
            break
        modules = base / "node_modules"
        if not modules.is_dir():
            continue
        target = modules / specifier
        found = _config_file(target)
        if found is not None:
            return found
        if target.is_dir():
            manifest = read_inside(target / "package.json", root)
            field = manifest.get("tsconfig") if isinstance(manifest, dict) else None
            if isinstance(field, str):
                return _config_file(target / field)
    return None


def _config_file(target: Path) -> Path | None:
    for candidate in (target, target.with_name(target.name + ".json"), target / "tsconfig.json"):
        if os.path.isfile(candidate):
            return candidate.resolve()
    return None


@functools.cache
def reference_in_sources(root: Path) -> bool | None:
    """Whether a TypeScript file under `root` starts with a triple-slash reference to
    `webmcp-types`; None when the tree is too large to look through."""
    scanned = 0
    stack = [root]
    while stack:
        directory = stack.pop()
        try:
            entries = sorted(os.scandir(directory), key=lambda entry: entry.name)
        except OSError:
            continue
        for entry in entries:
            try:
                is_dir = entry.is_dir(follow_symlinks=False)
                if entry.is_symlink():
                    continue  # it may lead anywhere
            except OSError:
                continue
            if is_dir:
                if entry.name not in SKIPPED_DIRECTORIES and not entry.name.startswith("."):
                    stack.append(Path(entry.path))
                continue
            if not entry.name.endswith(SOURCE_SUFFIXES):
                continue
            scanned += 1
            if scanned > MAX_SCANNED_FILES:
                return None
            try:
                head = read_head(entry.path, REFERENCE_HEAD_BYTES)
            except UnreadableError:  # a FIFO, a device, no permission
                continue
            if REFERENCE.search(head):
                return True
    return False


@functools.cache
def read_jsonc(path: Path) -> Any:
    """A JSON-with-comments file (comments and trailing commas allowed), or None."""
    _watch(path)
    try:
        text = read_regular_file(path, MAX_CONFIG_BYTES).decode("utf-8-sig")
    except (UnreadableError, UnicodeDecodeError):
        return None
    try:
        return json.loads(strip_jsonc(text))
    except ValueError:
        return None


# -- what the facts are read from ----------------------------------------------------------

# The files the facts of a directory are read from: these names at or above it, and any
# configuration file read (an `extends` elsewhere, a `tsconfig.app.json`). The language
# server compares them before each lint, so an edited `tsconfig.json` or `package.json`
# is seen without a restart.
CONFIG_NAMES = ("tsconfig.json", "jsconfig.json", "package.json", *lockfiles.LOCKFILES)
MAX_WATCHED = 4096
_WATCH_LOCK = threading.Lock()
_WATCHED: dict[str, tuple[int, int] | None] = {}  # configuration files read, as they were
_STAMPS: dict[Path, tuple[tuple[str, int, int], ...]] = {}


def _status(path: str) -> tuple[int, int] | None:
    try:
        status = os.stat(path)
    except OSError:
        return None
    return status.st_mtime_ns, status.st_size


def _watch(path: Path) -> None:
    status = _status(str(path))
    with _WATCH_LOCK:
        if len(_WATCHED) < MAX_WATCHED:
            _WATCHED.setdefault(str(path), status)


def stamp(directory: Path) -> tuple[tuple[str, int, int], ...]:
    """The configuration files at or above `directory` (up to its project root), each
    with its modification time and size."""
    root = project_root(directory)
    found = []
    for candidate in (directory, *directory.parents):
        for name in CONFIG_NAMES:
            status = _status(str(candidate / name))
            if status is not None:
                found.append((str(candidate / name), *status))
        if candidate == root:
            break
    return tuple(found)


def changed(directory: Path) -> bool:
    """Whether the configuration files the project facts of `directory` stand on changed
    (edited, added, removed) since it was last asked about: those at or above it, and
    every configuration file read since the facts were last forgotten."""
    now = stamp(directory)
    with _WATCH_LOCK:
        before = _STAMPS.get(directory)
        if before is None and len(_STAMPS) >= MAX_WATCHED:
            _STAMPS.clear()
        _STAMPS[directory] = now
        watched = list(_WATCHED.items())
    if before is not None and before != now:
        return True
    return any(_status(path) != status for path, status in watched)


def forget() -> None:
    """Drop every project fact read so far: the next file reads the configuration files
    again."""
    for cached in (
        _project_root,
        package_dependencies,
        package_frameworks,
        nearest_tsconfig,
        loads_webmcp_types,
        effective_options,
        reference_in_sources,
        read_jsonc,
    ):
        cached.cache_clear()
    with _WATCH_LOCK:
        _WATCHED.clear()
