"""Build output: what a bundler or compiler wrote from the sources, which repeats every
finding of them (a committed `docs/assets/index-3f9a1c2b.js`). It is left out by
default (`include-build-output` lints it).

Recognised by where it is, from the configurations that say where output goes (Vite's
`build.outDir`, Rollup's `output.dir`/`file`, esbuild's `outdir`/`outfile`, webpack's
`output.path`, tsup's and `tsconfig.json`'s `outDir`), read from a project directory
when the walk enters it; and by what it is: a file that ends with a source map comment
whose map is beside it, a minified file with a content hash in its name, or a file
with a bundler's markers of the packages it inlines.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from webmcp_lint.reading import UnreadableError, read_regular_file

CONFIG_PREFIXES = (
    "vite.config.",
    "vitest.config.",
    "rollup.config.",
    "webpack.config.",
    "esbuild.config.",
    "tsup.config.",
    "astro.config.",
)
MAX_CONFIG_BYTES = 256 * 1024
# `outDir: 'docs'`, `outdir: "public/build"`, Rollup's `output: { dir: 'dist/esm' }`.
_OUT_KEYS = re.compile(
    rb"\b(?:outDir|outdir)\s*:\s*(?:path\.(?:resolve|join)\([^'\"`)]*)?['\"`]([^'\"`]+)['\"`]"
)
_ROLLUP_DIR = re.compile(rb"\boutput\s*:\s*\{[^}]*?\bdir\s*:\s*['\"`]([^'\"`]+)['\"`]", re.DOTALL)
_OUT_FILE = re.compile(rb"\b(?:outfile|file)\s*:\s*['\"`]([^'\"`]+)['\"`]")
_WEBPACK_PATH = re.compile(
    rb"\boutput\s*:\s*\{[^}]*?\bpath\s*:\s*path\.(?:resolve|join)\(\s*__dirname\s*,\s*['\"`]([^'\"`]+)['\"`]",
    re.DOTALL,
)
_TSCONFIG_OUT = re.compile(rb"\"outDir\"\s*:\s*\"([^\"]+)\"")
_SOURCE_MAP = re.compile(rb"[#@] sourceMappingURL=([^\s*]+)\s*(?:\*/)?\s*$")
# `index-B3kQ9xYz.js`, `main.3f4a2b1c.js`, `chunk-5GVWJQXN.mjs`: 8+ hash characters with
# a digit among them.
_HASHED = re.compile(r"[-.](?=[A-Za-z0-9_]*\d)[A-Za-z0-9_]{8,}\.(?:m?js|cjs)$")
# What bundlers write around the modules they inline: rolldown/tsdown's
# `//#region node_modules/...`, esbuild's and Rollup's `// node_modules/...`, webpack's
# `__webpack_require__`.
_BUNDLED = re.compile(
    rb"^[ \t]*//(?:#region)?[ \t]+(?:\.\./)*node_modules/|__webpack_require__", re.M
)
MINIFIED_LINE = 500  # a file whose lines average this many bytes is minified
_HEAD = 64 * 1024


def output_directories(directory: Path, names: set[str]) -> list[str]:
    """The build output directories the configurations in `directory` name (absolute,
    normalised), inside `directory`."""
    found: list[str] = []
    for name in sorted(names):
        patterns: tuple[re.Pattern[bytes], ...]
        if name.startswith(CONFIG_PREFIXES):
            patterns = (_OUT_KEYS, _WEBPACK_PATH, _ROLLUP_DIR)
        elif name == "tsconfig.json":
            patterns = (_TSCONFIG_OUT,)
        else:
            continue
        try:
            data = read_regular_file(directory / name, MAX_CONFIG_BYTES)
        except (UnreadableError, OSError):
            continue
        for pattern in patterns:
            for match in pattern.finditer(data):
                found.extend(_inside(directory, match.group(1)))
        if name.startswith(("esbuild.config.", "rollup.config.")):
            for match in _OUT_FILE.finditer(data):
                parent = os.path.dirname(match.group(1).decode("utf-8", "replace"))
                if parent:
                    found.extend(_inside(directory, parent.encode()))
    return found


def _inside(directory: Path, written: bytes) -> list[str]:
    relative = written.decode("utf-8", "replace").strip()
    if not relative or relative in (".", "./") or "${" in relative:
        return []
    target = os.path.normpath(os.path.join(directory, relative))
    base = os.path.normpath(directory)
    if target == base or not target.startswith(base + os.sep):
        return []  # the directory itself or outside it: not a folder of output
    return [target]


def built(path: Path, data: bytes) -> str | None:
    """Why a file's bytes are build output, or None: `has a source map`, `a hashed,
    minified bundle`."""
    tail = data[-1024:]
    match = _SOURCE_MAP.search(tail)
    if match is not None:
        target = match.group(1).decode("utf-8", "replace")
        if not target.startswith("data:"):
            beside = path.parent / target.split("?")[0]
            if os.path.isfile(beside):
                return "it ends with a source map comment and its map is beside it"
        else:
            return "it carries its own source map"
    if _HASHED.search(path.name) and _minified(data):
        return "it is a minified bundle with a content hash in its name"
    if _BUNDLED.search(data[:_HEAD]):
        return "it is a bundle of packages (a bundler's module markers)"
    return None


def _minified(data: bytes) -> bool:
    head = data[:_HEAD]
    lines = head.count(b"\n") + 1
    return len(head) / lines >= MINIFIED_LINE
