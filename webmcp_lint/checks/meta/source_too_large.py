"""A file larger than `max-file-size`: the engine reports it, without reading the file,
through `source_unreadable.unreadable` (a finding at 1:1) with this rule's id."""

from __future__ import annotations

RULE = "source-too-large"
