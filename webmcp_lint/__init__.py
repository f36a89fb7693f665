"""webmcp-lint: a static linter for WebMCP tool definitions."""

from __future__ import annotations

import re
from typing import AnyStr, Generic

__version__ = "0.1.0"

DOCS_BASE_URL = "https://github.com/webmcp-lint/webmcp-lint/blob/main/rules/"
INFORMATION_URI = "https://github.com/webmcp-lint/webmcp-lint"


def rule_url(rule_id: str) -> str:
    return f"{DOCS_BASE_URL}{rule_id}.md"


class LazyPattern(Generic[AnyStr]):
    """A regular expression compiled when it is first used (`compiled`), for the
    package's patterns that a run often does not use: compiling every pattern at import
    was about a sixth of a pre-commit run's instructions, spent parsing pattern text."""

    __slots__ = ("_compiled", "flags", "pattern")

    def __init__(self, pattern: AnyStr, flags: int = 0) -> None:
        self.pattern: AnyStr = pattern
        self.flags: int = flags
        self._compiled: re.Pattern[AnyStr] | None = None

    @property
    def compiled(self) -> re.Pattern[AnyStr]:
        if self._compiled is None:
            self._compiled = re.compile(self.pattern, self.flags)
        return self._compiled
