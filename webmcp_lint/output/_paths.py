"""Repository-relative paths for formats that GitHub reads (SARIF, workflow commands).

GitHub resolves a relative path against the repository root, while findings carry paths
relative to the working directory. Both agree when webmcp-lint runs at the root, which
is the usual case; run from a subdirectory, the paths are rebased on the root of the
enclosing git work tree.
"""

from __future__ import annotations

import functools
import os
from pathlib import Path, PurePosixPath
from urllib.parse import quote


@functools.cache
def source_root(cwd: Path) -> Path:
    """The root of the git work tree holding `cwd`, or `cwd` outside of one."""
    directory = cwd.resolve()
    for candidate in (directory, *directory.parents):
        if (candidate / ".git").exists():
            return candidate
    return directory


def is_url(path: str) -> bool:
    """Whether a finding's path is a URL (a page `verify` opened), not a file."""
    return "://" in path


def repository_path(path: str, cwd: Path) -> str | None:
    """`path` (as findings show it) relative to the source root, with forward slashes;
    None when the file lies outside the root, or is a URL."""
    if is_url(path):
        return None
    root = source_root(cwd)
    absolute = Path(os.path.normpath(cwd / path))
    # The path as named first: a symbolic link in the repository is shown where it is,
    # never where it leads (which may be outside, as an absolute file URI).
    for candidate in (absolute.parent.resolve() / absolute.name, absolute.resolve()):
        try:
            return candidate.relative_to(root).as_posix()
        except ValueError:
            continue
    return None


def relative_uri(relative: str) -> str:
    """A relative URI reference for a forward-slash path: every byte percent-encoded
    except unreserved characters and `/` (RFC 3986)."""
    return quote(str(PurePosixPath(relative)), safe="/")


def file_uri(path: Path, directory: bool = False) -> str:
    uri = path.resolve().as_uri()
    return uri + "/" if directory and not uri.endswith("/") else uri
