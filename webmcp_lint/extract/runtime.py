"""What each file runs on, from the project around it: the runtimes a package's pages
install, the ones a test's set-up installs, and whether the package implements one.

Signals, most reliable first:
1. the version a lockfile resolves (else the `package.json` range, else a workspace
   package's own version) of a package that installs a runtime (`implementations.py`);
2. what the package's own code does: an app file (not a test, not a set-up file) that
   imports it, calls its installer or loads it with `<script src>`, or a shim it
   defines, puts it on the package's pages, so on every app file of the package; a
   library that asks its consumer for one as a peer dependency runs on it too;
3. test set-up files (vitest `setupFiles`, jest `setupFiles`/`setupFilesAfterEnv`) apply
   to the test files under their configuration; a test's own fakes to that test.

Listing a runtime package without importing it installs nothing (a dependency used only
by tests does not run in the browser). A package whose name is a runtime's or a types
package's implements the API: its own code defines it. Code a test runs in a browser
page (`page.evaluate(...)`) runs on whatever the repository's pages install.

The package scan reads every source file of the package (bounded, `node_modules` and
build output left out) for the words of an install, and parses only the files that hold
them. What it finds is remembered per directory for the run (`forget` starts again).
"""

from __future__ import annotations

import functools
import os
import re
from collections import deque
from pathlib import Path
from typing import Any

from msgspec import Struct

from webmcp_lint import KeywordBytesPattern, LazyPattern
from webmcp_lint.extract.implementations import (
    GLOBAL,
    RUNTIME_PACKAGES,
    TYPE_PACKAGES,
    implementation,
    installs_on_import,
    newest_admitted,
    parse_version,
)
from webmcp_lint.extract.installs import installs, may_install
from webmcp_lint.model import FileModel, ToolDefinition
from webmcp_lint.model.runtime import (
    Evidence,
    Implementation,
    Install,
    ProjectRuntime,
    Runtime,
    Surface,
)
from webmcp_lint.workspace import budget, lockfiles
from webmcp_lint.workspace.build_output import built
from webmcp_lint.workspace.patterns import file_matcher
from webmcp_lint.workspace.reading import UnreadableError, read_regular_file

MAX_SCANNED_FILES = 20_000
MAX_SCANNED_BYTES = 2 * 1024 * 1024  # a larger file (a bundle) is not read for installs
SOURCE_SUFFIXES = (
    ".js",
    ".jsx",
    ".mjs",
    ".cjs",
    ".ts",
    ".tsx",
    ".mts",
    ".cts",
    ".html",
    ".htm",
    ".vue",
    ".svelte",
    ".astro",
)
SKIPPED = frozenset(
    {"node_modules", "dist", "build", "out", "coverage", ".next", ".nuxt", ".output", ".svelte-kit"}
)
CONFIG_NAMES = (
    "vitest.config",
    "vite.config",
    "vitest.workspace",
    "jest.config",
)
CONFIG_SUFFIXES = (".ts", ".js", ".mts", ".mjs", ".cts", ".cjs", ".json")
_SETUP = LazyPattern(
    rb"setupFiles(?:AfterEnv)?\s*[:=]\s*(\[[^\]]*\]|'[^']*'|\"[^\"]*\")", re.DOTALL
)
_STRING = LazyPattern(rb"'([^']*)'|\"([^\"]*)\"")
# Files of unit tests by their names (not by folder: a page a test drives is often an
# app inside `e2e/`), whose shims are fakes for those tests, not a page's runtime.
_UNIT_TEST = LazyPattern(
    r"/(?:__tests__|__mocks__|__fixtures__)/|\.(?:test|spec)(?:-d)?\.[cm]?[jt]sx?$"
    r"|/(?:vitest|jest|test)[.-]?setup[^/]*$|/setup(?:Tests)?\.[cm]?[jt]s$"
)
# A file named for a test double (`mock-agent.js`, `fakeModelContext.ts`): a mock tests
# inject (Playwright's addInitScript), not the runtime of the pages around it.
_DOUBLE = LazyPattern(r"^(?:[Mm]ock|[Ff]ake)(?:s?\.|[-_A-Z])")
SHIM = "the project's shim"
FAKE = "a test fake"


class Classifier(Struct, frozen=True):
    """Which files are tests: the configuration's root and `test-files` patterns."""

    root: Path
    patterns: tuple[str, ...]

    def is_test(self, path: Path) -> bool:
        try:
            real = path.resolve()
        except OSError:
            return file_matcher(self.patterns)(path.name)
        return self.is_real_test(real, path.name)

    def is_real_test(self, real: Path, name: str) -> bool:
        """`is_test` of a path already resolved to `real`, named `name` (the name a
        file outside the root is judged by)."""
        try:
            relative = real.relative_to(_real_root(self.root)).as_posix()
        except (ValueError, OSError):
            relative = name
        return file_matcher(self.patterns)(relative)


# Every file asks whether it is a test, and a scan asks of each file it found: the
# configuration's root is resolved once.
@functools.lru_cache(maxsize=16)
def _real_root(root: Path) -> Path:
    return root.resolve()


class Found(Struct, frozen=True):
    path: Path
    install: Install


_SCANS: dict[tuple[Path, bool], tuple[Found, ...]] = {}
_PROJECTS: dict[tuple[Path, Classifier, bool, Path], ProjectRuntime] = {}
# The keys of _PROJECTS of one file (a test or a page), oldest first: a tree has
# thousands of them, each linted once, so only the last few are kept.
_FILES: deque[tuple[Path, Classifier, bool, Path]] = deque()
MAX_FILE_PROJECTS = 64


def forget() -> None:
    """Drop every scan of this process (a new run; the language server on each lint)."""
    for cached in (_real_root, workspace_root, _package_dir, setup_files):
        cached.cache_clear()
    _SCANS.clear()
    _PROJECTS.clear()
    _FILES.clear()
    lockfiles.forget()


def real_path(path: Path, real: str | None) -> Path:
    """A file's real path: the one discovery found (`real`), else `path` resolved."""
    return Path(real) if real is not None else path.resolve()


def project_runtime(
    path: Path, root: Path, classifier: Classifier, real: Path | None = None
) -> ProjectRuntime:
    """The runtime facts of the project around the file at `path` (`real`: its real path,
    when known)."""
    if real is None:
        try:
            real = path.resolve()
        except (OSError, RuntimeError):
            return ProjectRuntime()
    test = classifier.is_real_test(real, path.name)
    page = real.suffix.lower() in PAGE_SUFFIXES
    key = (real.parent, classifier, test, real if test or page else real.parent)
    known = _PROJECTS.get(key)
    if known is None:
        known = _PROJECTS[key] = _project_runtime(real, root, classifier, test)
        if test or page:  # a file's own facts, asked while it is linted: not kept for long
            _FILES.append(key)
            if len(_FILES) > MAX_FILE_PROJECTS:
                del _PROJECTS[_FILES.popleft()]
    return known


def _project_runtime(path: Path, root: Path, classifier: Classifier, test: bool) -> ProjectRuntime:
    package = _package_dir(path.parent, root)
    data = lockfiles.manifest(package) or {}
    name = data.get("name") if isinstance(data.get("name"), str) else None
    implements = _implements(name, data)
    versions = _versions(package, root, data)
    scanned = _scan(package, True)
    app: list[Implementation] = []
    setups = setup_files(package, root)  # the tests' only, also for an app file
    tests: list[Implementation] = []
    page = path.suffix.lower() in PAGE_SUFFIXES
    for found in _loaded_by(path) if page else scanned:
        if found.path in setups:
            if test:
                tests.extend(_implementations(_evidenced([found]), versions))
        elif (
            not classifier.is_test(found.path)
            and found.install.kind != "fake"
            and (page or not _DOUBLE.compiled.match(found.path.name))  # a page runs what it loads
        ):
            app.extend(_implementations(_evidenced([found]), versions))
    listed = tuple(
        Evidence(_shown(package / "package.json"), 0, f"lists {pkg} {spec}")
        for pkg, (spec, _) in versions.items()
    )
    if not any(i.name == GLOBAL for i in app):
        app.extend(_installed_by_hooks(package, root, data, versions))
    if implements is None and _publishes(data) and any(i.kind == "shim" for i in app):
        implements = name or SHIM  # a published polyfill: its code defines the API
    if not app:
        app.extend(_peers(data, versions, package))
    if implements is None:
        app.extend(_workspace_polyfills(package, root, classifier))
    return ProjectRuntime(
        app=_unique(app),
        tests=_unique(tests),
        test_file=test,
        implements=implements,
        lists_runtime=bool(versions) or _workspace_lists_runtime(package, root),
        publishes=_publishes(data),
        versions=tuple((pkg, version, evidence) for pkg, (version, evidence) in versions.items()),
        notes=listed,
    )


def file_runtime(project: ProjectRuntime, local: list[Install], display: str) -> Runtime:
    """What one file runs on: its project's facts and its own installs (a test's fakes,
    an import of a runtime in the file itself)."""
    if project.declared is not None:
        return project.declared
    if project.implements is not None:
        return Runtime(known=False, implements=project.implements)
    versions = {pkg: (version, evidence) for pkg, version, evidence in project.versions}
    here = _implementations([(i, Evidence(display, i.line, i.what)) for i in local], versions)
    if not project.test_file:
        return Runtime(_unique([*project.app, *here]))
    implementations = _unique([*project.tests, *here])
    if implementations:
        return Runtime(implementations, chrome=False)
    return Runtime(chrome=True, known=not project.lists_runtime)


# What the configuration's `runtime` may name besides packages at a version.
DECLARABLE = ("chrome", "unknown")


def declaration_error(entry: str) -> str | None:
    """Why a `runtime` entry is not one (None when it is): `chrome`, `unknown`, or a
    runtime package at a version (`@mcp-b/global@1.5.0`, `@mcp-b/webmcp-polyfill@4`)."""
    if entry in DECLARABLE:
        return None
    name, version = _package_and_version(entry)
    if name not in RUNTIME_PACKAGES:
        known = ", ".join([*DECLARABLE, *sorted(RUNTIME_PACKAGES)])
        return f"unknown runtime {entry!r} (one of {known}, with @VERSION for a package)"
    if not version or newest_admitted(name, version) is None:
        return f"{entry!r} needs a version, such as {name}@1.5.0 or {name}@4"
    return None


def _package_and_version(entry: str) -> tuple[str, str]:
    """`@mcp-b/global@1.5` as ("@mcp-b/global", "1.5")."""
    at = entry.find("@", 1)
    return (entry, "") if at < 0 else (entry[:at], entry[at + 1 :])


def declared(entries: tuple[str, ...]) -> Runtime:
    """The runtime the configuration declares (entries checked by `declaration_error`)."""
    implementations = []
    for entry in entries:
        if entry in DECLARABLE:
            continue
        name, version = _package_and_version(entry)
        evidence = (Evidence("configuration", 0, f"runtime = {entry}"),)
        implementations.append(implementation(name, newest_admitted(name, version), evidence))
    return Runtime(
        tuple(implementations), chrome="chrome" in entries, known="unknown" not in entries
    )


PAGE_SUFFIXES = (".html", ".htm")
_SCRIPT_SRC = KeywordBytesPattern(
    rb"<script\b[^>]*?\bsrc\s*=\s*[\"']([^\"'#?]+)", re.I, needs=("<script", "src")
)
MAX_PAGE_SCRIPTS = 64


def _loaded_by(page: Path) -> list[Found]:
    """The installs of the scripts an HTML page loads from its own site (`<script
    src="./shim.js">`): an HTML page runs on what it loads, not on its package's other
    pages (its own inline code and CDN scripts are the file's own installs)."""
    try:
        data = read_regular_file(page, MAX_SCANNED_BYTES)
    except (UnreadableError, OSError):
        return []
    found: list[Found] = []
    for match in list(_SCRIPT_SRC.finditer(data))[:MAX_PAGE_SCRIPTS]:
        src = match.group(1).decode("utf-8", "replace")
        if "://" in src or src.startswith("//"):
            continue
        target = (page.parent / src.lstrip("/")).resolve() if not src.startswith("/") else None
        if target is not None and target.is_file():
            found.extend(Found(target, install) for install in _file_installs(target))
    return found


def page_runtime(path: Path, repository: Path) -> Runtime:
    """What a page a test (at `path`) drives in a browser runs on: Chrome, and whatever
    the pages of its workspace install; unknown when the workspace lists a runtime
    package none of its pages is seen to install."""
    root = workspace_root(_package_dir(path.resolve().parent, repository), repository)
    found = [
        f
        for f in _scan(root, False)
        if f.install.kind != "fake" and not _UNIT_TEST.compiled.search(f.path.as_posix())
    ]
    data = lockfiles.manifest(root) or {}
    versions = _versions(root, root, data)
    implementations: list[Implementation] = []
    for item in found:
        package = _package_dir(item.path.parent, root)
        package_versions = _versions(package, root, lockfiles.manifest(package) or {})
        implementations.extend(
            _implementations(_evidenced([item]), {**versions, **package_versions})
        )
    lists = bool(versions) or any(
        d.get("name") in RUNTIME_PACKAGES or any(lockfiles.declared(d, n) for n in RUNTIME_PACKAGES)
        for _, d in lockfiles.manifests(root)
    )
    known = bool(implementations) or not lists
    return Runtime(tuple(_unique(implementations)), chrome=True, known=known)


WORKSPACE_MARKERS = ("pnpm-workspace.yaml", *lockfiles.LOCKFILES)


def _is_workspace(directory: Path) -> bool:
    return any((directory / marker).is_file() for marker in WORKSPACE_MARKERS) or (
        "workspaces" in (lockfiles.manifest(directory) or {})
    )


# The package facts below are asked again for every page and test file (their own
# project facts are not shared): each answer is kept for the run, as the scans are.
@functools.lru_cache(maxsize=256)
def workspace_root(package: Path, repository: Path) -> Path:
    """The workspace a package belongs to: the highest directory up to the repository's
    root that holds a lockfile, `pnpm-workspace.yaml` or a `package.json` with
    `workspaces`; the package itself when none does."""
    found = package
    for candidate in (package, *package.parents):
        if not _inside(candidate, repository):
            break
        if _is_workspace(candidate):
            found = candidate
        if candidate == repository:
            break
    return found


@functools.lru_cache(maxsize=256)
def _package_dir(directory: Path, root: Path) -> Path:
    for candidate in (directory, *directory.parents):
        if (candidate / "package.json").is_file():
            return candidate
        if candidate == root:
            break
    return root if _inside(directory, root) else directory


def _inside(path: Path, root: Path) -> bool:
    try:
        path.relative_to(root)
    except ValueError:
        return False
    return True


def _implements(name: str | None, data: dict[str, object]) -> str | None:
    if name is None:
        return None
    if name in RUNTIME_PACKAGES or name in TYPE_PACKAGES:
        return name
    typed = isinstance(data.get("types"), str) or isinstance(data.get("typings"), str)
    lowered = name.lower()
    if typed and "types" in lowered and ("webmcp" in lowered or "model-context" in lowered):
        return name
    return None


def _workspace_polyfills(package: Path, root: Path, classifier: Classifier) -> list[Implementation]:
    """The shims other published packages of the workspace install (a polyfill library
    beside its playground and its devtools): the workspace's code is written for them."""
    workspace = workspace_root(package, root)
    if workspace == package:
        return []
    found: list[Implementation] = []
    for directory, data in lockfiles.manifests(workspace):
        if directory == package or not _publishes(data):
            continue
        shims = [
            f
            for f in _scan(directory, True)
            if f.install.kind == "shim" and not classifier.is_test(f.path)
        ]
        found.extend(_implementations(_evidenced(shims), {}))
    return found


def _workspace_lists_runtime(package: Path, root: Path) -> bool:
    """Whether a package of the workspace is, or lists, a runtime package (the monorepo
    of a polyfill, an app whose other packages install one)."""
    workspace = workspace_root(package, root)
    if not _is_workspace(workspace):
        return False  # a package of its own: its manifest said it all
    return any(
        data.get("name") in RUNTIME_PACKAGES
        or any(lockfiles.declared(data, name) for name in RUNTIME_PACKAGES)
        for _, data in lockfiles.manifests(workspace)
    )


def _publishes(data: dict[str, object]) -> bool:
    """A package others install: it names its entry points (`main`, `module`, `exports`,
    `types`) and is not private."""
    return data.get("private") is not True and any(
        key in data for key in ("main", "module", "exports", "types", "typings")
    )


def _versions(
    package: Path, root: Path, data: dict[str, object]
) -> dict[str, tuple[str, tuple[Evidence, ...]]]:
    """Each runtime package the manifest lists: the version it installs (or its range),
    with where that was read."""
    found: dict[str, tuple[str, tuple[Evidence, ...]]] = {}
    for name in sorted(RUNTIME_PACKAGES):
        listed = lockfiles.declared(data, name)
        if listed is None:
            continue
        spec, _ = listed
        resolved = lockfiles.resolve(package, root, name, spec)
        if resolved is None:
            found[name] = ("", ())
            continue
        how = {
            "lockfile": f"{resolved.path.name} resolves {name} {resolved.version}",
            "workspace": f"the workspace's {name} is {resolved.version}",
            "range": f"package.json asks for {name} {resolved.version}",
        }[resolved.how]
        version = resolved.version
        if resolved.how == "range":
            version = newest_admitted(name, spec) or ""
        found[name] = (version, (Evidence(_shown(resolved.path), resolved.line, how),))
    return found


# `@mcp-b/react-webmcp` before 1.6 imports `@mcp-b/global` (for its zod converter), and
# the import installs it: an app on those hooks runs on the `@mcp-b/global` they pin.
# (Read from the published bundles: 0.2.3 and 1.1.1 import it, 1.6.4 and later do not.)
HOOKS_THAT_INSTALL = {"@mcp-b/react-webmcp": ((1, 6, 0), {0: "1.2.1", 1: "1.4.0"})}


def _installed_by_hooks(
    package: Path, root: Path, data: dict[str, object], versions: dict[str, Any]
) -> list[Implementation]:
    found = []
    for hook, (before, pinned) in HOOKS_THAT_INSTALL.items():
        listed = lockfiles.declared(data, hook)
        resolved = lockfiles.resolve(package, root, hook, listed[0]) if listed else None
        if resolved is None:
            continue
        version = resolved.version
        if resolved.how == "range":
            version = newest_admitted(hook, version) or ""
        parsed = parse_version(version)
        if parsed is None or parsed >= before:
            continue
        installed, evidence = versions.get(GLOBAL, ("", ()))
        if not installed:
            installed = pinned.get(parsed[0], "")
        how = f"{hook} {version} imports {GLOBAL}, which installs itself"
        here = Evidence(_shown(resolved.path), resolved.line, how)
        found.append(implementation(GLOBAL, installed or None, (here, *evidence)))
    return found


def _implementations(
    found: list[tuple[Install, Evidence]],
    versions: dict[str, tuple[str, tuple[Evidence, ...]]],
) -> list[Implementation]:
    """What each install puts on the page, with the evidence of where it is and of the
    version the project installs."""
    out: list[Implementation] = []
    for install, here in found:
        if install.kind in ("shim", "fake"):
            out.append(shim_implementation(install, here))
            continue
        assert install.package is not None
        version, evidence = versions.get(install.package, ("", ()))
        if install.kind == "script":
            version, evidence = install.version or "", ()
        installed = installs_on_import(install.package, version or None)
        if install.kind == "import" and (
            installed is False or (installed is None and not install.bare)
        ):
            continue  # 5.x of the polyfill: an import installs nothing, its installer does
        out.append(implementation(install.package, version or None, (here, *evidence)))
    return out


def _evidenced(found: list[Found]) -> list[tuple[Install, Evidence]]:
    return [(f.install, Evidence(_shown(f.path), f.install.line, f.install.what)) for f in found]


def shim_implementation(install: Install, evidence: Evidence) -> Implementation:
    """The implementation a shim or a fake installs."""
    name = FAKE if install.kind == "fake" else SHIM
    return Implementation(
        name,
        "fake" if install.kind == "fake" else "shim",
        install.surfaces,
        install.members,
        testing=install.testing,
        always=install.always,
        # its own object, never Chrome's registry; unknown for a file not read (members None)
        reaches_chrome=False if install.members is not None else None,
        throws_reach_agent=None,
        string_input=None,
        evidence=(evidence,),
    )


def _peers(
    data: dict[str, object], versions: dict[str, tuple[str, tuple[Evidence, ...]]], package: Path
) -> list[Implementation]:
    """A library that asks its consumer for a runtime (a peer dependency) runs on it."""
    peers = data.get("peerDependencies")
    out = []
    for name in sorted(RUNTIME_PACKAGES):
        if isinstance(peers, dict) and name in peers:
            version, evidence = versions.get(name, ("", ()))
            what = Evidence(_shown(package / "package.json"), 0, f"asks for {name} as a peer")
            out.append(implementation(name, version or None, (what, *evidence)))
    return out


def _unique(implementations: list[Implementation]) -> tuple[Implementation, ...]:
    """One implementation per package and version (or per shim), its evidence merged."""
    merged: dict[tuple[object, ...], Implementation] = {}
    for item in implementations:
        key = (
            item.name,
            item.version,
            item.surfaces,
            item.members,
            item.always,
            item.testing,
        )
        if key in merged:
            kept = merged[key]
            evidence = tuple(dict.fromkeys((*kept.evidence, *item.evidence)))
            from msgspec.structs import replace

            merged[key] = replace(kept, evidence=evidence)
        else:
            merged[key] = item
    return tuple(merged.values())


def _shown(path: Path) -> str:
    try:
        return Path(os.path.relpath(path)).as_posix()
    except ValueError:
        return path.as_posix()


# -- scanning ---------------------------------------------------------------------------


def _scan(directory: Path, own_package: bool) -> tuple[Found, ...]:
    """Every install in the source files under `directory` (only its own package's
    files when `own_package`: a directory with its own `package.json` is another)."""
    key = (directory, own_package)
    if key in _SCANS:
        return _SCANS[key]
    found: list[Found] = []
    scanned = 0
    stack = [directory]
    while stack and scanned < MAX_SCANNED_FILES:
        current = stack.pop()
        try:
            entries = sorted(os.scandir(current), key=lambda entry: entry.name)
        except OSError:
            continue
        for entry in entries:
            try:
                if entry.is_symlink():
                    continue
                if entry.is_dir():
                    if entry.name in SKIPPED or entry.name.startswith("."):
                        continue
                    child = Path(entry.path)
                    if own_package and (child / "package.json").is_file():
                        continue
                    stack.append(child)
                    continue
            except OSError:
                continue
            if not entry.name.endswith(SOURCE_SUFFIXES):
                continue
            scanned += 1
            # A `Path` only for a file with installs: one per file of a large package
            # interned every file's name (dense-10x: the table grew by 0.9 MiB, held to
            # the end and by every worker forked after).
            if installs := _file_installs(entry.path):
                found.extend(Found(Path(entry.path), install) for install in installs)
    result = tuple(sorted(found, key=lambda f: (str(f.path), f.install.line)))
    _SCANS[key] = result
    return result


def _file_installs(name: str | Path) -> list[Install]:
    """The installs of one file, parsed only when its bytes may hold one."""
    try:
        data = read_regular_file(name, MAX_SCANNED_BYTES)
    except (UnreadableError, OSError):
        return []
    if not may_install(data):
        return []
    path = Path(name)
    if built(path, data) is not None:
        return []  # a bundle repeats the installs of its sources
    from webmcp_lint import syntax
    from webmcp_lint.extract.values import analyse
    from webmcp_lint.model import FileModel
    from webmcp_lint.workspace.reading import decode_source
    from webmcp_lint.workspace.source import SourceFile, language_of

    language = language_of(path)
    if language is None or language == "hosting":
        return []
    try:
        source = SourceFile(path, _shown(path), language, decode_source(data))
        scripts, markup = syntax.parse(source)
    except budget.DeadlineExceeded:
        raise  # the asking file's deadline: the scan stops, and is not kept half done
    except Exception:  # unparsable, undecodable, over its own budget: no evidence
        return []
    for script in scripts:
        analyse(script, source.text)
    try:
        return installs(FileModel(source, scripts, markup))
    except RecursionError:
        return []


# -- test set-up ------------------------------------------------------------------------


@functools.lru_cache(maxsize=256)
def setup_files(package: Path, root: Path) -> frozenset[Path]:
    """The set-up files the test configurations of the package (and of the repository
    root) name."""
    found: list[Path] = []
    for directory in dict.fromkeys((package, root)):
        for name in CONFIG_NAMES:
            for suffix in CONFIG_SUFFIXES:
                config = directory / f"{name}{suffix}"
                if config.is_file():
                    found.extend(_named_setups(config))
        data = lockfiles.manifest(directory) or {}
        jest = data.get("jest")
        if isinstance(jest, dict):
            for key in ("setupFiles", "setupFilesAfterEnv"):
                listed = jest.get(key)
                for entry in listed if isinstance(listed, list) else []:
                    if isinstance(entry, str):
                        found.extend(_setup_path(directory, entry))
    return frozenset(found)


def _named_setups(config: Path) -> list[Path]:
    try:
        data = read_regular_file(config, 1 << 20)
    except (UnreadableError, OSError):
        return []
    found: list[Path] = []
    for match in _SETUP.compiled.finditer(data):
        for string in _STRING.compiled.finditer(match.group(1)):
            entry = (string.group(1) or string.group(2) or b"").decode("utf-8", "replace")
            found.extend(_setup_path(config.parent, entry))
    return found


def _setup_path(directory: Path, entry: str) -> list[Path]:
    entry = entry.replace("<rootDir>", ".")
    base = (directory / entry).resolve()
    for candidate in (base, *(base.with_name(base.name + s) for s in SOURCE_SUFFIXES)):
        if candidate.is_file():
            return [candidate]
    return []


def describe(
    target: Path, root: Path, classifier: Classifier, declared_entries: tuple[str, ...] | None
) -> dict[str, Any]:
    """What a path runs on, for `--show-settings` (a directory: an app file in it);
    `root` is the repository's."""
    path = target / "index.js" if target.is_dir() else target
    if declared_entries:
        facts = ProjectRuntime(
            declared=declared(declared_entries), test_file=classifier.is_test(path)
        )
    else:
        facts = project_runtime(path, root, classifier)
    found = file_runtime(facts, [], _shown(path))
    return {
        "test-file": facts.test_file,
        "implements": found.implements,
        "chrome": found.chrome,
        "known": found.known,
        "implementations": [_described(i) for i in found.implementations],
        "listed": [str(note) for note in facts.notes],
    }


def _described(implementation: Implementation) -> dict[str, Any]:
    return {
        "name": implementation.name,
        "version": implementation.version,
        "surfaces": sorted(implementation.surfaces),
        "installs": "always" if implementation.always else "where the browser has none",
        "members": None if implementation.members is None else sorted(implementation.members),
        "reaches-chrome": implementation.reaches_chrome,
        "evidence": [str(item) for item in implementation.evidence],
    }


# MCP-B's hooks register on `navigator.modelContext` before this major version, and on
# `document.modelContext ?? navigator.modelContext` from it (their sources, by tag).
HOOKS_ON_DOCUMENT_FROM = {"@mcp-b/react-webmcp": 4, "usewebmcp": 4}


def registered_on(model: FileModel, tool: ToolDefinition) -> tuple[Runtime, Surface] | None:
    """What the `modelContext` a tool is registered on runs on, and which surface it is
    (`document.modelContext.registerTool(...)`, or an MCP-B hook of a known version);
    None for a tool registered otherwise (another library, a form) or through an alias
    that cannot be told."""
    if tool.kind == "integration" and tool.integration in HOOKS_ON_DOCUMENT_FROM:
        return _hook_surface(model, tool, tool.integration)
    if tool.kind != "imperative" or tool.call is None:
        return None
    for use in model.uses_of_call(tool.call):
        if use.root in ("document", "navigator"):
            surface: Surface = "document" if use.root == "document" else "navigator"
            return model.runtime_at(use.node), surface
    return None


def _hook_surface(
    model: FileModel, tool: ToolDefinition, package: str
) -> tuple[Runtime, Surface] | None:
    version = parse_version(model.project.framework(package) or "")
    if version is None:
        return None
    surface: Surface = "navigator" if version[0] < HOOKS_ON_DOCUMENT_FROM[package] else "document"
    node = tool.call if tool.call is not None else None
    return (model.runtime_at(node) if node is not None else model.runtime), surface
