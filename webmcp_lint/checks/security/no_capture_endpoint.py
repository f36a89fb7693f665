"""A tool that sends data to, or names, a known capture endpoint: a request bin, an
out-of-band interaction server, a tunnel to someone's machine, a chat webhook."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

from tree_sitter import Node

from webmcp_lint import KeywordPattern
from webmcp_lint.checks import Context, check
from webmcp_lint.checks._metadata import agent_text_sites, text_span
from webmcp_lint.checks._util import head_span
from webmcp_lint.diagnostics import Related
from webmcp_lint.extract.words import read_word_list
from webmcp_lint.model import FileModel, Script, ToolDefinition
from webmcp_lint.syntax.nodes import string_literal, text, walk
from webmcp_lint.workspace.source import Span

ENDPOINTS = sorted(read_word_list(Path(__file__).with_name("capture-endpoints.txt")))
_HOST_CHARACTERS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789-")
# Any entry not preceded by a host character (a dot may precede it: a subdomain); longer
# entries first, so `discord.com/api/webhooks` wins over a shorter one at the same place.
# Every match is an entry: a text that holds none is not searched.
_ENDPOINT = KeywordPattern(
    "(?<![a-z0-9-])(?:"
    + "|".join(re.escape(e) for e in sorted(ENDPOINTS, key=len, reverse=True))
    + ")",
    needs=(" ".join(ENDPOINTS),),
)


def endpoint_in(value: str) -> tuple[str, int] | None:
    """The list entry `value` names first (as a host, a subdomain of it, or a host and
    path prefix), with where it starts."""
    lowered = value.lower()
    for match in _ENDPOINT.finditer(lowered):
        entry = match.group()
        if _bounded(lowered, match.start(), match.start() + len(entry.split("/", 1)[0])):
            return entry, match.start()
    return None


def _bounded(text_value: str, start: int, end: int) -> bool:
    """`text_value[start:end]` is a whole host name or its last labels: no host character
    before it but a dot, none after it (a dot only at the end of a sentence)."""
    if start and text_value[start - 1] in _HOST_CHARACTERS:
        return False
    after = text_value[end : end + 2]
    if after[:1] in _HOST_CHARACTERS and after[:1] != "":
        return False
    return not (after[:1] == "." and after[1:2] != "" and after[1:2] in _HOST_CHARACTERS)


MESSAGES = {
    "endpoint-in-text": (
        "{{what}} names `{{endpoint}}`, a {{kind}}: text that points the agent at it can make "
        "it send the user's data there. Remove it."
    ),
    "endpoint-in-execute": (
        "The tool's `execute` uses `{{endpoint}}`, a {{kind}}: what it sends there leaves the "
        "site's control (and a webhook URL in page code lets anyone post to it). Send it to "
        "the site's own backend."
    ),
}


@check(messages=MESSAGES)
def no_capture_endpoint(model: FileModel, ctx: Context) -> None:
    if endpoint_in(model.source.text.decode("utf-8", errors="replace")) is None:
        return  # the file names none anywhere: nothing to look for
    seen: set[Span] = set()
    for tool in model.tools:
        for site in agent_text_sites(tool):
            found = endpoint_in(site.text)
            if found is None:
                continue
            entry, start = found
            span = text_span(model.source, site.value, start, start + len(entry))
            if span in seen:
                continue
            seen.add(span)
            what = site.what.capitalize()
            ctx.report(span, "endpoint-in-text", what=what, endpoint=entry, kind=_kind(entry))
        for literal, value in _execute_strings(model, tool):
            found = endpoint_in(value)
            span = Span.of(literal)
            if found is None or span in seen:
                continue
            seen.add(span)
            entry = found[0]
            related = []
            if tool.execute is not None:
                execute_span = head_span(model.source, tool.execute.span)
                related.append(Related(execute_span, "the tool's `execute`"))
            ctx.report(
                span, "endpoint-in-execute", related=related, endpoint=entry, kind=_kind(entry)
            )


def _execute_strings(model: FileModel, tool: ToolDefinition) -> Iterator[tuple[Node, str]]:
    """The string literals of `execute` and the functions it calls, and the same-file
    constant strings they name."""
    execute, script = tool.execute, tool.script
    if execute is None or execute.node is None or script is None or not execute.is_function:
        return
    for function in model.functions.reachable(execute.node, script):
        for node, kind in walk(function, into_functions=True):
            literal = _string_node(node, kind, script)
            if literal is not None:
                yield literal, _literal_text(literal)


def _string_node(node: Node, kind: str, script: Script) -> Node | None:
    if kind in ("string", "template_string"):
        return node
    if kind == "identifier":
        value = script.constant(node)
        if value is not None and value.type in ("string", "template_string"):
            return value
    return None


def _literal_text(node: Node) -> str:
    if node.type == "string":
        return string_literal(node) or ""
    return " ".join(text(c) for c in node.named_children if c.type == "string_fragment")


def _kind(entry: str) -> str:
    if "/" in entry or entry == "hooks.slack.com":
        return "chat webhook"
    return "request capture or tunnel service"
