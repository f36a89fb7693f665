import os

import pytest

# Checks re-raise their own bugs in tests instead of reporting them as notices.
os.environ.setdefault("WEBMCP_LINT_DEBUG", "1")

# The harnesses' assertions show their values when they fail.
pytest.register_assert_rewrite("tests.rule_tester", "tests.helpers")
