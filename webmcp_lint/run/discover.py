"""Which files a run lints: each once, with its settings, in a stable order, and the
path shown for it; in a long-running process, what was learnt of a project is
forgotten when its configuration files change.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from webmcp_lint.config import Resolver, Settings
from webmcp_lint.extract import linking, modules, project, runtime
from webmcp_lint.workspace.discovery import Notify, language_of, walk


def display_path(path: Path, cwd: Path) -> str:
    """The path relative to the working directory (symbolic links kept), else as given."""
    if not path.is_absolute() and ".." not in path.parts:
        return path.as_posix()  # what the lines below give it, without a system call
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
    for path, _, settings, unreadable_reason in discover_files(
        paths, resolver, force_exclude, notify
    ):
        yield path, settings, unreadable_reason


def discover_files(
    paths: Iterable[Path], resolver: Resolver, force_exclude: bool, notify: Notify | None = None
) -> Iterator[tuple[Path, str, Settings, str | None]]:
    """`discover`, with each file's real path (the walk knows it without a system call)."""
    notify = notify or (lambda path, message: None)
    seen: set[str] = set()
    by_directory: dict[str, Settings] = {}  # a directory's files come one after another
    for path in paths:
        if os.path.isdir(path):
            settings = resolver.for_directory(path)

            def excluder(directory: Path) -> Callable[[str, bool], bool]:
                return resolver.for_directory(directory).excluder(directory)

            if (
                force_exclude
                and path.resolve() != resolver.cwd
                and resolver.for_directory(path.parent).is_excluded(path, True)
            ):
                continue
            files: Iterable[tuple[Path, str, str | None]] = walk(
                path,
                excluder,
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
            files = [(path, os.path.realpath(path), None)]
        for file, real, unreadable_reason in files:
            if real not in seen:  # a file and a link to it are linted once
                seen.add(real)
                directory = os.path.dirname(file)
                here = by_directory.get(directory)
                if here is None:
                    here = by_directory[directory] = resolver.for_directory(file.parent)
                yield file, real, here, unreadable_reason


def forget_changed_projects(directory: Path) -> bool:
    """In a long-running process (the language server): when the configuration files a
    file of `directory` stands on changed (`tsconfig.json`, `jsconfig.json`,
    `package.json`, a lockfile, a configuration one extends), drop what was learnt of
    every project (their facts, import aliases, modules read, installs), so the next lint
    reads them again."""
    if not project.changed(directory):
        return False
    project.forget()
    modules.forget()
    linking.forget()
    runtime.forget()
    return True
