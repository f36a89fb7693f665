"""Which function a call runs, and how far calls are followed.

Every fact that looks through calls (what `execute` throws, fetches, waits on or
changes, which code runs at teardown, whether callers check for WebMCP) follows them
with `callee` and stops at `CALL_DEPTH`, so a fact seen in a function is seen the same
way through the functions that call it, and a chain too deep to follow gives no finding.
"""

from __future__ import annotations

from tree_sitter import Node

from webmcp_lint.model import Script
from webmcp_lint.model.functions import Callee
from webmcp_lint.syntax.nodes import FUNCTION_TYPES, property_name, unwrap

# How many calls deep facts are followed from the function asked about: `execute` calls
# `a`, `a` calls `b`, `b` calls `c` is depth 3. On the corpus and examples/ every fact
# found through calls is found within 2 calls (see design.md); 3 leaves one level of room
# for wrappers and costs nothing measurable.
CALL_DEPTH = 3


def callee(call: Node, script: Script) -> Callee | None:
    """The function a call runs, when its code is in sight: a function of the same
    script named by the callee (`save(x)`, through `const`s too), or a method of the
    enclosing class or object literal called on `this` (`this.save(x)`).

    The one place calls are resolved: resolution across files plugs in here, as a
    callee whose node and script are known.
    """
    function = call.child_by_field_name("function")
    if function is None:
        return None
    function = unwrap(function)
    if function.type == "identifier":
        value = script.value(function)
        node = value.node if value.is_function else None
        if node is not None and node.type in FUNCTION_TYPES:
            return Callee(node, script)
        return None
    if function.type == "member_expression":
        target = function.child_by_field_name("object")
        name = property_name(function)
        if target is not None and unwrap(target).type == "this" and name is not None:
            method = _sibling_method(call, name)
            return Callee(method, script) if method is not None else None
    return None


def _sibling_method(call: Node, name: str) -> Node | None:
    """The method `name` of the class body or object literal whose method `this` is
    bound by where `call` is written (arrow functions keep the method's `this`)."""
    current = call.parent
    while current is not None:
        if current.type in FUNCTION_TYPES and current.type != "arrow_function":
            break
        current = current.parent
    if current is None or current.type != "method_definition" or current.parent is None:
        return None
    holder = current.parent
    if holder.type not in ("class_body", "object"):
        return None
    for member in holder.named_children:
        if member.type != "method_definition":
            continue
        key = member.child_by_field_name("name")
        if key is not None and key.text is not None and key.text.decode() == name:
            return member
    return None
