"""`execute` throws or rejects: the agent only gets "UnknownError", never the message."""

from __future__ import annotations

import json

from tree_sitter import Node

from webmcp_lint.checks import Context, check
from webmcp_lint.checks._runtime import only_polyfill_agents_call
from webmcp_lint.checks._util import (
    callee_text,
    head_span,
    registered_tools,
    related_at,
    written_at,
)
from webmcp_lint.model import FileModel, ToolDefinition
from webmcp_lint.model.functions import Throw
from webmcp_lint.syntax.nodes import arguments, string_literal, unwrap
from webmcp_lint.workspace.source import Span

MESSAGES = {
    "throw-in-execute": (
        '`throw` in `execute`: the agent only receives "UnknownError", never the message, so '
        "it cannot recover. Return the error instead: "
        "`return { error: {{error}}, retryable: false }`."
    ),
    "reject-in-execute": (
        '`Promise.reject()` in `execute`: the agent only receives "UnknownError", never the '
        "message, so it cannot recover. Return the error instead: "
        "`return { error: {{error}}, retryable: false }`."
    ),
    "call-throws-through": (
        "`{{name}}()` can throw ({{where}}) and `execute` lets the error through: the agent "
        'only receives "UnknownError", never the message. Catch it and return the error: '
        "`return { error: {{error}}, retryable: false }`."
    ),
}


@check(messages=MESSAGES)
def execute_no_throw(model: FileModel, ctx: Context) -> None:
    if model.runtime.implements is not None:
        return  # a runtime's own code: how a throw reaches the agent is what it defines
    for tool in registered_tools(model.tools):
        if _converts_throws(tool) or only_polyfill_agents_call(model, tool, "throws_reach_agent"):
            continue  # a throw reaches the agent as an `isError` result
        facts = model.functions.of_tool(tool)
        if facts is None:
            continue
        reported: set[int] = set()  # one finding per call a thrown error escapes through
        for thrown in facts.throws:
            if not thrown.escapes or thrown.site.id in reported:
                continue
            reported.add(thrown.site.id)
            if thrown.via:
                _report_through_call(model, ctx, thrown)
                continue
            rejects = thrown.node.type == "call_expression"  # `Promise.reject()`, not `throw`
            ctx.report(
                head_span(model.source, Span.of(thrown.node)),
                "reject-in-execute" if rejects else "throw-in-execute",
                error=_error_text(thrown.node),
            )


def _converts_throws(tool: ToolDefinition) -> bool:
    """A library that catches a thrown error and hands its message to the agent as an
    `isError` result (throwing is its documented error channel), or may do so."""
    return tool.wrapper is not None and tool.wrapper.converts_throws is not False


def _report_through_call(model: FileModel, ctx: Context, thrown: Throw) -> None:
    """A function `execute` calls throws, and `execute` lets the error through."""
    call = thrown.site
    name = callee_text(call)
    where = written_at(model, thrown.file, thrown.node)
    ctx.report(
        head_span(model.source, Span.of(call)),
        "call-throws-through",
        related=[related_at(model, thrown.file, thrown.node, "thrown here")],
        name=name,
        where=where,
        error=_error_text(thrown.node),
    )


def _error_text(node: Node) -> str:
    """The literal message of `throw new Error("...")` as a JS string, else a placeholder."""
    if node.type == "call_expression":
        args = arguments(node)
        thrown = args[0] if args else None
    else:
        thrown = next((c for c in node.named_children if c.type != "comment"), None)
    message = None
    if thrown is not None:
        thrown = unwrap(thrown)
        if thrown.type in ("new_expression", "call_expression"):
            args = arguments(thrown)
            message = string_literal(unwrap(args[0])) if args else None
        else:
            message = string_literal(thrown)
    if not message:
        return '"What went wrong and what the agent can do about it"'
    if len(message) > 80:
        message = message[:77] + "..."
    return json.dumps(message, ensure_ascii=False)
