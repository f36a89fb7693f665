"""The floor for a Python linter: walk the tree, read every lintable file, prefilter it.

No parsing and no rules: what any Python tool pays before it does its real work. The
walk skips what webmcp-lint skips by default (`node_modules`, `dist`, ...) and the
prefilter is webmcp-lint's (`run.py` checks that the words still match).

    python benchmarks/python_floor.py PATH...   # prints: candidates, their bytes, files
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator

SUFFIXES = frozenset(
    [
        ".js",
        ".mjs",
        ".cjs",
        ".jsx",
        ".ts",
        ".mts",
        ".cts",
        ".tsx",
        ".html",
        ".htm",
        ".vue",
        ".svelte",
        ".astro",
    ]
)
SKIPPED = frozenset(
    [
        ".git",
        ".hg",
        ".svn",
        "node_modules",
        "bower_components",
        ".venv",
        "venv",
        "__pycache__",
        ".next",
        ".nuxt",
        ".output",
        ".svelte-kit",
        ".astro",
        ".cache",
        "dist",
        "build",
        "coverage",
    ]
)
PREFILTER_WORDS = (
    "modelcontext",
    "webmcp",
    "toolname",
    "tooldescription",
    "toolparamdescription",
    "toolautosubmit",
    "tooltitle",
    "toolparamtitle",
    "respondwith",
    "agentinvoked",
    "toolactivat",
    "toolcancel",
    "tool-cancel",
    "toolchange",
    "origin-trial",
)
PREFILTER_BYTES = tuple(word.encode() for word in PREFILTER_WORDS)


def suffix_of(name: str) -> str:
    dot = name.rfind(".")
    return name[dot:].lower() if dot != -1 else ""


def files(paths: list[str]) -> Iterator[str]:
    """Lintable files under `paths`, depth first in name order, as webmcp-lint walks."""
    for path in paths:
        if not os.path.isdir(path):
            yield path
            continue
        stack = [path]
        while stack:
            directory = stack.pop()
            subdirectories = []
            for entry in sorted(os.scandir(directory), key=lambda entry: entry.name):
                if entry.is_dir(follow_symlinks=False):
                    if entry.name not in SKIPPED:
                        subdirectories.append(entry.path)
                elif suffix_of(entry.name) in SUFFIXES:
                    yield entry.path
            stack.extend(reversed(subdirectories))


def candidate(data: bytes) -> bool:
    lowered = data.lower()
    return any(word in lowered for word in PREFILTER_BYTES)


def main(paths: list[str]) -> None:
    count = candidates = size = 0
    for path in files(paths):
        with open(path, "rb") as handle:
            data = handle.read()
        count += 1
        if candidate(data):
            candidates += 1
            size += len(data)
    print(candidates, size, count)


if __name__ == "__main__":
    main(sys.argv[1:] or ["."])
