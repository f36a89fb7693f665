"""tree-sitter grammars, loaded once per process."""

from __future__ import annotations

import functools
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


@functools.cache
def parser(name: Grammar) -> Parser:
    return Parser(grammar(name))
