"""Which files a run lints: each once, with its settings, in a stable order, and the
path shown for it; in a long-running process, what was learnt of a project is
forgotten when its configuration files change.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from pathlib import Path

from webmcp_lint.config import Resolver, Settings
from webmcp_lint.config.loading import CONFIG_FILES
from webmcp_lint.workspace.discovery import Excluder, Found, Notify, language_of, walk

# What in a directory can make its settings differ from its parent's: a configuration
# file, or `.git` (a configuration above a repository does not apply inside it).
# Lower-cased, as `walk` gives the names.
SETTINGS_MARKERS = frozenset(name.lower() for name in (*CONFIG_FILES, ".git"))


def display_path(path: str | Path, cwd: Path) -> str:
    """The path relative to the working directory (symbolic links kept), else as given."""
    name = os.fspath(path)
    if not os.path.isabs(name) and (".." not in name or ".." not in name.split(os.sep)):
        # What the lines below give it, without a system call or a `Path`.
        return name if os.sep == "/" else name.replace(os.sep, "/")
    path = Path(name)
    for candidate in (path.absolute, path.resolve):
        try:
            return candidate().relative_to(cwd).as_posix()
        except (ValueError, OSError, RuntimeError):  # outside; a symbolic link loop
            continue
    return path.as_posix()


def discover(
    paths: Iterable[Path], resolver: Resolver, force_exclude: bool, notify: Notify | None = None
) -> Iterator[tuple[Path, Settings, str | None]]:
    """Every file to lint, once, with its settings, in a stable order; for a directory
    that cannot be listed, the reason (a finding at its path). `notify` hears of links
    not followed and invalid ignore patterns (the command line shows them)."""
    for found in discover_files(paths, resolver, force_exclude, notify):
        yield Path(found.path), found.context, found.unreadable


def discover_files(
    paths: Iterable[Path], resolver: Resolver, force_exclude: bool, notify: Notify | None = None
) -> Iterator[Found[Settings]]:
    """`discover` as the walk gives it: paths as strings, each file's real path (the walk
    knows it without a system call) and whether the listing saw a regular file."""
    notify = notify or (lambda path, message: None)
    seen: set[str] = set()

    def enter(
        directory: str, outer: Settings | None, names: frozenset[str]
    ) -> tuple[Settings, Excluder]:
        # A directory without a configuration file or `.git` has its parent's settings:
        # the resolver is asked only where they may change.
        here = outer
        if here is None or not names.isdisjoint(SETTINGS_MARKERS):
            here = resolver.for_directory(Path(directory))
        return here, here.excluder(directory, entered=here is outer)

    for path in paths:
        files: Iterable[Found[Settings]]
        if os.path.isdir(path):
            settings = resolver.for_directory(path)
            if (
                force_exclude
                and path.resolve() != resolver.cwd
                and resolver.for_directory(path.parent).is_excluded(path, True)
            ):
                continue
            files = walk(
                path,
                enter,
                settings.respect_gitignore,
                notify,
                not settings.include_build_output,
            )
        else:
            exists = os.path.lexists(path)
            if force_exclude and exists and resolver.for_file(path).is_excluded(path):
                continue
            if exists and language_of(path) is None:
                continue  # explicitly named, but not a language webmcp-lint reads
            here = resolver.for_directory(path.parent)
            files = [Found(str(path), os.path.realpath(path), here)]
        for found in files:
            if found.real not in seen:  # a file and a link to it are linted once
                seen.add(found.real)
                yield found


def forget_changed_projects(directory: Path) -> bool:
    """In a long-running process (the language server): when the configuration files a
    file of `directory` stands on changed (`tsconfig.json`, `jsconfig.json`,
    `package.json`, a lockfile, a configuration one extends), drop what was learnt of
    every project (their facts, import aliases, modules read, installs), so the next lint
    reads them again."""
    from webmcp_lint.extract import linking, modules, project, runtime
    from webmcp_lint.run import page_pass

    if not project.changed(directory):
        return False
    project.forget()
    modules.forget()
    linking.forget()
    runtime.forget()
    page_pass.forget()
    return True
