"""untrusted-content-hint: a tool that returns what others wrote, without
`untrustedContentHint: true`."""

from __future__ import annotations

import json
from pathlib import Path

from tests.helpers import run_cli
from tests.rule_tester import Finding, Invalid, RuleTester, Valid
from tests.rules.tool_code import ONE_PER_INTEGRATION_NONE_FOR_FORMS, findings_as_integration
from tests.rules.tool_code import tool_named as tool
from webmcp_lint.checks.annotations.untrusted_content_hint import untrusted_without_hint
from webmcp_lint.extract import extract
from webmcp_lint.workspace.source import SourceFile

UNTRUSTED = "untrusted-content-hint"


def test_the_hint_is_asked_of_integrations_and_not_of_forms() -> None:
    assert (
        findings_as_integration(tool("get_reviews"), UNTRUSTED)
        == ONE_PER_INTEGRATION_NONE_FOR_FORMS
    )


def test_trusted_origins_from_a_configuration_file(tmp_path: Path) -> None:
    (tmp_path / "webmcp-lint.toml").write_text(
        'select = ["annotations"]\n'
        '[options.untrusted-content-hint]\ntrusted-origins = ["https://api.weather.example"]\n'
    )
    (tmp_path / "weather.js").write_text(
        tool(
            "get_weather",
            "async execute(i, { signal }) {\n"
            "    return (await fetch('https://api.weather.example/now', { signal })).json();\n  }",
            "{ readOnlyHint: true }",
        )
    )
    result = run_cli("check", "--output-format", "json", "weather.js", cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert json.loads(result.stdout) == []


def test_the_kept_answer_follows_the_trusted_origins_asked_with() -> None:
    code = tool(
        "get_weather",
        "async execute(i, { signal }) {\n"
        "    return (await fetch('https://api.weather.example/now', { signal })).json();\n  }",
        "{ readOnlyHint: true }",
    )
    model = extract(SourceFile(Path("weather.js"), "weather.js", "javascript", code.encode()))
    (weather,) = model.tools
    fetched = "returns data fetched from https://api.weather.example"
    assert untrusted_without_hint(weather, model, set()) == fetched
    assert untrusted_without_hint(weather, model, {"https://api.weather.example"}) is None
    assert untrusted_without_hint(weather, model, set()) == fetched


def unhinted(name: str, reason: str) -> str:
    return (
        f'"{name}" {reason}, which may carry instructions aimed at the agent, but it lacks '
        "`untrustedContentHint: true`. Add it so agents keep that content apart from their "
        "instructions."
    )


READ_ONLY = "{ readOnlyHint: true }"
WEATHER = tool(
    "get_weather",
    "async execute({ city }, { signal }) {\n"
    "    const r = await fetch(`https://api.weather.example/v1?city=${city}`, { signal });\n"
    "    return r.json();\n  }",
    READ_ONLY,
)


def weather_from(url: str) -> str:
    return tool(
        "get_weather",
        f"async execute({{ city }}, {{ signal }}) {{ return (await fetch({url}, {{ signal }})).json(); }}",
        READ_ONLY,
    )


RULE_TESTS = RuleTester(UNTRUSTED)

test_valid = RULE_TESTS.valid(
    [
        # the hint is there, deliberately false, or cannot be known
        Valid(
            tool("get_reviews", annotations="{ readOnlyHint: true, untrustedContentHint: true }")
        ),
        Valid(tool("get_reviews", annotations="{ untrustedContentHint: false }")),
        Valid(tool("get_reviews", annotations="{ ...hints }")),
        # names of counts, statuses, rules and settings; tools that write user content
        Valid(tool("count_reviews")),
        Valid(tool("get_review_count")),
        Valid(tool("get_ticket_status")),
        Valid(tool("get_forum_rules")),
        Valid(tool("post_comment")),
        Valid(tool("delete_message")),
        Valid(tool("get_user_preferences")),
        Valid(tool("list_system_locales")),
        # a third-party origin that is trusted
        Valid(WEATHER, options={"trusted-origins": ["https://api.weather.example"]}),
        # same-origin or unknown URLs
        Valid(weather_from("'/api/weather'")),
        Valid(weather_from("`/api/weather?city=${city}`")),
        Valid(weather_from("`${base}/weather`")),
        Valid(weather_from("url")),
        # a tool that posts to a third party does not return its content
        Valid(
            tool(
                "share_link",
                "async execute({ url }, { signal }) {\n"
                "    await fetch('https://share.example/api', { method: 'POST', body: url, signal });\n"
                "    return { shared: true };\n  }",
            )
        ),
    ]
)

test_invalid = RULE_TESTS.invalid(
    [
        Invalid(
            tool("get_product_reviews", annotations=READ_ONLY),
            [
                Finding(
                    "missing-untrusted-content-hint",
                    2,
                    9,
                    2,
                    30,
                    severity="info",
                    data={
                        "name": "get_product_reviews",
                        "reason": "returns reviews, content written by users or third parties",
                    },
                )
            ],
        ),
        Invalid(
            tool("list_comments", annotations=READ_ONLY),
            [
                Finding(
                    "missing-untrusted-content-hint",
                    2,
                    9,
                    2,
                    24,
                    data={
                        "name": "list_comments",
                        "reason": "returns comments, content written by users or third parties",
                    },
                )
            ],
        ),
        Invalid(
            tool("list_comments_for_post", annotations=READ_ONLY),
            [
                Finding(
                    "missing-untrusted-content-hint",
                    2,
                    9,
                    2,
                    33,
                    data={
                        "name": "list_comments_for_post",
                        "reason": "returns comments, content written by users or third parties",
                    },
                )
            ],
        ),
        Invalid(
            tool("search_issues", annotations=READ_ONLY),
            [
                Finding(
                    "missing-untrusted-content-hint",
                    2,
                    9,
                    2,
                    24,
                    data={
                        "name": "search_issues",
                        "reason": "returns issues, content written by users or third parties",
                    },
                )
            ],
        ),
        Invalid(
            tool("read_inbox", annotations=READ_ONLY),
            [
                Finding(
                    "missing-untrusted-content-hint",
                    2,
                    9,
                    2,
                    21,
                    data={
                        "name": "read_inbox",
                        "reason": "returns an inbox, content written by users or third parties",
                    },
                )
            ],
        ),
        Invalid(
            tool("get_messages", annotations=READ_ONLY),
            [
                Finding(
                    "missing-untrusted-content-hint",
                    2,
                    9,
                    2,
                    23,
                    data={
                        "name": "get_messages",
                        "reason": "returns messages, content written by users or third parties",
                    },
                )
            ],
        ),
        Invalid(
            tool("get_customer_feedback", annotations=READ_ONLY),
            [
                Finding(
                    "missing-untrusted-content-hint",
                    2,
                    9,
                    2,
                    32,
                    data={
                        "name": "get_customer_feedback",
                        "reason": "returns feedback, content written by users or third parties",
                    },
                )
            ],
        ),
        Invalid(
            tool("getSupportTickets", annotations=READ_ONLY),
            [
                Finding(
                    "missing-untrusted-content-hint",
                    2,
                    9,
                    2,
                    28,
                    data={
                        "name": "getSupportTickets",
                        "reason": "returns tickets, content written by users or third parties",
                    },
                )
            ],
        ),
        Invalid(
            tool("summarize_reviews", annotations=READ_ONLY),
            [
                Finding(
                    "missing-untrusted-content-hint",
                    2,
                    9,
                    2,
                    28,
                    data={
                        "name": "summarize_reviews",
                        "reason": "returns reviews, content written by users or third parties",
                    },
                )
            ],
        ),
        Invalid(
            tool("read_document", annotations=READ_ONLY),
            [
                Finding(
                    "missing-untrusted-content-hint",
                    2,
                    9,
                    2,
                    24,
                    data={
                        "name": "read_document",
                        "reason": "returns a document, content written by users or third parties",
                    },
                )
            ],
        ),
        # data fetched from a third party
        Invalid(
            WEATHER,
            [
                Finding(
                    "missing-untrusted-content-hint",
                    2,
                    9,
                    2,
                    22,
                    data={
                        "name": "get_weather",
                        "reason": "returns data fetched from https://api.weather.example",
                    },
                )
            ],
        ),
    ]
)
