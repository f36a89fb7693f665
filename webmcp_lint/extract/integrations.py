"""Tools defined through the official framework integrations.

`useWebMCP(tool)` from `use-webmcp-tool` (React) or `@vueuse/core` (Vue), and Angular's
`declareExperimentalWebMcpTool(tool)` / `declareWebMcpTool(tool)` and the elements of
`provideExperimentalWebMcpTools([...])` / `provideWebMcpTools([...])` from `@angular/core`.

A call counts only when its callee is imported from the integration's package: other
packages export functions of the same name with other semantics (`@mcp-b/react-webmcp`'s
`useWebMCP` takes a `handler` and a Zod schema), and those are not WebMCP tools.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from tree_sitter import Node

from webmcp_lint import budget
from webmcp_lint.extract.scope import top_level_imports
from webmcp_lint.extract.values import Evaluator
from webmcp_lint.model import Script, SourceFile, Span, ToolDefinition, Value, unknown
from webmcp_lint.syntax.nodes import arguments, property_name, text, unwrap

Shape = Literal["tool", "tool-list"]  # the first argument: one tool, or an array of tools

REACT_HOOK = "use-webmcp-tool"
VUE_HOOK = "@vueuse/core"
ANGULAR = "@angular/core"
HOOK_PACKAGES = frozenset({REACT_HOOK, VUE_HOOK})

INTEGRATIONS: dict[str, dict[str, Shape]] = {
    REACT_HOOK: {"useWebMCP": "tool"},
    VUE_HOOK: {"useWebMCP": "tool"},
    ANGULAR: {
        "declareExperimentalWebMcpTool": "tool",
        "declareWebMcpTool": "tool",
        "provideExperimentalWebMcpTools": "tool-list",
        "provideWebMcpTools": "tool-list",
    },
}

# Members an integration reads from the tool object besides the browser's tool dictionary.
EXTRA_MEMBERS: dict[str, frozenset[str]] = {
    REACT_HOOK: frozenset({"enabled", "formatOutput", "onError"}),
    VUE_HOOK: frozenset({"enabled", "formatOutput", "onError", "document"}),
    ANGULAR: frozenset(),
}


@dataclass(frozen=True)
class IntegrationCall:
    """A call of an integration API: `package` and the exported `api` name it calls."""

    call: Node
    callee: Node
    package: str
    api: str
    shape: Shape


def import_sources(script: Script) -> list[tuple[str, Node]]:
    """The module specifier of every static import in a script, with its statement."""
    if script.evaluator is not None:  # computed once per script: checks ask for every tool
        return script.evaluator.scopes.import_sources()
    return top_level_imports(script.root)


class IntegrationExtractor:
    def __init__(self, source: SourceFile, script: Script, evaluator: Evaluator) -> None:
        self.source = source
        self.script = script
        self.evaluator = evaluator

    def calls(self) -> list[IntegrationCall]:
        """Every call of an integration API in the script, in source order."""
        local_names = self._imported_names()
        if not local_names:
            return []
        pattern = re.compile(
            rb"\b(" + b"|".join(re.escape(name.encode()) for name in sorted(local_names)) + rb")\b"
        )
        root = self.script.root
        span = self.script.span
        found: list[IntegrationCall] = []
        seen: set[int] = set()
        for match in pattern.finditer(self.source.text, span.start, span.end):
            budget.check()
            node = root.descendant_for_byte_range(match.start(), match.end())
            if node is None or node.type != "identifier":
                continue
            integration = self._call_of(node)
            if integration is not None and integration.call.id not in seen:
                seen.add(integration.call.id)
                found.append(integration)
        return found

    def _imported_names(self) -> set[str]:
        """Local names bound by imports from integration packages (namespaces included)."""
        names: set[str] = set()
        for specifier, statement in import_sources(self.script):
            apis = INTEGRATIONS.get(specifier)
            if apis is None:
                continue
            clause = next((c for c in statement.named_children if c.type == "import_clause"), None)
            if clause is None:
                continue
            for part in clause.named_children:
                if part.type == "namespace_import":
                    names.update(text(c) for c in part.named_children if c.type == "identifier")
                elif part.type == "named_imports":
                    for specifier_node in part.named_children:
                        imported = specifier_node.child_by_field_name("name")
                        alias = specifier_node.child_by_field_name("alias") or imported
                        if imported is not None and alias is not None and text(imported) in apis:
                            names.add(text(alias))
        return names

    def _call_of(self, identifier: Node) -> IntegrationCall | None:
        """The integration call `identifier` is the callee of: `useWebMCP(...)`, or the
        namespace in `core.declareWebMcpTool(...)`."""
        binding = self.evaluator.resolve(identifier)
        if binding is None or binding.kind != "import" or binding.source not in INTEGRATIONS:
            return None
        apis = INTEGRATIONS[binding.source]
        callee = identifier
        api = binding.imported
        if api == "*":
            member = identifier.parent
            if member is None or member.type != "member_expression":
                return None
            if member.child_by_field_name("object") != identifier:
                return None
            api = property_name(member)
            callee = member
        call = callee.parent
        if call is None or call.type != "call_expression" or api not in apis:
            return None
        function = call.child_by_field_name("function")
        if function is None or unwrap(function) != callee:
            return None
        return IntegrationCall(call, callee, binding.source, api, apis[api])

    def tools(self, calls: list[IntegrationCall]) -> list[ToolDefinition]:
        tools = []
        for integration in calls:
            for definition in self._definitions(integration):
                tools.append(
                    ToolDefinition(
                        kind="integration",
                        definition=definition,
                        registration=Span.of(integration.call),
                        script=self.script,
                        call=integration.call,
                        integration=integration.package,
                    )
                )
        return tools

    def _definitions(self, integration: IntegrationCall) -> list[Value]:
        args = arguments(integration.call)
        if not args:
            return [unknown(Span.of(integration.call), integration.call)]
        if integration.shape == "tool":
            return self.evaluator.candidates(args[0])
        tools = self.evaluator.value(args[0])
        if tools.kind == "array" and tools.items:
            return list(tools.items)
        if tools.kind == "array" and tools.complete:
            return []  # an empty list provides no tool
        return [unknown(Span.of(args[0]), args[0])]
