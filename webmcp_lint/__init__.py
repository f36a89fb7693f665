"""webmcp-lint: a static linter for WebMCP tool definitions."""

__version__ = "0.1.0"

DOCS_BASE_URL = "https://github.com/webmcp-lint/webmcp-lint/blob/main/rules/"
INFORMATION_URI = "https://github.com/webmcp-lint/webmcp-lint"


def rule_url(rule_id: str) -> str:
    return f"{DOCS_BASE_URL}{rule_id}.md"
