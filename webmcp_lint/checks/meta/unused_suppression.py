"""Suppression comments that suppress nothing or name an unknown rule; the engine calls
`report_unused` after it has applied every suppression of a file.

A suppression that covers a tool for a page rule may still be used by the page pass,
which runs after every file: its finding is held back (`held`) and the pass decides.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from webmcp_lint.checks import Context, rule_of_module

if TYPE_CHECKING:
    from webmcp_lint.model import Suppression

_, RULE = rule_of_module(__name__)
MESSAGES = {
    "suppresses-nothing": "This suppression suppresses nothing: remove it.",
    "rule-suppresses-nothing": "This suppression of `{{rule}}` suppresses nothing: remove it.",
    "unknown-rule": (
        "Unknown rule `{{rule}}` in a suppression: check the id with `webmcp-lint rules`."
    ),
}


def report_unused(
    suppressions: Iterable[Suppression],
    known_rules: set[str],
    enabled_rules: frozenset[str],
    ctx: Context,
    held: frozenset[tuple[int, str]] = frozenset(),
    later: Context | None = None,
) -> list[tuple[int, str]]:
    """Report each unused suppression (or unknown rule) through `ctx`, except those whose
    (index, rule or "*") is in `held`: those go to `later`, for the page pass to report
    if no page finding was dropped through them; their keys are returned, in the order
    of `later.findings`."""
    kept: list[tuple[int, str]] = []

    def reporting(index: int, key: str) -> Context:
        """The context the finding for the suppression's `key` goes to."""
        if later is not None and (index, key) in held:
            kept.append((index, key))
            return later
        return ctx

    for index, suppression in enumerate(suppressions):
        if suppression.kind == "enable":
            continue
        if not suppression.rules:
            if "*" not in suppression.used:
                reporting(index, "*").report(suppression.span, "suppresses-nothing")
            continue
        for rule in suppression.rules:
            if rule not in known_rules:
                ctx.report(suppression.span, "unknown-rule", rule=rule)
            elif rule in enabled_rules and rule not in suppression.used:
                reporting(index, rule).report(
                    suppression.span, "rule-suppresses-nothing", rule=rule
                )
    return kept
