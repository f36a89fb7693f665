"""`oneOf`, `anyOf` or `allOf` at the root of an input schema, or `enum` or `not` at an
untyped root: models' tool APIs reject them."""

from __future__ import annotations

from webmcp_lint.checks import Context, check
from webmcp_lint.checks._schema_json import schema_tools
from webmcp_lint.model import FileModel
from webmcp_lint.workspace.source import Span

COMBINATORS = ("oneOf", "anyOf", "allOf")
NOT_OBJECT = ("not", "enum")


MESSAGES = {
    "combinator-at-root": (
        "`{{keyword}}` at the root of the input schema: Anthropic's Messages API refuses a "
        "tool whose input schema has oneOf, allOf or anyOf at the top level, so an agent "
        'built on it fails with this page\'s tools. Keep the root `type: "object"` with '
        "`properties`, and describe the alternatives in a property or the description."
    ),
    "untyped-root-keyword": (
        '`{{keyword}}` at the root of an input schema without `type: "object"`: OpenAI\'s '
        'tool API refuses a parameters schema whose type is not "object", so an agent built '
        'on it fails with this page\'s tools. Make the root `type: "object"` and move the '
        "constraint into a property."
    ),
}


@check(messages=MESSAGES)
def portable_schema_root(model: FileModel, ctx: Context) -> None:
    seen: set[Span] = set()
    for _tool, schema in schema_tools(model):
        if schema.span in seen:
            continue
        seen.add(schema.span)
        written = list(schema.entries.items())
        # The first one written: one finding per schema.
        combinator = next(((k, e) for k, e in written if k in COMBINATORS), None)
        if combinator is not None:
            ctx.report(combinator[1].key_span, "combinator-at-root", keyword=combinator[0])
            continue
        if "type" in schema.entries or not schema.complete:
            continue  # a typed root is input-schema-root's to judge; a spread may type it
        untyped = next(((k, e) for k, e in written if k in NOT_OBJECT), None)
        if untyped is not None:
            ctx.report(untyped[1].key_span, "untyped-root-keyword", keyword=untyped[0])
