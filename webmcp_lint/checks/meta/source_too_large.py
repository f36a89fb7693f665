"""A file larger than `max-file-size`: the engine reports it, without reading the file,
through `source_unreadable.unreadable` (a finding at 1:1) with this rule's id."""

from __future__ import annotations

from webmcp_lint.checks import rule_of_module
from webmcp_lint.checks.meta import source_unreadable

_, RULE = rule_of_module(__name__)
# What `unreadable` reports, for this rule too: `why` is the `TooLargeError`'s text.
MESSAGES = source_unreadable.MESSAGES
