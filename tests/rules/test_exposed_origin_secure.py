import pytest

from tests.rule_tester import Finding, Invalid, RuleTester, Valid

REGISTER = "document.modelContext.registerTool"


def exposed(origin: str) -> str:
    return f'{REGISTER}(t, {{ exposedTo: ["{origin}"] }});'


def rejected(
    origin: str, problem: str, member: str = "exposedTo", call: str = "registerTool"
) -> dict[str, str]:
    """The data of an `origin-not-secure` finding."""
    return {"origin": origin, "member": member, "problem": problem, "call": call}


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


# Verified in Chromium 156 (tests/browser/test_facts_origins.py): a frame at another path of
# the origin sees the tool.
test_paths = tests.invalid(
    [
        Invalid(
            exposed("https://partner.example/agent"),
            [
                Finding(
                    "origin-path-ignored",
                    1,
                    53,
                    severity="warning",
                    data={
                        "entry": "https://partner.example/agent",
                        "origin": "https://partner.example",
                        "path": "/agent",
                    },
                )
            ],
        ),
        Invalid(
            exposed("https://partner.example:8443/a/b?x=1"),
            [
                Finding(
                    "origin-path-ignored",
                    1,
                    53,
                    data={
                        "entry": "https://partner.example:8443/a/b?x=1",
                        "origin": "https://partner.example:8443",
                        "path": "/a/b?x=1",
                    },
                )
            ],
        ),
    ]
)


def at(origin: str, problem: str) -> Invalid:
    return Invalid(
        exposed(origin),
        [Finding("origin-not-secure", 1, 53, 1, 55 + len(origin), data=rejected(origin, problem))],
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
                    "origins-not-a-list",
                    1,
                    52,
                    1,
                    67,
                    data={"member": "exposedTo", "call": "registerTool", "origin": "https://a.com"},
                ),
                Finding(
                    "origin-not-secure",
                    2,
                    54,
                    2,
                    75,
                    data={
                        "origin": "http://evil.example",
                        "member": "fromOrigins",
                        "problem": "uses insecure http:// on a host that is not localhost",
                        "call": "getTools",
                    },
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
                    "origins-not-a-list",
                    1,
                    17,
                    data={"member": "exposedTo", "call": "registerTool", "origin": "https://a.com"},
                ),
                Finding(
                    "origins-not-a-list",
                    3,
                    53,
                    data={"member": "fromOrigins", "call": "getTools", "origin": "https://b.com"},
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
