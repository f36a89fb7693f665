"""Rule implementations, one module per category; each registers with `@check(id)`.

Every module in this package is imported when the rules are first needed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class CheckContext:
    """What a check gets besides the file: its rule's options, resolved from configuration."""

    options: dict[str, Any] = field(default_factory=dict)
