"""`executeTool(tool, input)` with an input that is not an object."""

from __future__ import annotations

from tree_sitter import Node

from webmcp_lint.checks import Context, check
from webmcp_lint.checks._expressions import expects_failure
from webmcp_lint.checks._fixes import without_stringify
from webmcp_lint.checks._util import is_json_stringify
from webmcp_lint.diagnostics import Fix
from webmcp_lint.model import FileModel, Script
from webmcp_lint.syntax.nodes import arguments

# executeTool inputs Chrome rejects with a TypeError, as the message names them.
NOT_AN_INPUT = {
    "string": "a string",
    "number": "a number",
    "boolean": "a boolean",
    "null": "null",
    "function": "a function",
}


@check()
def execute_tool_object_input(model: FileModel, ctx: Context) -> None:
    for use in model.api_uses:
        if use.member != "executeTool" or use.call is None or expects_failure(use.call):
            continue
        args = arguments(use.call)
        if len(args) < 2:
            continue
        value = use.script.value(args[1])
        stringified = is_json_stringify(args[1], use.script)
        if value.kind in NOT_AN_INPUT or stringified:
            shown = "a string" if stringified else NOT_AN_INPUT[value.kind]
            ctx.report(
                args[1],
                f"`executeTool()` takes the input as an object, and this is {shown}: Chrome "
                "rejects it with a TypeError (a string such as `JSON.stringify(...)` too). "
                "Pass the object itself.",
                fix=_pass_the_object(args[1], use.script),
            )


def _pass_the_object(argument: Node, script: Script) -> Fix | None:
    edit = without_stringify(argument, script)
    return Fix("Pass the object, not its JSON", (edit,)) if edit is not None else None
