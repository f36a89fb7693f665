"""A tool whose `execute` reads input but that has no `inputSchema`."""

from __future__ import annotations

from tree_sitter import Node

from webmcp_lint.checks import Context, check
from webmcp_lint.checks._util import SCHEMA_MISTAKES, registered_tools
from webmcp_lint.model import FileModel, Script
from webmcp_lint.source import Span
from webmcp_lint.syntax.nodes import (
    descendants,
    function_body,
    function_parameters,
    property_name,
    unwrap,
)
from webmcp_lint.syntax.nodes import text as node_text


@check()
def input_schema_missing(model: FileModel, ctx: Context) -> None:
    seen: set[Span] = set()
    for tool in registered_tools(model.tools):
        definition = tool.definition
        if definition.kind != "object" or not definition.complete or tool.script is None:
            continue
        schema = definition.get("inputSchema")
        if schema is not None and schema.kind != "undefined":
            continue
        if any(key.lower() in SCHEMA_MISTAKES for key in definition.entries):
            continue  # a misnamed schema: tool-unknown-member says to rename it
        execute = definition.get("execute")
        if execute is None or not execute.is_function or execute.node is None:
            continue
        if execute.span in seen:
            continue
        seen.add(execute.span)
        read = input_reads(execute.node, tool.script)
        if not read:
            continue
        names, where = read
        shown = ", ".join(f"`{name}`" for name in names[:4])
        ctx.report(
            where,
            f"`execute` reads {shown} from its input, but the tool has no `inputSchema`: the "
            "agent is told of no parameters, so it sends none. Add an `inputSchema` that "
            "describes them.",
        )


def input_reads(function: Node, script: Script) -> tuple[list[str], Span] | None:
    """The input properties a function reads (by destructuring its first parameter, or
    `input.x` / `input["x"]` / `const { x } = input` in its body), and where."""
    parameters = function_parameters(function)
    if not parameters:
        return None
    first = parameters[0]
    if first.type == "assignment_pattern":
        first = first.child_by_field_name("left") or first
    if first.type == "object_pattern":
        destructured = _pattern_keys(first)
        return (destructured, Span.of(first)) if destructured else None
    if first.type != "identifier":
        return None
    body = function_body(function)
    if body is None:
        return None
    names: list[str] = []
    where: Span | None = None
    for node in descendants(
        body, frozenset({"member_expression", "subscript_expression", "variable_declarator"})
    ):
        if node.type == "variable_declarator":
            pattern, source = node.child_by_field_name("name"), node.child_by_field_name("value")
            if pattern is None or source is None or pattern.type != "object_pattern":
                continue
            if not _is_parameter(unwrap(source), first, function, script):
                continue
            found = _pattern_keys(pattern)
        else:
            target = node.child_by_field_name("object")
            name = property_name(node)
            if (
                target is None
                or name is None
                or not _is_parameter(unwrap(target), first, function, script)
            ):
                continue
            found = [name]
        for name in found:
            if name not in names:
                names.append(name)
        if where is None and found:
            where = Span.of(node)
    return (names, where) if names and where is not None else None


def _is_parameter(node: Node, parameter: Node, function: Node, script: Script) -> bool:
    if node.type != "identifier" or node_text(node) != node_text(parameter):
        return False
    binding = script.resolve(node)
    return binding is not None and binding.kind == "param" and binding.function == function


def _pattern_keys(pattern: Node) -> list[str]:
    names = []
    for child in pattern.named_children:
        if child.type == "shorthand_property_identifier_pattern":
            names.append(node_text(child))
        elif child.type == "object_assignment_pattern":
            left = child.child_by_field_name("left")
            if left is not None:
                names.append(node_text(left))
        elif child.type == "pair_pattern":
            key = child.child_by_field_name("key")
            if key is not None and key.type in ("property_identifier", "string"):
                names.append(node_text(key).strip("\"'"))
    return names
