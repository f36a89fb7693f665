"""`document.modelContext` and its members: API uses and imperatively registered tools.

Uses are found from the words themselves: each occurrence of `modelContext`,
`registerTool`, ... in a script is looked up in the tree, so a 5 MB bundle costs a few
lookups rather than a walk over every node. Words inside strings and comments are not
code and never match (except `'modelContext' in navigator`, a real test).
"""

from __future__ import annotations

from typing import Literal

from tree_sitter import Node

from webmcp_lint import LazyPattern
from webmcp_lint.extract.semantic import semantic_model
from webmcp_lint.model import ApiUse, Binding, Evaluator, Script, ToolDefinition, unknown
from webmcp_lint.model.tools import CONTEXT_METHODS
from webmcp_lint.syntax.nodes import (
    FUNCTION_TYPES,
    GLOBAL_OBJECTS,
    arguments,
    called_member,
    property_name,
    text,
    unwrap,
)
from webmcp_lint.workspace.source import SourceFile, Span

Root = Literal["document", "navigator", "window"]

CONTEXT_PROPERTIES = frozenset({"modelContext", "modelContextTesting"})
MEMBERS = CONTEXT_METHODS | {
    "addEventListener",
    "removeEventListener",
    "ontoolchange",
    "ontoolactivated",
    "ontoolcancel",
}
_WORDS = sorted(CONTEXT_PROPERTIES | MEMBERS)
# The path of a use of each word, one tuple for all its uses: a file of 100,000
# registrations holds 200,000 uses.
_PATHS = {word: (word,) for word in CONTEXT_PROPERTIES} | {
    word: ("modelContext", word) for word in MEMBERS
}
MAX_ALIAS_DEPTH = 8


class ImperativeExtractor:
    def __init__(self, source: SourceFile, script: Script, evaluator: Evaluator) -> None:
        self.source = source
        self.script = script
        self.evaluator = evaluator
        # The last `document.modelContext` (or `navigator.`'s) found, and its root: the
        # method after it (`.registerTool`) is the next word in the text.
        self._last_context: tuple[int, Root] | None = None

    def api_uses(self) -> list[ApiUse]:
        uses: list[ApiUse] = []
        seen: set[int] = set()
        for node, word in semantic_model(self.script).at_words(_WORDS):
            use = self._use_at(node, word)
            if use is not None and use.node.id not in seen:
                seen.add(use.node.id)
                uses.append(use)
        return uses

    def _use_at(self, node: Node, word: str) -> ApiUse | None:
        parent = node.parent
        if parent is None:
            return None
        if node.type == "string_fragment" and parent.type == "string":
            return self._string_use(parent, word)
        if node.type != "property_identifier" or parent.type != "member_expression":
            return None
        return self._member_use(parent, word)

    def _string_use(self, string: Node, word: str) -> ApiUse | None:
        holder = string.parent
        if holder is None:
            return None
        if holder.type == "subscript_expression" and holder.child_by_field_name("index") == string:
            return self._member_use(holder, word)  # document["modelContext"]
        if holder.type == "binary_expression" and word in CONTEXT_PROPERTIES:
            operator = holder.child_by_field_name("operator")
            right = holder.child_by_field_name("right")
            if operator is None or text(operator) != "in" or right is None:
                return None
            if holder.child_by_field_name("left") != string:
                return None
            root = self.global_root(right)
            if root is not None:
                return ApiUse(root, _PATHS[word], holder, self.script, in_check=True)
        return None

    def _member_use(self, member: Node, word: str) -> ApiUse | None:
        target = member.child_by_field_name("object")
        if target is None:
            return None
        if word in CONTEXT_PROPERTIES:
            root = self.global_root(target)
            if root is None or (root == "window" and word == "modelContext"):
                return None
            if word == "modelContext":
                self._last_context = (member.id, root)
            return ApiUse(root, _PATHS[word], member, self.script, call=_call_of(member))
        last = self._last_context
        if last is not None and unwrap(target).id == last[0]:
            context_root: Root | None = last[1]  # what model_context_root finds again
        else:
            context_root = self.model_context_root(target)
        if context_root is None:
            return None
        return ApiUse(context_root, _PATHS[word], member, self.script, _call_of(member))

    # -- receivers ----------------------------------------------------------------------

    def global_root(self, node: Node, depth: int = 0) -> Root | None:
        """`document`, `navigator` or `window` when `node` is that global (through
        `window.`, `globalThis.` or `self.`, casts, parentheses and unchanging aliases
        such as `const doc = document`), else None."""
        node = unwrap(node)
        if node.type == "identifier":
            semantic = semantic_model(self.script)
            binding = semantic.resolve(node)
            value = binding.value if binding is not None and binding.path == () else None
            if value is not None and binding is not None and semantic.unchanging(binding):
                return self.global_root(value, depth + 1) if depth < MAX_ALIAS_DEPTH else None
            # A local variable that happens to be called `document` is not the global; a
            # wrapper's parameter the global is handed to is (`semantic.global_name`).
            name = semantic.global_name(node)
            if name is None or (
                name not in ("document", "navigator") and name not in GLOBAL_OBJECTS
            ):
                return None
            if name in GLOBAL_OBJECTS:
                return "window"
            return "document" if name == "document" else "navigator"
        if node.type in ("member_expression", "subscript_expression"):
            target = node.child_by_field_name("object")
            if target is None or self.global_root(target, depth) != "window":
                return None
            member = property_name(node)
            if member == "document":
                return "document"
            if member == "navigator":
                return "navigator"
        return None

    def model_context_root(self, node: Node, depth: int = 0) -> Root | None:
        """Where `node` gets the model context from: `document.modelContext` or
        `navigator.modelContext`, directly or through a local alias."""
        node = unwrap(node)
        if depth > MAX_ALIAS_DEPTH:
            return None
        if node.type in ("member_expression", "subscript_expression"):
            if property_name(node) != "modelContext":
                return None
            target = node.child_by_field_name("object")
            root = self.global_root(target) if target is not None else None
            return root if root in ("document", "navigator") else None
        if node.type == "binary_expression":
            operator = node.child_by_field_name("operator")
            if operator is None or text(operator) not in ("??", "||", "&&"):
                return None
            for side in ("left", "right") if text(operator) != "&&" else ("right",):
                operand = node.child_by_field_name(side)
                root = self.model_context_root(operand, depth + 1) if operand else None
                if root is not None:
                    return root
            return None
        if node.type == "call_expression":
            return self._getter_call_root(node, depth)
        if node.type != "identifier":
            return None
        binding = self.evaluator.resolve(node)
        if binding is not None and binding.kind == "param":
            if _typed_model_context(binding.node):
                return "document"
            return self._given_root(binding, depth)
        if binding is None or binding.kind not in ("const", "let", "var") or binding.value is None:
            return None
        if binding.path == ():
            return self.model_context_root(binding.value, depth + 1)
        if binding.path == ("modelContext",):  # const { modelContext } = document
            root = self.global_root(binding.value)
            return root if root in ("document", "navigator") else None
        return None

    def _given_root(self, parameter: Binding, depth: int) -> Root | None:
        """The model context a function's parameter is given at every call of it in this
        script (`function register(mc, tool) {...}` called as `register(document.
        modelContext, tool)`); None when a call gives another or none is seen."""
        function = parameter.function
        if function is None or parameter.path != () or depth > MAX_ALIAS_DEPTH:
            return None
        semantic = semantic_model(self.script)
        declaration = function if function.type.endswith("declaration") else function.parent
        binding = semantic.declared(declaration) if declaration is not None else None
        if binding is None:
            return None
        roots = set()
        for reference in semantic.references(binding):
            call = semantic.ancestry.parent(reference)
            if call is None or call.type != "call_expression":
                return None  # handed on: called from where it cannot be seen
            if call.child_by_field_name("function") != reference:
                return None
            args = arguments(call)
            if parameter.index >= len(args):
                return None
            roots.add(self.model_context_root(args[parameter.index], depth + 1))
        return roots.pop() if len(roots) == 1 else None

    def _getter_call_root(self, call: Node, depth: int) -> Root | None:
        """The model context a call of a getter returns: `getModelContext()`, a function
        of this file or an imported one, or a member function of an object of this file
        (`A.getModelContext()` of `A.getModelContext = function () {...}`), that returns
        `document.modelContext`."""
        function = call.child_by_field_name("function")
        if function is None or arguments(call):
            return None
        if unwrap(function).type == "member_expression":
            member = called_member(call)
            assigned = self.evaluator.member_function(*member) if member is not None else None
            return self.getter_root(assigned, depth + 1) if assigned is not None else None
        if unwrap(function).type != "identifier":
            return None
        binding = self.evaluator.resolve(unwrap(function))
        if binding is None:
            return None
        if binding.kind == "import":
            linker = getattr(self.evaluator, "linker", None)
            root = linker.getter(binding) if linker is not None else None
            if root == "document":
                return "document"
            return "navigator" if root == "navigator" else None
        if binding.kind not in ("function", "const"):
            return None
        target = binding.node if binding.kind == "function" else binding.value
        if target is None:
            return None
        return self.getter_root(target, depth + 1)

    def getter_root(self, function: Node, depth: int = 0) -> Root | None:
        """The global whose model context `function` returns on every path that returns
        an object (`document` when it falls back to `navigator`), else None."""
        function = unwrap(function)
        if function.type not in FUNCTION_TYPES or depth > MAX_ALIAS_DEPTH:
            return None
        roots = set()
        for returned in self.script.semantic.returned(function):
            returned = unwrap(returned)
            if returned.type in ("null", "undefined") or text(returned) == "undefined":
                continue
            root = self.model_context_root(returned, depth + 1)
            if root is None:
                return None
            roots.add(root)
        if "document" in roots:  # a navigator fallback beside it is for older browsers
            return "document"
        return roots.pop() if len(roots) == 1 else None

    # -- tools ---------------------------------------------------------------------------

    def tools(self, uses: list[ApiUse]) -> list[ToolDefinition]:
        tools = []
        for use in uses:
            if use.call is None:
                continue
            if use.path == ("modelContext", "provideContext"):
                tools.extend(self._provided(use.call))
                continue
            if use.path != ("modelContext", "registerTool"):
                continue
            args = arguments(use.call)
            options = self.evaluator.value(args[1]) if len(args) > 1 else None
            candidates = (
                self.evaluator.candidates(args[0])
                if args
                else [unknown(Span.of(use.call), use.call)]
            )
            for definition in candidates:
                tools.append(
                    ToolDefinition(
                        kind="imperative",
                        definition=definition,
                        registered_at=None,
                        script=self.script,
                        call=use.call,
                        options=options,
                    )
                )
        return tools

    def _provided(self, call: Node) -> list[ToolDefinition]:
        """The tools of `provideContext({ tools: [...] })` (removed from Chrome; MCP-B and
        older polyfills still take it): each item of a known array, or one unknown tool."""
        args = arguments(call)
        context = self.evaluator.value(args[0]) if args else None
        listed = context.get("tools") if context is not None and context.kind == "object" else None
        if listed is None or listed.kind != "array" or not (listed.items or listed.complete):
            definitions = [unknown(Span.of(call), call)]
        else:
            definitions = list(listed.items)
        return [
            ToolDefinition(
                kind="imperative",
                definition=definition,
                registered_at=None,
                script=self.script,
                call=call,
                api="provideContext",
            )
            for definition in definitions
        ]


_MODEL_CONTEXT_TYPE = LazyPattern(r"^:\s*(?:WebMCP\.)?ModelContext\s*$")


def _typed_model_context(parameter: Node) -> bool:
    """A parameter declared as a model context (`mc: WebMCP.ModelContext`): whoever
    calls the function hands it `document.modelContext`."""
    if parameter.type == "identifier" and parameter.parent is not None:
        parameter = parameter.parent
    if parameter.type not in ("required_parameter", "optional_parameter"):
        return False
    annotation = parameter.child_by_field_name("type")
    return annotation is not None and bool(_MODEL_CONTEXT_TYPE.compiled.match(text(annotation)))


def _call_of(member: Node) -> Node | None:
    """The call expression when `member` is the function being called."""
    parent = member.parent
    while parent is not None and parent.type in ("parenthesized_expression", "non_null_expression"):
        member, parent = parent, parent.parent
    if parent is not None and parent.type == "call_expression":
        function = parent.child_by_field_name("function")
        if function is not None and unwrap(function) == unwrap(member):
            return parent
    return None
