"""A tool that says it buys, pays, books, sends, posts, deletes or cancels lacks
consequentialHint.

A description is read by its first verb and by the verbs joined to it in its first
sentence ("Start a return and refund it"). The name alone is not enough when the
description says the tool only changes the view ("Closes the order summary", "Dismisses
the purchase dialog"), commits to nothing further on, and `execute` commits nothing (no
request that writes, no storage, navigation or form submit, no click but on a control
that closes): `confirm_order` may just close a dialog.
"""

from __future__ import annotations

import re

from tree_sitter import Node

from webmcp_lint import KeywordPattern
from webmcp_lint.checks import Context, check
from webmcp_lint.checks._hints import (
    CONSEQUENTIAL_VERBS,
    PREPOSITIONS,
    READ_VERBS,
    add_annotation,
    description_text,
    known_annotations,
    missing_hint_span,
    reported_as,
)
from webmcp_lint.checks._runtime import never_in_chromes_registry
from webmcp_lint.checks._util import registered_tools
from webmcp_lint.checks._words import singular, word_list, words
from webmcp_lint.model import FileModel, ToolDefinition
from webmcp_lint.model.functions import MutationKind
from webmcp_lint.syntax.nodes import arguments, called_member, string_literal, text, unwrap

COMMITTING_VERBS = word_list("committing-verbs")
CONSEQUENTIAL_OBJECTS = word_list("consequential-objects")
ROUTINE_OBJECTS = word_list("routine-objects")
NOUN_MARKERS = word_list("noun-markers")
AMBIGUOUS_VERBS = word_list("ambiguous-verbs")
DETERMINERS = word_list("determiners")
VIEW_VERBS = word_list("view-verbs")
# Words that end a verb's object: "an alert that notifies ... a payment".
RELATIVE_WORDS = frozenset({"that", "which", "who", "when", "whenever", "if", "so", "and", "or"})
# Words that join another verb to the first: "Start a return and refund it", "Reviews the
# cart, then places the order".
JOINING_WORDS = frozenset({"and", "then"})
# Objects that make the word before them a verb: "and refund it", "and sends the order".
OBJECT_PRONOUNS = frozenset({"it", "them", "him", "me", "us"})
# What the control a tool clicks is named for, when the click only closes something.
CLOSING_WORDS = frozenset({"close", "dismiss"})
# Changes of `execute` that commit something beyond the page's view.
COMMITTING_CHANGES: frozenset[MutationKind] = frozenset(
    {"post-request", "request", "beacon", "form", "storage", "cookie", "navigation"}
)
# Verbs names write as one word.
PHRASAL_VERBS = {"checkout": ("check", "out")}
# Every match holds "tool", "use", "lets" or "allows", and "to" (in "tool" too) or "lets".
DESCRIPTION_PREAMBLE = KeywordPattern(
    r"^\s*(?:this tool\s+|the tool\s+|tool (?:that|to)\s+|use (?:this )?to\s+|lets the user\s+"
    r"|allows the user to\s+|used to\s+)",
    re.I,
    needs=("tool use lets allows", "to lets"),
)

# `said` is what the name or description says the tool commits to ("says it will buy",
# `consequential`); `add` how to add the hint (`_hints.add_annotation`).
MESSAGES = {
    "missing-consequential-hint": (
        '"{{name}}" {{said}}, but it lacks `consequentialHint: true`: without it agents treat '
        "the action as safe to run without asking the user. {{add}}."
    ),
}


@check(messages=MESSAGES)
def consequential_hint(model: FileModel, ctx: Context) -> None:
    for tool in registered_tools(model.tools):
        annotations = known_annotations(tool)
        name = tool.known_name
        if annotations is None or name is None:
            continue
        if annotations.given("consequentialHint") or annotations.is_true("readOnlyHint"):
            continue
        if reported_as(annotations, "consequentialHint"):
            continue  # `destructiveHint: true`: annotation-unknown says to use this hint
        if never_in_chromes_registry(model, tool):
            continue  # MCP clients at most (MCP-B before 3.0): a missing destructiveHint is true
        said = _says(tool, model)
        if said is None:
            continue
        ctx.report(
            missing_hint_span(tool, model),
            "missing-consequential-hint",
            name=name,
            said=said,
            add=add_annotation(tool, "consequentialHint: true"),
        )


def consequential(tool: ToolDefinition, model: FileModel) -> str | None:
    """Why a tool commits to something: it says so with `consequentialHint: true`, or its
    name or description says so ("says it will buy") and no annotation says otherwise;
    None when neither. (The injection-triangle page rule reads it.)"""
    annotations = known_annotations(tool)
    if annotations is not None and annotations.is_true("consequentialHint"):
        return "has `consequentialHint: true`"
    if annotations is not None and (
        annotations.given("consequentialHint") or annotations.is_true("readOnlyHint")
    ):
        return None  # `consequentialHint: false` or `readOnlyHint: true`: the author says no
    return _says(tool, model)


def _says(tool: ToolDefinition, model: FileModel) -> str | None:
    """What the tool's name and description say it commits to (`_what_it_says`), read
    once: the check and the page facts ask of every tool."""
    if tool.says_read is not ...:
        return tool.says_read
    name = tool.known_name
    name_words = _name_words(name) if name is not None else []
    said = _what_it_says(tool, name_words, description_text(tool), model) if name_words else None
    tool.says_read = said
    return said


def _what_it_says(
    tool: ToolDefinition, name_words: list[str], description: str | None, model: FileModel
) -> str | None:
    """What the tool's name, weighed with its description and `execute`, or else its
    description, says it commits to."""
    said = _consequential(name_words)
    if said is None:
        if description is None or name_words[0] in READ_VERBS:
            return None
        return _consequential_description(description)
    if description is None:
        return said
    if name_words[0] in AMBIGUOUS_VERBS and _starts_reading(description):
        return None  # `order_history`: "Lists the user's past orders."
    if (
        _starts_viewing(description)
        and _consequential_description(description) is None
        and not _commits(tool, model)
    ):
        return None  # `confirm_order`: "Closes the order summary."
    return said


def _name_words(name: str) -> list[str]:
    """The words of a tool name, what it does first: a dotted name is a namespace, then
    what is done in it (`checkout.prepare` prepares a checkout, `messages.send` sends)."""
    namespace, dot, action = name.rpartition(".")
    return words(action) + words(namespace) if dot else words(name)


def _consequential(name_words: list[str]) -> str | None:
    """What a tool name says the tool commits to, or None."""
    if not name_words:
        return None
    verb = name_words[0]
    if verb not in CONSEQUENTIAL_VERBS and verb not in COMMITTING_VERBS:
        return None  # most names: their object is not read
    rest = [singular(word) for word in name_words[1:]]
    if ROUTINE_OBJECTS & set(_object_phrase(rest)):
        return None
    if verb in CONSEQUENTIAL_VERBS:
        if verb in AMBIGUOUS_VERBS and (NOUN_MARKERS | READ_VERBS) & set(rest):
            return None
        return f"says it will {_spelled(verb)}"
    if verb in COMMITTING_VERBS:
        found = next((word for word in _object_phrase(rest) if word in CONSEQUENTIAL_OBJECTS), None)
        if found is not None:
            return f"says it will {verb} {_a(found)}"
    return None


def _consequential_description(description: str) -> str | None:
    """What the verbs of a description's first sentence say the tool commits to, or None:
    its first verb, then each verb joined to it ("... and refund it")."""
    sentence = DESCRIPTION_PREAMBLE.sub("", _first_sentence(description))
    sentence_words = words(sentence)
    if not sentence_words:
        return None
    said = _verb_commits(sentence_words[0], sentence_words[1:], first=True)
    for at in _joined_verbs(sentence_words):
        if said is not None:
            break
        said = _verb_commits(sentence_words[at], sentence_words[at + 1 :], first=False)
    return said


def _verb_commits(verb: str, following: list[str], first: bool) -> str | None:
    """What `verb`, followed by `following`, says the tool commits to."""
    base = _base_form(verb)
    if base not in CONSEQUENTIAL_VERBS and base not in COMMITTING_VERBS:
        return None  # most words: what follows is not read
    rest = [singular(word) for word in following]
    if ROUTINE_OBJECTS & set(_object_phrase(rest)):
        return None
    if base in CONSEQUENTIAL_VERBS:
        # "Books a table" is a verb; "Books by the author" or "Orders placed..." a noun.
        if (base in AMBIGUOUS_VERBS or not first) and not _takes_object(rest):
            return None
        return f"is described as one that {_third_person(base)}"
    if base in COMMITTING_VERBS:
        found = next((word for word in _object_phrase(rest) if word in CONSEQUENTIAL_OBJECTS), None)
        if found is not None:
            return f"is described as one that {_third_person(base)} {_a(found)}"
    return None


def _takes_object(rest: list[str]) -> bool:
    """The words after a verb start its object: "a table", "it", "the order"."""
    return bool(rest) and (rest[0] in DETERMINERS or rest[0] in OBJECT_PRONOUNS)


def _joined_verbs(sentence_words: list[str]) -> list[int]:
    """Where a word joined to the first verb by "and" or "then" stands, when an object
    follows it ("and refund it", "then places the order"; not "and their refund
    status")."""
    return [
        at + 1
        for at, word in enumerate(sentence_words[:-2])
        if word in JOINING_WORDS and _takes_object(sentence_words[at + 2 : at + 3])
    ]


def _starts_reading(description: str) -> bool:
    """The description's first verb reads: "Lists ...", "Gets ...", "Returns ..."."""
    sentence = DESCRIPTION_PREAMBLE.sub("", _first_sentence(description))
    first = words(sentence)[:1]
    return bool(first) and (_base_form(first[0]) in READ_VERBS or first[0] == "returns")


def _starts_viewing(description: str) -> bool:
    """The description's first verb only changes the view: "Closes ...", "Dismiss ..."."""
    sentence = DESCRIPTION_PREAMBLE.sub("", _first_sentence(description))
    first = words(sentence)[:1]
    return bool(first) and (first[0] in VIEW_VERBS or _base_form(first[0]) in VIEW_VERBS)


def _commits(tool: ToolDefinition, model: FileModel) -> bool:
    """Whether `execute` shows a change beyond the view; True when it cannot be read."""
    facts = model.functions.of_tool(tool)
    if facts is None or facts.truncated:
        return True
    return any(
        m.strong and m.kind in COMMITTING_CHANGES and not _closing_click(m.node)
        for m in facts.mutations
    )


def _closing_click(node: Node) -> bool:
    """`.click()` on a control whose name starts with a word that closes: `closeButton`,
    `querySelector("#dialog .close")`, `getElementById("dismiss-buy-now")` (the last part
    of a selector). `#confirm-purchase` or `#cancel-order` commit."""
    member = called_member(node) if node.type == "call_expression" else None
    if member is None or member[1] != "click":
        return False
    target = unwrap(member[0])
    if target.type == "call_expression":  # `document.querySelector("...")`
        found = arguments(target)
        named = string_literal(unwrap(found[0])) if found else None
        if named is None:
            return False
    else:
        named = text(target).rsplit(".", 1)[-1]
    last = re.split(r"[\s>+~,]+", named.strip())[-1]
    control = words(last)
    return bool(control) and control[0] in CLOSING_WORDS


def _object_phrase(rest: list[str]) -> list[str]:
    """The words after the verb up to the first preposition or relative word:
    `delete_cart_item` gives cart, item; `place_order_from_cart` gives order; "an alert
    that notifies ... a payment" gives an, alert."""
    cut = next(
        (i for i, word in enumerate(rest) if word in PREPOSITIONS or word in RELATIVE_WORDS),
        len(rest),
    )
    return rest[:cut]


def _spelled(verb: str) -> str:
    """A verb as written in a sentence: `checkout` is "check out"."""
    return " ".join(PHRASAL_VERBS.get(verb, (verb,)))


def _third_person(verb: str) -> str:
    """ "transfer" gives "transfers", "checkout" "checks out", "process" "processes"."""
    first, *particle = PHRASAL_VERBS.get(verb, (verb,))
    if first.endswith(("s", "sh", "ch", "x", "z", "o")):
        first += "es"
    elif first.endswith("y") and first[-2:-1] not in ("a", "e", "i", "o", "u", ""):
        first = first[:-1] + "ies"
    else:
        first += "s"
    return " ".join((first, *particle))


def _a(noun: str) -> str:
    return f"an {noun}" if noun[:1] in ("a", "e", "i", "o", "u") else f"a {noun}"


def _base_form(verb: str) -> str:
    if not verb.endswith("s"):
        return verb  # every suffix below ends with `s`; most words do not
    for suffix, replacement in (("ches", "ch"), ("shes", "sh"), ("sses", "ss"), ("ies", "y")):
        if verb.endswith(suffix):
            return verb[: -len(suffix)] + replacement
    if not verb.endswith("ss"):
        return verb[:-1]
    return verb


_SENTENCE_END = re.compile(r"(?<=[.!?])\s")


def _first_sentence(description: str) -> str:
    return _SENTENCE_END.split(description.strip(), maxsplit=1)[0]
