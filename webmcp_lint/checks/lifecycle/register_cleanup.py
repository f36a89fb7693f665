"""A tool registered when a view appears that is not unregistered when it goes away."""

from __future__ import annotations

from collections.abc import Iterator

from tree_sitter import Node

from webmcp_lint.checks import Context, check
from webmcp_lint.checks._frameworks import (
    EFFECT_CALLS,
    TEARDOWN_CALLS,
    Lifecycle,
    hook_name,
    lifecycle_of,
    within_depth,
)
from webmcp_lint.extract.frameworks import TEARDOWN_METHODS, function_name
from webmcp_lint.extract.lifetimes import Controller, controller_mentions, registration_signal
from webmcp_lint.model import FileModel, Functions, Script
from webmcp_lint.source import Span
from webmcp_lint.syntax.nodes import (
    FUNCTION_TYPES,
    ancestors,
    arguments,
    called_member,
    callee_name,
    descendants,
    enclosing_function,
    function_body,
    property_name,
    text,
    unwrap,
)

TEARDOWN_HINTS = {
    "useEffect": "in the function the effect returns",
    "useLayoutEffect": "in the function the effect returns",
    "useInsertionEffect": "in the function the effect returns",
    "$effect": "in the function `$effect` returns",
    "onMount": "in the function `onMount` returns (or in `onDestroy`, `onCleanup`)",
    "onMounted": "in `onUnmounted`",
    "onBeforeMount": "in `onUnmounted`",
    "onActivated": "in `onDeactivated`",
    "connectedCallback": "in `disconnectedCallback`",
    "firstUpdated": "in `disconnectedCallback`",
    "ngOnInit": "in `ngOnDestroy` (or `DestroyRef.onDestroy`)",
    "ngAfterViewInit": "in `ngOnDestroy` (or `DestroyRef.onDestroy`)",
    "ngAfterContentInit": "in `ngOnDestroy` (or `DestroyRef.onDestroy`)",
    "componentDidMount": "in `componentWillUnmount`",
    "mounted": "in `unmounted`",
    "beforeMount": "in `unmounted`",
    "created": "in `unmounted`",
    "activated": "in `deactivated`",
}


@check()
def register_cleanup(model: FileModel, ctx: Context) -> None:
    seen: set[int] = set()
    for tool in model.imperative_tools():
        call, script = tool.call, tool.script
        if call is None or script is None or call.id in seen:
            continue
        seen.add(call.id)
        if not within_depth(call, script.root):
            continue
        lifecycle = lifecycle_of(call, script)
        if lifecycle is None:
            continue
        where = _callee_span(call)
        hint = TEARDOWN_HINTS.get(lifecycle.name, "when the view is torn down")
        signal = registration_signal(tool, script)
        if signal == "none":
            ctx.report(
                where,
                f"`registerTool` in `{lifecycle.name}` has no `signal`: the tool outlives its "
                "view, and registering it again on the next mount is rejected as a duplicate. "
                f"Pass `{{ signal: controller.signal }}` and call `controller.abort()` {hint}.",
            )
        elif isinstance(signal, Controller):
            verdict = _abort_verdict(signal, lifecycle, script, model)
            if verdict == "aborted":
                continue
            shown = text(signal.expression)
            if verdict == "ignored-return":
                message = (
                    f"`{lifecycle.name}` ignores the function its callback returns, so "
                    f"`{shown}.abort()` there never runs and the tool outlives the view (the "
                    f"next mount is rejected as a duplicate). Call `{shown}.abort()` {hint}."
                )
            else:
                message = (
                    f"`{shown}` is never aborted when the view goes away, so the tool "
                    f"registered in `{lifecycle.name}` outlives it and the next mount is "
                    f"rejected as a duplicate. Call `{shown}.abort()` {hint}."
                )
            ctx.report(where, message)


def _callee_span(call: Node) -> Span:
    function = call.child_by_field_name("function")
    return Span.of(function if function is not None else call)


def _abort_verdict(
    controller: Controller, lifecycle: Lifecycle, script: Script, model: FileModel
) -> str:
    """ "aborted" when teardown code touches the controller or the controller escapes to
    code we cannot follow (stored, passed on, aborted elsewhere); "ignored-return" when
    it is only aborted in a function that a Vue or Solid hook ignores; else "never"."""
    teardown = _teardown_functions(lifecycle, script, model.functions)
    ignored: set[int] = set()
    if not _returns_cleanup(lifecycle):
        ignored = {f.id for f in _returned_functions(lifecycle.function, script)}
    verdict = "never"
    mentions = controller_mentions(
        controller,
        script,
        model.source.text,
        script.span.start,
        script.span.end,
        _class_scope(lifecycle),
    )
    for mention in mentions:
        chain = [mention, *ancestors(mention)]
        if any(a.id in teardown for a in chain):
            return "aborted"
        if any(a.id in ignored for a in chain):
            verdict = "ignored-return"
        elif not _harmless(mention, lifecycle):
            return "aborted"  # it escapes: we cannot follow it, so stay silent
    return verdict


def _returns_cleanup(lifecycle: Lifecycle) -> bool:
    """Whether the framework runs the function a lifecycle callback returns."""
    return lifecycle.name in EFFECT_CALLS or lifecycle.name == "onMount"


def _class_scope(lifecycle: Lifecycle) -> Node | None:
    """The class body or object whose `this` a method-style lifecycle uses."""
    if lifecycle.is_method:
        return lifecycle.owner
    for ancestor in ancestors(lifecycle.function):
        if ancestor.type in ("class_body", "object"):
            return ancestor
    return None


def _harmless(mention: Node, lifecycle: Lifecycle) -> bool:
    """A mention that neither aborts the controller at teardown nor lets it escape: its
    declaration or assignment, a `.signal` read, or an `.abort()` that runs in the
    lifecycle code itself (such as aborting the previous registration)."""
    parent = mention.parent
    if parent is None:
        return False
    if parent.type == "variable_declarator" and parent.child_by_field_name("name") == mention:
        return True
    if parent.type == "public_field_definition":
        return True
    if parent.type == "assignment_expression" and parent.child_by_field_name("left") == mention:
        return True
    if parent.type == "member_expression" and parent.child_by_field_name("object") == mention:
        member = property_name(parent)
        if member in ("signal", "aborted"):
            return True
        if member == "abort":
            return enclosing_function(parent) == lifecycle.function
    return False


def _teardown_functions(lifecycle: Lifecycle, script: Script, functions: Functions) -> set[int]:
    """Ids of the functions that run when the view goes away, with the functions they
    call."""
    roots: list[Node] = []
    if lifecycle.is_method:
        for member in lifecycle.owner.named_children:
            if member.type == "method_definition" and function_name(member) in TEARDOWN_METHODS:
                roots.append(member)
        roots.extend(_teardown_callbacks(lifecycle.owner, script))
    else:
        if _returns_cleanup(lifecycle):
            roots.extend(_returned_functions(lifecycle.function, script))
        roots.extend(_teardown_callbacks(lifecycle.owner, script))
        class_scope = _class_scope(lifecycle)
        if class_scope is not None:  # a hook called inside an Angular class, say
            roots.extend(_teardown_callbacks(class_scope, script))
    return {node.id for root in roots for node in functions.reachable(root, script)}


def _teardown_callbacks(scope: Node, script: Script) -> Iterator[Node]:
    """Callbacks given to teardown hooks anywhere in `scope`: `onUnmounted(fn)`,
    `onDestroy(fn)`, `onCleanup(fn)`, Angular's `destroyRef.onDestroy(fn)`."""
    for call in descendants(scope, frozenset({"call_expression"})):
        name = hook_name(call, script) if called_member(call) is None else callee_name(call)
        if name not in TEARDOWN_CALLS:
            continue
        args = arguments(call)
        if args:
            target = _function_of(args[0], script)
            if target is not None:
                yield target


def _returned_functions(function: Node, script: Script) -> Iterator[Node]:
    """The cleanup functions a lifecycle callback returns."""
    body = function_body(function)
    if body is None:
        return
    if body.type != "statement_block":
        target = _function_of(body, script)
        if target is not None:
            yield target
        return
    for statement in descendants(body, frozenset({"return_statement"} | FUNCTION_TYPES)):
        if statement.type != "return_statement" or enclosing_function(statement) != function:
            continue
        value = next((c for c in statement.named_children if c.type != "comment"), None)
        if value is None:
            continue
        target = _function_of(value, script)
        if target is not None:
            yield target
        else:
            yield value  # `return ac.abort.bind(ac)` and the like: search the expression


def _function_of(node: Node, script: Script) -> Node | None:
    """The function an expression is, directly or through a same-file binding."""
    node = unwrap(node)
    if node.type in FUNCTION_TYPES:
        return node
    if node.type == "identifier":
        binding = script.resolve(node)
        if binding is None or not binding.constant:
            return None
        target = binding.value if binding.kind != "function" else binding.node
        if target is not None and unwrap(target).type in FUNCTION_TYPES:
            return unwrap(target)
    return None
