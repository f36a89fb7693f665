"""tree-sitter grammars, loaded once per process (parsers once per thread)."""

from __future__ import annotations

import functools
import threading
from typing import Literal

from tree_sitter import Language, Parser

Grammar = Literal["javascript", "typescript", "tsx", "html"]


@functools.cache
def grammar(name: Grammar) -> Language:
    if name == "html":
        import tree_sitter_html

        return Language(tree_sitter_html.language())
    if name == "javascript":
        import tree_sitter_javascript

        return Language(tree_sitter_javascript.language())
    import tree_sitter_typescript

    if name == "tsx":
        return Language(tree_sitter_typescript.language_tsx())
    return Language(tree_sitter_typescript.language_typescript())


_parsers = threading.local()


def parser(name: Grammar) -> Parser:
    """A parser of the grammar, one per thread: a parser is not safe to share, and the
    language server lints documents in threads."""
    found: dict[Grammar, Parser] = _parsers.__dict__.setdefault("by_grammar", {})
    if name not in found:
        found[name] = Parser(grammar(name))
    return found[name]
