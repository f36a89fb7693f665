"""Members removed from WebMCP: `unregisterTool`, `provideContext`, `clearContext` and
`modelContextTesting`.

Judged by what the code runs on (model/runtime.py): on Chrome these members do not
exist, but a polyfill may provide them (`@mcp-b/global` up to 4.x has `unregisterTool`),
and one installed only where the browser has none leaves them missing exactly on Chrome
with WebMCP. A plain call throws where its runtime lacks the member; a call behind a
check for the member (or an optional call) never runs where no runtime has it, which is
a different mistake with a different message, and is fine where one has it. A read on
its own (`expect(mc.unregisterTool).toBeUndefined()`) or a feature test is not a use,
and nothing is said where the runtime cannot be known.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from msgspec import Struct, field
from tree_sitter import Node

from webmcp_lint import LazyPattern
from webmcp_lint.checks import Context, MessageValue, check, rule_of_module, say
from webmcp_lint.checks._expressions import expects_failure, outermost, statement_of
from webmcp_lint.checks._fixes import insert_after
from webmcp_lint.checks._runtime import evidence, plain_chrome, sentence, where
from webmcp_lint.diagnostics import Edit, Fix, Related
from webmcp_lint.model import ApiUse, FileModel, Runtime, Script, ToolDefinition
from webmcp_lint.model.runtime import Surface
from webmcp_lint.syntax.nodes import (
    ancestors,
    arguments,
    called_member,
    descendants,
    enclosing_function,
    exits,
    function_body,
    is_optional,
    text,
)
from webmcp_lint.workspace.source import Span

# What each removed method did, and how to do it now.
REMOVED = {
    "unregisterTool": (
        "the tool is never unregistered",
        "Register with `registerTool(tool, { signal })` and call `abort()` on its "
        "AbortController to unregister.",
    ),
    "provideContext": (
        "the tools are never registered",
        "Register each tool with `registerTool(tool, { signal })` instead.",
    ),
    "clearContext": (
        "the tools are never removed",
        "Give each registration a `signal` and abort it to remove the tool.",
    ),
}
_SURFACES: dict[str, Surface] = {"document": "document", "navigator": "navigator"}
_TESTING_HOW = "use `document.modelContext.getTools()` and `executeTool()`."
MESSAGES = {
    "method-removed": (
        "`{{name}}()` was removed from WebMCP, so this call throws a TypeError. {{how}}"
    ),
    # where the verdict is not plain Chrome's: where it holds (`On @mcp-b/global 5.1.0`)
    "method-missing-on-runtime": (
        "{{where}}, `{{name}}()` does not exist, so this call throws a TypeError. {{how}}"
    ),
    "optional-call-never-happens": (
        "`{{name}}()` was removed from WebMCP, so the optional call never happens and "
        "{{effect}}. {{how}}"
    ),
    "check-always-false": (
        "`{{name}}()` was removed from WebMCP, so the check in front of this call is always "
        "false and {{effect}}. {{how}}"
    ),
    "testing-removed": (
        "`modelContextTesting` was removed in Chrome 152, so this code throws or does "
        f"nothing: {_TESTING_HOW}"
    ),
    "testing-not-installed": (
        "`modelContextTesting` was removed in Chrome 152 and {{installed}}, which this code "
        f"runs on, does not install it, so this code throws or does nothing: {_TESTING_HOW}"
    ),
}
_, RULE = rule_of_module(__name__)
# What a plain call of each removed method reports.
REMOVED_METHODS = {
    name: say(RULE, MESSAGES, "method-removed", name=name, how=how).text
    for name, (_, how) in REMOVED.items()
}


class _Verdict(Struct):
    """A use to report: its message and the values of its placeholders."""

    span: Span
    message_id: str
    fix: Fix | None = None
    related: list[Related] = field(default_factory=list)
    data: dict[str, MessageValue] = field(default_factory=dict)


@check(messages=MESSAGES)
def no_removed_api(model: FileModel, ctx: Context) -> None:
    unregistered = Counter(_unregistered_name(use) for use in model.api_uses)
    type_test = model.source.display_path.endswith((".test-d.ts", ".test-d.tsx"))
    # One finding per removed member and file: the other uses are related locations.
    found: dict[str, list[_Verdict]] = {}
    for use in model.api_uses:
        if type_test and _expected_type_error(use.node):
            continue  # a type test asserting the member is gone: it never runs
        runtime = model.runtime_at(use.node)
        verdict = None
        if use.path == ("modelContextTesting",):
            if _used(use.node) and not expects_failure(use.node):
                verdict = _testing(use, runtime)
        elif use.member in REMOVED and use.call is not None and not expects_failure(use.call):
            name = _unregistered_name(use)
            fix = _abort_fix(use, name, model) if name and unregistered[name] == 1 else None
            verdict = _call(use, runtime, fix)
        if verdict is not None:
            found.setdefault(use.member or use.path[0], []).append(verdict)
    for verdicts in found.values():
        first, *rest = verdicts
        related = first.related + [Related(v.span, "used here too") for v in rest]
        _report(ctx, first, related)


def _report(ctx: Context, verdict: _Verdict, related: list[Related]) -> None:
    # `severity` named, so that mypy does not take the data for it
    ctx.report(
        verdict.span,
        verdict.message_id,
        fix=verdict.fix,
        related=related,
        severity=None,
        **verdict.data,
    )


def _testing(use: ApiUse, runtime: Runtime) -> _Verdict | None:
    """`modelContextTesting` used where no runtime of the file installs it."""
    if not runtime.known or runtime.testing() or _feature_test(use.node):
        return None
    if runtime.implementations:
        return _Verdict(
            use.span,
            "testing-not-installed",
            related=evidence(*runtime.implementations),
            data={"installed": " and ".join(i.label for i in runtime.implementations)},
        )
    return _Verdict(use.span, "testing-removed")


def _feature_test(member: Node) -> bool:
    """`navigator?.modelContextTesting`, `typeof navigator.modelContextTesting?.x`, or a
    condition testing it: a check for the API, not a use of it."""
    node = outermost(member)
    while node.parent is not None and node.parent.type in (
        "member_expression",
        "subscript_expression",
        "parenthesized_expression",
        "non_null_expression",
    ):
        grand = node.parent.parent
        called = grand is not None and grand.type == "call_expression"
        if node.parent.type == "member_expression" and called:
            return False  # `modelContextTesting.listTools()`: a call, a use
        node = node.parent
    parent = node.parent
    if parent is None:
        return False
    if parent.type == "unary_expression" and text(parent.child_by_field_name("operator")) in (
        "typeof",
        "!",
    ):
        return True
    if parent.type in ("if_statement", "ternary_expression", "while_statement"):
        return parent.child_by_field_name("condition") == node
    if parent.type == "parenthesized_expression" and parent.parent is not None:
        return parent.parent.type in ("if_statement", "while_statement")
    if parent.type == "binary_expression":
        operator = text(parent.child_by_field_name("operator"))
        return operator in ("&&", "||", "??", "===", "!==", "==", "!=")
    return False


def _expected_type_error(node: Node) -> bool:
    """Whether the statement holding `node` follows a `// @ts-expect-error` comment."""
    statement = node
    while statement.parent is not None and not statement.type.endswith("statement"):
        statement = statement.parent
    previous = statement.prev_sibling
    return (
        previous is not None
        and previous.type == "comment"
        and text(previous).lstrip("/* ").startswith("@ts-expect-error")
    )


def _used(member: Node) -> bool:
    """`modelContextTesting.x` read or called, `modelContextTesting` itself called, or
    kept in a variable to use later; a read passed along (a test asserting that it is
    gone) is not a use."""
    node = outermost(member)
    parent = node.parent
    if parent is None:
        return False
    if parent.type == "call_expression":
        return parent.child_by_field_name("function") == node
    if parent.type == "variable_declarator":
        return parent.child_by_field_name("value") == node
    return parent.type in ("member_expression", "subscript_expression") and (
        parent.child_by_field_name("object") == node
    )


def _call(use: ApiUse, runtime: Runtime, fix: Fix | None) -> _Verdict | None:
    name = use.member
    assert name is not None and use.call is not None
    surface = _SURFACES.get(use.root)
    if surface is None or not runtime.known:
        return None
    if surface == "navigator" and runtime.provider("navigator", "chrome") is None:
        return None  # in Chrome the reach itself fails: no-navigator-model-context's finding
    effect, how = REMOVED[name]
    checks = list(_checks(use.call, use.script))
    for found in checks:
        if found.member != name and not runtime.may_provide(surface, found.member):
            return None  # code behind the check of another removed member never runs
        if _goes_on_otherwise(found):
            return None  # a branch for older runtimes beside the code Chrome runs
    if is_optional(use.call):
        guard = None
        message_id = "optional-call-never-happens"
    else:
        guard = next((c.where for c in checks if c.member == name), None)
        if guard is None:
            lacking = runtime.lacking(surface, name)
            if lacking is None:
                return None
            environment, provider = lacking
            if plain_chrome(runtime, provider):
                return _Verdict(use.span, "method-removed", fix, data={"name": name, "how": how})
            return _Verdict(
                use.span,
                "method-missing-on-runtime",
                fix if provider.kind == "chrome" else None,
                evidence(*runtime.implementations),
                {
                    "where": sentence(where(runtime, environment, provider)),
                    "name": name,
                    "how": how,
                },
            )
        message_id = "check-always-false"
    if runtime.may_provide(surface, name) or _done_otherwise(use.call, name, use.script.root):
        return None  # a check some runtime passes, or a fallback beside today's way
    related = [Related(guard, "the check that is always false")] if guard else []
    return _Verdict(
        use.span,
        message_id,
        # the call would go, the dead check would stay
        fix if guard is None else None,
        related,
        {"name": name, "effect": effect, "how": how},
    )


def _unregistered_name(use: ApiUse) -> str | None:
    """The tool name an `unregisterTool(name)` call passes, when it is known."""
    if use.member != "unregisterTool" or use.call is None:
        return None
    args = arguments(use.call)
    return use.script.value(args[0]).as_text() if len(args) == 1 else None


def _abort_fix(use: ApiUse, name: str, model: FileModel) -> Fix | None:
    """`unregisterTool(name)` becomes `controller.abort()`, with `controller` declared
    before the registration of `name` and its signal passed to it. Only where that is
    certain to work: one registration of the name in the file, without options, in a
    block that also holds the unregistration (so the cleanup sees the controller)."""
    assert use.call is not None
    registrations = [t for t in model.tools if t.kind == "imperative" and t.known_name == name]
    if len(registrations) != 1:
        return None
    (tool,) = registrations
    statement = _registration_statement(tool)
    if statement is None or statement.parent is None:
        return None
    block = statement.parent
    if not (statement.end_byte <= use.call.start_byte and use.call.end_byte <= block.end_byte):
        return None
    script = tool.script
    controller = script.semantic.free_name(_controller_names(name), block) if script else None
    if controller is None or tool.call is None:
        return None
    line_start = model.source.text.rfind(b"\n", 0, statement.start_byte) + 1
    before = model.source.text[line_start : statement.start_byte].decode("utf-8")
    after_declaration = "\n" + before if not before.strip() else " "
    definition = arguments(tool.call)[0]
    return Fix(
        "Unregister through an AbortController",
        (
            Edit(
                Span(statement.start_byte, statement.start_byte),
                f"const {controller} = new AbortController();{after_declaration}",
            ),
            insert_after(model.source.text, definition, f"{{ signal: {controller}.signal }}"),
            Edit(Span.of(use.call), f"{controller}.abort()"),
        ),
        "unsafe",
    )


def _registration_statement(tool: ToolDefinition) -> Node | None:
    """The statement of a `registerTool(tool)` call without options, when it stands in a
    block (or at the top level) where a declaration can go before it."""
    if tool.call is None or len(arguments(tool.call)) != 1:
        return None
    statement = statement_of(tool.call)
    parent = statement.parent
    if parent is None or parent.type not in ("statement_block", "program"):
        return None
    return statement


_IDENTIFIER_PARTS = LazyPattern(r"[A-Za-z0-9]+")


def _controller_names(tool_name: str) -> tuple[str, ...]:
    """`controller`, then `<toolName>Controller`: the first the code around does not use
    is the controller's name."""
    parts = _IDENTIFIER_PARTS.compiled.findall(tool_name)
    camel = parts[0].lower() + "".join(p.capitalize() for p in parts[1:]) if parts else ""
    return tuple(c for c in ("controller", f"{camel}Controller") if c[0].isalpha())


# What does today what a removed member did: registering, and aborting a registration.
MODERN = {"provideContext": "registerTool", "unregisterTool": "abort", "clearContext": "abort"}


def _done_otherwise(call: Node, name: str, root: Node) -> bool:
    """Whether the function holding a checked or optional call of a removed member also
    does it today's way (`registerTool`, an `abort()`), or the call is in the `else` of
    an `if` whose branch does (a function made in the `else` included): the call is a
    fallback for older runtimes, which Chrome never takes."""
    wanted = MODERN[name]
    function = enclosing_function(call)
    scope = function_body(function) if function is not None else root
    if scope is not None and _calls(scope, wanted):
        return True
    for ancestor in ancestors(call):
        if ancestor.type == "else_clause" and ancestor.parent is not None:
            branch = ancestor.parent.child_by_field_name("consequence")
            if branch is not None and _calls(branch, wanted):
                return True
    return False


def _calls(scope: Node, method: str) -> bool:
    for node in descendants(scope, frozenset({"call_expression"})):
        member = called_member(node)
        if member is not None and member[1] == method:
            return True
    return False


class _Check(Struct, frozen=True):
    """Code that checks a removed member before a call runs: `member` is what it reads,
    `where` where it reads it, `construct` the `if`, `?:` or `&&` that checks, and
    `early` whether it is an earlier `if` that leaves (the call comes after it)."""

    member: str
    where: Span
    construct: Node
    early: bool = False


def _checks(call: Node, script: Script) -> Iterator[_Check]:
    """Every check of a removed member around the call, innermost first: the left of
    `x && x()`, the condition of an `if` (or `?:`) whose branch holds the call, an
    earlier `if` of the block that leaves when the member is missing."""
    node = outermost(call)
    while node.parent is not None:
        parent = node.parent
        condition = None
        if parent.type in ("ternary_expression", "if_statement"):
            if parent.child_by_field_name("condition") != node:
                condition = parent.child_by_field_name("condition")
        elif parent.type == "binary_expression" and parent.child_by_field_name("right") == node:
            operator = parent.child_by_field_name("operator")
            if operator is not None and text(operator) == "&&":
                condition = parent.child_by_field_name("left")
        elif parent.type in ("statement_block", "program"):
            yield from _early_exits(node, script)
        if condition is not None:
            for member, where in _mentions(condition):
                yield _Check(member, where, parent)
        if parent.type.endswith("function") or parent.type in ("arrow_function", "program"):
            return
        node = parent


def _early_exits(statement: Node, script: Script) -> Iterator[_Check]:
    """Earlier `if`s of the block that test a removed member and leave (`if (typeof
    mc.unregisterTool !== "function") return;`)."""
    for sibling in script.semantic.earlier(statement):
        if sibling.type == "if_statement":
            condition = sibling.child_by_field_name("condition")
            consequence = sibling.child_by_field_name("consequence")
            if condition is not None and consequence is not None and exits(consequence):
                for member, where in _mentions(condition):
                    yield _Check(member, where, sibling, early=True)


def _goes_on_otherwise(check: _Check) -> bool:
    """Whether the code has another way on where the check fails, as a fallback for
    today's runtimes beside a branch for older ones: the other arm of a `?:`, an `else`,
    statements after an `if` whose branch returns, an early exit that does more than
    leave. What that way does is not knowable here; `x && x()` has none."""
    construct = check.construct
    if construct.type == "ternary_expression":
        return True
    if construct.type != "if_statement":
        return False
    if construct.child_by_field_name("alternative") is not None:
        return True
    consequence = construct.child_by_field_name("consequence")
    if consequence is None:
        return False
    if check.early:
        return consequence.type == "statement_block" and consequence.named_child_count > 1
    return exits(consequence) and construct.next_named_sibling is not None


def _mentions(condition: Node) -> Iterator[tuple[str, Span]]:
    """Each removed member `condition` reads (as a property or a string), and where it
    first does."""
    seen: set[str] = set()
    for found in descendants(condition, frozenset({"property_identifier", "string_fragment"})):
        name = text(found)
        if name in REMOVED and name not in seen and found.parent is not None:
            seen.add(name)
            yield name, Span.of(found.parent)
