"""A tool that returns reviews, comments, messages or third-party data lacks
untrustedContentHint."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from urllib.parse import urlsplit

from msgspec import Struct

from webmcp_lint.checks import Context, check
from webmcp_lint.checks._hints import (
    CHANGING_NAME_WORDS,
    PREPOSITIONS,
    READ_VERBS,
    known_annotations,
    missing_hint_span,
)
from webmcp_lint.checks._util import registered_tools
from webmcp_lint.checks._words import singular, word_list, words
from webmcp_lint.model import FileModel, FunctionFacts, ToolDefinition

MASS_NOUNS = frozenset({"feedback", "mail", "email"})
USER_CONTENT_WORDS = word_list("user-content-words")


class Options(Struct, frozen=True):
    trusted_origins: list[str]


# `reason` is what content written by others the tool returns (`untrusted_without_hint`).
MESSAGES = {
    "missing-untrusted-content-hint": (
        '"{{name}}" {{reason}}, which may carry instructions aimed at the agent, but it lacks '
        "`untrustedContentHint: true`. Add it so agents keep that content apart from their "
        "instructions."
    ),
}


@check(Options, MESSAGES)
def untrusted_content_hint(model: FileModel, ctx: Context) -> None:
    options: Options = ctx.options
    trusted = trusted_origins(options.trusted_origins)
    for tool in registered_tools(model.tools):
        reason = untrusted_without_hint(tool, model, trusted)
        if reason is None:
            continue
        ctx.report(
            missing_hint_span(tool, model),
            "missing-untrusted-content-hint",
            name=str(tool.known_name),
            reason=reason,
        )


def trusted_origins(configured: Iterable[object]) -> set[str | None]:
    """The origins of the rule's `trusted-origins` option."""
    return {_origin(str(o)) for o in configured}


def untrusted_without_hint(
    tool: ToolDefinition, model: FileModel, trusted: set[str | None]
) -> str | None:
    """What content written by others a registered tool returns ("returns reviews, ...")
    when it lacks `untrustedContentHint`; None when it has it, returns no such content,
    or its annotations or name are not known. (The injection-triangle page rule reads
    it too, after the check: the answer is kept on the tool.)"""
    if tool.untrusted_read is not ... and tool.untrusted_trusted == trusted:
        return tool.untrusted_read
    reason = _untrusted_without_hint(tool, model, trusted)
    tool.untrusted_read, tool.untrusted_trusted = reason, trusted
    return reason


def _untrusted_without_hint(
    tool: ToolDefinition, model: FileModel, trusted: set[str | None]
) -> str | None:
    annotations = known_annotations(tool)
    name = tool.known_name
    if annotations is None or name is None or annotations.given("untrustedContentHint"):
        return None
    reason = _user_content(words(name))
    facts = model.functions.of_tool(tool)
    if reason is None and facts is not None and facts.fetches and _only_reads(facts):
        origin = next(_third_party_fetches(facts, trusted), None)
        if origin is not None:
            reason = f"returns data fetched from {origin}"
    return reason


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
    return f"returns {_counted(rest[cut - 1])}, content written by users or third parties"


def _counted(noun: str) -> str:
    """A noun as a sentence needs it: `reviews`, `feedback`, `an inbox`, `a document`."""
    if singular(noun) != noun or noun in MASS_NOUNS:
        return noun
    return f"an {noun}" if noun[:1] in "aeiou" else f"a {noun}"


def _only_reads(facts: FunctionFacts) -> bool:
    """`execute` makes no unmistakable change, as far as it can be told."""
    return not facts.truncated and not any(change.strong for change in facts.mutations)


def _third_party_fetches(facts: FunctionFacts, trusted: set[str | None]) -> Iterator[str]:
    for fetch in facts.fetches:
        if fetch.url is None:
            continue
        origin = _origin(fetch.url)
        if origin is not None and origin not in trusted:
            yield origin


def _origin(url: str) -> str | None:
    parts = urlsplit(url.strip())
    if parts.scheme.lower() not in ("http", "https") or not parts.hostname:
        return None
    try:
        port = f":{parts.port}" if parts.port else ""
    except ValueError:
        return None
    return f"{parts.scheme.lower()}://{parts.hostname.lower()}{port}"
