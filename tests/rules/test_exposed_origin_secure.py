import pytest

from tests.rule_tester import Finding, Invalid, RuleTester, Valid

REGISTER = "document.modelContext.registerTool"


def exposed(origin: str) -> str:
    return f'{REGISTER}(t, {{ exposedTo: ["{origin}"] }});'


def rejected(
    origin: str, problem: str, member: str = "exposedTo", call: str = "registerTool"
) -> str:
    return (
        f'The origin "{origin}" in `{member}` {problem}: {call} rejects it with a SecurityError '
        '(only secure origins are allowed). List full https:// origins, e.g. "https://partner.example".'
    )


INSECURE = "uses insecure {}:// on a host that is not localhost"

tests = RuleTester("exposed-origin-secure")

# Every origin here was accepted by Chromium 156 (tests/browser/test_facts_origins.py).
test_valid = tests.valid(
    [
        Valid(exposed(origin))
        for origin in [
            "https://a.com",
            "https://a.com:8443",
            "https://a.com/",
            "HTTPS://A.COM",
            "http://localhost:8080",
            "http://127.0.0.1",
            "http://127.0.0.2",
            "http://127.1",
            "http://[::1]:3000",
            "http://foo.localhost",
            "wss://a.com",
            "file:///x",
            "blob:https://a.com/x",
            "https://*.a.com",
        ]
    ]
    + [
        Valid("await document.modelContext.getTools({ fromOrigins: [location.origin] });"),
        Valid(f"{REGISTER}(t, {{ exposedTo: origins }});"),
    ]
)


def path_ignored(entry: str, origin: str, path: str) -> str:
    return (
        f'The path of "{entry}" in `exposedTo` is ignored: Chrome exposes the tool to the '
        f"whole origin {origin}, so every page there can call it, not only {path}. List the "
        f'origin ("{origin}"), and do not count on a path to limit who calls the tool.'
    )


# Verified in Chromium 156 (tests/browser/test_facts_origins.py): a frame at another path of
# the origin sees the tool.
test_paths = tests.invalid(
    [
        Invalid(
            exposed("https://partner.example/agent"),
            [
                Finding(
                    path_ignored(
                        "https://partner.example/agent", "https://partner.example", "/agent"
                    ),
                    1,
                    53,
                    severity="warning",
                )
            ],
        ),
        Invalid(
            exposed("https://partner.example:8443/a/b?x=1"),
            [
                Finding(
                    path_ignored(
                        "https://partner.example:8443/a/b?x=1",
                        "https://partner.example:8443",
                        "/a/b?x=1",
                    ),
                    1,
                    53,
                )
            ],
        ),
    ]
)


def at(origin: str, problem: str) -> Invalid:
    return Invalid(
        exposed(origin), [Finding(rejected(origin, problem), 1, 53, 1, 55 + len(origin))]
    )


test_invalid = tests.invalid(
    [
        at("*", "is not a URL"),
        at("null", "is not a URL"),
        at("", "is not a URL"),
        at("partner.example", "is not a URL"),
        at("http://partner.example", INSECURE.format("http")),
        at("http://10.0.0.5:8080", INSECURE.format("http")),
        at("ws://chat.example", INSECURE.format("ws")),
        at("data:text/plain,x", "is a data: URL, which has no origin"),
        at("https://a.com:99999", "is not a valid URL"),
        Invalid(
            f'{REGISTER}(t, {{ exposedTo: "https://a.com" }});\n'
            'await document.modelContext.getTools({ fromOrigins: ["http://evil.example"] });\n',
            [
                Finding(
                    "`exposedTo` must be a list of origins, not a single string: registerTool "
                    'rejects it with a TypeError. Write `exposedTo: ["https://a.com"]`.',
                    1,
                    52,
                    1,
                    67,
                ),
                Finding(
                    rejected(
                        "http://evil.example", INSECURE.format("http"), "fromOrigins", "getTools"
                    ),
                    2,
                    54,
                    2,
                    75,
                ),
            ],
            # Safe: the same origin, now in the list Chrome expects.
            output=f'{REGISTER}(t, {{ exposedTo: ["https://a.com"] }});\n'
            'await document.modelContext.getTools({ fromOrigins: ["http://evil.example"] });\n',
        ),
        # A string from a constant is reported where it is written, and not rewritten:
        # the constant may be used as a string elsewhere.
        Invalid(
            'const PARTNER = "https://a.com";\n'
            f"{REGISTER}(t, {{ exposedTo: PARTNER }});\n"
            "await document.modelContext.getTools({ fromOrigins: `https://b.com` });\n",
            [
                Finding(
                    "`exposedTo` must be a list of origins, not a single string: registerTool "
                    'rejects it with a TypeError. Write `exposedTo: ["https://a.com"]`.',
                    1,
                    17,
                ),
                Finding(
                    "`fromOrigins` must be a list of origins, not a single string: getTools "
                    'rejects it with a TypeError. Write `fromOrigins: ["https://b.com"]`.',
                    3,
                    53,
                ),
            ],
            output='const PARTNER = "https://a.com";\n'
            f"{REGISTER}(t, {{ exposedTo: PARTNER }});\n"
            "await document.modelContext.getTools({ fromOrigins: [`https://b.com`] });\n",
        ),
    ]
)


@pytest.mark.parametrize(
    ("origin", "problem"),
    [
        ("blob:http://evil.example/x", "is a blob: URL whose origin is not secure"),
        ("about:blank", "is an about: URL, which has no origin"),
        (" https://a.com", None),  # leading space: the URL parser strips it
        ("http://localhost.", None),
    ],
)
def test_origin_problem(origin: str, problem: str | None) -> None:
    from webmcp_lint.checks.security.exposed_origin_secure import origin_problem

    assert origin_problem(origin) == problem
