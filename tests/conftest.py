import os

import pytest

# Checks re-raise their own bugs in tests instead of reporting them as notices.
os.environ.setdefault("WEBMCP_LINT_DEBUG", "1")
# Runs of the command line in tests lint every file (a test may patch a check): only
# tests/test_cache.py turns the cache on, in directories of its own.
os.environ["WEBMCP_LINT_NO_CACHE"] = "1"

# The harnesses' assertions show their values when they fail.
pytest.register_assert_rewrite("tests.rule_tester", "tests.helpers")
# Property-based tests (tests/test_properties.py): a few examples per test by default so
# the suite stays fast; HYPOTHESIS_PROFILE=thorough runs many more.
try:
    from hypothesis import HealthCheck, settings
except ImportError:  # hypothesis is in the test extra
    pass
else:
    settings.register_profile(
        "default",
        max_examples=12,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    settings.register_profile(
        "thorough",
        max_examples=500,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))
