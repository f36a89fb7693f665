"""A tool whose `execute` reads input but that has no `inputSchema`."""

from __future__ import annotations

from webmcp_lint.checks import Context, check
from webmcp_lint.checks._util import SCHEMA_MISTAKES, registered_tools
from webmcp_lint.model import FileModel, FunctionFacts
from webmcp_lint.workspace.source import Span

MESSAGES = {
    "input-read-without-schema": (
        "`execute` reads {{names}} from its input, but the tool has no `inputSchema`: the "
        "agent is told of no parameters, so it sends none. Add an `inputSchema` that "
        "describes them."
    ),
}


@check(messages=MESSAGES)
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
        span = execute.span  # made from its node each time it is read
        if span in seen:
            continue
        seen.add(span)
        read = input_reads(model.functions.of(execute.node, tool.script))
        if not read:
            continue
        names, where = read
        shown = ", ".join(f"`{name}`" for name in names[:4])
        ctx.report(where, "input-read-without-schema", names=shown)


def input_reads(facts: FunctionFacts | None) -> tuple[list[str], Span] | None:
    """The input properties a function reads (by destructuring its first parameter, or
    `input.x` / `input["x"]` / `const { x } = input` in its body), and where: the
    destructuring pattern, else the first read."""
    if facts is None or facts.input is None or not facts.input_reads.reads:
        return None
    reads = facts.input_reads.reads
    where = facts.input if facts.input.type == "object_pattern" else next(iter(reads.values())).node
    return list(reads), Span.of(where)
