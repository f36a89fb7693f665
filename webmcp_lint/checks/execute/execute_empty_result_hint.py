"""A search tool's `execute` returns an empty list with nothing that tells the agent
what the emptiness means."""

from __future__ import annotations

from tree_sitter import Node

from webmcp_lint.checks import Context, check
from webmcp_lint.checks._util import registered_tools
from webmcp_lint.checks._words import words
from webmcp_lint.model import FileModel, Script
from webmcp_lint.syntax.nodes import unwrap
from webmcp_lint.workspace.source import Span

# The first word of a tool name that says the tool looks things up and returns matches.
SEARCH_VERBS = frozenset({"search", "find", "list", "lookup", "query", "browse", "filter"})


MESSAGES = {
    "empty-result-unexplained": (
        '"{{name}}" returns an empty list and nothing else: the agent cannot tell "nothing '
        'matched" from a failure, and may retry, give up or make results up. Say what the '
        'emptiness means: `{ results: [], message: "Nothing matches; try a broader word." }`.'
    ),
}


@check(messages=MESSAGES)
def execute_empty_result_hint(model: FileModel, ctx: Context) -> None:
    seen: set[int] = set()
    for tool in registered_tools(model.tools):
        name = tool.known_name
        if name is None:
            continue
        verb = words(name)[:1]
        if not verb or verb[0] not in SEARCH_VERBS:
            continue
        facts = model.functions.of_tool(tool)
        if facts is None or tool.script is None:
            continue
        for returned in facts.returns:
            node = unwrap(returned)
            if node.id in seen or not _bare_empty(node, tool.script):
                continue
            seen.add(node.id)
            ctx.report(Span.of(node), "empty-result-unexplained", name=name)


def _bare_empty(node: Node, script: Script) -> bool:
    """`[]`, or an object literal whose members are all `[]` or `0` (`{ results: [],
    total: 0 }`), with at least one `[]`."""
    if node.type == "array":
        return not node.named_children
    if node.type != "object":
        return False
    value = script.value(node)
    if value.kind != "object" or not value.complete or not value.entries:
        return False
    kinds = [(entry.value.kind, entry.value.data) for entry in value.entries.values()]
    empty_lists = [k for k in kinds if k[0] == "array" and k[1] == []]
    zeros = [k for k in kinds if k[0] == "number" and k[1] == 0]
    return bool(empty_lists) and len(empty_lists) + len(zeros) == len(kinds)
