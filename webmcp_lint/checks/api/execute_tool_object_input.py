"""`executeTool(tool, input)` with an input that is not an object.

Chrome 155+ takes the input as an object; MCP-B's `@mcp-b/global` from 3.0 and the
polyfill from 3.0 take a JSON string (model/runtime.py `string_input`), and
`modelContextTesting.executeTool` always did: judged by the implementation that
provides the `modelContext` the call is made on, in each environment.
"""

from __future__ import annotations

from tree_sitter import Node

from webmcp_lint.checks import Context, check
from webmcp_lint.checks._expressions import expects_failure
from webmcp_lint.checks._fixes import without_stringify
from webmcp_lint.checks._runtime import plain_chrome, sentence, where
from webmcp_lint.checks._util import is_json_stringify
from webmcp_lint.diagnostics import Fix
from webmcp_lint.model import FileModel, Runtime, Script
from webmcp_lint.model.runtime import Environment, Implementation, Surface
from webmcp_lint.syntax.nodes import arguments

# executeTool inputs Chrome rejects with a TypeError, as the message names them.
NOT_AN_INPUT = {
    "string": "a string",
    "number": "a number",
    "boolean": "a boolean",
    "null": "null",
    "function": "a function",
}


_NOT_AN_OBJECT = (
    "`executeTool()` takes the input as an object, and this is {{shown}}: Chrome rejects it "
    "with a TypeError (a string such as `JSON.stringify(...)` too). Pass the object itself."
)
MESSAGES = {
    "input-not-an-object": _NOT_AN_OBJECT,
    # not plain Chrome's verdict: where it holds comes first (`On @mcp-b/global 3.2.0, ...`)
    "input-not-an-object-on-runtime": "{{where}}, " + _NOT_AN_OBJECT,
}


@check(messages=MESSAGES)
def execute_tool_object_input(model: FileModel, ctx: Context) -> None:
    for use in model.api_uses:
        if use.path[:1] != ("modelContext",) or use.member != "executeTool":
            continue  # `modelContextTesting.executeTool` takes a JSON string
        if use.call is None or expects_failure(use.call):
            continue
        args = arguments(use.call)
        if len(args) < 2:
            continue
        value = use.script.value(args[1])
        stringified = is_json_stringify(args[1], use.script)
        if value.kind not in NOT_AN_INPUT and not stringified:
            continue
        runtime = model.runtime_at(use.node)
        rejecting = _rejecting(runtime, use.root)
        if rejecting is None:
            continue
        environment, provider = rejecting
        shown = "a string" if stringified else NOT_AN_INPUT[value.kind]
        fix = _pass_the_object(args[1], use.script)
        if plain_chrome(runtime, provider):
            ctx.report(args[1], "input-not-an-object", fix=fix, shown=shown)
        else:
            there = sentence(where(runtime, environment, provider))
            ctx.report(args[1], "input-not-an-object-on-runtime", fix=fix, where=there, shown=shown)


def _rejecting(runtime: Runtime, root: str) -> tuple[Environment, Implementation] | None:
    """The environment (and its provider) whose `executeTool` rejects anything but an
    object, when the runtime is known."""
    if not runtime.known or root not in ("document", "navigator"):
        return None
    surface: Surface = "document" if root == "document" else "navigator"
    for environment, provider in runtime.providers(surface):
        if provider.string_input is False:
            return environment, provider
    return None


def _pass_the_object(argument: Node, script: Script) -> Fix | None:
    edit = without_stringify(argument, script)
    return Fix("Pass the object, not its JSON", (edit,)) if edit is not None else None
