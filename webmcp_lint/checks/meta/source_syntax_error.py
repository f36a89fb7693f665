"""Code tree-sitter could not parse where it holds WebMCP code: findings may be missing.

A parse error is reported only when it hides code a rule reads: the statement around the
error (or the error itself, when it lies outside any statement) holds one of the words
every piece of WebMCP code holds (`source.WEBMCP_WORDS`). An error in other code of the
file hides nothing a rule looks at. Valid code the grammars reject (syntax/gaps.py) is
parsed with its gaps masked, so it never gets here.
"""

from __future__ import annotations

import re

from tree_sitter import Node

from webmcp_lint import LazyPattern
from webmcp_lint.checks import Context, check
from webmcp_lint.checks._metadata import shorten
from webmcp_lint.model import FileModel
from webmcp_lint.syntax.gaps import located_errors
from webmcp_lint.syntax.nodes import first_statement
from webmcp_lint.workspace.source import FORM_ATTRIBUTE_WORDS, WEBMCP_WORDS, SourceFile

# The declarative attributes' words count where a name starts (`toolname=`,
# `form.toolName`), not inside a longer one (`McpServerPrimitiveToolName`).
_WEBMCP_WORD = LazyPattern(
    "|".join(
        rf"(?<![\w$]){re.escape(word)}" if word in FORM_ATTRIBUTE_WORDS else re.escape(word)
        for word in WEBMCP_WORDS
    ).encode(),
    re.IGNORECASE,
)


# The end of every message, after the WebMCP word in the code around the error.
_MAY_MISS = (
    ": findings about this WebMCP code may be missing. If the code is valid, please report "
    "this gap in webmcp-lint's parser."
)
# `word`: the WebMCP word in the code around the error
MESSAGES = {
    "missing-value": (
        "webmcp-lint could not parse line {{line}}, where a name or value is missing, in code "
        "that uses `{{word}}`" + _MAY_MISS
    ),
    "missing-token": (
        "webmcp-lint could not parse line {{line}}, where it expected `{{expected}}`, in code "
        "that uses `{{word}}`" + _MAY_MISS
    ),
    # `code`: the first line of the code it could not parse, shortened
    "unparsable-code": (
        "webmcp-lint could not parse `{{code}}` on line {{line}}, in code that uses "
        "`{{word}}`" + _MAY_MISS
    ),
}


@check(messages=MESSAGES)
def source_syntax_error(model: FileModel, ctx: Context) -> None:
    for script in model.scripts:
        searched: set[int] = set()  # units without a WebMCP word, searched once each
        for error, above in located_errors(script.root):
            unit = first_statement(above or ()) or _outside_statements(error)
            if unit.id in searched:
                continue
            searched.add(unit.id)
            word = _WEBMCP_WORD.compiled.search(model.source.text, unit.start_byte, unit.end_byte)
            if word is None:
                continue
            _report(ctx, model.source, error, word.group().decode())
            break


def _outside_statements(error: Node) -> Node:
    return error if error.is_error or error.parent is None else error.parent


def _report(ctx: Context, source: SourceFile, error: Node, word: str) -> None:
    """Report the error, saying what it is: a missing node or code that does not parse."""
    line = source.line_of(error.start_byte) + 1
    if error.is_missing and error.is_named:
        ctx.report(error, "missing-value", line=line, word=word)
    elif error.is_missing:
        ctx.report(error, "missing-token", line=line, expected=error.type, word=word)
    else:
        first_line = (error.text or b"").decode("utf-8", errors="replace").strip().splitlines()
        code = shorten(first_line[0] if first_line else "", 40)
        ctx.report(error, "unparsable-code", code=code, line=line, word=word)
