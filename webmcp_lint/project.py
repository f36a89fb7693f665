"""Facts about the project around a file: what its TypeScript configuration loads.

The engine asks for these before checks run, so rules read facts, never files. Lookups
are cached per directory and per configuration for the life of the process: a run over
a thousand files of one project reads its `tsconfig.json` once per worker.
"""

from __future__ import annotations

import functools
import json
import os
import re
from pathlib import Path
from typing import Any

from webmcp_lint.model import FileModel, ProjectFacts, TsConfigFacts

WEBMCP_TYPES = "webmcp-types"
TS_SCRIPT_LANGUAGES = ("typescript", "tsx")
MAX_EXTENDS = 16

# A triple-slash directive is only honoured before the first statement of a file, so
# the head of each file is enough.
REFERENCE = re.compile(rb"///[ \t]*<reference[ \t]+types[ \t]*=[ \t]*[\"']webmcp-types[\"']")
REFERENCE_HEAD_BYTES = 4096
SOURCE_SUFFIXES = (".ts", ".tsx", ".mts", ".cts")
SKIPPED_DIRECTORIES = frozenset({"node_modules", "dist", "build", "out", "coverage"})
MAX_SCANNED_FILES = 20_000


def facts(model: FileModel, path: Path, display: str) -> ProjectFacts:
    """The project facts for a file linted as `path` and shown as `display`."""
    try:
        directory = path.resolve().parent
    except (OSError, RuntimeError):  # symlink loops
        return ProjectFacts()
    dependencies = package_dependencies(directory)
    if not any(script.language in TS_SCRIPT_LANGUAGES for script in model.scripts):
        return ProjectFacts(dependencies=dependencies)
    try:
        tsconfig = nearest_tsconfig(directory)
        if tsconfig is None:
            return ProjectFacts(dependencies=dependencies)
        loaded = loads_webmcp_types(tsconfig)
    except (OSError, RuntimeError):  # unreadable directories, symlink loops
        return ProjectFacts(dependencies=dependencies)
    try:
        relative = os.path.relpath(tsconfig, directory)
        shown = Path(os.path.normpath(os.path.join(os.path.dirname(display), relative))).as_posix()
    except ValueError:  # another drive
        shown = tsconfig.as_posix()
    return ProjectFacts(TsConfigFacts(tsconfig, shown, loaded), dependencies)


@functools.cache
def package_dependencies(directory: Path) -> frozenset[str]:
    """The packages the nearest `package.json` depends on (dependencies of every kind);
    empty when there is none or it cannot be read."""
    manifest = directory / "package.json"
    if not manifest.is_file():
        return (
            frozenset() if directory.parent == directory else package_dependencies(directory.parent)
        )
    try:
        data = json.loads(manifest.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):
        return frozenset()
    if not isinstance(data, dict):
        return frozenset()
    names: set[str] = set()
    for key in ("dependencies", "devDependencies", "peerDependencies", "optionalDependencies"):
        listed = data.get(key)
        if isinstance(listed, dict):
            names.update(name for name in listed if isinstance(name, str))
    return frozenset(names)


@functools.cache
def nearest_tsconfig(directory: Path) -> Path | None:
    """The `tsconfig.json` in `directory` or the closest directory above it."""
    candidate = directory / "tsconfig.json"
    if candidate.is_file():
        return candidate
    if directory.parent == directory:
        return None
    return nearest_tsconfig(directory.parent)


@functools.cache
def loads_webmcp_types(tsconfig: Path) -> bool | None:
    """Whether the project of `tsconfig` loads `webmcp-types`; None when unknowable.

    Editors and build tools often type-check through another config than the nearest
    `tsconfig.json` (Vite's `references` to `tsconfig.app.json`, Angular's
    `tsconfig.app.json` beside it), so any of those that loads the types counts.
    """
    readable = True
    for config in related_configs(tsconfig):
        options = effective_options(config)
        if options is None:
            readable = False
        elif lists_webmcp_types(options):
            return True
    referenced = reference_in_sources(tsconfig.parent)
    if referenced:
        return True
    return False if referenced is False and readable else None


def related_configs(tsconfig: Path) -> list[Path]:
    """`tsconfig` itself, the project configs it references, and its `tsconfig.*.json`
    siblings."""
    configs = [tsconfig]
    raw = read_jsonc(tsconfig)
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
def effective_options(config: Path) -> dict[str, Any] | None:
    """`types`, `typeRoots`, `files` and `include` after following `extends`; None when
    the config or one it extends cannot be read or found."""
    return _merged_options(config, frozenset())


def _merged_options(config: Path, seen: frozenset[Path]) -> dict[str, Any] | None:
    if config in seen:
        return {}  # an `extends` cycle: TypeScript reports it; we stop here
    if len(seen) >= MAX_EXTENDS:
        return None
    raw = read_jsonc(config)
    if not isinstance(raw, dict):
        return None
    merged: dict[str, Any] = {}
    extends = raw.get("extends")
    bases = [extends] if isinstance(extends, str) else extends
    for base in bases if isinstance(bases, list) else []:
        if not isinstance(base, str):
            continue
        resolved = resolve_extends(base, config.parent)
        inherited = _merged_options(resolved, seen | {config}) if resolved else None
        if inherited is None:
            return None
        merged.update(inherited)  # later bases override earlier ones
    options = raw.get("compilerOptions")
    if isinstance(options, dict):
        merged.update({key: options[key] for key in ("types", "typeRoots") if key in options})
    merged.update({key: raw[key] for key in ("files", "include") if key in raw})
    return merged


def resolve_extends(specifier: str, directory: Path) -> Path | None:
    """The file an `extends` entry names: a path relative to the config, or a package
    (or a file inside one) under a `node_modules` directory above it."""
    if specifier.startswith((".", "/")) or Path(specifier).is_absolute():
        return _config_file(directory / specifier)
    for base in (directory, *directory.parents):
        modules = base / "node_modules"
        if not modules.is_dir():
            continue
        target = modules / specifier
        found = _config_file(target)
        if found is not None:
            return found
        if target.is_dir():
            manifest = read_jsonc(target / "package.json")
            field = manifest.get("tsconfig") if isinstance(manifest, dict) else None
            if isinstance(field, str):
                return _config_file(target / field)
    return None


def _config_file(target: Path) -> Path | None:
    if target.is_file():
        return target.resolve()
    with_suffix = target.with_name(target.name + ".json")
    if with_suffix.is_file():
        return with_suffix.resolve()
    if target.is_dir() and (target / "tsconfig.json").is_file():
        return (target / "tsconfig.json").resolve()
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
                with open(entry.path, "rb") as handle:
                    head = handle.read(REFERENCE_HEAD_BYTES)
            except OSError:
                continue
            if REFERENCE.search(head):
                return True
    return False


@functools.cache
def read_jsonc(path: Path) -> Any:
    """A JSON-with-comments file (comments and trailing commas allowed), or None."""
    try:
        text = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError):
        return None
    try:
        return json.loads(strip_jsonc(text))
    except ValueError:
        return None


def strip_jsonc(text: str) -> str:
    """JSON text from JSONC: comments become spaces, trailing commas are dropped."""
    out: list[str] = []
    index = 0
    length = len(text)
    while index < length:
        char = text[index]
        if char == '"':
            end = index + 1
            while end < length and text[end] != '"':
                end += 2 if text[end] == "\\" else 1
            out.append(text[index : end + 1])
            index = end + 1
        elif text.startswith("//", index):
            end = text.find("\n", index)
            index = length if end == -1 else end
        elif text.startswith("/*", index):
            end = text.find("*/", index + 2)
            index = length if end == -1 else end + 2
            out.append(" ")
        elif char == ",":
            following = index + 1
            while True:
                while following < length and text[following] in " \t\r\n":
                    following += 1
                if text.startswith("//", following):
                    end = text.find("\n", following)
                    following = length if end == -1 else end
                elif text.startswith("/*", following):
                    end = text.find("*/", following + 2)
                    following = length if end == -1 else end + 2
                else:
                    break
            if following < length and text[following] in "}]":
                index += 1  # a trailing comma
            else:
                out.append(char)
                index += 1
        else:
            out.append(char)
            index += 1
    return "".join(out)
