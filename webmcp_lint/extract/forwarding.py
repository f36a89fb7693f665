"""Tools given to a project's own registering functions and components.

A forwarder is a function or component whose parameter (or a prop of it) reaches
`registerTool`, directly or through another forwarder: `useTool(tool)`,
`registerAll(tools)`, `<ToolBinder tool={t} />`. Its registration is not a tool; each
call site's argument is. Forwarders are found in this file and, through the linker, in
the modules it imports, to a depth of `MAX_ROUNDS` forwarders in one file (any depth
across files, as each module is analysed on its own).

A tool whose value is written in another module is not a tool of this file: it becomes
a `Handoff` to the module that writes it, where it is reported.
"""

from __future__ import annotations

from msgspec import Struct
from msgspec.structs import replace
from tree_sitter import Node

from webmcp_lint.extract.libraries import LIBRARIES
from webmcp_lint.extract.scope import _import_bindings
from webmcp_lint.extract.semantic import semantic_model
from webmcp_lint.model import (
    Binding,
    Entry,
    FileModel,
    Forwarder,
    Handoff,
    Script,
    Site,
    ToolDefinition,
    Value,
    unknown,
)
from webmcp_lint.syntax.nodes import FUNCTION_TYPES, arguments, property_name, text, unwrap
from webmcp_lint.workspace.source import Span

MAX_ROUNDS = 4
MAX_TRACE = 8
MAX_DEPENDENCY_NODES = 2000  # nodes of an expression looked at for a parameter
MAX_CANDIDATES = 256  # tools one call of a forwarder registers; more is unknown
MAX_REACHABLE = 10_000  # values a site gives, looked through
_JSX_ELEMENTS = ("jsx_opening_element", "jsx_self_closing_element")
_NAMES = frozenset({"identifier", "property_identifier", "private_property_identifier"})


class _Known(Struct, frozen=True):
    forwarder: Forwarder
    binding: Binding | None  # the import it comes through; None for this file's own


def forward(model: FileModel) -> None:
    """Find this file's forwarders, turn their call sites into tools, and hand off the
    tools written elsewhere."""
    for tool in model.tools:
        if tool.kind == "imperative" and tool.call is not None and tool.script is not None:
            args = arguments(tool.call)
            traced = _trace(args[0], tool.script) if args else None
            if traced is None and args and tool.api is None and not _known(tool.definition):
                traced = _template(args[0], tool.script, None)
            if traced is not None:
                tool.forwards = True
                _add(model, traced)
    imported = {id(script): _imported(script) for script in model.scripts}  # asked once
    for _ in range(MAX_ROUNDS):
        if not any(
            _sites(model, script, imported[id(script)], emit=False) for script in model.scripts
        ):
            break
    for script in model.scripts:
        _sites(model, script, imported[id(script)], emit=True)
    _hand_off(model)


def _add(model: FileModel, forwarder: Forwarder) -> bool:
    if any(known.function == forwarder.function for known in model.forwarders):
        return False
    model.forwarders.append(forwarder)
    return True


def _imported(script: Script) -> list[_Known]:
    """The forwarders a script imports from the project's other modules."""
    known: list[_Known] = []
    linker = getattr(script.evaluator, "linker", None)
    if linker is None:
        return known
    for specifier, statement in script.evaluator.import_sources():  # type: ignore[union-attr]
        if specifier in LIBRARIES:
            continue  # a library's calls are integrations, even where an alias names its code
        for binding in _import_bindings(statement):
            if binding.imported == "*":
                continue
            found = linker.forwarder(binding)
            if found is not None:
                known.append(_Known(found, binding))
    return known


def _sites(model: FileModel, script: Script, imported: list[_Known], emit: bool) -> bool:
    """Visit each call site of a known forwarder: a site that forwards its own
    parameter makes a new forwarder (True when one was found); with `emit`, the others
    give tools, hand-offs or unresolved registrations."""
    found_new = False
    own = [_Known(f, None) for f in model.forwarders if _inside(f.function, script.span)]
    for known in own + imported:
        name = known.binding.name if known.binding is not None else known.forwarder.name
        for node in semantic_model(script).names(name, _NAMES):
            if not _refers_to(node, known, script):
                continue
            if known.forwarder.template is not None:
                site = _call_site(node)
                if site is None:
                    continue
                chained = _template(site, script, known.forwarder)
                if chained is not None:  # the site hands on its own function's parameters
                    found_new = _add(model, chained) or found_new
                elif emit:
                    _register_template(model, script, site, known.forwarder, name)
                continue
            site, expression, rest = _argument(node, known.forwarder)
            if site is None:
                continue
            traced = _trace(expression, script) if expression is not None else None
            if traced is not None and not rest:
                traced = replace(
                    traced,
                    each=traced.each or known.forwarder.each,
                    omit=traced.omit + known.forwarder.omit,
                )
                found_new = _add(model, traced) or found_new
                continue
            selected = None
            if site.type == "call_expression" and expression is not None and traced is None:
                selected = _selected(known.forwarder, script, expression, rest)
                if not all(_known(value) for value in selected):
                    chained = _template(site, script, known.forwarder)
                    if chained is not None:  # a call handing on its own function's parameters
                        found_new = _add(model, chained) or found_new
                        continue
            if emit:
                where = _site(model, site, name)
                if expression is None:
                    model.unresolved.append(where)
                    continue
                if selected is None:
                    selected = _selected(known.forwarder, script, expression, rest)
                _emit(model, script, site, where, selected)
    return found_new


def _refers_to(node: Node, known: _Known, script: Script) -> bool:
    method = known.forwarder.function
    if method.type == "method_definition":  # `this.name(...)` in the same class
        member = node.parent
        target = member.child_by_field_name("object") if member is not None else None
        return (
            member is not None
            and member.type == "member_expression"
            and target is not None
            and target.type == "this"
            and _class_of(node) == method.parent
        )
    if method.parent is not None and method.parent.type == "assignment_expression":
        member = node.parent  # `A.name(...)` of `A.name = function (...) {...}`
        if member is None or member.type != "member_expression" or node.type == "identifier":
            return False
        target = member.child_by_field_name("object")
        evaluator = script.evaluator
        assigned = (
            evaluator.member_function(target, text(node))
            if target is not None and evaluator is not None
            else None
        )
        return assigned is not None and assigned.id == method.id
    binding = script.resolve(node) if node.type == "identifier" else None
    if known.binding is not None:
        return binding is not None and binding.node == known.binding.node
    if binding is None:
        return False
    value = script.value(node)
    return value.kind == "function" and value.node == known.forwarder.function


def _argument(name: Node, forwarder: Forwarder) -> tuple[Node | None, Node | None, tuple[str, ...]]:
    """The call site of a forwarder named by `name`, the expression it is given (None
    when it is not written there) and the path left to walk inside that expression."""
    parent = name.parent
    if parent is not None and parent.type == "member_expression":  # this.method(...)
        name, parent = parent, parent.parent
    if parent is None:
        return None, None, ()
    if parent.type == "call_expression" and parent.child_by_field_name("function") == name:
        args = arguments(parent)
        if forwarder.index >= len(args) or args[forwarder.index].type == "spread_element":
            return parent, None, ()
        return parent, args[forwarder.index], forwarder.path
    if parent.type in _JSX_ELEMENTS and parent.child_by_field_name("name") == name:
        if forwarder.index != 0 or not forwarder.path:
            return None, None, ()
        for attribute in parent.named_children:
            if attribute.type != "jsx_attribute":
                continue
            key = next((c for c in attribute.named_children), None)
            if key is None or text(key) != forwarder.path[0]:
                continue
            value = attribute.named_children[-1] if len(attribute.named_children) > 1 else None
            if value is not None and value.type == "jsx_expression":
                inner = next((c for c in value.named_children if c.type != "comment"), None)
                return parent, inner, forwarder.path[1:]
            return parent, None, ()
        return None, None, ()  # the prop is not given: nothing registered
    return None, None, ()


def _emit(model: FileModel, script: Script, site: Node, where: Site, values: list[Value]) -> None:
    """The tools a forwarder's call registers: each object; anything else is unknown."""
    for value in values:
        if value.kind != "object":
            model.unresolved.append(where)
            continue
        model.tools.append(
            ToolDefinition(
                kind="imperative",
                definition=value,
                registered_at=Span.of(site),
                script=script,
                via=where,
            )
        )


def _selected(
    forwarder: Forwarder, script: Script, expression: Node, rest: tuple[str, ...]
) -> list[Value]:
    """What a (path, item, omit) forwarder registers of the expression a site gives it."""
    if forwarder.each:
        collection = script.value(expression)
        values = (
            list(collection.items)
            if collection.kind == "array" and collection.complete
            else [unknown(Span.of(expression), expression)]
        )
    else:
        assert script.evaluator is not None
        values = script.evaluator.candidates(expression)
    return [_picked(forwarder, value, rest) for value in values]


def _picked(forwarder: Forwarder, value: Value, rest: tuple[str, ...]) -> Value:
    for key in rest:
        value = value.get(key) or unknown(value.span)
    if value.kind == "object" and forwarder.omit:
        entries = {k: e for k, e in value.entries.items() if k not in forwarder.omit}
        value = Value("object", entries, value.span, value.node, value.complete, value.origin)
    return value


# -- forwarders of a whole value (templates) ---------------------------------------------------


def _template(expression: Node, script: Script, inner: Forwarder | None) -> Forwarder | None:
    """A forwarder for a value built from the parameters of a function around
    `expression` (the registration's argument, or the call of the forwarder `inner`):
    the innermost named function whose parameters it depends on."""
    semantic = semantic_model(script)
    for function in semantic.ancestry.ancestors(expression):
        if function.type not in FUNCTION_TYPES:
            continue
        name = _callable_name(function)
        if name is None or name[:1].isupper():
            continue  # a component is rendered (JSX), not called: its props are not seen
        if not _depends(expression, function, script):
            continue
        return Forwarder(
            name, function, 0, (), False, template=expression, inner=inner, script=script
        )
    return None


def _depends(expression: Node, function: Node, script: Script) -> bool:
    """Whether the value of `expression` depends on `function`'s parameters: read
    directly, through `const`s (and `var`s never written again), or as the collection a
    loop or an iterating callback of it runs over."""
    evaluator = script.evaluator
    semantic = semantic_model(script)
    stack = [(expression, 0)]
    seen = 0
    while stack and seen < MAX_DEPENDENCY_NODES:
        node, hops = stack.pop()
        seen += 1
        if node is not expression and node.type in FUNCTION_TYPES:
            continue  # a function built there is not the value of its parameters
        if node.type not in ("identifier", "shorthand_property_identifier"):
            stack.extend((child, hops) for child in node.named_children)
            continue
        binding = semantic.resolve(node)
        if binding is None or hops >= MAX_TRACE:
            continue
        if binding.kind == "param" and binding.function is not None:
            if binding.function.id == function.id:
                return True
            collection = evaluator.iterated_by(binding.function) if evaluator else None
            if collection is not None:
                stack.append((collection, hops + 1))
        elif (binding.kind == "loop" and binding.value is not None) or (
            binding.value is not None and semantic.unchanging(binding)
        ):
            stack.append((binding.value, hops + 1))
    return False


def _callable_name(function: Node) -> str | None:
    """The name calls of a function use: its declaration's, its method's, its `const`'s,
    or the member it is assigned to (`A.register = function (...) {...}`)."""
    name = _function_name(function)
    if name is not None:
        return name
    parent = function.parent
    if parent is not None and parent.type == "assignment_expression":
        left = parent.child_by_field_name("left")
        if left is not None and left.type == "member_expression":
            return property_name(left)
    return None


def _call_site(name: Node) -> Node | None:
    """The call whose callee is `name` (or the member it names: `this.name(...)`)."""
    callee = name
    parent = name.parent
    if parent is not None and parent.type == "member_expression":
        callee, parent = parent, parent.parent
    if parent is None or parent.type != "call_expression":
        return None
    return parent if parent.child_by_field_name("function") == callee else None


def _register_template(
    model: FileModel, script: Script, site: Node, forwarder: Forwarder, name: str
) -> None:
    """The tools a call of a whole-value forwarder registers."""
    where = _site(model, site, name)
    given = [
        script.value(arg) if arg.type != "spread_element" else unknown(Span.of(arg), arg)
        for arg in arguments(site)
    ]
    values = _registered(forwarder, given, 0)
    if forwarder.script is not script:
        kept = _reachable(given)
        values = [_rehome(value, kept, Span.of(site)) for value in values]
    _emit(model, script, site, where, values)


def _registered(forwarder: Forwarder, given: list[Value], depth: int) -> list[Value]:
    """What a whole-value forwarder registers when called with `given`."""
    script, template = forwarder.script, forwarder.template
    evaluator = script.evaluator if script is not None else None
    if evaluator is None or template is None or depth > MAX_ROUNDS:
        return [unknown(Span.of(forwarder.function), forwarder.function)]
    env = {forwarder.function.id: given}
    inner = forwarder.inner
    if inner is None:
        return evaluator.candidates(template, env)
    environments = evaluator.environments(template, env)
    if environments is None:
        return [unknown(Span.of(template), template)]
    found: list[Value] = []
    for bound in environments:
        args = [
            evaluator.value_in(arg, bound)
            if arg.type != "spread_element"
            else unknown(Span.of(arg), arg)
            for arg in arguments(template)
        ]
        if inner.template is not None:
            values = _registered(inner, args, depth + 1)
            if inner.script is not script:
                kept = _reachable(args)
                values = [_rehome(value, kept, Span.of(template)) for value in values]
        else:
            given_one = args[inner.index] if inner.index < len(args) else None
            if given_one is None:
                values = [unknown(Span.of(template), template)]
            elif inner.each:
                complete = given_one.kind == "array" and given_one.complete
                items = list(given_one.items) if complete else [unknown(given_one.span)]
                values = [_picked(inner, item, inner.path) for item in items]
            else:
                values = [_picked(inner, given_one, inner.path)]
        found.extend(values)
        if len(found) > MAX_CANDIDATES:
            return [unknown(Span.of(template), template)]
    return found


def _reachable(values: list[Value]) -> set[int]:
    """The values (by identity) a site gives and everything inside them."""
    seen: set[int] = set()
    stack = list(values)
    while stack and len(seen) < MAX_REACHABLE:
        value = stack.pop()
        if id(value) in seen:
            continue
        seen.add(id(value))
        if value.kind == "object":
            stack.extend(entry.value for entry in value.entries.values())
        elif value.kind == "array":
            stack.extend(value.items)
    return seen


def _rehome(value: Value, kept: set[int], span: Span) -> Value:
    """A value a forwarder of another module built, as the calling file sees it: what the
    site gave stays as it is (its spans, its syntax); what the other module wrote is
    placed at the site, without syntax (no rule reads another file's nodes as this one's).
    An object built there is placed at its name when the site gave the name."""
    if id(value) in kept:
        return value
    if value.kind == "object":
        entries = {
            key: entry
            if id(entry.value) in kept
            else Entry(key, span, _rehome(entry.value, kept, span))
            for key, entry in value.entries.items()
        }
        named = entries.get("name")
        anchor = named.value.span if named is not None and id(named.value) in kept else span
        return Value("object", entries, anchor, None, value.complete, value.origin)
    if value.kind == "array":
        items = [_rehome(item, kept, span) for item in value.items]
        return Value("array", items, span, None, value.complete, value.origin)
    return Value(value.kind, value.data, span, None, value.complete, value.origin)


def _known(value: Value) -> bool:
    """A tool definition known well enough to be a tool where it is written: an object
    whose name is known."""
    name = value.get("name") if value.kind == "object" else None
    return name is not None and name.as_text() is not None


def _hand_off(model: FileModel) -> None:
    """Tools whose value is written in another module go to that module."""
    kept = []
    for tool in model.tools:
        origin = tool.definition.origin
        if origin is None:
            kept.append(tool)
            continue
        site = tool.via
        if site is None:
            node = tool.call if tool.call is not None else None
            site = _site(model, node, "registerTool") if node is not None else None
        if site is not None:
            model.handoffs.append(
                Handoff(
                    origin.path,
                    origin.export,
                    origin.steps,
                    origin.arguments,
                    site,
                    tool.integration,
                    tool.api,
                )
            )
    model.tools = kept


def _site(model: FileModel, node: Node, via: str) -> Site:
    line, column = model.source.position(node.start_byte)
    end_line, end_column = model.source.position(node.end_byte)
    return Site(model.source.display_path, line, column, end_line, end_column, via)


def _trace(expression: Node, script: Script, depth: int = 0) -> Forwarder | None:
    """The parameter an expression hands on: `tool`, `props.tool`, `{ ...tool, execute }`,
    `latest.current` of `useRef(tool)`, an item of a parameter iterated over."""
    node = unwrap(expression)
    if depth > MAX_TRACE:
        return None
    if node.type == "object":
        spreads = [c for c in node.named_children if c.type == "spread_element"]
        if len(spreads) != 1:
            return None
        inner = next((c for c in spreads[0].named_children if c.type != "comment"), None)
        return _trace(inner, script, depth + 1) if inner is not None else None
    if node.type == "member_expression":
        target = node.child_by_field_name("object")
        key = property_name(node)
        if target is None or key is None:
            return None
        if key == "current":
            ref = _ref_of(target, script)
            if ref is not None:
                return _trace(ref, script, depth + 1)
        traced = _trace(target, script, depth + 1)
        if traced is None or traced.each:
            return None
        return Forwarder(traced.name, traced.function, traced.index, (*traced.path, key), False)
    if node.type != "identifier":
        return None
    binding = script.resolve(node)
    if binding is None:
        return None
    if binding.kind in ("loop", "param"):
        iterated = script.evaluator.iterated(binding)  # type: ignore[union-attr]
        if iterated is not None:
            traced = _trace(iterated, script, depth + 1)
            if traced is None or traced.each:
                return None
            return Forwarder(traced.name, traced.function, traced.index, traced.path, True)
    omitted = _rest_of(binding)
    if omitted is not None:
        pattern_owner = binding.value if binding.kind == "const" else None
        if binding.kind == "param" and binding.function is not None:
            function_name = _function_name(binding.function)
            if function_name is None:
                return None
            return Forwarder(function_name, binding.function, binding.index, (), False, omitted)
        traced = _trace(pattern_owner, script, depth + 1) if pattern_owner is not None else None
        if traced is None or traced.each:
            return None
        return replace(traced, omit=traced.omit + omitted)
    if binding.kind == "param" and binding.function is not None and binding.path is not None:
        function_name = _function_name(binding.function)
        if function_name is None:
            return None
        return Forwarder(function_name, binding.function, binding.index, binding.path, False)
    if binding.kind == "const" and binding.value is not None and binding.path == ():
        return _trace(binding.value, script, depth + 1)
    return None


def _rest_of(binding: Binding) -> tuple[str, ...] | None:
    """The keys the other parts of `{ a, b, ...rest }` take, when `binding` is `rest` of
    a whole declared or parameter object pattern."""
    if binding.path is not None:
        return None
    owner = binding.node
    pattern = owner.child_by_field_name("name") if owner.type == "variable_declarator" else owner
    if pattern is not None and pattern.type in ("required_parameter", "optional_parameter"):
        pattern = pattern.child_by_field_name("pattern")
    if pattern is None or pattern.type != "object_pattern":
        return None
    keys = []
    named = False
    for part in pattern.named_children:
        if part.type == "rest_pattern":
            named = any(text(c) == binding.name for c in part.named_children)
        elif part.type == "shorthand_property_identifier_pattern":
            keys.append(text(part))
        elif part.type in ("pair_pattern", "object_assignment_pattern"):
            key = part.child_by_field_name("key") or part.child_by_field_name("left")
            if key is None:
                return None
            keys.append(text(key))
        else:
            return None
    return tuple(keys) if named else None


def _ref_of(target: Node, script: Script) -> Node | None:
    """`x` when `target` names a `const ref = useRef(x)`."""
    target = unwrap(target)
    if target.type != "identifier":
        return None
    initializer = script.constant(target)
    if initializer is None or unwrap(initializer).type != "call_expression":
        return None
    call = unwrap(initializer)
    callee = call.child_by_field_name("function")
    args = arguments(call)
    if callee is None or text(callee) not in ("useRef", "React.useRef") or len(args) != 1:
        return None
    return args[0]


def _function_name(function: Node) -> str | None:
    """The name a function is called by: its declaration's, its method's (called as
    `this.name`), or its `const`'s."""
    if function.type not in FUNCTION_TYPES:
        return None
    name = function.child_by_field_name("name")
    if name is not None and function.type.endswith(("declaration", "method_definition")):
        return text(name)
    parent = function.parent
    if parent is not None and parent.type == "variable_declarator":
        declared = parent.child_by_field_name("name")
        if declared is not None and declared.type == "identifier":
            return text(declared)
    return None


def _class_of(node: Node) -> Node | None:
    current = node.parent
    while current is not None and current.type != "class_body":
        current = current.parent
    return current


def _inside(node: Node, span: Span) -> bool:
    return span.start <= node.start_byte and node.end_byte <= span.end
