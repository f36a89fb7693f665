"""Secrets in tool metadata: well-known key shapes and random values under key-like names."""

from __future__ import annotations

import pytest

from tests.helpers import lint, only
from tests.rule_tester import Finding, Invalid, RuleTester, Valid
from webmcp_lint.checks.security.no_secrets_in_tool_metadata import looks_random, secret_in

RULE = "no-secrets-in-tool-metadata"

# Made-up values of the right shapes; none is a real credential.
SHAPED = {
    "an AWS access key": "AKIA2E0A8F3B244C9986",
    "a GitHub token": "ghp_R2d4X9kPq7LmN3vB8sT1yW6zA0cE5fH2jK4m",
    "a Stripe secret key": "sk_live_51HxT2eKq8LmN3vB8sT1yW6z",
    "a Google API key": "AIzaSyD3x8Kq7LmN3vB8sT1yW6zA0cE5fH2jK4m",
    "a Slack token": "xoxb-2048-9876-Qm3vB8sT1yW6z",
    "an OpenAI-style API key": "sk-proj-R2d4X9kPq7LmN3vB8sT1yW6zA0cE",
    "an Anthropic API key": "sk-ant-api03-R2d4X9kPq7LmN3vB8sT1yW6zA0cE5fH2jK4mQ",
    "a JSON Web Token": "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
    "a private key": "-----BEGIN RSA PRIVATE KEY-----",
    "a password in a URL": "https://admin:Tr0ub4dor3x@db.internal.test/",
    "a bearer token": "Authorization: Bearer a8Fq2LmN3vB8sT1yW6zA0cE5",
    "a secret": "api_key=9fQ2LmN3vB8sT1yW6zA0",
}


def tool(description: str = "Finds things.", properties: str = "") -> str:
    schema = (
        f'  inputSchema: {{ type: "object", properties: {{ {properties} }} }},\n'
        if properties
        else ""
    )
    return (
        "document.modelContext.registerTool({\n"
        '  name: "find_things",\n'
        f"  description: {description!r},\n"
        f"{schema}"
        "  execute: async () => ({ ok: true }),\n"
        "});\n"
    )


@pytest.mark.parametrize(("kind", "value"), SHAPED.items())
def test_well_known_shapes_in_a_description(kind: str, value: str) -> None:
    [finding] = only(lint(tool(f"Finds things. Uses {value} to connect.")), RULE)
    assert finding.message.startswith(f"This looks like {kind} in the tool's description")
    assert finding.severity == "error"


def test_the_secret_itself_is_the_position() -> None:
    code = tool(f"Uses {SHAPED['a GitHub token']} here.")
    [finding] = only(lint(code), RULE)
    at = code.splitlines()[2].index("ghp_") + 1
    assert (finding.line, finding.column, finding.end_column) == (3, at, at + 40)


def test_a_password_in_a_url_points_at_the_password() -> None:
    code = tool("Connects to https://admin:Tr0ub4dor3x@db.internal.test/ for data.")
    [finding] = only(lint(code), RULE)
    at = code.splitlines()[2].index("Tr0ub4dor3x") + 1
    assert (finding.column, finding.end_column) == (at, at + 11)


def test_random_values_under_key_like_names_in_schema_defaults_and_examples() -> None:
    properties = (
        'apiKey: { type: "string", default: "k8Jd93kLmQ02xZp7Tr" }, '
        'client_secret: { type: "string", examples: ["Zq83kLm02xPp7TrW4d"] }, '
        'auth: { type: "object", default: { password: "h7Gk2Lq9Xw3Zp" } }'
    )
    found = only(lint(tool(properties=properties)), RULE)
    assert sorted(f.message.split(" in ")[1].split(":")[0] for f in found) == [
        "the default of parameter `apiKey`",
        "the default of parameter `auth`",
        "the examples of parameter `client_secret`",
    ]


def test_a_secret_in_an_unknown_tool_member_is_found() -> None:
    code = (
        "document.modelContext.registerTool({ name: 'a', description: 'b', "
        "accessToken: 'Tq9x2LmN3vB8sT1yW6zA', execute() {} });"
    )
    [finding] = only(lint(code), RULE)
    assert "the tool member `accessToken`" in finding.message


@pytest.mark.parametrize(
    "text",
    [
        "Needs an API key, which the server adds.",
        "Uses the example key AKIAIOSFODNN7EXAMPLE from the AWS docs.",
        "Pass api_key=YOUR_API_KEY_HERE in the header.",
        "Connects to https://user:password@example.com/ in the docs.",
        "Connects to https://user:${PASSWORD}@db/ at run time.",
        "Uses the publishable key pk_live_51HxT2eKq8LmN3vB8sT1yW6z.",
        "Uses the scikit sk-learn library.",
        "Tokens look like sk-xxxxxxxxxxxxxxxxxxxxxxxx.",
        "Returns a Bearer token for the session.",
        "Signs in with the password you chose.",
    ],
)
def test_prose_and_placeholders_are_not_secrets(text: str) -> None:
    assert secret_in(text) is None, text
    assert only(lint(tool(text)), RULE) == []


@pytest.mark.parametrize(
    "properties",
    [
        'pageToken: { type: "string", default: "CAESBggDEAEYAQ3x" }',
        'maxTokens: { type: "integer", default: 1024 }',
        'csrfToken: { type: "string", default: "f3a9c2e1b7d04c56" }',
        'sortKey: { type: "string", default: "created_at_desc9" }',
        'apiKey: { type: "string", description: "Your key from the account settings page" }',
        'apiKey: { type: "string", default: "your-api-key-here" }',
        'token: { type: "string", default: "" }',
        'sessionId: { type: "string", default: "3f2a9c1e-7b6d-4e2f-9a1c-5d8e7f6a4b3c" }',
    ],
)
def test_values_that_are_not_credentials(properties: str) -> None:
    assert only(lint(tool(properties=properties)), RULE) == []


@pytest.mark.parametrize(
    ("text", "random"),
    [
        ("k8Jd93kLmQ02xZp7Tr", True),
        ("correcthorsebattery", False),  # no digit
        ("1234567890123", False),  # one character class
        ("aaaaaaaa1111", False),  # low entropy
        ("short1A", False),
        ("has spaces 12345678", False),
    ],
)
def test_looks_random(text: str, random: bool) -> None:
    assert looks_random(text) is random


tests = RuleTester(RULE)

test_valid = tests.valid(
    [
        Valid(tool("Gets the weather for a city. Use when the user asks about weather.")),
        Valid(tool("Finds things.", 'apiKey: { type: "string", description: "Your key" }')),
    ]
)

test_invalid = tests.invalid(
    [
        Invalid(
            tool("Gets the weather. Key: AIzaSyD3x8Kq7LmN3vB8sT1yW6zA0cE5fH2jK4m"),
            [
                Finding(
                    "secret-in-metadata",
                    3,
                    40,
                    3,
                    79,
                    data={"kind": "a Google API key", "where": "the tool's description"},
                )
            ],
        ),
    ]
)
