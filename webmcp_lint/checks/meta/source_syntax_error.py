"""A script tree-sitter could not parse: findings in it may be missing."""

from __future__ import annotations

from webmcp_lint.checks import Context, check
from webmcp_lint.model import FileModel
from webmcp_lint.syntax import first_error


@check()
def source_syntax_error(model: FileModel, ctx: Context) -> None:
    for script in model.scripts:
        error = first_error(script.root)
        if error is not None:
            ctx.report(
                error,
                "Syntax error: webmcp-lint could not parse this code, so WebMCP findings "
                "in it may be missing. Fix the syntax, or report a parser gap.",
            )
