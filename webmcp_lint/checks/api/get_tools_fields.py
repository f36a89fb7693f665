"""Code that reads the tools `getTools()` returns as Chrome before 160 gave them: their
`window` (renamed `source` in 160), an empty schema as undefined (`null` in 160), their
fields as own properties (getters on the prototype of a `Tool` object in 160)."""

from __future__ import annotations

from webmcp_lint.checks import Context, check
from webmcp_lint.checks._tool_objects import tool_uses
from webmcp_lint.checks._util import head_span
from webmcp_lint.model import FileModel
from webmcp_lint.workspace.source import Span

MESSAGES = {
    "window-renamed": (
        "A tool from `getTools()` has no `window` from Chrome 160 (it is renamed `source`), "
        "so this reads `undefined` there. Read `tool.source ?? tool.window`."
    ),
    "copy-sees-no-fields": (
        "`{{name}}` sees none of a tool's fields from Chrome 160: `getTools()` returns "
        "`Tool` objects whose fields are getters on their prototype, so a copy is `{}`. "
        "Read the fields by name: `const { name, description, inputSchema } = tool`."
    ),
    "default-misses-null": (
        "A default for `{{name}}` applies only when it is undefined, but from Chrome 160 "
        "`getTools()` gives `null` for a tool without one: `{{name}}` is then `null`. "
        "Write `tool.{{name}} ?? {}` instead."
    ),
    "undefined-test-misses-null": (
        "From Chrome 160 a tool without an `{{name}}` has `null` there, not undefined: "
        "this test misses it. Test `tool.{{name}} == null`, which holds for both."
    ),
    "in-test-always-true": (
        "From Chrome 160 `{{name}}` is an attribute of every tool `getTools()` returns "
        '(on its prototype): `"{{name}}" in tool` is always true there, and '
        "`hasOwnProperty`/`Object.hasOwn` always false. Test `tool.{{name}} != null`."
    ),
}


@check(messages=MESSAGES)
def get_tools_fields(model: FileModel, ctx: Context) -> None:
    for use in tool_uses(model):
        at, name = head_span(model.source, Span.of(use.node)), use.what
        if use.kind == "window":
            ctx.report(at, "window-renamed")
        elif use.kind == "copy":
            ctx.report(at, "copy-sees-no-fields", name=name)
        elif use.kind == "schema-default":
            ctx.report(at, "default-misses-null", name=name)
        elif use.kind == "schema-test":
            ctx.report(at, "undefined-test-misses-null", name=name)
        elif use.kind == "schema-in":
            ctx.report(at, "in-test-always-true", name=name)
