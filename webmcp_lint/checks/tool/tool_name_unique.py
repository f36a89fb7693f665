"""Two tools with one name in a page: the browser keeps only the first."""

from __future__ import annotations

from tree_sitter import Node

from webmcp_lint.checks import Context, check
from webmcp_lint.diagnostics import Related
from webmcp_lint.model import FileModel, Form, Functions, ToolDefinition
from webmcp_lint.syntax.nodes import ancestors, enclosing_function
from webmcp_lint.workspace.source import Span

_ALREADY = 'A tool named "{{name}}" is already registered in this page: '
_OWN_NAME = ". Give each tool its own name."
MESSAGES = {
    "duplicate-form": (
        _ALREADY + "Chromium registers the first form and silently skips this one" + _OWN_NAME
    ),
    "duplicate-form-and-call": (
        _ALREADY + "whichever registers second is lost (registerTool rejects with "
        "InvalidStateError, or the form is silently skipped)" + _OWN_NAME
    ),
    "duplicate-registration": (
        _ALREADY + "the browser rejects the second registration "
        "(InvalidStateError: Duplicate tool name)" + _OWN_NAME
    ),
}


@check(messages=MESSAGES)
def tool_name_unique(model: FileModel, ctx: Context) -> None:
    forms = {id(f.tool): f for f in model.declarative.forms} if model.declarative else {}
    first_by_name: dict[str, list[ToolDefinition]] = {}
    for tool in sorted(model.tools, key=lambda t: t.registration.start):
        name = tool.known_name
        if name is None:
            continue
        earlier = first_by_name.setdefault(name, [])
        clash = next((o for o in earlier if _both_live(o, tool, forms, model.functions)), None)
        earlier.append(tool)
        if clash is None:
            continue
        kinds = {tool.kind, clash.kind}
        if kinds == {"declarative"}:
            message_id = "duplicate-form"
        elif "declarative" in kinds:
            message_id = "duplicate-form-and-call"
        else:
            message_id = "duplicate-registration"
        ctx.report(
            _name_span(tool, clash),
            message_id,
            related=[Related(_name_span(clash, tool), "first registered here")],
            name=name,
        )


def _name_span(tool: ToolDefinition, other: ToolDefinition) -> Span:
    name = tool.name
    if name is not None and (other.name is None or other.name.span != name.span):
        return name.span
    return tool.registration


def _both_live(
    first: ToolDefinition, second: ToolDefinition, forms: dict[int, Form], functions: Functions
) -> bool:
    """Whether two registrations certainly both happen while the page is open: in the
    same function (or both at the top level), not in exclusive branches, and the first
    not unregistered (its controller aborted) or failed (its signal already aborted)
    before the second."""
    if "provideContext" in (first.api, second.api) and first.call != second.call:
        return False  # provideContext replaces the page's tools: never beside another call's
    if "declarative" in (first.kind, second.kind):
        return _form_clash(first, second, forms)
    a, b = _anchor(first), _anchor(second)
    if a is None or b is None:
        return False
    if _function_id(a) != _function_id(b) or _exclusive(a, b):
        return False
    script = first.script
    if script is None or first.kind != "imperative":
        return True
    return not functions.unregistered_between(first, a.end_byte, b.start_byte)


def _form_clash(first: ToolDefinition, second: ToolDefinition, forms: dict[int, Form]) -> bool:
    """A form is registered while it is shown: it clashes with another form shown with it
    (both in the page's markup, or both rendered by one component), and with any
    registration of its name made while it is shown."""
    for tool in (first, second):
        form = forms.get(id(tool))
        if tool.kind == "declarative" and (form is None or form.conditional):
            return False
    scopes = [_form_scope(t) if t.kind == "declarative" else t.call for t in (first, second)]
    if first.kind == second.kind:
        a, b = first.element, second.element
        jsx = first.script is not None and second.script is not None
        exclusive = jsx and a is not None and b is not None and _exclusive(a, b)
        return scopes[0] == scopes[1] and not exclusive
    form_scope, call = scopes if first.kind == "declarative" else scopes[::-1]
    if form_scope is None:
        return True  # a form in the page's markup is always there
    return call is not None and any(a == form_scope for a in ancestors(call))


def _form_scope(tool: ToolDefinition) -> Node | None:
    """The component function that renders a JSX form; None for a form in markup."""
    return enclosing_function(tool.element) if tool.element is not None and tool.script else None


def _anchor(tool: ToolDefinition) -> Node | None:
    return tool.call if tool.call is not None else tool.element


def _function_id(node: Node) -> int | None:
    function = enclosing_function(node)
    return function.id if function is not None else None


def _exclusive(a: Node, b: Node) -> bool:
    """True when `a` and `b` sit in different branches of one if/else, switch or `?:`."""
    chain = [a, *ancestors(a)]
    index = {node.id: position for position, node in enumerate(chain)}
    below_b = b
    for node in [b, *ancestors(b)]:
        position = index.get(node.id)
        if position is not None:
            if position == 0 or node.id == below_b.id:
                return False
            below_a = chain[position - 1]
            if node.type in ("if_statement", "ternary_expression"):
                condition = node.child_by_field_name("condition")
                branches_differ = below_a.id != below_b.id
                return branches_differ and condition not in (below_a, below_b)
            if node.type == "switch_body":
                return below_a.id != below_b.id
            return False
        below_b = node
    return False
