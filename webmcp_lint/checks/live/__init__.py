"""Tools as Chromium registered them, against the static inventory (`webmcp-lint verify`).

These rules have no check over a file: `live.py` reports them once a page was opened in
Chromium, with the messages and comparisons their modules define (as the engine reports
the meta rules).
"""

from webmcp_lint.checks.live.live_page_unchecked import RULE as UNCHECKED
from webmcp_lint.checks.live.live_tool_differs import RULE as DIFFERS
from webmcp_lint.checks.live.live_tool_missing import RULE as MISSING
from webmcp_lint.checks.live.live_tool_unlisted import RULE as UNLISTED

LIVE_RULES = frozenset({UNCHECKED, DIFFERS, MISSING, UNLISTED})
