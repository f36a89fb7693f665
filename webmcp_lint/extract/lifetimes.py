"""How long a registered tool lives: the signal its registration passes, the
`AbortController` that signal comes from, where that controller is aborted, and for a
tool registered when a view appears, whether the view's teardown removes it (`cleanup`).

The browser unregisters a tool when its signal aborts, and rejects a registration whose
signal is already aborted (`AbortError`, observed in Chromium 156).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Literal

from msgspec import Struct
from tree_sitter import Node

from webmcp_lint.extract.body import static_call
from webmcp_lint.extract.frameworks import (
    EFFECT_CALLS,
    TEARDOWN_CALLS,
    TEARDOWN_METHODS,
    function_name,
    hook_name,
    lifecycle_of,
)
from webmcp_lint.extract.semantic import semantic_model
from webmcp_lint.model import Functions, Script, ToolDefinition
from webmcp_lint.model.functions import Cleanup, CleanupKind, Lifecycle
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
    unwrap,
)

# How many `const` aliases are followed from `signal` to its controller.
MAX_ALIAS_DEPTH = 3
_PROPERTY_NAMES = frozenset({"property_identifier", "private_property_identifier"})


class Controller(Struct, frozen=True):
    """Where a registration's signal comes from: `controller.signal`.

    `root` is the identifier the controller expression starts from, or None for `this`;
    `path` the properties read after it (`()` for `ac`, `("ac",)` for `this.ac`,
    `("current",)` for `ref.current`).
    """

    root: Node | None
    path: tuple[str, ...]
    expression: Node


# "none": certainly no signal; "aborted": a signal aborted from the start
# (`AbortSignal.abort()`); a Controller; None when it cannot be told.
RegistrationSignal = Literal["none", "aborted"] | Controller | None


def registration_signal(tool: ToolDefinition, script: Script) -> RegistrationSignal:
    """The signal a registration passes in its options."""
    options = tool.options
    if options is None or options.kind in ("undefined", "null"):
        return "none"
    if options.kind != "object":
        return None
    entry = options.entry("signal")
    if entry is None:
        return "none" if options.complete else None
    value = entry.value
    if value.kind in ("undefined", "null"):
        return "none"
    if value.node is None:
        return None
    if static_call(script, value.node, "AbortSignal", "abort"):  # aborted from the start
        return "aborted"
    return _controller(value.node, script, 0)


def unregistered_between(tool: ToolDefinition, script: Script, start: int, end: int) -> bool:
    """Whether the tool is certainly not registered by the time code at `end` runs, as
    far as the code between `start` and `end` shows: its controller is aborted there
    (or may be: an abort anywhere between counts), or its signal was aborted before it
    was registered, so the registration failed."""
    signal = registration_signal(tool, script)
    if signal == "aborted":
        return True
    if not isinstance(signal, Controller) or tool.call is None:
        return False
    if _aborts(signal, script, start, end):
        return True
    return _aborted_before(signal, script, tool.call)


def controller_mentions(
    controller: Controller,
    script: Script,
    start: int,
    end: int,
    scope: Node | None = None,
) -> list[Node]:
    """Every expression of the script between `start` and `end` that denotes the same
    controller: `ac` for a local `ac`; `this.ac` (or a `private ac` field) for `this.ac`,
    within `scope` (the class or object whose `this` it is) when given."""
    semantic = semantic_model(script)
    start, end = max(start, script.span.start), min(end, script.span.end)
    if not controller.path:
        root_binding = semantic.resolve(controller.root) if controller.root is not None else None
        if root_binding is None:
            return []
        return [
            node
            for node in semantic.references(root_binding)
            if start <= node.start_byte and node.end_byte <= end
        ]
    word = controller.path[-1]
    root_binding = semantic.resolve(controller.root) if controller.root is not None else None
    found = []
    for node in semantic.names(word, _PROPERTY_NAMES, start, end):
        member = node.parent
        if member is None or member.type != "member_expression" or property_name(member) != word:
            field = node.parent
            if (
                field is not None
                and field.type == "public_field_definition"
                and controller.root is None
            ):
                found.append(node)  # `private ac = new AbortController()`
            continue
        target = member.child_by_field_name("object")
        target = unwrap(target) if target is not None else None
        if target is None:
            continue
        if controller.root is None:
            if target.type == "this" and (
                scope is None or any(a.id == scope.id for a in ancestors(member))
            ):
                found.append(member)
        elif target.type == "identifier" and root_binding is not None:
            binding = semantic.resolve(target)
            if binding is not None and binding.node.id == root_binding.node.id:
                found.append(member)
    return found


def _aborts(controller: Controller, script: Script, start: int, end: int) -> list[Node]:
    """The `controller.abort()` calls between `start` and `end`."""
    calls = []
    for mention in controller_mentions(controller, script, start, end):
        member = mention.parent
        if member is None or member.type != "member_expression":
            continue
        if member.child_by_field_name("object") != mention or property_name(member) != "abort":
            continue
        call = member.parent
        if call is not None and call.type == "call_expression":
            calls.append(call)
    return calls


def _aborted_before(controller: Controller, script: Script, registration: Node) -> bool:
    """The controller is aborted earlier in the function that registers, and not
    replaced since: `ac.abort(); ...registerTool(tool, { signal: ac.signal })`."""
    scope = enclosing_function(registration)
    start = scope.start_byte if scope is not None else script.span.start
    aborts = [
        call
        for call in _aborts(controller, script, start, registration.start_byte)
        if enclosing_function(call) == scope
    ]
    if not aborts:
        return False
    last = max(call.end_byte for call in aborts)
    for mention in controller_mentions(controller, script, last, registration.start_byte):
        parent = mention.parent
        if (
            parent is not None
            and parent.type == "assignment_expression"
            and parent.child_by_field_name("left") == mention
        ):
            return False  # a new controller
    return True


def _controller(node: Node, script: Script, depth: int) -> Controller | None:
    node = unwrap(node)
    if depth > MAX_ALIAS_DEPTH:
        return None
    if node.type == "member_expression" and property_name(node) == "signal":
        target = node.child_by_field_name("object")
        return _controller_expression(target, script) if target is not None else None
    if node.type in ("identifier", "shorthand_property_identifier"):
        binding = script.resolve(node)
        if binding is None or binding.kind != "const" or binding.value is None:
            return None
        if binding.path == ():
            return _controller(binding.value, script, depth + 1)
        if binding.path == ("signal",):  # const { signal } = controller
            return _controller_expression(binding.value, script)
    return None


def _controller_expression(node: Node, script: Script) -> Controller | None:
    """`ac`, `this.ac`, `this.#ac` or `ref.current` as a Controller; None for anything
    longer or computed."""
    node = unwrap(node)
    if node.type == "identifier":
        return Controller(node, (), node) if script.resolve(node) is not None else None
    if node.type != "member_expression":
        return None
    name = property_name(node)
    target = node.child_by_field_name("object")
    if name is None or target is None:
        return None
    target = unwrap(target)
    if target.type == "this":
        return Controller(None, (name,), node)
    if target.type == "identifier" and script.resolve(target) is not None:
        return Controller(target, (name,), node)
    return None


# -- teardown -----------------------------------------------------------------------------


def cleanup(tool: ToolDefinition, script: Script, functions: Functions) -> Cleanup | None:
    """For a registration in lifecycle code (`useEffect`, `onMounted`,
    `connectedCallback`, ...): whether the view's teardown removes the tool. None when
    the registration is not in lifecycle code or is too deep to analyse."""
    call = tool.call
    if call is None or not tool.analysable or tool.api == "provideContext":
        return None  # (provideContext replaces the page's tools: nothing to remove)
    lifecycle = lifecycle_of(call, script)
    if lifecycle is None:
        return None
    signal = registration_signal(tool, script)
    if signal == "none":
        unregisters = any(
            node.text is not None and b"unregister" in node.text
            for node in _teardown_code(lifecycle, script, functions)
        )
        return Cleanup(lifecycle, "none", teardown_unregisters=unregisters)
    if isinstance(signal, Controller):
        verdict = _abort_verdict(signal, lifecycle, script, functions)
        kind: CleanupKind | None = None if verdict == "aborted" else verdict  # type: ignore[assignment]
        return Cleanup(lifecycle, kind, signal.expression)
    return Cleanup(lifecycle, None)


def _abort_verdict(
    controller: Controller, lifecycle: Lifecycle, script: Script, functions: Functions
) -> str:
    """ "aborted" when teardown code touches the controller or the controller escapes to
    code we cannot follow (stored, passed on, aborted elsewhere); "ignored-return" when
    it is only aborted in a function that a Vue or Solid hook ignores; else "never"."""
    teardown = _teardown_functions(lifecycle, script, functions)
    ignored: set[int] = set()
    if not _returns_cleanup(lifecycle):
        ignored = {f.id for f in _returned_functions(lifecycle.function, script)}
    verdict = "never"
    mentions = controller_mentions(
        controller, script, script.span.start, script.span.end, _class_scope(lifecycle)
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
    for value in script.semantic.returned(function):
        target = _function_of(value, script)
        if target is not None:
            yield target
        elif body.type == "statement_block":
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
