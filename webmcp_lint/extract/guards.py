"""Whether code that reaches into `document.modelContext` runs only where the API exists.

A use is guarded when one of these protects it:
- optional chaining on the context (`document.modelContext?.registerTool`) or a
  fallback (`(document.modelContext ?? polyfill).registerTool`);
- a branch that tests for the API: `if ('modelContext' in document)`, a truthiness or
  `typeof` test, `!= null`, `&&`, `?:`, also through a `const` or a same-file function
  that returns such a test, or an imported test named like one (`isWebMcpSupported()`);
- an earlier statement of the same block that leaves when the API is missing
  (`if (!('modelContext' in document)) return;`) or installs a stand-in for it;
- a `try` block with a `catch`;
- the function it is in is only run from guarded places in the same file: called
  there, handed to a call made there (`setTimeout(register, 0)`,
  `el.addEventListener("x", register)`), or wrapped by a `const` only called there
  (`const later = debounce(register, 200)`), following callers to `CALL_DEPTH`.

Whether the page installs a runtime that is the check itself is the file's runtime's
question (model/runtime.py `everywhere`).

Functions that a framework calls (components, hooks, lifecycle methods) have no guarded
caller to find. A plain function without same-file callers is assumed to be guarded by
whoever imports it, a callback for `page.evaluate()` runs in a page a test prepared,
and callers further up than `CALL_DEPTH` are not followed: precision first.
"""

from __future__ import annotations

import re

from tree_sitter import Node

from webmcp_lint import LazyPattern
from webmcp_lint.extract.body import climb
from webmcp_lint.extract.calls import CALL_DEPTH, callee
from webmcp_lint.extract.frameworks import (
    FRAMEWORK_METHODS,
    function_name,
    is_component_or_hook_name,
    is_decorated_class_constructor,
)
from webmcp_lint.extract.imperative import CONTEXT_PROPERTIES, MEMBERS, ImperativeExtractor
from webmcp_lint.extract.semantic import semantic_model
from webmcp_lint.model import PAGE_EVALUATE, Script
from webmcp_lint.syntax.nodes import (
    ancestors,
    arguments,
    called_member,
    descendants,
    enclosing_function,
    exits,
    is_document_context,
    is_optional,
    property_name,
    string_literal,
    text,
    unwrap,
    walk,
)
from webmcp_lint.workspace.source import SourceFile

# How deep a condition is looked into (`!`, `&&`, a `const`, a function returning a test).
MAX_CONDITION_DEPTH = 6
# Where a function is handed to code out of sight, which calls it when it pleases.
_ASSIGNED = frozenset(
    {"export_statement", "pair", "public_field_definition", "assignment_expression"}
)
_BLOCKS = frozenset({"statement_block", "program", "class_static_block"})
# How feature tests from other modules are named: `isWebMcpSupported`, `hasModelContext`.
_FEATURE_TEST_NAME = LazyPattern(r"web_?mcp|model_?context|supported", re.IGNORECASE)
_PRESENT_TYPEOF = frozenset({"function", "object"})


class GuardAnalysis:
    def __init__(self, source: SourceFile, script: Script) -> None:
        assert script.evaluator is not None
        self.script = script
        self.context = ImperativeExtractor(source, script, script.evaluator)

    # -- is this node protected? --------------------------------------------------------

    def guarded(self, node: Node, depth: int = 0) -> bool:
        """Whether `node` only runs where `document.modelContext` exists."""
        if depth > CALL_DEPTH:
            return True  # too far to follow: stay silent
        if self.lexically_guarded(node):
            return True
        function = enclosing_function(node)
        while function is not None:
            verdict = self._callers_guard(function, depth)
            if verdict is not None:
                return verdict
            function = enclosing_function(function)
        return False  # module code: runs when the script loads

    def lexically_guarded(self, node: Node) -> bool:
        if node.type in ("member_expression", "subscript_expression"):
            target = node.child_by_field_name("object")
            if target is not None and self._optional_or_fallback(node, target):
                return True
        child = node
        for ancestor in ancestors(node):
            if self._protects(ancestor, child):
                return True
            child = ancestor
        return False

    def _protects(self, ancestor: Node, child: Node) -> bool:
        kind = ancestor.type
        if kind == "if_statement" or kind == "ternary_expression":
            if child == ancestor.child_by_field_name("consequence"):
                return self.presence(ancestor.child_by_field_name("condition"))
            if child == ancestor.child_by_field_name("alternative"):
                return self.absence(ancestor.child_by_field_name("condition"))
        elif kind == "binary_expression" and child == ancestor.child_by_field_name("right"):
            operator = text(ancestor.child_by_field_name("operator"))
            left = ancestor.child_by_field_name("left")
            if operator == "&&":
                return self.presence(left)
            if operator == "||":
                return self.absence(left)
        elif kind == "try_statement" and child == ancestor.child_by_field_name("body"):
            return ancestor.child_by_field_name("handler") is not None
        elif kind in ("member_expression", "subscript_expression"):
            return self._optional_or_fallback(ancestor, child)
        elif kind in _BLOCKS:
            return self._settled_before(child)
        return False

    def _optional_or_fallback(self, member: Node, child: Node) -> bool:
        """`context?.member`, `(context ?? fallback).member` on the receiver `child`."""
        if member.child_by_field_name("object") != child:
            return False
        if not self.is_context(child):
            return False
        if is_optional(member):
            return True
        return self._has_fallback(child, 0)

    def _has_fallback(self, node: Node, depth: int) -> bool:
        node = unwrap(node)
        if depth > MAX_CONDITION_DEPTH:
            return False
        if node.type == "binary_expression":
            return text(node.child_by_field_name("operator")) in ("??", "||")
        if node.type == "identifier":
            binding = self.script.resolve(node)
            if binding is not None and binding.value is not None and binding.path == ():
                return self._has_fallback(binding.value, depth + 1)
        return False

    def _settled_before(self, statement: Node) -> bool:
        """An earlier statement of the same block leaves it when the API is missing
        (`if (!document.modelContext) return;`), or installs a stand-in then
        (`if (!document.modelContext) document.modelContext = polyfill;`)."""
        for sibling in self.script.semantic.earlier(statement):
            if sibling.type == "if_statement":
                condition = sibling.child_by_field_name("condition")
                consequence = sibling.child_by_field_name("consequence")
                if (
                    consequence is not None
                    and self.absence(condition)
                    and (exits(consequence) or self._installs(consequence))
                ):
                    return True
            elif sibling.type == "expression_statement" and self._installs(sibling):
                return True
        return False

    def document_returned_before(self, statement: Node) -> bool:
        """An earlier statement of the block tests the document's context and returns
        from inside (`if (document.modelContext) return document.modelContext;`, or an
        `if` whose branch does so further in): code after it runs only where the
        document has no context (a `navigator` fallback)."""
        for sibling in self.script.semantic.earlier(statement):
            if sibling.type != "if_statement":
                continue
            consequence = sibling.child_by_field_name("consequence")
            if (
                consequence is not None
                and _returns_within(consequence)
                and self._mentions_document_context(sibling)
            ):
                return True
        return False

    def _mentions_document_context(self, node: Node) -> bool:
        """`document.modelContext` (as written) in `node`, or a same-file `const` of it."""
        for part in (node, *descendants(node)):
            if part.type in ("member_expression", "subscript_expression"):
                if is_document_context(part):
                    return True
            elif part.type == "identifier":
                value = self.script.constant(part)
                if value is not None and is_document_context(value):
                    return True
        return False

    def _installs(self, statement: Node) -> bool:
        """Whether a statement (or a block's own statements) assigns
        `document.modelContext` or defines it with `Object.defineProperty`: a
        hand-rolled polyfill."""
        statements = (
            statement.named_children if statement.type == "statement_block" else [statement]
        )
        for candidate in statements:
            if candidate.type != "expression_statement" or not candidate.named_children:
                continue
            expression = unwrap(candidate.named_children[0])
            if expression.type in ("assignment_expression", "augmented_assignment_expression"):
                left = expression.child_by_field_name("left")
                if left is not None and self.context.model_context_root(left) is not None:
                    return True
            elif expression.type == "call_expression":
                member = called_member(expression)
                args = arguments(expression)
                defines = member is not None and member[1] == "defineProperty" and len(args) > 1
                if defines and string_literal(unwrap(args[1])) == "modelContext":
                    return True
        return False

    def _callers_guard(self, function: Node, depth: int) -> bool | None:
        """Whether the callers of `function` guard it: False for functions a framework
        calls, True when every same-file call is guarded or when the callers are out of
        sight; None for an anonymous function (its enclosing function decides)."""
        if function.type == "method_definition":
            name = function_name(function)
            framework_calls = name in FRAMEWORK_METHODS or is_decorated_class_constructor(function)
            return not framework_calls
        name = function_name(function)
        if name is None:
            parent = function.parent
            if parent is not None and parent.type in _ASSIGNED:
                return True  # `export default () => {}`, `{ init: () => {} }`, `x.run = ...`
            if _evaluated_in_a_page(function):
                return True  # a test harness runs it in a page it has set up
            return None
        if is_component_or_hook_name(name):
            return False
        references = self._references(function, name)
        if references is None:
            return None  # a name we cannot follow: decide by the enclosing function
        if not references:
            return True
        return all(self._runs_guarded(reference, depth) for reference in references)

    def _runs_guarded(self, reference: Node, depth: int) -> bool:
        """Whether the function named by `reference` only runs from there where the API
        exists: a guarded call of it; a guarded call it is handed to, which can only run
        it once made (`setTimeout(f, 0)`, `promise.then(f)`); a `const` wrapping it
        (`const later = debounce(f, 200)`) whose own uses are all guarded; or handed on
        as a value where the check has run (`x.onchange = f.bind(null, a)`): every
        reference is looked at, so it can run no earlier than that."""
        node = climb(reference)
        parent = node.parent
        if parent is None:
            return False
        if parent.type == "call_expression" and parent.child_by_field_name("function") == node:
            return self.guarded(parent, depth + 1)
        call = parent.parent if parent.type == "arguments" else None
        if call is None or call.type not in ("call_expression", "new_expression"):
            return self.guarded(node, depth + 1)
        wrapper = _declared_as(call)
        if wrapper is not None and depth < CALL_DEPTH:
            references = self._references(wrapper, text(wrapper.child_by_field_name("name")))
            if references is not None and all(
                self._runs_guarded(other, depth + 1) for other in references
            ):
                return True
        return self.guarded(call, depth + 1)

    def _references(self, function: Node, name: str) -> list[Node] | None:
        """Same-file references to the function (or `const` declarator) bound to `name`,
        without its declaration (a `{ name }` shorthand hands it out of sight)."""
        declaration = function if function.type == "variable_declarator" else None
        declaration = declaration or _declaring_node(function)
        if declaration is None:
            return None
        binding = semantic_model(self.script).declared(declaration)
        if binding is None or binding.name != name:
            return []
        return [n for n in self.script.semantic.references(binding) if n.type == "identifier"]

    # -- what a condition says about the API -------------------------------------------

    def presence(self, condition: Node | None, depth: int = 0) -> bool:
        """True when `condition` being truthy means the API exists."""
        if condition is None or depth > MAX_CONDITION_DEPTH:
            return False
        node = unwrap(condition)
        kind = node.type
        if kind == "binary_expression":
            operator = text(node.child_by_field_name("operator"))
            left = node.child_by_field_name("left")
            right = node.child_by_field_name("right")
            if operator == "&&":
                return self.presence(left, depth + 1) or self.presence(right, depth + 1)
            if operator == "||":
                return self.presence(left, depth + 1) and self.presence(right, depth + 1)
            if operator == "in":
                return left is not None and string_literal(left) in CONTEXT_PROPERTIES | MEMBERS
            if operator in ("!=", "!==") and self._compares_missing(left, right):
                return True
            return self._typeof_test(left, right, operator, presence=True)
        if kind == "unary_expression" and text(node.child_by_field_name("operator")) == "!":
            return self.absence(node.child_by_field_name("argument"), depth + 1)
        if kind == "call_expression":
            function = node.child_by_field_name("function")
            args = arguments(node)
            if function is not None and text(unwrap(function)) == "Boolean" and len(args) == 1:
                return self.presence(args[0], depth + 1)
            returned = self._returned_by(node)
            if returned is not None:
                return self.presence(returned, depth + 1)
            return self._foreign_check(node)
        if self.is_context(node):
            return True
        if kind == "identifier":
            value = self.script.constant(node)
            if value is not None:
                return self.presence(value, depth + 1)
            return self._foreign_check(node)
        return False

    def absence(self, condition: Node | None, depth: int = 0) -> bool:
        """True when `condition` being truthy means the API is missing."""
        if condition is None or depth > MAX_CONDITION_DEPTH:
            return False
        node = unwrap(condition)
        kind = node.type
        if kind == "unary_expression" and text(node.child_by_field_name("operator")) == "!":
            return self.presence(node.child_by_field_name("argument"), depth + 1)
        if kind == "binary_expression":
            operator = text(node.child_by_field_name("operator"))
            left = node.child_by_field_name("left")
            right = node.child_by_field_name("right")
            if operator == "||":
                return self.absence(left, depth + 1) or self.absence(right, depth + 1)
            if operator == "&&":
                return self.absence(left, depth + 1) and self.absence(right, depth + 1)
            if operator in ("==", "===") and self._compares_missing(left, right):
                return True
            return self._typeof_test(left, right, operator, presence=False)
        if kind == "call_expression":
            returned = self._returned_by(node)
            return returned is not None and self.absence(returned, depth + 1)
        if kind == "identifier":
            value = self.script.constant(node)
            return value is not None and self.absence(value, depth + 1)
        return False

    def is_context(self, node: Node) -> bool:
        """`document.modelContext`, an alias of it, or a member read from it."""
        node = unwrap(node)
        for _ in range(MAX_CONDITION_DEPTH):
            if self.context.model_context_root(node) is not None:
                return True
            if node.type not in ("member_expression", "subscript_expression"):
                return False
            target = node.child_by_field_name("object")
            if target is None:
                return False
            node = unwrap(target)
        return False

    def _compares_missing(self, left: Node | None, right: Node | None) -> bool:
        """`context == null`, `context !== undefined` (either way round)."""
        if left is None or right is None:
            return False
        for value, other in ((left, right), (right, left)):
            if _is_missing_literal(other) and self.is_context(value):
                return True
        return False

    def _typeof_test(
        self, left: Node | None, right: Node | None, operator: str, presence: bool
    ) -> bool:
        """`typeof context !== "undefined"`, `typeof context.registerTool === "function"`."""
        if left is None or right is None:
            return False
        for probe, literal in ((left, right), (right, left)):
            probe = unwrap(probe)
            if probe.type != "unary_expression":
                continue
            if text(probe.child_by_field_name("operator")) != "typeof":
                continue
            argument = probe.child_by_field_name("argument")
            word = string_literal(unwrap(literal))
            if argument is None or word is None or not self.is_context(argument):
                continue
            equal = operator in ("==", "===")
            unequal = operator in ("!=", "!==")
            if word == "undefined":
                return (unequal if presence else equal) is True
            if word in _PRESENT_TYPEOF:
                return (equal if presence else unequal) is True
        return False

    def _foreign_check(self, node: Node) -> bool:
        """An imported or global feature test we cannot see into, named like one:
        `isWebMcpSupported()`, `hasModelContext`, `supportsWebMCP()`."""
        target = node
        if node.type == "call_expression":
            function = node.child_by_field_name("function")
            if function is None:
                return False
            target = unwrap(function)
        if target.type in ("member_expression", "subscript_expression"):
            name = property_name(target)
        elif target.type == "identifier":
            binding = self.script.resolve(target)
            if binding is not None and binding.kind != "import":
                return False
            name = text(target)
        else:
            return False
        return name is not None and _FEATURE_TEST_NAME.compiled.search(name) is not None

    def _returned_by(self, call: Node) -> Node | None:
        """What a same-file function returns, for `isSupported()`-style guards."""
        if arguments(call):
            return None
        target = callee(call, self.script)
        if target is None or target.script is not self.script:
            return None  # another module's code is read with its own names, not these
        return self.script.semantic.returned_expression(target.node)


def _evaluated_in_a_page(function: Node) -> bool:
    """`page.evaluate(() => ...)` and the like: browser-automation code that runs the
    function in a page the test prepared."""
    holder = function.parent
    if holder is None or holder.type != "arguments" or holder.parent is None:
        return False
    member = called_member(holder.parent)
    return member is not None and member[1] in PAGE_EVALUATE


def _returns_within(statement: Node) -> bool:
    """`statement` is or holds a `return` of its own function (one in a nested callback
    returns from the callback only)."""
    return any(kind == "return_statement" for _, kind in walk(statement))


def _is_missing_literal(node: Node) -> bool:
    node = unwrap(node)
    if node.type in ("null", "undefined"):
        return True
    if node.type == "identifier" and text(node) == "undefined":
        return True
    return node.type == "unary_expression" and text(node.child_by_field_name("operator")) == "void"


def _declaring_node(function: Node) -> Node | None:
    """The node a scope binding of this function points at: the declaration itself, or
    the `const f = ...` declarator."""
    if function.type in ("function_declaration", "generator_function_declaration"):
        return function
    holder = function.parent
    if holder is not None and holder.type == "arguments" and holder.parent is not None:
        holder = holder.parent.parent
    while holder is not None and holder.type in ("parenthesized_expression", "as_expression"):
        holder = holder.parent
    return holder if holder is not None and holder.type == "variable_declarator" else None


def _declared_as(call: Node) -> Node | None:
    """The `const` declarator a call's result is bound to: `const later = debounce(f)`."""
    node = climb(call)
    parent = node.parent
    if parent is None or parent.type != "variable_declarator":
        return None
    name = parent.child_by_field_name("name")
    declaration = parent.parent
    if name is None or name.type != "identifier" or declaration is None:
        return None
    kind = declaration.child_by_field_name("kind")
    if declaration.type != "lexical_declaration" or text(kind) != "const":
        return None
    return parent
