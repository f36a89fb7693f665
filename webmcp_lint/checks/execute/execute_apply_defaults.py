"""A schema default `execute` never applies: the browser applies none."""

from __future__ import annotations

import json

from webmcp_lint.checks import Context, check
from webmcp_lint.checks._input_use import tools_reading_properties
from webmcp_lint.diagnostics import Related
from webmcp_lint.model import FileModel, Value
from webmcp_lint.workspace.source import Span

MESSAGES = {
    "default-not-applied": (
        "`inputSchema` gives `{{key}}` the default {{default}}, but the browser applies no "
        "defaults and `execute` uses `{{key}}` without one: when the agent leaves it out, it "
        "is `undefined`. Write `{ {{key}} = {{default}} }` or `{{key}} ?? {{default}}`."
    ),
}


@check(messages=MESSAGES)
def execute_apply_defaults(model: FileModel, ctx: Context) -> None:
    for properties, reads, required in tools_reading_properties(model):
        for key, schema in properties.items():
            default = schema.get("default") if schema.kind == "object" else None
            if default is None or not default.known or key in required:
                continue
            if not reads.unchecked(key, allow_default=False):
                continue
            shown = _js_literal(default)
            ctx.report(
                Span.of(reads.reads[key].node),
                "default-not-applied",
                related=[Related(default.span, "the default the schema declares")],
                key=key,
                default=shown,
            )


def _js_literal(value: Value) -> str:
    data = value.to_python(unknown_as=None)
    try:
        shown = json.dumps(data, ensure_ascii=False)
    except (TypeError, ValueError):
        return "the declared default"
    return shown if len(shown) <= 40 else "the declared default"
