"""With `use-webmcp-tool`, `execute` returns an error object where the hook expects a
throw: the hook hands it to the agent as a successful result."""

from __future__ import annotations

from collections.abc import Iterator

from tree_sitter import Node

from webmcp_lint.checks import Context, check
from webmcp_lint.checks._util import head_span, registered_tools
from webmcp_lint.model import FileModel, Script, ToolDefinition
from webmcp_lint.syntax.nodes import arguments, unwrap
from webmcp_lint.workspace.source import Span

# The libraries that turn a returned value into a successful result and only a throw
# (or a returned `Error`) into an `isError` one, checked in their source.
THROWING_LIBRARIES = frozenset({"use-webmcp-tool"})
NO_ERROR = ("null", "undefined", "boolean")


MESSAGES = {
    "error-object-returned": (
        "`execute` returns an error object, but `{{package}}` hands whatever `execute` "
        "returns to the agent as a successful result (no `isError`); its error channel is "
        'the throw. Throw instead: `throw new Error("What went wrong and what to do next")`.'
    ),
}


@check(messages=MESSAGES)
def execute_error_as_result(model: FileModel, ctx: Context) -> None:
    seen: set[int] = set()
    for tool in registered_tools(model.tools):
        if tool.wrapper is None or tool.wrapper.package not in THROWING_LIBRARIES:
            continue
        script = tool.script
        facts = model.functions.of_tool(tool)
        if facts is None or script is None or _formats_output(tool, script):
            continue
        for returned in facts.returns:
            for error_object in _error_objects(returned, script):
                if error_object.id in seen:
                    continue
                seen.add(error_object.id)
                ctx.report(
                    head_span(model.source, Span.of(error_object)),
                    "error-object-returned",
                    package=tool.wrapper.package,
                )


def _formats_output(tool: ToolDefinition, script: Script) -> bool:
    """The hook call passes `formatOutput` (which may turn the object into an Error), or
    its options cannot be fully read."""
    if tool.call is None:
        return True
    args = arguments(tool.call)
    if not args:
        return True
    options = script.value(args[0])
    return options.kind != "object" or not options.complete or "formatOutput" in options.entries


def _error_objects(returned: Node, script: Script) -> Iterator[Node]:
    """Object literals with an `error` member that says there is an error, among the
    values an expression may have (the branches of `?:`, `&&`, `||`, `??`, `await`)."""
    pending = [returned]
    while pending:
        node = unwrap(pending.pop())
        if node.type in ("ternary_expression",):
            condition = node.child_by_field_name("condition")
            pending.extend(
                c for c in node.named_children if condition is None or c.id != condition.id
            )
        elif node.type == "binary_expression" and node.child_by_field_name("operator") is not None:
            operator = node.child_by_field_name("operator")
            if operator is not None and operator.type in ("&&", "||", "??"):
                pending.extend(
                    node.named_children[1:] if operator.type == "&&" else node.named_children
                )
        elif node.type == "await_expression":
            pending.extend(node.named_children[:1])
        elif node.type == "object":
            value = script.value(node)
            error = value.entry("error")
            if error is None or "content" in value.entries:
                continue
            if error.value.kind in NO_ERROR and not (
                error.value.kind == "boolean" and error.value.data is True
            ):
                continue
            yield node
