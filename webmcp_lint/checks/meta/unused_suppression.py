"""Suppression comments that suppress nothing or name an unknown rule; the engine calls
`report_unused` after it has applied every suppression of a file."""

from __future__ import annotations

from collections.abc import Iterable

from webmcp_lint.checks import Context
from webmcp_lint.model import Suppression

RULE = "unused-suppression"


def report_unused(
    suppressions: Iterable[Suppression],
    known_rules: set[str],
    enabled_rules: frozenset[str],
    ctx: Context,
) -> None:
    for suppression in suppressions:
        if suppression.kind == "enable":
            continue
        if not suppression.rules:
            if "*" not in suppression.used:
                ctx.report(suppression.span, "This suppression suppresses nothing: remove it.")
            continue
        for rule in suppression.rules:
            if rule not in known_rules:
                ctx.report(
                    suppression.span,
                    f"Unknown rule `{rule}` in a suppression: check the id with "
                    "`webmcp-lint rules`.",
                )
            elif rule in enabled_rules and rule not in suppression.used:
                ctx.report(
                    suppression.span,
                    f"This suppression of `{rule}` suppresses nothing: remove it.",
                )
