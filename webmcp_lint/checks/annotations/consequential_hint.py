"""A tool that says it buys, pays, books, sends, posts, deletes or cancels lacks
consequentialHint."""

from __future__ import annotations

import re

from webmcp_lint.checks import Context, check
from webmcp_lint.checks._hints import (
    CONSEQUENTIAL_VERBS,
    PREPOSITIONS,
    READ_VERBS,
    description_text,
    known_annotations,
    missing_hint_span,
)
from webmcp_lint.checks._util import registered_tools
from webmcp_lint.checks._words import singular, word_list, words
from webmcp_lint.model import FileModel

COMMITTING_VERBS = word_list("committing-verbs")
CONSEQUENTIAL_OBJECTS = word_list("consequential-objects")
ROUTINE_OBJECTS = word_list("routine-objects")
NOUN_MARKERS = word_list("noun-markers")
AMBIGUOUS_VERBS = word_list("ambiguous-verbs")
DETERMINERS = word_list("determiners")
DESCRIPTION_PREAMBLE = re.compile(
    r"^\s*(?:this tool\s+|the tool\s+|tool (?:that|to)\s+|use (?:this )?to\s+|lets the user\s+"
    r"|allows the user to\s+|used to\s+)",
    re.I,
)


@check()
def consequential_hint(model: FileModel, ctx: Context) -> None:
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
        ctx.report(
            missing_hint_span(tool, model),
            f'"{name}" {said}, but it lacks `consequentialHint: true`: without it agents '
            "treat the action as safe to run without asking the user. Add "
            "`annotations: { consequentialHint: true }`.",
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
    sentence = DESCRIPTION_PREAMBLE.sub("", _first_sentence(description))
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
    sentence = DESCRIPTION_PREAMBLE.sub("", _first_sentence(description))
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


def _first_sentence(description: str) -> str:
    return re.split(r"(?<=[.!?])\s", description.strip(), maxsplit=1)[0]
