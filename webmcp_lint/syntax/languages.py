"""tree-sitter grammars, loaded once per process (parsers once per thread)."""

from __future__ import annotations

import functools
import importlib
import threading
from importlib.machinery import PathFinder
from types import ModuleType
from typing import Literal

from tree_sitter import Language, Parser

Grammar = Literal["javascript", "typescript", "tsx", "html"]


@functools.cache
def grammar(name: Grammar) -> Language:
    if name == "html":
        return Language(_binding("tree_sitter_html").language())
    if name == "javascript":
        return Language(_binding("tree_sitter_javascript").language())
    if name == "tsx":
        return Language(_binding("tree_sitter_typescript").language_tsx())
    return Language(_binding("tree_sitter_typescript").language_typescript())


@functools.cache
def _binding(package: str) -> ModuleType:
    """The grammar package's compiled module (`_binding`), loaded without running the
    package's `__init__`: that imports importlib.resources (and through it tempfile,
    shutil, zlib, bz2, lzma and random) for query files never read here, about 15 M
    instructions, 2% of a pre-commit run."""
    found = PathFinder.find_spec(package)
    spec = found and PathFinder.find_spec(f"{package}._binding", found.submodule_search_locations)
    module = spec.loader.create_module(spec) if spec is not None and spec.loader else None
    if spec is None or spec.loader is None or module is None:
        # Not a plain extension file, or a release that names it otherwise: the package,
        # whose functions are the module's.
        return importlib.import_module(package)
    spec.loader.exec_module(module)
    return module


_parsers = threading.local()


def parser(name: Grammar) -> Parser:
    """A parser of the grammar, one per thread: a parser is not safe to share, and the
    language server lints documents in threads."""
    found: dict[Grammar, Parser] = _parsers.__dict__.setdefault("by_grammar", {})
    if name not in found:
        found[name] = Parser(grammar(name))
    return found[name]
