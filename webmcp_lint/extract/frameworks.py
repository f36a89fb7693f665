"""Framework knowledge extraction needs: the methods a framework calls by itself, how a
function is named, and which names are React components or hooks. The rules' own
framework knowledge (`checks/_frameworks.py`) builds on this."""

from __future__ import annotations

import re
from collections.abc import Iterator

from tree_sitter import Node

from webmcp_lint.syntax.nodes import ancestors, callee_name, text

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

_COMPONENT_OR_HOOK = re.compile(r"^(?:[A-Z]|use[A-Z0-9])")


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
    return name is not None and _COMPONENT_OR_HOOK.match(name) is not None


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
