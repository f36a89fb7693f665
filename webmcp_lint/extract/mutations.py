"""What a function visibly changes: a request that writes, storage, cookies, navigation,
a form submit, a state setter (the unmistakable changes), and calls or assignments that
may change state outside the function (`kind` "dom" for the page, else "call",
"assignment").

The annotation rules ask it: read-only-hint (does a reading tool change nothing?),
annotation-conflict (does a read-only tool change something?) and untrusted-content-hint
(does a tool only read what it fetches?).
"""

from __future__ import annotations

from tree_sitter import Node

from webmcp_lint.extract.body import Body, global_call, is_global
from webmcp_lint.extract.words import word_list, words
from webmcp_lint.model.functions import Fetch, Mutation, MutationKind
from webmcp_lint.syntax.nodes import arguments, called_member, property_name, text, unwrap

MUTATING_WORDS = word_list("mutating-words")
# Globals whose names start like a change but only schedule work.
SCHEDULING_GLOBALS = frozenset(
    {"setTimeout", "setInterval", "clearTimeout", "clearInterval", "queueMicrotask"}
)

# What changes the page itself: a weak change like any call or assignment that may change
# state (a tool that shows something is not thereby consequential), told apart for its
# kind.
DOM_PROPERTIES = frozenset(
    {
        "innerHTML",
        "outerHTML",
        "textContent",
        "innerText",
        "value",
        "checked",
        "className",
        "hidden",
        "disabled",
    }
)
DOM_PARTS = frozenset({"style", "dataset", "classList"})
DOM_METHODS = frozenset(
    {
        "appendChild",
        "append",
        "prepend",
        "insertBefore",
        "insertAdjacentHTML",
        "insertAdjacentElement",
        "insertAdjacentText",
        "removeChild",
        "replaceChild",
        "replaceChildren",
        "replaceWith",
        "setAttribute",
        "removeAttribute",
        "toggleAttribute",
    }
)

Change = tuple[MutationKind, str]  # the kind and, for a message, what it does


def own_mutations(body: Body, fetches: tuple[Fetch, ...]) -> tuple[Mutation, ...]:
    """What the function's code (its callbacks included) changes; `fetches` are its
    fetches, whose methods say whether a request writes."""
    methods = {fetch.node.id: fetch.method for fetch in fetches}
    found = []
    for node in body.everything(
        "call_expression",
        "assignment_expression",
        "augmented_assignment_expression",
        "update_expression",
        "unary_expression",
    ):
        if node.type == "call_expression":
            change = _strong_call(body, node, methods) or _weak_call(body, node)
            if change is not None:
                found.append(Mutation(node, *change))
            continue
        if node.type == "unary_expression":
            operator = node.child_by_field_name("operator")
            if operator is None or text(operator) != "delete":
                continue
            target = node.child_by_field_name("argument")
        elif node.type == "update_expression":
            target = node.child_by_field_name("argument")
        else:
            target = node.child_by_field_name("left")
        if target is None:
            continue
        change = _strong_assignment(body, target) if node.type == "assignment_expression" else None
        if change is None and not _local(body, target):
            kind: MutationKind = "dom" if _writes_dom(body, target) else "assignment"
            change = kind, f"assigns to `{_short(target)}`"
        if change is not None:
            found.append(Mutation(node, *change))
    return tuple(found)


def _strong_call(body: Body, call: Node, methods: dict[int, str | None]) -> Change | None:
    script = body.script
    if global_call(script, call, "fetch"):
        method = methods.get(call.id)
        if method is not None and method not in ("GET", "HEAD"):
            return ("post-request" if method == "POST" else "request"), f"sends a {method} request"
        return None
    member = called_member(call)
    if member is None:
        function = call.child_by_field_name("function")
        if function is not None and _state_setter(body, unwrap(function)):
            return "state", f"updates state with `{text(unwrap(function))}()`"
        return None
    target, method_name = unwrap(member[0]), member[1]
    root = _root_global(body, target)
    if root in ("localStorage", "sessionStorage") and method_name in (
        "setItem",
        "removeItem",
        "clear",
    ):
        return "storage", f"writes to `{root}`"
    if root == "location" and method_name in ("assign", "replace", "reload"):
        return "navigation", f"navigates with `location.{method_name}()`"
    if root == "history" and method_name in ("pushState", "replaceState", "back", "forward", "go"):
        return "navigation", f"navigates with `history.{method_name}()`"
    if root == "navigator" and method_name == "sendBeacon":
        return "beacon", "sends data with `navigator.sendBeacon()`"
    if method_name == "open" and is_global(script, target, "window"):
        return "window", "opens a window"
    if method_name in ("submit", "requestSubmit", "click") and not arguments(call):
        return "form", f"calls `.{method_name}()`"
    if method_name in ("push", "replace", "navigate", "navigateByUrl") and text(
        target
    ).lower().endswith("router"):
        return "navigation", f"navigates with `{_short(target)}.{method_name}()`"
    return None


def _weak_call(body: Body, call: Node) -> Change | None:
    function = call.child_by_field_name("function")
    if function is None:
        return None
    function = unwrap(function)
    if function.type == "identifier":
        name = text(function)
        if name in SCHEDULING_GLOBALS and body.script.resolve(function) is None:
            return None
    else:
        member = called_member(call)
        if member is None:
            return None
        if _local(body, member[0]):
            return None  # building a local value: `params.set(...)`, `items.push(...)`
        name = member[1]
        if name in DOM_METHODS:
            return "dom", f"changes the page with `.{name}()`"
    first = words(name)[:1]
    if first and first[0] in MUTATING_WORDS:
        return "call", f"calls `{name}()`"
    return None


def _writes_dom(body: Body, target: Node) -> bool:
    """An assignment that changes the page: `el.textContent = ...`, `el.style.x = ...`,
    `document.title = ...`."""
    node = unwrap(target)
    if node.type != "member_expression":
        return False
    if property_name(node) in DOM_PROPERTIES or _root_global(body, node) == "document":
        return True
    while node.type == "member_expression":
        if property_name(node) in DOM_PARTS:
            return True
        inner = node.child_by_field_name("object")
        if inner is None:
            return False
        node = unwrap(inner)
    return False


def _strong_assignment(body: Body, target: Node) -> Change | None:
    target = unwrap(target)
    if target.type == "identifier" and is_global(body.script, target, "location"):
        return "navigation", "navigates by assigning `location`"
    if target.type != "member_expression":
        return None
    name = property_name(target)
    root = _root_global(body, target)
    if root == "location" or (name == "location" and root == "window"):
        return "navigation", "navigates by assigning `location`"
    if root == "document" and name == "cookie":
        return "cookie", "writes `document.cookie`"
    return None


def _root_global(body: Body, node: Node) -> str | None:
    """The global a member chain starts from, looking through `window.`: `location` for
    `window.location.href`."""
    node = unwrap(node)
    chain: list[str] = []
    while node.type == "member_expression":
        name = property_name(node)
        chain.append(name or "")
        target = node.child_by_field_name("object")
        if target is None:
            return None
        node = unwrap(target)
    if node.type != "identifier" or body.script.resolve(node) is not None:
        return None
    root = text(node)
    if root in ("window", "globalThis", "self") and chain:
        return chain[-1]
    return root


def _state_setter(body: Body, function: Node) -> bool:
    """`setCount` from `const [count, setCount] = useState(...)` (or a reducer's dispatch)."""
    if function.type != "identifier":
        return False
    binding = body.script.resolve(function)
    if binding is None or binding.path != ("1",) or binding.value is None:
        return False
    value = unwrap(binding.value)
    if value.type != "call_expression":
        return False
    callee = value.child_by_field_name("function")
    name = text(unwrap(callee)).rsplit(".", 1)[-1] if callee is not None else ""
    return name in ("useState", "useReducer")


def _local(body: Body, node: Node) -> bool:
    """The object a member chain starts from is declared inside the function (or is
    one of its parameters): changing it changes nothing outside."""
    node = unwrap(node)
    while node.type in ("member_expression", "subscript_expression", "call_expression"):
        inner = node.child_by_field_name("object") or node.child_by_field_name("function")
        if inner is None:
            return False
        node = unwrap(inner)
    if node.type == "this":
        return False
    if node.type != "identifier":
        return node.type in ("string", "template_string", "array", "object")
    binding = body.script.resolve(node)
    if binding is None:
        return False
    declared = binding.node
    return body.function.start_byte <= declared.start_byte < body.function.end_byte


def _short(node: Node) -> str:
    shown = text(node)
    return shown if len(shown) <= 40 else shown[:37] + "..."
