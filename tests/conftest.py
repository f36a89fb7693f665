import os

# Checks re-raise their own bugs in tests instead of reporting them as notices.
os.environ.setdefault("WEBMCP_LINT_DEBUG", "1")
