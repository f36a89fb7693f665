"""Which function a call runs, and how far calls are followed.

Every fact that looks through calls (what `execute` throws, fetches, waits on or
changes, which code runs at teardown, whether callers check for WebMCP) follows them
with `callee` and stops at `CALL_DEPTH`, so a fact seen in a function is seen the same
way through the functions that call it, and a chain too deep to follow gives no finding.
"""

from __future__ import annotations

from tree_sitter import Node

from webmcp_lint.model import Linker, Script
from webmcp_lint.model.functions import Callee
from webmcp_lint.syntax.nodes import FUNCTION_TYPES, property_name, text, typed_call_await, unwrap

# How many calls deep facts are followed from the function asked about: `execute` calls
# `a`, `a` calls `b`, `b` calls `c` is depth 3. On the corpus and examples/ every fact
# found through calls is found within 2 calls (see design.md); 3 leaves one level of room
# for wrappers and costs nothing measurable.
CALL_DEPTH = 3


def callee(call: Node, script: Script) -> Callee | None:
    """The function a call runs, when its code is in sight: a function of the same
    script named by the callee (`save(x)`, through `const`s too), a method of the
    enclosing class or object literal called on `this` (`this.save(x)`), a method of an
    instance made by `new C()` of a class in sight (`api.get(x)`), or, when imports are
    followed, a function or instance another module of the project exports
    (`import { save }`, `import * as api` and `api.save(x)`).

    The one place calls are resolved: a callee in another module carries its file.
    """
    function = call.child_by_field_name("function")
    if function is None:
        return None
    function = unwrap(function)
    awaited = typed_call_await(call)
    if awaited is not None:
        inner = next((c for c in awaited.named_children if c.type != "comment"), None)
        function = unwrap(inner) if inner is not None else function
    linker = getattr(script.evaluator, "linker", None)
    if function.type == "identifier":
        binding = script.resolve(function)
        if binding is not None and binding.kind == "import":
            if linker is None or binding.imported == "*":
                return None
            return _in_sight(linker.function(binding))
        value = script.value(function)
        node = value.node if value.is_function and value.origin is None else None
        if node is not None and node.type in FUNCTION_TYPES:
            return Callee(node, script)
        return None
    if function.type == "member_expression":
        target = function.child_by_field_name("object")
        name = property_name(function)
        if target is None or name is None:
            return None
        target = unwrap(target)
        if target.type == "this":
            method = _sibling_method(call, name)
            return Callee(method, script) if method is not None else None
        if target.type == "identifier":
            return _member_of(script, target, name, linker)
    return None


def _member_of(script: Script, target: Node, name: str, linker: Linker | None) -> Callee | None:
    """`name` of a namespace import, or the method `name` of a `const x = new C()`
    instance (of this script or imported)."""
    binding = script.resolve(target)
    if binding is not None and binding.kind == "param" and binding.path == ():
        return _typed_method(script, binding.node, name, linker)
    if binding is None or not binding.constant or binding.path != ():
        return None
    if binding.kind == "import":
        if linker is None:
            return None
        if binding.imported == "*":
            return _in_sight(linker.function(binding, name))
        return _in_sight(linker.method(binding, name))
    if binding.kind != "const" or binding.value is None:
        return None
    method = instance_method(script, binding.value, name)
    return Callee(method, script) if method is not None else None


def _typed_method(
    script: Script, parameter: Node, name: str, linker: Linker | None
) -> Callee | None:
    """The method `name` of the class a TypeScript parameter is typed with (`api: Api`),
    a class of this script or one imported from the project."""
    annotation = parameter.parent.child_by_field_name("type") if parameter.parent else None
    named = annotation.named_children if annotation is not None else []
    if len(named) != 1 or named[0].type != "type_identifier":
        return None
    binding = script.resolve(named[0])
    if binding is None or binding.ambiguous:
        return None
    if binding.kind == "class":
        method = class_method(binding.node, name)
        return Callee(method, script) if method is not None else None
    if binding.kind == "import" and binding.imported != "*" and linker is not None:
        return _in_sight(linker.class_method(binding, name))
    return None


def _in_sight(found: Callee | None) -> Callee | None:
    if found is None or found.node.type not in FUNCTION_TYPES:
        return None
    return found


def instance_method(script: Script, made: Node, name: str) -> Node | None:
    """The method `name` that an instance made by `made` (`new C(...)`, C a class of
    `script`) runs: declared in C itself, not static, not an accessor. A method C
    does not declare (inherited) is out of sight."""
    made = unwrap(made)
    if made.type != "new_expression":
        return None
    constructor = made.child_by_field_name("constructor")
    if constructor is None or unwrap(constructor).type != "identifier":
        return None
    binding = script.resolve(unwrap(constructor))
    if binding is None or binding.ambiguous:
        return None
    declared = binding.node if binding.kind == "class" else None
    if binding.kind == "const" and binding.path == () and binding.value is not None:
        declared = unwrap(binding.value)
    return class_method(declared, name) if declared is not None else None


def class_method(declared: Node, name: str) -> Node | None:
    """The method `name` that class `declared` itself declares (not static, not an
    accessor)."""
    if declared.type not in ("class_declaration", "class"):
        return None
    body = declared.child_by_field_name("body")
    if body is None:
        return None
    for member in body.named_children:
        if member.type != "method_definition":
            continue
        key = member.child_by_field_name("name")
        if key is None or key.type != "property_identifier" or text(key) != name:
            continue
        if any(child.type in ("static", "get", "set") for child in member.children):
            return None
        return member
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
