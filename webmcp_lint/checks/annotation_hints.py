"""Annotations that should be there, and annotations that contradict the tool.

The hint rules read the tool's name and description and what `execute` visibly does.
Declarative forms are left out: a form has no `annotations` (its human-in-the-loop
control is `toolautosubmit`), so a finding there could not be acted on.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from urllib.parse import urlsplit

from tree_sitter import Node

from webmcp_lint.checks import Context as CheckContext
from webmcp_lint.checks import legacy_check as check
from webmcp_lint.checks._body import Body, global_call, is_global
from webmcp_lint.checks._util import head_span, registered_tools
from webmcp_lint.diagnostics import Finding, Related
from webmcp_lint.model import Entry, FileModel, ToolDefinition, Value
from webmcp_lint.source import Span
from webmcp_lint.syntax.nodes import (
    arguments,
    called_member,
    property_name,
    string_literal,
    text,
    unwrap,
)

READ_VERBS = frozenset(
    {
        "get",
        "list",
        "search",
        "find",
        "read",
        "show",
        "count",
        "lookup",
        "look",
        "query",
        "fetch",
        "view",
        "check",
        "describe",
        "browse",
        "preview",
        "retrieve",
        "inspect",
        "summarize",
        "summarise",
        "compare",
        "calculate",
        "estimate",
    }
)
# Words that say a tool changes something, wherever they appear in its name; and the
# first word of a callee that changes something (`setFilters`, `navigateTo`).
MUTATING_WORDS = frozenset(
    {
        "add",
        "set",
        "update",
        "delete",
        "remove",
        "create",
        "save",
        "submit",
        "send",
        "post",
        "put",
        "patch",
        "book",
        "buy",
        "pay",
        "order",
        "cancel",
        "apply",
        "toggle",
        "open",
        "close",
        "navigate",
        "go",
        "switch",
        "select",
        "clear",
        "reset",
        "start",
        "stop",
        "play",
        "pause",
        "move",
        "upload",
        "download",
        "share",
        "subscribe",
        "unsubscribe",
        "login",
        "logout",
        "register",
        "enable",
        "disable",
        "mark",
        "edit",
        "change",
        "fill",
        "replace",
        "write",
        "scroll",
        "focus",
        "click",
        "checkout",
        "purchase",
        "transfer",
        "reserve",
        "schedule",
        "invite",
        "like",
        "follow",
        "vote",
        "rate",
        "archive",
        "restore",
        "rename",
        "assign",
        "approve",
        "reject",
        "confirm",
        "publish",
        "import",
        "sync",
        "refresh",
        "reload",
        "insert",
        "upsert",
        "modify",
        "increment",
        "decrement",
        "filter",
        "sort",
        "expand",
        "collapse",
        "hide",
        "display",
        "render",
        "highlight",
        "redirect",
        "dispatch",
        "emit",
        "commit",
        "store",
        "persist",
        "copy",
        "print",
        "append",
        "prepend",
        "track",
        "log",
    }
)
# Words after a reading verb that still say the tool changes something
# (`search_and_add`, `get_or_create_cart`); nouns such as `order` or `post` are left out.
CHANGING_NAME_WORDS = frozenset(
    {
        "add",
        "set",
        "update",
        "delete",
        "remove",
        "create",
        "save",
        "submit",
        "send",
        "cancel",
        "apply",
        "toggle",
        "open",
        "close",
        "navigate",
        "go",
        "switch",
        "select",
        "clear",
        "reset",
        "start",
        "stop",
        "pause",
        "move",
        "subscribe",
        "unsubscribe",
        "login",
        "logout",
        "enable",
        "disable",
        "edit",
        "fill",
        "replace",
        "write",
        "scroll",
        "focus",
        "click",
        "reserve",
        "invite",
        "follow",
        "restore",
        "rename",
        "assign",
        "approve",
        "reject",
        "confirm",
        "publish",
        "sync",
        "refresh",
        "reload",
        "insert",
        "upsert",
        "modify",
        "increment",
        "decrement",
        "expand",
        "collapse",
        "hide",
        "render",
        "highlight",
        "redirect",
        "dispatch",
        "emit",
        "commit",
        "persist",
        "append",
        "prepend",
    }
)
MUTATING_DESCRIPTION_WORDS = frozenset(
    {
        "adds",
        "updates",
        "deletes",
        "removes",
        "creates",
        "saves",
        "submits",
        "sends",
        "buys",
        "pays",
        "cancels",
        "applies",
        "toggles",
        "opens",
        "closes",
        "navigates",
        "switches",
        "selects",
        "clears",
        "resets",
        "starts",
        "stops",
        "plays",
        "moves",
        "uploads",
        "downloads",
        "shares",
        "subscribes",
        "sets",
        "changes",
        "edits",
        "fills",
        "replaces",
        "writes",
        "scrolls",
        "focuses",
        "clicks",
        "marks",
        "places",
        "publishes",
        "displays",
        "shows",
        "renders",
        "highlights",
        "redirects",
        "goes",
        "modifies",
        "stores",
    }
)
# First words of tool names that commit to something on their own (`book_table`).
CONSEQUENTIAL_VERBS = frozenset(
    {
        "buy",
        "purchase",
        "pay",
        "checkout",
        "order",
        "book",
        "reserve",
        "transfer",
        "send",
        "post",
        "publish",
        "delete",
        "refund",
        "withdraw",
        "charge",
        "donate",
        "sell",
        "bid",
        "erase",
        "purge",
        "wipe",
        "destroy",
        "email",
        "tweet",
    }
)
# Verbs that commit something only when they name a consequential object
# (`place_order`, `confirm_booking`, `cancel_subscription`).
COMMITTING_VERBS = frozenset(
    {
        "place",
        "submit",
        "confirm",
        "complete",
        "make",
        "process",
        "finalize",
        "finalise",
        "execute",
        "create",
        "issue",
        "approve",
        "authorize",
        "authorise",
        "cancel",
    }
)
CONSEQUENTIAL_OBJECTS = frozenset(
    {
        "order",
        "purchase",
        "payment",
        "booking",
        "reservation",
        "transfer",
        "checkout",
        "transaction",
        "refund",
        "withdrawal",
        "donation",
        "charge",
        "subscription",
        "membership",
        "appointment",
        "account",
        "plan",
        "flight",
        "ticket",
        "trip",
        "ride",
        "delivery",
        "wire",
    }
)
# Objects of routine, reversible actions: `delete_filter`, `remove_from_cart`.
ROUTINE_OBJECTS = frozenset(
    {"cart", "filter", "selection", "highlight", "search", "query", "sort", "draft", "view"}
)
# Words that make a leading `book`, `post` or `order` a noun: `book_details`, `order_by`.
NOUN_MARKERS = frozenset(
    {
        "info",
        "details",
        "detail",
        "summary",
        "list",
        "catalog",
        "preview",
        "cover",
        "title",
        "by",
        "history",
        "status",
        "tracking",
        "number",
        "id",
        "page",
    }
)
USER_CONTENT_WORDS = frozenset(
    {
        "review",
        "comment",
        "message",
        "post",
        "ticket",
        "email",
        "mail",
        "inbox",
        "thread",
        "chat",
        "conversation",
        "bio",
        "feedback",
        "testimonial",
        "discussion",
        "reply",
        "issue",
        "question",
        "answer",
        "note",
        "document",
        "listing",
    }
)
# Verbs that are also nouns at the start of a name or sentence.
AMBIGUOUS_VERBS = frozenset({"book", "post", "order", "email", "bid"})
DETERMINERS = frozenset(
    {"a", "an", "the", "one", "your", "their", "his", "her", "this", "that", "some", "all"}
)
PREPOSITIONS = frozenset({"for", "by", "of", "in", "from", "on", "with", "about", "to"})
DESCRIPTION_PREAMBLE = re.compile(
    r"^\s*(?:this tool\s+|the tool\s+|tool (?:that|to)\s+|use (?:this )?to\s+|lets the user\s+"
    r"|allows the user to\s+|used to\s+)",
    re.I,
)


def words(name: str) -> list[str]:
    """The words of an identifier or a sentence: `searchProducts`, `get_order-status`."""
    spaced = re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", name)
    spaced = re.sub(r"([A-Z]+)([A-Z][a-z])", r"\1 \2", spaced)
    return [word.lower() for word in re.split(r"[^A-Za-z0-9]+", spaced) if word]


def singular(word: str) -> str:
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith("s") and not word.endswith("ss") and len(word) > 3:
        return word[:-1]
    return word


def description_text(tool: ToolDefinition) -> str | None:
    description = tool.description
    return description.as_text() if description is not None else None


def first_sentence(description: str) -> str:
    return re.split(r"(?<=[.!?])\s", description.strip(), maxsplit=1)[0]


@dataclass
class Annotations:
    """A tool's annotations when they are known: entries by key."""

    value: Value | None  # None: the tool has no `annotations`
    entries: dict[str, Entry]

    def given(self, key: str) -> bool:
        return key in self.entries

    def is_true(self, key: str) -> bool:
        entry = self.entries.get(key)
        return entry is not None and entry.value.kind == "boolean" and entry.value.data is True


def known_annotations(tool: ToolDefinition) -> Annotations | None:
    """The annotations when it is known which keys are there; None when not (a spread
    of something unknown, an annotations object built at run time)."""
    if tool.kind == "declarative" or tool.definition.kind != "object":
        return None
    annotations = tool.annotations
    if annotations is None:
        return Annotations(None, {})
    if annotations.kind != "object" or not annotations.complete:
        return None
    return Annotations(annotations, dict(annotations.entries))


def _where(tool: ToolDefinition, model: FileModel) -> Span:
    """Where a missing annotation is reported: the tool's name, else the tool."""
    name = tool.name
    if name is not None and name.known:
        return name.span
    return head_span(model.source, tool.span)


# Globals whose names start like a change but only schedule work.
SCHEDULING_GLOBALS = frozenset(
    {"setTimeout", "setInterval", "clearTimeout", "clearInterval", "queueMicrotask"}
)


# -- what execute changes -----------------------------------------------------------------


@dataclass(frozen=True)
class Mutation:
    node: Node
    what: str
    # A POST: many APIs read through POST (search, translation, GraphQL queries), so
    # on its own it does not prove a read-only tool wrong.
    post: bool = False


def mutations(body: Body, strong: bool) -> Iterator[Mutation]:
    """What `execute` visibly changes, also through same-file helpers it calls (one
    level). `strong` keeps to unmistakable changes (a POST, a storage write, a
    navigation, a form submit, a state setter); otherwise any call or assignment that
    may change state outside the function counts too."""
    yield from _mutations_in(body, strong)
    for call in body.everything("call_expression"):
        helper = body.helper(call)
        if helper is not None:
            for found in _mutations_in(helper, strong):
                yield Mutation(call, f"{found.what} (in `{_callee(call)}`)", found.post)


def _mutations_in(body: Body, strong: bool) -> Iterator[Mutation]:
    for node in body.everything(
        "call_expression",
        "assignment_expression",
        "augmented_assignment_expression",
        "update_expression",
        "unary_expression",
    ):
        if node.type == "call_expression":
            found = _strong_call(body, node)
            if found is None and not strong:
                found = _weak_call(body, node)
            if found is not None:
                yield Mutation(node, found, found == "sends a POST request")
            continue
        if node.type == "unary_expression":
            operator = node.child_by_field_name("operator")
            if operator is None or text(operator) != "delete" or strong:
                continue
            target = node.child_by_field_name("argument")
        elif node.type == "update_expression":
            target = node.child_by_field_name("argument")
        else:
            target = node.child_by_field_name("left")
        if target is None:
            continue
        found = _strong_assignment(body, target) if node.type == "assignment_expression" else None
        if found is None and not strong and not _local(body, target):
            found = f"assigns to `{_short(target)}`"
        if found is not None:
            yield Mutation(node, found)


def _strong_call(body: Body, call: Node) -> str | None:
    script = body.script
    if global_call(script, call, "fetch"):
        method = _fetch_method(body, call)
        if method is not None and method not in ("GET", "HEAD"):
            return f"sends a {method} request"
        return None
    member = called_member(call)
    if member is None:
        function = call.child_by_field_name("function")
        if function is not None and _state_setter(body, unwrap(function)):
            return f"updates state with `{text(unwrap(function))}()`"
        return None
    target, method_name = unwrap(member[0]), member[1]
    root = _root_global(body, target)
    if root in ("localStorage", "sessionStorage") and method_name in (
        "setItem",
        "removeItem",
        "clear",
    ):
        return f"writes to `{root}`"
    if root == "location" and method_name in ("assign", "replace", "reload"):
        return f"navigates with `location.{method_name}()`"
    if root == "history" and method_name in ("pushState", "replaceState", "back", "forward", "go"):
        return f"navigates with `history.{method_name}()`"
    if root == "navigator" and method_name == "sendBeacon":
        return "sends data with `navigator.sendBeacon()`"
    if method_name == "open" and is_global(script, target, "window"):
        return "opens a window"
    if method_name in ("submit", "requestSubmit", "click") and not arguments(call):
        return f"calls `.{method_name}()`"
    if method_name in ("push", "replace", "navigate", "navigateByUrl") and text(
        target
    ).lower().endswith("router"):
        return f"navigates with `{_short(target)}.{method_name}()`"
    return None


def _weak_call(body: Body, call: Node) -> str | None:
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
    first = words(name)[:1]
    if first and first[0] in MUTATING_WORDS:
        return f"calls `{name}()`"
    return None


def _strong_assignment(body: Body, target: Node) -> str | None:
    target = unwrap(target)
    if target.type == "identifier" and is_global(body.script, target, "location"):
        return "navigates by assigning `location`"
    if target.type != "member_expression":
        return None
    name = property_name(target)
    root = _root_global(body, target)
    if root == "location" or (name == "location" and root == "window"):
        return "navigates by assigning `location`"
    if root == "document" and name == "cookie":
        return "writes `document.cookie`"
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


def _fetch_method(body: Body, call: Node) -> str | None:
    init = body.fetch_init(call)
    if init is None:
        return "GET"
    if init.kind != "object":
        return None
    method = init.get("method")
    if method is None:
        return "GET" if init.complete else None
    return method.data.upper() if method.kind == "string" else None


def _callee(call: Node) -> str:
    function = call.child_by_field_name("function")
    return text(unwrap(function)) if function is not None else "helper"


def _short(node: Node) -> str:
    shown = text(node)
    return shown if len(shown) <= 40 else shown[:37] + "..."


# -- read-only-hint -----------------------------------------------------------------------


@check("read-only-hint")
def read_only_hint(model: FileModel, context: CheckContext) -> Iterator[Finding]:
    for tool in registered_tools(model.tools):
        annotations = known_annotations(tool)
        name = tool.known_name
        if annotations is None or name is None or annotations.given("readOnlyHint"):
            continue
        if annotations.is_true("consequentialHint"):
            continue
        name_words = words(name)
        if not _reads_only_by_name(name_words):
            continue
        description = description_text(tool)
        if description is None:
            continue
        if MUTATING_DESCRIPTION_WORDS & set(words(description)):
            continue
        body = Body.of(tool)
        if body is None or next(mutations(body, strong=False), None) is not None:
            continue
        yield Finding(
            "read-only-hint",
            f'"{name}" reads like a query and its `execute` changes nothing visible, but it '
            "lacks `readOnlyHint: true`: agents then treat it as changing state and ask the "
            "user to confirm every call. Add `annotations: { readOnlyHint: true }` if it "
            "only reads.",
            _where(tool, model),
        )


def _reads_only_by_name(name_words: list[str]) -> bool:
    if not name_words or name_words[0] not in READ_VERBS:
        return False
    if name_words[0] == "check" and name_words[1:2] in (["in"], ["out"]):
        return False  # check_in, check_out
    return not any(word in CHANGING_NAME_WORDS for word in name_words[1:])


# -- consequential-hint -------------------------------------------------------------------


@check("consequential-hint")
def consequential_hint(model: FileModel, context: CheckContext) -> Iterator[Finding]:
    for tool in registered_tools(model.tools):
        annotations = known_annotations(tool)
        name = tool.known_name
        if annotations is None or name is None:
            continue
        if annotations.given("consequentialHint") or annotations.is_true("readOnlyHint"):
            continue
        name_words = words(name)
        if not name_words:
            continue
        description = description_text(tool)
        said = _consequential(name_words)
        if said is not None and name_words[0] in AMBIGUOUS_VERBS and description is not None:
            if _starts_reading(description):
                said = None  # `order_history`: "Lists the user's past orders."
        elif said is None and description is not None and name_words[0] not in READ_VERBS:
            said = _consequential_description(description)
        if said is None:
            continue
        yield Finding(
            "consequential-hint",
            f'"{name}" {said}, but it lacks `consequentialHint: true`: without it agents '
            "treat the action as safe to run without asking the user. Add "
            "`annotations: { consequentialHint: true }`.",
            _where(tool, model),
        )


def _consequential(name_words: list[str]) -> str | None:
    """What a tool name says the tool commits to, or None."""
    if not name_words:
        return None
    verb, rest = name_words[0], [singular(word) for word in name_words[1:]]
    if ROUTINE_OBJECTS & set(_object_phrase(rest)):
        return None
    if verb in CONSEQUENTIAL_VERBS:
        if verb in AMBIGUOUS_VERBS and (NOUN_MARKERS | READ_VERBS) & set(rest):
            return None
        return f"says it will {verb}"
    if verb in COMMITTING_VERBS:
        found = next((word for word in rest if word in CONSEQUENTIAL_OBJECTS), None)
        if found is not None:
            return f"says it will {verb} {_a(found)}"
    return None


def _consequential_description(description: str) -> str | None:
    """What the first verb of a description says the tool commits to, or None."""
    sentence = DESCRIPTION_PREAMBLE.sub("", first_sentence(description))
    sentence_words = words(sentence)
    if not sentence_words:
        return None
    verb = sentence_words[0]
    base = _base_form(verb)
    rest = [singular(word) for word in sentence_words[1:]]
    if ROUTINE_OBJECTS & set(_object_phrase(rest)):
        return None
    if base in CONSEQUENTIAL_VERBS:
        # "Books a table" is a verb; "Books by the author" or "Orders placed..." a noun.
        if base in AMBIGUOUS_VERBS and rest[:1] and rest[0] not in DETERMINERS:
            return None
        return f"is described as one that {verb}"
    if base in COMMITTING_VERBS:
        found = next((word for word in rest if word in CONSEQUENTIAL_OBJECTS), None)
        if found is not None:
            return f"is described as one that {verb} {_a(found)}"
    return None


def _starts_reading(description: str) -> bool:
    """The description's first verb reads: "Lists ...", "Gets ...", "Returns ..."."""
    sentence = DESCRIPTION_PREAMBLE.sub("", first_sentence(description))
    first = words(sentence)[:1]
    return bool(first) and (_base_form(first[0]) in READ_VERBS or first[0] == "returns")


def _object_phrase(rest: list[str]) -> list[str]:
    """The words after the verb up to the first preposition: `delete_cart_item` gives
    cart, item; `place_order_from_cart` gives order."""
    cut = next((i for i, word in enumerate(rest) if word in PREPOSITIONS), len(rest))
    return rest[:cut]


def _a(noun: str) -> str:
    return f"an {noun}" if noun[:1] in ("a", "e", "i", "o", "u") else f"a {noun}"


def _base_form(verb: str) -> str:
    for suffix, replacement in (("ches", "ch"), ("shes", "sh"), ("sses", "ss"), ("ies", "y")):
        if verb.endswith(suffix):
            return verb[: -len(suffix)] + replacement
    if verb.endswith("s") and not verb.endswith("ss"):
        return verb[:-1]
    return verb


# -- annotation-conflict ------------------------------------------------------------------


@check("annotation-conflict")
def annotation_conflict(model: FileModel, context: CheckContext) -> Iterator[Finding]:
    for tool in registered_tools(model.tools):
        annotations = known_annotations(tool)
        if annotations is None or not annotations.is_true("readOnlyHint"):
            continue
        read_only = annotations.entries["readOnlyHint"]
        where = Span(read_only.key_span.start, read_only.value.span.end)
        if annotations.is_true("consequentialHint"):
            other = annotations.entries["consequentialHint"]
            yield Finding(
                "annotation-conflict",
                "`readOnlyHint` and `consequentialHint` are both true, which contradicts "
                "itself: a tool that only reads has no consequences to confirm, and agents "
                "may run it without asking. Keep only the hint that is true of the tool.",
                where,
                related=(Related(other.key_span, "consequentialHint is set here"),),
            )
            continue
        body = Body.of(tool)
        name_changes = _name_says_it_changes(tool)
        found = next(
            (m for m in mutations(body, strong=True) if name_changes or not m.post)
            if body is not None
            else iter(()),
            None,
        )
        if found is None:
            continue
        line = model.source.line_of(found.node.start_byte) + 1
        yield Finding(
            "annotation-conflict",
            f"The tool says `readOnlyHint: true`, but `execute` {found.what} (line {line}): "
            "agents run read-only tools without asking the user. Remove `readOnlyHint`, or "
            "move the change out of this tool.",
            where,
            related=(Related(head_span(model.source, Span.of(found.node)), "changes state here"),),
        )


def _name_says_it_changes(tool: ToolDefinition) -> bool:
    """`post_reply`, `save_note`: a POST from such a tool is the change its name says."""
    name = tool.known_name
    name_words = words(name) if name is not None else []
    changing = CHANGING_NAME_WORDS | CONSEQUENTIAL_VERBS
    return any(word in changing for word in name_words)


# -- untrusted-content-hint ---------------------------------------------------------------


@check("untrusted-content-hint", trusted_origins=[])
def untrusted_content_hint(model: FileModel, context: CheckContext) -> Iterator[Finding]:
    trusted = {_origin(str(o)) for o in context.options.get("trusted-origins", [])}
    for tool in registered_tools(model.tools):
        annotations = known_annotations(tool)
        name = tool.known_name
        if annotations is None or name is None or annotations.given("untrustedContentHint"):
            continue
        name_words = words(name)
        reason = _user_content(name_words)
        body = Body.of(tool)
        if reason is None and body is not None and next(mutations(body, True), None) is None:
            origin = next(_third_party_fetches(body, trusted), None)
            if origin is not None:
                reason = f"returns data fetched from {origin}"
        if reason is None:
            continue
        yield Finding(
            "untrusted-content-hint",
            f'"{name}" {reason}, which may carry instructions aimed at the agent, but it '
            "lacks `untrustedContentHint: true`. Add it so agents keep that content apart "
            "from their instructions.",
            _where(tool, model),
        )


def _user_content(name_words: list[str]) -> str | None:
    """What user-written content a reading tool's name says it returns: the head noun of
    the name (its last word before a preposition), as in `get_product_reviews` or
    `list_comments_for_post`; `get_forum_rules` names rules, not posts."""
    if not name_words or name_words[0] not in READ_VERBS or name_words[0] == "count":
        return None
    rest = name_words[1:]
    cut = next((i for i, word in enumerate(rest) if word in PREPOSITIONS), len(rest))
    head = singular(rest[cut - 1]) if cut > 0 else None
    if head is None or head not in USER_CONTENT_WORDS:
        return None
    if any(word in CHANGING_NAME_WORDS for word in rest):
        return None
    return f"returns {rest[cut - 1]}, content written by users or third parties"


def _third_party_fetches(body: Body, trusted: set[str | None]) -> Iterator[str]:
    for call in body.fetches():
        args = arguments(call)
        if not args:
            continue
        url = _literal_prefix(unwrap(args[0]))
        if url is None:
            continue
        origin = _origin(url)
        if origin is not None and origin not in trusted:
            yield origin


def _literal_prefix(node: Node) -> str | None:
    """The literal start of a URL: a whole string, or a template's text before `${`."""
    if node.type == "string":
        return string_literal(node)
    if node.type == "template_string":
        prefix = []
        for child in node.children:
            if child.type == "string_fragment":
                prefix.append(text(child))
            elif child.type == "template_substitution":
                break
        return "".join(prefix)
    return None


def _origin(url: str) -> str | None:
    parts = urlsplit(url.strip())
    if parts.scheme.lower() not in ("http", "https") or not parts.hostname:
        return None
    try:
        port = f":{parts.port}" if parts.port else ""
    except ValueError:
        return None
    return f"{parts.scheme.lower()}://{parts.hostname.lower()}{port}"
