"""Removed and misused API surface: `navigator.modelContext`, removed methods, `executeTool`."""

from __future__ import annotations

from collections.abc import Iterator

from tree_sitter import Node

from webmcp_lint.checks import CheckContext
from webmcp_lint.checks._util import is_json_stringify
from webmcp_lint.diagnostics import Edit, Finding, Fix
from webmcp_lint.model import FileModel
from webmcp_lint.registry import check
from webmcp_lint.source import Span
from webmcp_lint.syntax.nodes import arguments, text, unwrap

REMOVED_METHODS = {
    "unregisterTool": (
        "`unregisterTool()` was removed from WebMCP, so this call throws a TypeError. "
        "Register with `registerTool(tool, { signal })` and call `abort()` on its "
        "AbortController to unregister."
    ),
    "provideContext": (
        "`provideContext()` was removed from WebMCP, so this call throws a TypeError. "
        "Register each tool with `registerTool(tool, { signal })` instead."
    ),
    "clearContext": (
        "`clearContext()` was removed from WebMCP, so this call throws a TypeError. "
        "Give each registration a `signal` and abort it to remove the tool."
    ),
}


# executeTool inputs Chrome rejects with a TypeError, as the message names them.
NOT_AN_INPUT = {
    "string": "a string",
    "number": "a number",
    "boolean": "a boolean",
    "null": "null",
    "function": "a function",
}


@check("no-navigator-model-context")
def no_navigator_model_context(model: FileModel, context: CheckContext) -> Iterator[Finding]:
    for use in model.api_uses:
        if use.root != "navigator" or use.path != ("modelContext",):
            continue
        if use.in_check:
            message = (
                "`'modelContext' in navigator` is always false since Chrome 152, so the "
                "guarded code never runs: test `'modelContext' in document` instead."
            )
        else:
            message = (
                "`navigator.modelContext` was removed in Chrome 152, so this code silently "
                "registers nothing: use `document.modelContext`."
            )
        yield Finding("no-navigator-model-context", message, use.span, fix=_document_fix(use.node))


def _document_fix(node: Node) -> Fix | None:
    """Replace the `navigator` identifier or property with `document`."""
    target = node.child_by_field_name("right") or node.child_by_field_name("object")
    if target is None:
        return None
    target = unwrap(target)
    if target.type == "member_expression":
        target = target.child_by_field_name("property") or target
    if text(target) != "navigator":
        return None
    return Fix("Use document.modelContext", (Edit(Span.of(target), "document"),))


@check("no-removed-api")
def no_removed_api(model: FileModel, context: CheckContext) -> Iterator[Finding]:
    for use in model.api_uses:
        if use.path == ("modelContextTesting",):
            yield Finding(
                "no-removed-api",
                "`modelContextTesting` was removed in Chrome 152, so this code throws or "
                "does nothing: use `document.modelContext.getTools()` and `executeTool()`.",
                use.span,
            )
        elif use.member in REMOVED_METHODS:
            yield Finding("no-removed-api", REMOVED_METHODS[use.member], use.span)


@check("execute-tool-object-input")
def execute_tool_object_input(model: FileModel, context: CheckContext) -> Iterator[Finding]:
    for use in model.api_uses:
        if use.member != "executeTool" or use.call is None:
            continue
        args = arguments(use.call)
        if len(args) < 2:
            continue
        value = use.script.value(args[1])
        stringified = is_json_stringify(args[1], use.script)
        if value.kind in NOT_AN_INPUT or stringified:
            shown = "a string" if stringified else NOT_AN_INPUT[value.kind]
            yield Finding(
                "execute-tool-object-input",
                f"`executeTool()` takes the input as an object, and this is {shown}: Chrome "
                "rejects it with a TypeError (a string such as `JSON.stringify(...)` too). "
                "Pass the object itself.",
                Span.of(args[1]),
            )
