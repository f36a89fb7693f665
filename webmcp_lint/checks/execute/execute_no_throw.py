"""`execute` throws or rejects: the agent only gets "UnknownError", never the message."""

from __future__ import annotations

import json
from collections.abc import Iterator

from tree_sitter import Node

from webmcp_lint.checks import Context, check
from webmcp_lint.checks._body import Body, climb, is_global
from webmcp_lint.checks._util import callee_text, head_span, registered_tools
from webmcp_lint.diagnostics import Related
from webmcp_lint.model import FileModel, ToolDefinition
from webmcp_lint.source import Span
from webmcp_lint.syntax.nodes import arguments, called_member, string_literal, unwrap


@check()
def execute_no_throw(model: FileModel, ctx: Context) -> None:
    for tool in registered_tools(model.tools):
        if _converts_throws(tool):
            continue
        body = Body.of(tool)
        if body is None:
            continue
        for node in _unguarded_throws(body):
            ctx.report(
                head_span(model.source, Span.of(node)),
                f'{_what_fails(node)} in `execute`: the agent only receives "UnknownError", '
                "never the message, so it cannot recover. Return the error instead: "
                f"`return {{ error: {_error_text(node)}, retryable: false }}`.",
            )
        _helper_throws(model, body, ctx)


def _converts_throws(tool: ToolDefinition) -> bool:
    """A library that catches a thrown error and hands its message to the agent as an
    `isError` result (throwing is its documented error channel), or may do so."""
    return tool.wrapper is not None and tool.wrapper.converts_throws is not False


def _unguarded_throws(body: Body) -> Iterator[Node]:
    """`throw` statements and `Promise.reject(...)` calls that end the function with an
    error: not caught inside it, and not an abort being passed on."""
    for node in body.own("throw_statement", "call_expression"):
        if node.type == "call_expression" and not _is_promise_reject(body, node):
            continue
        if _caught(body, node) or _abort_passed_on(body, node):
            continue
        yield node


def _is_promise_reject(body: Body, call: Node) -> bool:
    member = called_member(call)
    return (
        member is not None
        and member[1] == "reject"
        and is_global(body.script, unwrap(member[0]), "Promise")
    )


def _caught(body: Body, node: Node) -> bool:
    """`node` sits in the block of a `try` that has a `catch`."""
    child, current = node, node.parent
    while current is not None and current.id != body.function.id:
        if current.type == "try_statement" and current.child_by_field_name("handler") is not None:
            block = current.child_by_field_name("body")
            if block is not None and block.id == child.id:
                return True
        child, current = current, current.parent
    return False


def _abort_passed_on(body: Body, node: Node) -> bool:
    """The error is the abort itself (`throw signal.reason`), or the throw only happens
    once a condition or an enclosing `catch` has looked at the signal."""
    if body.mentions_signal(node):
        return True
    child, current = node, node.parent
    while current is not None and current.id != body.function.id:
        kind = current.type
        if kind in ("if_statement", "ternary_expression", "while_statement"):
            condition = current.child_by_field_name("condition")
            if (
                condition is not None
                and condition.id != child.id
                and body.mentions_signal(condition)
            ):
                return True
        elif kind == "catch_clause":
            block = current.child_by_field_name("body")
            for statement in block.named_children if block is not None else []:
                if statement.end_byte <= node.start_byte and body.mentions_signal(statement):
                    return True
        child, current = current, current.parent
    return False


def _what_fails(node: Node) -> str:
    return "`Promise.reject()`" if node.type == "call_expression" else "`throw`"


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


def _helper_throws(model: FileModel, body: Body, ctx: Context) -> None:
    """A same-file helper that throws, called where its error escapes `execute`."""
    for call in body.own("call_expression"):
        helper = body.helper(call)
        if helper is None or _caught(body, call) or _abort_passed_on(body, call):
            continue
        if helper.is_async and not _awaited_or_returned(body, call):
            continue  # a floating promise: its rejection does not fail the tool
        thrown = next(_unguarded_throws(helper), None)
        if thrown is None:
            continue
        name = callee_text(call)
        line = model.source.line_of(thrown.start_byte) + 1
        ctx.report(
            head_span(model.source, Span.of(call)),
            f"`{name}()` can throw (line {line}) and `execute` lets the error through: the "
            'agent only receives "UnknownError", never the message. Catch it and return '
            f"the error: `return {{ error: {_error_text(thrown)}, retryable: false }}`.",
            related=[Related(head_span(model.source, Span.of(thrown)), "thrown here")],
        )


def _awaited_or_returned(body: Body, call: Node) -> bool:
    node = climb(call)
    parent = node.parent
    if parent is None:
        return False
    if parent.type in ("await_expression", "return_statement"):
        return True
    return body.body is not None and body.body.id == node.id  # an arrow's expression body
