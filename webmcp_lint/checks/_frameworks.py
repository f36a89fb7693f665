"""What framework code a node sits in: React components and hooks, lifecycle callbacks
and methods (React, Vue, Svelte, Solid, Angular, web components), Angular classes."""

from __future__ import annotations

from dataclasses import dataclass

from tree_sitter import Node

from webmcp_lint.extract.frameworks import (
    LIFECYCLE_METHODS,
    class_decorators,
    enclosing_class,
    function_name,
    is_component_or_hook_name,
)
from webmcp_lint.extract.integrations import import_sources
from webmcp_lint.model import Script
from webmcp_lint.syntax.nodes import (
    FUNCTION_TYPES,
    ancestors,
    arguments,
    callee_name,
    enclosing_function,
    text,
    unwrap,
)

REACT_SOURCES = frozenset(
    {"react", "react-dom", "react-dom/client", "preact", "preact/hooks", "preact/compat"}
)
ANGULAR_CORE = "@angular/core"
ANGULAR_DECORATORS = frozenset({"Component", "Directive", "Injectable", "Pipe", "NgModule"})
REACT_CLASS_BASES = frozenset({"Component", "PureComponent"})

# Callbacks a framework runs when a view appears; what runs the teardown.
EFFECT_CALLS = frozenset({"useEffect", "useLayoutEffect", "useInsertionEffect", "$effect"})
MOUNT_CALLS = frozenset({"onMounted", "onBeforeMount", "onActivated", "onMount"})
LIFECYCLE_CALLS = EFFECT_CALLS | MOUNT_CALLS
TEARDOWN_CALLS = frozenset(
    {"onUnmounted", "onBeforeUnmount", "onDeactivated", "onDestroy", "onCleanup"}
)


def imports_any(script: Script, sources: frozenset[str] | set[str]) -> bool:
    return any(source in sources for source, _ in import_sources(script))


def superclass_name(declaration: Node) -> str | None:
    """`Component` for `class A extends React.Component`, `HTMLElement` for `extends
    HTMLElement`; None without an `extends`."""
    heritage = next((c for c in declaration.named_children if c.type == "class_heritage"), None)
    if heritage is None:
        return None
    clause = next((c for c in heritage.named_children if c.type == "extends_clause"), heritage)
    value = clause.child_by_field_name("value") or next(iter(clause.named_children), None)
    if value is None:
        return None
    return text(value).rsplit(".", 1)[-1]


def react_component_or_hook(node: Node) -> Node | None:
    """The nearest enclosing React function component or hook (a function named like
    `Checkout` or `useCart`), or a class component's method."""
    for ancestor in ancestors(node):
        if ancestor.type in FUNCTION_TYPES and ancestor.type != "method_definition":
            if is_component_or_hook_name(function_name(ancestor)):
                return ancestor
        elif (
            ancestor.type in ("class_declaration", "class")
            and superclass_name(ancestor) in REACT_CLASS_BASES
        ):
            return ancestor
    return None


def angular_class(node: Node) -> Node | None:
    """The enclosing class when it is an Angular component, directive, service, pipe or
    module (decorated with `@Component`, `@Injectable`, ...)."""
    declaration = enclosing_class(node)
    if declaration is None:
        return None
    if any(name in ANGULAR_DECORATORS for name in class_decorators(declaration)):
        return declaration
    return None


@dataclass(frozen=True)
class Lifecycle:
    """Code a framework runs when a view appears.

    `name` is the hook or method (`useEffect`, `connectedCallback`); `function` the
    callback or method; `call` the hook call for callbacks; `owner` the scope that holds
    the view's other lifecycle code: the component function or script for a callback,
    the class body or options object for a method.
    """

    name: str
    function: Node
    call: Node | None
    owner: Node

    @property
    def is_method(self) -> bool:
        return self.call is None


def lifecycle_of(node: Node, script: Script) -> Lifecycle | None:
    """The nearest lifecycle callback or method that `node` runs in."""
    for ancestor in ancestors(node):
        if ancestor.type == "method_definition":
            name = function_name(ancestor)
            if name in LIFECYCLE_METHODS and ancestor.parent is not None:
                return Lifecycle(name, ancestor, None, ancestor.parent)
            continue
        if ancestor.type not in FUNCTION_TYPES:
            continue
        call = _called_with(ancestor)
        if call is None:
            continue
        name = hook_name(call, script)
        if name in LIFECYCLE_CALLS:
            owner = enclosing_function(call) or script.root
            return Lifecycle(name, ancestor, call, owner)
    return None


def hook_name(call: Node, script: Script) -> str | None:
    """The name of a framework hook being called: `useEffect(...)`, `React.useEffect(...)`,
    `onMounted(...)`; None when the name is a same-file function rather than an import
    or a global (Nuxt and unplugin auto-imports)."""
    function = call.child_by_field_name("function")
    if function is None:
        return None
    function = unwrap(function)
    name = callee_name(call)
    if function.type == "identifier":
        binding = script.resolve(function)
        if binding is not None and binding.kind != "import":
            return None
    return name


def _called_with(function: Node) -> Node | None:
    """The call `function` is the first argument of (`useEffect(() => ...)`)."""
    holder = function.parent
    if holder is None or holder.type != "arguments" or holder.parent is None:
        return None
    call = holder.parent
    if call.type != "call_expression":
        return None
    args = arguments(call)
    return call if args and args[0] == function else None
