"""Code that reads the tools `getTools()` returns as Chrome before 160 gave them: their
`window` (renamed `source` in 160), an empty schema as undefined (`null` in 160), their
fields as own properties (getters on the prototype of a `Tool` object in 160)."""

from __future__ import annotations

from webmcp_lint.checks import Context, check
from webmcp_lint.checks._tool_objects import ToolUse, tool_uses
from webmcp_lint.checks._util import head_span
from webmcp_lint.model import FileModel
from webmcp_lint.workspace.source import Span


@check()
def get_tools_fields(model: FileModel, ctx: Context) -> None:
    for use in tool_uses(model):
        message = _message(use)
        if message is not None:
            ctx.report(head_span(model.source, Span.of(use.node)), message)


def _message(use: ToolUse) -> str | None:
    name = use.what
    if use.kind == "window":
        return (
            "A tool from `getTools()` has no `window` from Chrome 160 (it is renamed "
            "`source`), so this reads `undefined` there. Read `tool.source ?? tool.window`."
        )
    if use.kind == "copy":
        return (
            f"`{name}` sees none of a tool's fields from Chrome 160: `getTools()` returns "
            "`Tool` objects whose fields are getters on their prototype, so a copy is `{}`. "
            "Read the fields by name: `const { name, description, inputSchema } = tool`."
        )
    if use.kind == "schema-default":
        return (
            f"A default for `{name}` applies only when it is undefined, but from Chrome 160 "
            f"`getTools()` gives `null` for a tool without one: `{name}` is then `null`. "
            f"Write `tool.{name} ?? {{}}` instead."
        )
    if use.kind == "schema-test":
        return (
            f"From Chrome 160 a tool without an `{name}` has `null` there, not undefined: "
            f"this test misses it. Test `tool.{name} == null`, which holds for both."
        )
    if use.kind == "schema-in":
        return (
            f"From Chrome 160 `{name}` is an attribute of every tool `getTools()` returns "
            f'(on its prototype): `"{name}" in tool` is always true there, and '
            f"`hasOwnProperty`/`Object.hasOwn` always false. Test `tool.{name} != null`."
        )
    return None
