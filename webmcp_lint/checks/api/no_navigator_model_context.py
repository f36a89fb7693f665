"""`navigator.modelContext`, removed in Chrome 152: use `document.modelContext`.

Judged by what the code runs on (model/runtime.py): a polyfill or shim that puts
`navigator.modelContext` on the page in Chrome too (`@mcp-b/global`, the polyfill up to
2.3, a shim) makes the reach work (whether Chrome's agent sees the tools is
tools-hidden-from-chrome's question); one installed only where the browser has no
WebMCP leaves it undefined exactly in Chrome. `navigator.modelContext ||
document.modelContext` works, and a `navigator` fallback after `document` is dead only
where nothing provides `navigator.modelContext` elsewhere.

One finding per mistake: every reach into `navigator.modelContext` in one statement (and
in the code an `if` on it guards) is reported once, at the first, with the others as
related locations and one fix for all of them.
"""

from __future__ import annotations

from tree_sitter import Node

from webmcp_lint import KeywordBytesPattern
from webmcp_lint.checks import Context, check
from webmcp_lint.checks._expressions import is_written, outermost, statement_of
from webmcp_lint.checks._runtime import evidence
from webmcp_lint.diagnostics import Edit, Fix, Related
from webmcp_lint.model import ApiUse, FileModel, Functions, Runtime, Script
from webmcp_lint.syntax.nodes import (
    descendants,
    is_document_context,
    is_optional,
    string_literal,
    text,
    unwrap,
)
from webmcp_lint.workspace.source import Span

# A file that installs `navigator.modelContext` (a polyfill, a test's fake) provides it.
_DEFINES = KeywordBytesPattern(
    rb"defineProperty\(\s*(?:window\.|globalThis\.)?navigator\s*,\s*[\"']modelContext",
    needs=("defineProperty", "modelContext"),
)
_FALLBACK_OPERATORS = ("??", "||")
_THROWS = (
    "`navigator.modelContext` is undefined since Chrome 152, so this call throws a "
    "TypeError and the tools are never registered: use `document.modelContext`."
)
_UNDEFINED = (
    "`navigator.modelContext` is undefined since Chrome 152, so code that reaches WebMCP "
    "through it silently does nothing: use `document.modelContext`."
)
_IN_CHECK = (
    "`'modelContext' in navigator` is always false since Chrome 152, so the guarded code "
    "never runs: test `'modelContext' in document` instead."
)
_IN_NEGATED_CHECK = (
    "`'modelContext' in navigator` is always false since Chrome 152, so this code always "
    "takes the path for browsers without WebMCP: test `'modelContext' in document` instead."
)
# Where the file also runs on implementations installed only where the browser has no
# WebMCP: the finding holds on Chrome, where they install nothing.
_ON_CHROME = "On Chrome with WebMCP, where {{absent}} installs nothing, "
MESSAGES = {
    "call-throws": _THROWS,
    "call-throws-on-chrome": _ON_CHROME + _THROWS,
    "reach-undefined": _UNDEFINED,
    "reach-undefined-on-chrome": _ON_CHROME + _UNDEFINED,
    "in-check-false": _IN_CHECK,
    "in-check-false-on-chrome": _ON_CHROME + _IN_CHECK,
    "negated-in-check-false": _IN_NEGATED_CHECK,
    "negated-in-check-false-on-chrome": _ON_CHROME + _IN_NEGATED_CHECK,
    "dead-fallback": (
        "The `navigator.modelContext` fallback is dead code: Chrome 152 removed it and every "
        "browser with WebMCP has `document.modelContext`. Remove the fallback."
    ),
}


@check(messages=MESSAGES)
def no_navigator_model_context(model: FileModel, ctx: Context) -> None:
    reaches = [u for u in model.api_uses if u.root == "navigator" and u.path == ("modelContext",)]
    if any(is_written(use.node) for use in reaches) or _DEFINES.search(model.source.text):
        return  # the file installs navigator.modelContext: it provides it, not uses it
    uses = sorted(
        (u for u in reaches if _undefined_in_chrome(model.runtime_at(u.node), u)),
        key=lambda u: u.node.start_byte,
    )
    # One finding per file for each mistake: the reaches that Chrome needs, and the dead
    # fallbacks after `document.modelContext`; each with the others as related locations.
    fallbacks: list[ApiUse] = []
    needed: list[ApiUse] = []
    for group in _groups(uses):
        fallback = all(_is_fallback(use.node, use.script, model.functions) for use in group)
        (fallbacks if fallback else needed).extend(group)
    if needed:
        first = needed[0]
        runtime = model.runtime_at(first.node)
        edits = tuple(edit for use in needed if (edit := _document_edit(use.node)) is not None)
        fix = Fix("Use document.modelContext", edits) if edits else None
        related = [Related(u.span, "`navigator.modelContext` here too") for u in needed[1:]]
        related.extend(evidence(*runtime.implementations))
        message_id, on_chrome = _message_ids(first)
        absent = list(dict.fromkeys(i.label for i in runtime.implementations if not i.always))
        if absent:
            ctx.report(first.span, on_chrome, fix=fix, related=related, absent=" and ".join(absent))
        else:
            ctx.report(first.span, message_id, fix=fix, related=related)
    if fallbacks and not _fallback_may_serve(model, fallbacks[0]):
        first = fallbacks[0]
        removable = _removable_fallback(first.node) if len(fallbacks) == 1 else None
        remove = Fix("Remove the fallback", (Edit(removable, ""),)) if removable else None
        related = [Related(u.span, "`navigator.modelContext` here too") for u in fallbacks[1:]]
        ctx.report(first.span, "dead-fallback", fix=remove, related=related, severity="warning")


def _fallback_may_serve(model: FileModel, use: ApiUse) -> bool:
    """Whether a `navigator.modelContext` fallback may serve something: an
    implementation provides it where the browser has no WebMCP, the project lists a
    runtime package (MCP-B before 3.0 installs only `navigator.modelContext`), or it is
    a library, whose users' pages may install such a runtime."""
    runtime = model.runtime_at(use.node)
    facts = model.project.runtime
    served = facts is not None and (facts.lists_runtime or facts.publishes)
    return served or runtime.provider("navigator", "other") is not None


def _undefined_in_chrome(runtime: Runtime, use: ApiUse) -> bool:
    """Whether `navigator.modelContext` is undefined in Chrome where this use runs, and
    the use depends on it (`navigator.modelContext || document.modelContext` does not)."""
    if not runtime.known or runtime.provider("navigator", "chrome") is not None:
        return False
    return not (
        _before_document(use.node, use.script)
        or _only_shown(use.node)
        or _behind_imported_check(use.node, use.script)
    )


def _behind_imported_check(member: Node, script: Script) -> bool:
    """Whether the use runs only where a function of another module says so (`if
    (isWebMCPSupported()) navigator.modelContext.registerTool(...)`): what that check
    reads is not known here, and a check on `navigator` is reported in its own file."""
    node = outermost(member)
    while node.parent is not None and not node.parent.type.endswith("function"):
        parent = node.parent
        condition = (
            parent.child_by_field_name("condition") if parent.type == "if_statement" else None
        )
        if condition is not None and condition != node:
            for call in descendants(condition, frozenset({"call_expression"})):
                callee = call.child_by_field_name("function")
                if callee is None or callee.type != "identifier":
                    continue
                binding = script.resolve(callee)
                if binding is not None and binding.kind == "import":
                    return True
        node = parent
    return False


def _only_shown(member: Node) -> bool:
    """`typeof navigator.modelContext` whose answer is only shown, handed to a call or put
    in a string (`log("navigator.modelContext: " + (typeof ... !== "undefined"))`): a
    report of what the browser has, not code that depends on it."""
    node = outermost(member)
    if node.parent is None or node.parent.type != "unary_expression":
        return False
    if text(node.parent.child_by_field_name("operator")) != "typeof":
        return False
    current = node.parent
    while current.parent is not None and not current.parent.type.endswith("statement"):
        current = current.parent
        if current.type in ("arguments", "template_substitution"):
            return True
    return False


def _message_ids(use: ApiUse) -> tuple[str, str]:
    """The message for a reach into `navigator.modelContext`, and the one that says it
    holds on Chrome, where the file's other implementations install nothing."""
    if use.in_check:
        if _negated(use.node):
            return "negated-in-check-false", "negated-in-check-false-on-chrome"
        return "in-check-false", "in-check-false-on-chrome"
    if _called_through(use.node):
        return "call-throws", "call-throws-on-chrome"
    return "reach-undefined", "reach-undefined-on-chrome"


def _before_document(member: Node, script: Script) -> bool:
    """`navigator.modelContext || document.modelContext` (or `??`), or both in a list of
    candidates: where the first is undefined the second is used, so it works in Chrome."""
    node = outermost(member)
    while node.parent is not None and node.parent.type == "ternary_expression":
        node = node.parent  # `typeof navigator !== "undefined" ? navigator.modelContext : null`
    parent = node.parent
    if parent is not None and parent.type == "array":
        # `[navigator.modelContext, document.modelContext].find(...)`: candidates
        return any(
            _mentions_document_context(item, script)
            for item in parent.named_children
            if item.id != node.id
        )
    if parent is None or parent.type != "binary_expression":
        return False
    operator = parent.child_by_field_name("operator")
    right = parent.child_by_field_name("right")
    return (
        parent.child_by_field_name("left") == node
        and operator is not None
        and text(operator) in _FALLBACK_OPERATORS
        and right is not None
        and _mentions_document_context(right, script)
    )


def _negated(check: Node) -> bool:
    node = outermost(check)
    parent = node.parent
    return (
        parent is not None
        and parent.type == "unary_expression"
        and text(parent.child_by_field_name("operator")) == "!"
    )


def _groups(uses: list[ApiUse]) -> list[list[ApiUse]]:
    """Uses grouped by statement; the statements an `if` on `navigator` guards join the
    group of its condition."""
    groups: dict[int, list[ApiUse]] = {}
    for use in sorted(uses, key=lambda u: u.node.start_byte):
        statement = statement_of(use.node)
        key = statement.id
        guard = _guarding_if(statement, groups)
        if guard is not None:
            key = guard
        groups.setdefault(key, []).append(use)
    return list(groups.values())


def _guarding_if(statement: Node, groups: dict[int, list[ApiUse]]) -> int | None:
    """The id of an enclosing `if` statement whose condition already has a group."""
    node = statement.parent
    while node is not None:
        if node.type == "if_statement" and node.id in groups:
            return node.id
        node = node.parent
    return None


def _called_through(member: Node) -> bool:
    """`navigator.modelContext.x(...)` (or a call of it): the call throws a TypeError. An
    optional chain (`?.`) stops at the undefined and throws nothing."""
    node = member
    parent = node.parent
    while parent is not None and parent.type in (
        "parenthesized_expression",
        "non_null_expression",
        "as_expression",
    ):
        node, parent = parent, parent.parent
    if parent is None:
        return False
    if parent.type == "call_expression":
        return parent.child_by_field_name("function") == node
    if parent.type not in ("member_expression", "subscript_expression"):
        return False
    if parent.child_by_field_name("object") != node or _optional(parent):
        return False
    call = parent.parent
    return call is not None and call.type == "call_expression"


def _optional(member: Node) -> bool:
    return is_optional(member)


def _is_fallback(member: Node, script: Script, functions: Functions) -> bool:
    """Whether `navigator.modelContext` is only reached when `document.modelContext` is
    missing: on the right of `document.modelContext ?? ...` (or `||`), in the `else` of
    a conditional on the document's context (`'modelContext' in document ? document :
    ...`), after an early `if` on it that returns it, inside the branch of such a
    fallback's `if`, or in a list of candidates beside the document's."""
    node = outermost(member)
    while node.parent is not None:
        parent = node.parent
        if (
            parent.type == "ternary_expression"
            and parent.child_by_field_name("alternative") == node
        ):
            condition = parent.child_by_field_name("condition")
            if condition is not None and _mentions_document_context(condition, script):
                return True
        if parent.type == "binary_expression" and parent.child_by_field_name("right") == node:
            operator = parent.child_by_field_name("operator")
            left = parent.child_by_field_name("left")
            if (
                operator is not None
                and text(operator) in _FALLBACK_OPERATORS
                and left is not None
                and _mentions_document_context(left, script)
            ):
                return True
        if parent.type in ("statement_block", "program"):
            if functions.after_document_return(node, script):
                return True
            branch = parent.parent
            if branch is not None and branch.type == "else_clause":
                owner = branch.parent  # `if (document.modelContext) ... else { here }`
                condition = owner.child_by_field_name("condition") if owner else None
                return condition is not None and _mentions_document_context(condition, script)
            # inside the branch of an `if` that is itself after the document's return
            return (
                branch is not None
                and branch.type == "if_statement"
                and functions.after_document_return(branch, script)
            )
        node = parent
    return False


def _mentions_document_context(node: Node, script: Script) -> bool:
    """`document.modelContext` in `node`, directly or through a same-file `const`, or
    `'modelContext' in document`."""
    for part in (node, *descendants(node)):
        if part.type in ("member_expression", "subscript_expression") and is_document_context(part):
            return True
        if part.type == "binary_expression" and _in_document(part):
            return True
        if part.type == "identifier":
            value = script.constant(part)
            if value is not None and is_document_context(value):
                return True
    return False


def _in_document(test: Node) -> bool:
    """`'modelContext' in document` (or `window.document`)."""
    left, right = test.child_by_field_name("left"), test.child_by_field_name("right")
    return (
        text(test.child_by_field_name("operator")) == "in"
        and left is not None
        and string_literal(left) == "modelContext"
        and right is not None
        and text(unwrap(right)).split(".")[-1] == "document"
    )


def _removable_fallback(member: Node) -> Span | None:
    """For `document.modelContext ?? navigator.modelContext` (or `||`): the text to delete
    to leave only the document's, else None."""
    node = outermost(member)
    parent = node.parent
    if parent is None or parent.type != "binary_expression":
        return None
    left = parent.child_by_field_name("left")
    if parent.child_by_field_name("right") != node or left is None:
        return None
    return Span(left.end_byte, node.end_byte) if is_document_context(left) else None


def _document_edit(node: Node) -> Edit | None:
    """Replace the `navigator` identifier or property with `document`."""
    target = node.child_by_field_name("right") or node.child_by_field_name("object")
    if target is None:
        return None
    target = unwrap(target)
    if target.type == "member_expression":
        target = target.child_by_field_name("property") or target
    if text(target) != "navigator":
        return None
    return Edit(Span.of(target), "document")
