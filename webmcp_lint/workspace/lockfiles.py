"""The version of a package a project installs: what its lockfile resolves, else the range
its `package.json` asks for, else (a workspace package) the version of that package.

Lockfiles: `package-lock.json` / `npm-shrinkwrap.json` (v1 to v3), `pnpm-lock.yaml` (v5
to v9), `yarn.lock` (classic and berry) and `bun.lock`, the nearest one at or above the
package, inside the repository. Each is read only for the few packages asked about, line
by line where it is not JSON, within a size limit: a file that cannot be read or read
within it resolves nothing.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from msgspec import Struct

from webmcp_lint import LazyPattern
from webmcp_lint.workspace.reading import UnreadableError, inside, read_regular_file

LOCKFILES = ("pnpm-lock.yaml", "package-lock.json", "npm-shrinkwrap.json", "yarn.lock", "bun.lock")
MAX_LOCKFILE_BYTES = 32 * 1024 * 1024
MAX_MANIFESTS = 2_000  # package.json files looked at to find a workspace package
SKIPPED = frozenset({"node_modules", ".git", "dist", "build", "coverage", ".next", ".cache"})
_VERSION = LazyPattern(r"(?<![\d.])\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?")


class Resolved(Struct, frozen=True):
    """A package's version and where it was read (`how`: "lockfile", "range",
    "workspace")."""

    version: str
    path: Path
    line: int
    how: str


def manifest(directory: Path) -> dict[str, Any] | None:
    """The `package.json` of a directory, or None."""
    try:
        data = json.loads(read_regular_file(directory / "package.json", 4 << 20))
    except (UnreadableError, OSError, ValueError, UnicodeDecodeError):
        return None
    return data if isinstance(data, dict) else None


def declared(data: dict[str, Any], name: str) -> tuple[str, str] | None:
    """The range a manifest asks for `name`, and the kind of dependency."""
    for key in ("dependencies", "peerDependencies", "optionalDependencies", "devDependencies"):
        listed = data.get(key)
        if isinstance(listed, dict) and isinstance(listed.get(name), str):
            return listed[name], key
    return None


def resolve(package_dir: Path, root: Path, name: str, spec: str) -> Resolved | None:
    """The version of `name` the package at `package_dir` installs (asking for `spec`)."""
    lock = nearest_lockfile(package_dir, root)
    if lock is not None:
        found = _from_lockfile(lock, package_dir, name, spec)
        if found is not None:
            return found
    if spec.startswith(("workspace:", "link:", "file:")) or spec == "*":
        local = workspace_package(root, name)
        if local is not None:
            return local
    match = _VERSION.compiled.search(spec)
    if match is None:
        return None
    manifest_path = package_dir / "package.json"
    return Resolved(spec, manifest_path, _line_of(manifest_path, name), "range")


def nearest_lockfile(directory: Path, root: Path) -> Path | None:
    for candidate in (directory, *directory.parents):
        if not inside(str(candidate), str(root)):
            return None
        for name in LOCKFILES:
            path = candidate / name
            if os.path.isfile(path):
                return path
        if candidate == root:
            return None
    return None


def _read(path: Path) -> str | None:
    try:
        return read_regular_file(path, MAX_LOCKFILE_BYTES).decode("utf-8", "replace")
    except (UnreadableError, OSError):
        return None


def _line_of(path: Path, needle: str) -> int:
    text = _read(path)
    if text is None:
        return 0
    index = text.find(f'"{needle}"')
    return text.count("\n", 0, index) + 1 if index >= 0 else 0


def _from_lockfile(lock: Path, package_dir: Path, name: str, spec: str) -> Resolved | None:
    text = _read(lock)
    if text is None or name not in text:
        return None
    relative = os.path.relpath(package_dir, lock.parent).replace(os.sep, "/")
    if lock.name in ("package-lock.json", "npm-shrinkwrap.json"):
        return _npm(text, lock, relative, name)
    if lock.name == "pnpm-lock.yaml":
        return _pnpm(text, lock, relative, name)
    if lock.name == "yarn.lock":
        return _yarn(text, lock, name, spec)
    return _bun(text, lock, relative, name)


def _found(version: str, lock: Path, text: str, index: int) -> Resolved | None:
    match = _VERSION.compiled.match(version.strip().strip("'\""))
    if match is None:
        return None
    return Resolved(match.group(), lock, text.count("\n", 0, max(index, 0)) + 1, "lockfile")


def _npm(text: str, lock: Path, relative: str, name: str) -> Resolved | None:
    try:
        data = json.loads(text)
    except ValueError:
        return None
    packages = data.get("packages") if isinstance(data, dict) else None
    if isinstance(packages, dict):
        keys = [f"node_modules/{name}"]
        if relative != ".":
            keys.insert(0, f"{relative}/node_modules/{name}")
        for key in keys:
            entry = packages.get(key)
            if (
                isinstance(entry, dict)
                and entry.get("link")
                and isinstance(entry.get("resolved"), str)
            ):
                entry = packages.get(entry["resolved"])
            if isinstance(entry, dict) and isinstance(entry.get("version"), str):
                return _found(entry["version"], lock, text, text.find(f'"{key}"'))
    dependencies = data.get("dependencies") if isinstance(data, dict) else None
    entry = dependencies.get(name) if isinstance(dependencies, dict) else None
    if isinstance(entry, dict) and isinstance(entry.get("version"), str):
        return _found(entry["version"], lock, text, text.find(f'"{name}"'))
    return None


def _pnpm(text: str, lock: Path, relative: str, name: str) -> Resolved | None:
    """Line by line: the importer of the package (or the top level of a lockfile
    without importers), then `name` under one of its dependency sections, with its
    version inline (v5) or as a `version:` line below (v6+)."""
    lines = text.split("\n")
    quoted = {name, f"'{name}'", f'"{name}"'}
    in_importers = any(line.startswith("importers:") for line in lines)
    importer = relative if relative != "" else "."
    section_indent = None
    index = 0
    if in_importers:
        start = next((i for i, line in enumerate(lines) if line.startswith("importers:")), None)
        if start is None:
            return None
        index = start + 1
        found = False
        while index < len(lines):
            line = lines[index]
            if line and not line.startswith(" "):
                return None  # the importers end
            stripped = line.strip()
            if stripped.rstrip(":").strip("'\"") == importer and line.endswith(":"):
                section_indent = len(line) - len(line.lstrip())
                found = True
                index += 1
                break
            index += 1
        if not found:
            return None
    else:
        section_indent = -1
    assert section_indent is not None
    in_dependencies = False
    while index < len(lines):
        line = lines[index]
        indent = len(line) - len(line.lstrip())
        stripped = line.strip()
        if stripped and indent <= section_indent:
            return None
        if stripped.endswith(":") and stripped[:-1] in (
            "dependencies",
            "devDependencies",
            "optionalDependencies",
        ):
            in_dependencies = True
            dependency_indent = indent
        elif stripped and in_dependencies and indent <= dependency_indent:
            in_dependencies = stripped.endswith(":") and stripped[:-1] in (
                "dependencies",
                "devDependencies",
                "optionalDependencies",
            )
        elif in_dependencies:
            key, _, value = stripped.partition(":")
            if key in quoted:
                value = value.strip()
                if value:
                    return _found(value, lock, text, text.find(line))
                for below in lines[index + 1 : index + 4]:
                    part = below.strip()
                    if part.startswith("version:"):
                        return _found(part[len("version:") :], lock, text, text.find(line))
                return None
        index += 1
    return None


def _yarn(text: str, lock: Path, name: str, spec: str) -> Resolved | None:
    """The block whose header names `name@spec` (or, when it is the only one, any block
    of `name`)."""
    blocks: list[tuple[str, str, int]] = []
    header = None
    header_at = 0
    position = 0
    for line in text.split("\n"):
        if line and not line.startswith((" ", "#")) and line.rstrip().endswith(":"):
            header, header_at = line, position
        elif header is not None and line.strip().startswith("version"):
            version = line.strip()[len("version") :].lstrip(": ").strip().strip('"')
            blocks.append((header, version, header_at))
            header = None
        position += len(line) + 1
    ours = []
    for head, version, at in blocks:
        entries = [e.strip().strip('"') for e in head.rstrip(":").split(",")]
        names = [(e[:i], e[i + 1 :]) for e in entries if (i := e.find("@", 1)) > 0]
        if any(n == name for n, _ in names):
            ranges = {r.removeprefix("npm:") for n, r in names if n == name}
            ours.append((ranges, version, at))
    for ranges, version, at in ours:
        if spec in ranges:
            return _found(version, lock, text, at)
    if len(ours) == 1:
        return _found(ours[0][1], lock, text, ours[0][2])
    return None


def _bun(text: str, lock: Path, relative: str, name: str) -> Resolved | None:
    try:
        data = json.loads(strip_jsonc(text))
    except ValueError:
        return None
    packages = data.get("packages") if isinstance(data, dict) else None
    if not isinstance(packages, dict):
        return None
    for key in (f"{relative}/{name}", name):
        entry = packages.get(key)
        if isinstance(entry, list) and entry and isinstance(entry[0], str):
            _, _, version = entry[0].rpartition("@")
            return _found(version, lock, text, text.find(f'"{key}"'))
    return None


def workspace_package(root: Path, name: str) -> Resolved | None:
    """The version of the package named `name` in the repository (a workspace member)."""
    for directory, data in manifests(root):
        if data.get("name") == name and isinstance(data.get("version"), str):
            path = directory / "package.json"
            return Resolved(data["version"], path, _line_of(path, "version"), "workspace")
    return None


_MANIFESTS: dict[Path, list[tuple[Path, dict[str, Any]]]] = {}


def manifests(root: Path) -> list[tuple[Path, dict[str, Any]]]:
    """Every `package.json` of the repository outside `node_modules`, bounded."""
    if root in _MANIFESTS:
        return _MANIFESTS[root]
    found: list[tuple[Path, dict[str, Any]]] = []
    stack = [root]
    while stack and len(found) < MAX_MANIFESTS:
        directory = stack.pop()
        try:
            entries = sorted(os.scandir(directory), key=lambda e: e.name)
        except OSError:
            continue
        for entry in entries:
            try:
                if entry.is_symlink():
                    continue
                if entry.is_dir() and entry.name not in SKIPPED and not entry.name.startswith("."):
                    stack.append(Path(entry.path))
                elif entry.name == "package.json":
                    data = manifest(directory)
                    if data is not None:
                        found.append((directory, data))
            except OSError:
                continue
    _MANIFESTS[root] = found
    return found


def forget() -> None:
    """Drop what was learnt of the repositories (a new run, an edited file)."""
    _MANIFESTS.clear()


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
