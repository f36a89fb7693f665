"""What framework code a node sits in: React components and hooks, lifecycle callbacks
and methods (React, Vue, Svelte, Solid, Angular, web components), Angular classes; the
methods a framework calls by itself, and how a function is named. Rules read these as
facts (`model.functions.component`, `.angular_class`, `.lifecycle`)."""

from __future__ import annotations

from collections.abc import Iterator

from tree_sitter import Node

from webmcp_lint import LazyPattern
from webmcp_lint.model import Script
from webmcp_lint.model.functions import Lifecycle
from webmcp_lint.syntax.nodes import (
    FUNCTION_TYPES,
    ancestors,
    arguments,
    callee_name,
    enclosing_function,
    text,
    unwrap,
)

ANGULAR_DECORATORS = frozenset({"Component", "Directive", "Injectable", "Pipe", "NgModule"})

# Methods a framework calls when a view appears, and their teardown counterparts.
LIFECYCLE_METHODS = frozenset(
    {
        "connectedCallback",
        "firstUpdated",
        "ngOnInit",
        "ngAfterViewInit",
        "ngAfterContentInit",
        "componentDidMount",
        "mounted",
        "beforeMount",
        "created",
        "activated",
    }
)
TEARDOWN_METHODS = frozenset(
    {
        "disconnectedCallback",
        "ngOnDestroy",
        "componentWillUnmount",
        "unmounted",
        "beforeUnmount",
        "destroyed",
        "beforeDestroy",
        "deactivated",
    }
)
# Every method a framework calls by itself, rather than the application's code.
FRAMEWORK_METHODS = (
    LIFECYCLE_METHODS
    | TEARDOWN_METHODS
    | {
        "setup",
        "render",
        "updated",
        "attributeChangedCallback",
        "adoptedCallback",
        "ngOnChanges",
        "ngDoCheck",
        "ngAfterContentChecked",
        "ngAfterViewChecked",
        "componentDidUpdate",
    }
)

_COMPONENT_OR_HOOK = LazyPattern(r"^(?:[A-Z]|use[A-Z0-9])")


def function_name(function: Node) -> str | None:
    """The name a function is declared or bound under: `function f`, `const f = () =>`,
    `const F = memo(() => ...)`, a method's name."""
    if function.type in ("function_declaration", "generator_function_declaration"):
        name = function.child_by_field_name("name")
        return text(name) if name is not None else None
    if function.type == "method_definition":
        name = function.child_by_field_name("name")
        return text(name) if name is not None else None
    holder = function.parent
    # `memo(...)`, `forwardRef(...)` and the like wrap the component in one call.
    if holder is not None and holder.type == "arguments" and holder.parent is not None:
        holder = holder.parent.parent
    while holder is not None and holder.type in ("parenthesized_expression", "as_expression"):
        holder = holder.parent
    if holder is not None and holder.type == "variable_declarator":
        name = holder.child_by_field_name("name")
        if name is not None and name.type == "identifier":
            return text(name)
    own = function.child_by_field_name("name")
    return text(own) if own is not None and function.type != "arrow_function" else None


def is_component_or_hook_name(name: str | None) -> bool:
    return name is not None and _COMPONENT_OR_HOOK.compiled.match(name) is not None


def enclosing_class(node: Node) -> Node | None:
    return next((a for a in ancestors(node) if a.type in ("class_declaration", "class")), None)


def class_decorators(declaration: Node) -> Iterator[str]:
    """The names of a class's decorators (`@Component({...})` gives `Component`),
    including decorators written before `export`."""
    holders = [declaration]
    if declaration.parent is not None and declaration.parent.type == "export_statement":
        holders.append(declaration.parent)
    for holder in holders:
        for child in holder.children:
            if child.type != "decorator":
                continue
            expression = next((c for c in child.named_children), None)
            if expression is None:
                continue
            if expression.type == "call_expression":
                name = callee_name(expression)
            else:
                name = text(expression).rsplit(".", 1)[-1]
            if name:
                yield name


def is_decorated_class_constructor(function: Node) -> bool:
    if function.type != "method_definition" or function_name(function) != "constructor":
        return False
    declaration = enclosing_class(function)
    return declaration is not None and any(True for _ in class_decorators(declaration))


REACT_CLASS_BASES = frozenset({"Component", "PureComponent"})

# Callbacks a framework runs when a view appears; what runs the teardown.
EFFECT_CALLS = frozenset({"useEffect", "useLayoutEffect", "useInsertionEffect", "$effect"})
MOUNT_CALLS = frozenset({"onMounted", "onBeforeMount", "onActivated", "onMount"})
LIFECYCLE_CALLS = EFFECT_CALLS | MOUNT_CALLS
TEARDOWN_CALLS = frozenset(
    {"onUnmounted", "onBeforeUnmount", "onDeactivated", "onDestroy", "onCleanup"}
)


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
