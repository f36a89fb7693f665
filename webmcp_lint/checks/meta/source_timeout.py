"""A file whose parse ran over its time budget and was cancelled: the engine reports it."""

from __future__ import annotations

from webmcp_lint.checks import rule_of_module, say
from webmcp_lint.diagnostics import Diagnostic, Location, Severity

_, RULE = rule_of_module(__name__)
MESSAGES = {
    # `why`: the budget that ran out (workspace/budget.py, the parse timeout in syntax/)
    "timed-out": "{{why}} The file was not checked.",
}


def timed_out(path: str, why: str, where: Location, severity: Severity) -> Diagnostic:
    """The finding for a file that was not checked because parsing it took too long,
    where the parser stopped."""
    said = say(RULE, MESSAGES, "timed-out", why=why)
    return Diagnostic(path, RULE, severity, said.text, where, message_id=said.id, data=said.data)
