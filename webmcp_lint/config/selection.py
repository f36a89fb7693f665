"""Rule selection: which rules `select`, `extend-select` and `ignore` turn on, which of
them run on test code, and the selectors there are (ALL, categories, kinds, tags, rule
ids).
"""

from __future__ import annotations

from typing import Any


def _in_tests(enabled: frozenset[str]) -> frozenset[str]:
    """The rules of `enabled` that apply to test code (`in-tests: true` on their page)."""
    from webmcp_lint.registry import rules

    catalog = rules()
    return frozenset(rule for rule in enabled if catalog[rule].in_tests)


def _select(
    rules: dict[str, Any],
    select: tuple[str, ...],
    extend_select: tuple[str, ...],
    ignore: tuple[str, ...],
) -> frozenset[str]:
    """The rules on: for each rule the most specific selector that names it decides
    (a rule id beats a category, kind or tag, which beats ALL); on a tie, ignore wins.
    A rule of an opt-in category is off under ALL: only its category or id selects it."""
    from webmcp_lint.registry import OPT_IN_CATEGORIES

    chosen = set(select) | set(extend_select)
    dropped = set(ignore)
    enabled = set()
    for rule in rules.values():

        def rank(selector: str, rule_id: str = rule.id) -> int:
            return 0 if selector == "ALL" else 2 if selector == rule_id else 1

        on = max((rank(s) for s in rule.selectors() if s in chosen), default=-1)
        off = max((rank(s) for s in rule.selectors() if s in dropped), default=-1)
        if rule.category in OPT_IN_CATEGORIES:
            off = max(off, 0)  # as if `ignore` held ALL: a category or id selects it
        if on > off:
            enabled.add(rule.id)
    return frozenset(enabled)


def known_selectors() -> set[str]:
    from webmcp_lint.registry import rules

    names = {"ALL"}
    for rule in rules().values():
        names.update(rule.selectors())
    return names
