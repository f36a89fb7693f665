"""A tool registered when a view appears that is not unregistered when it goes away."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

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
from webmcp_lint.diagnostics import Related
from webmcp_lint.extract.frameworks import TEARDOWN_METHODS, function_name
from webmcp_lint.extract.integrations import import_sources
from webmcp_lint.extract.lifetimes import Controller, controller_mentions, registration_signal
from webmcp_lint.model import FileModel, Functions, Script, ToolDefinition
from webmcp_lint.runtime import registered_on
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


@dataclass
class _Problem:
    """Registrations in one lifecycle callback that leak the same way: one finding."""

    lifecycle: Lifecycle
    script: Script
    kind: str  # "none", "never" or "ignored-return"
    controller: str  # the controller's expression, for "never" and "ignored-return"
    places: list[Span]


@check()
def register_cleanup(model: FileModel, ctx: Context) -> None:
    seen: set[int] = set()
    problems: dict[tuple[int, str, str], _Problem] = {}
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
        signal = registration_signal(tool, script)
        if signal == "none":
            if _removed_by_name_or_handle(model, tool, lifecycle, script):
                continue
            kind, shown = "none", ""
        elif isinstance(signal, Controller):
            kind = _abort_verdict(signal, lifecycle, script, model)
            if kind == "aborted":
                continue
            shown = text(signal.expression)
        else:
            continue
        key = (lifecycle.function.id, kind, shown)
        problem = problems.setdefault(key, _Problem(lifecycle, script, kind, shown, []))
        problem.places.append(_callee_span(call))
    for problem in problems.values():
        hint = _teardown_hint(problem, model)
        first, *others = problem.places
        name = problem.lifecycle.name
        if problem.kind == "none":
            also = f"also registered in `{name}` without a `signal`"
        else:
            also = f"also registered with `{problem.controller}.signal`"
        ctx.report(
            first,
            _message(problem, len(problem.places), hint),
            related=[Related(place, also) for place in others],
        )


def _message(problem: _Problem, count: int, hint: str) -> str:
    name, shown = problem.lifecycle.name, problem.controller
    if problem.kind == "none":
        if count == 1:
            return (
                f"`registerTool` in `{name}` has no `signal`: the tool outlives its view, and "
                "registering it again on the next mount is rejected as a duplicate. Pass "
                f"`{{ signal: controller.signal }}` and call `controller.abort()` {hint}."
            )
        return (
            f"{count} `registerTool` calls in `{name}` have no `signal`: the tools outlive "
            "their view, and registering them again on the next mount is rejected as a "
            f"duplicate. Pass `{{ signal: controller.signal }}` to each and call "
            f"`controller.abort()` {hint}."
        )
    tools = "the tool" if count == 1 else f"the {count} tools"
    if problem.kind == "ignored-return":
        return (
            f"`{name}` ignores the function its callback returns, so `{shown}.abort()` there "
            f"never runs and {tools} outlive{'s' if count == 1 else ''} the view (the next "
            f"mount is rejected as a duplicate). Call `{shown}.abort()` {hint}."
        )
    return (
        f"`{shown}` is never aborted when the view goes away, so {tools} registered in "
        f"`{name}` outlive{'s' if count == 1 else ''} it and the next mount is rejected as a "
        f"duplicate. Call `{shown}.abort()` {hint}."
    )


def _teardown_hint(problem: _Problem, model: FileModel) -> str:
    lifecycle = problem.lifecycle
    if lifecycle.name == "onMount":
        # Svelte runs the function onMount's callback returns; Solid ignores it.
        sources = {source for source, _ in import_sources(problem.script)}
        if any(source == "solid-js" or source.startswith("solid-js/") for source in sources):
            return "in `onCleanup`"
        if model.language == "svelte" or "svelte" in sources:
            return "in the function `onMount` returns (or in `onDestroy`)"
        return "in the function `onMount` returns (Svelte) or in `onCleanup` (Solid)"
    return TEARDOWN_HINTS.get(lifecycle.name, "when the view is torn down")


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
    return {node.id for node in _teardown_code(lifecycle, script, functions)}


def _teardown_code(lifecycle: Lifecycle, script: Script, functions: Functions) -> list[Node]:
    """The functions that run when the view goes away, with the functions they call."""
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
    return [node for root in roots for node in functions.reachable(root, script)]


def _removed_by_name_or_handle(
    model: FileModel, tool: ToolDefinition, lifecycle: Lifecycle, script: Script
) -> bool:
    """A registration without a signal that the runtime can remove another way
    (`unregisterTool(name)` or the `{ unregister }` handle MCP-B returns before 5.0),
    and the view's teardown does (it calls something named `unregister...`)."""
    found = registered_on(model, tool)
    if found is None or not found[0].known:
        return False
    providers = found[0].providers(found[1])
    if not providers or not all(p.has("unregisterTool") for _, p in providers):
        return False
    return any(
        node.text is not None and b"unregister" in node.text
        for node in _teardown_code(lifecycle, script, model.functions)
    )


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
