"""A file larger than `max-file-size`: the engine reports it, without reading the file,
through `source_unreadable.unreadable` (a finding at 1:1) with this rule's id."""

from __future__ import annotations

from webmcp_lint.checks import rule_of_module

_, RULE = rule_of_module(__name__)
