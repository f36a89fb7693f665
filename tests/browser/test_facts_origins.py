"""exposed-origin-secure: which entries of `exposedTo` and `fromOrigins` Chromium accepts.

The table is what Chromium 156 does (chrome-observed.md plus the URL-parsing corners found
here). The browser tests check the table against Chromium; the linter tests check
`origin_problem` and the whole rule against the table, so they run without a browser.
"""

from __future__ import annotations

import json

import pytest

from tests.browser.harness import Chromium, Outcome, register
from tests.helpers import lint
from webmcp_lint.checks.security.exposed_origin_secure import origin_problem

RULE = "exposed-origin-secure"

ACCEPTED = [
    "https://a.com",
    "https://a.com:8443",
    "https://a.com/",
    "https://a.com/path",  # a URL: reduced to its origin
    "https://a.com?x#y",
    "HTTPS://A.COM",
    "https:a.com",  # special schemes parse without slashes
    "https://*.a.com",  # a host literally named "*.a.com": accepted, and matches nothing
    "https://a .com",
    "wss://a.com",
    "http://localhost:8080",
    "http://LOCALHOST",
    "http://localhost.",  # a trailing dot is the same host
    "http:localhost",
    "http://foo.localhost",
    "http://sub.localhost:1",
    "http://127.0.0.1",
    "http://127.0.0.2",  # all of 127.0.0.0/8 is loopback
    "http://127.1",  # IPv4 shorthand for 127.0.0.1
    "http://2130706433",  # 127.0.0.1 as one number
    "http://0x7f.1",
    "http://0177.0.0.1",  # octal
    "http://127.0.0.1.",
    "http://user:secret@localhost",
    "http://[0:0:0:0:0:0:0:1]",
    "HTTP://[::1]",
    "http://[::1]:3000",
    "ws://localhost",
    " https://a.com",  # the URL parser strips surrounding spaces
    "file:///x",
    "blob:https://a.com/x",
    "chrome-extension://abcdefghijklmnop",
]

REJECTED = [
    "http://evil.com",
    "ws://evil.com",
    "*",
    "ok.com",
    "null",
    "",
    "http://0.0.0.0",
    "http://[::2]",
    "http://128.0.0.1",
    "http://127.0.0.256",  # not a valid IPv4 address, so not a valid URL
    "http://localhost.evil.com",
    "http://evil.com/localhost",
    "http://[::ffff:127.0.0.1]",  # an IPv4-mapped address is not the IPv6 loopback
    "https://",  # no host
    "http://",
    "https://a.com:99999",  # port out of range
    "http://localhost:notaport",
    "ftp://a.com",
    "data:text/plain,x",  # no origin at all (opaque)
    "about:blank",
    "javascript:void(0)",
    "mailto:a@b.c",
    "urn:x",
    "blob:http://evil.com/x",  # a blob: URL has the origin of the URL inside it
    "blob:null/x",
]

ROWS = [pytest.param(entry, True, id=repr(entry)) for entry in ACCEPTED] + [
    pytest.param(entry, False, id=repr(entry)) for entry in REJECTED
]
ENTRIES = ACCEPTED + REJECTED


@pytest.fixture(scope="module")
def outcomes(chromium: Chromium) -> dict[tuple[str, str], Outcome]:
    """Each entry alone in `exposedTo` and in `fromOrigins`, in one page."""
    exposed = [
        register(
            f'name: "t{index}", description: "d", execute: () => 1',
            f"{{ exposedTo: [{json.dumps(entry)}] }}",
        )
        for index, entry in enumerate(ENTRIES)
    ]
    listed = [
        f"document.modelContext.getTools({{ fromOrigins: [{json.dumps(entry)}] }}).then(() => {{}})"
        for entry in ENTRIES
    ]
    results = chromium.outcomes(exposed + listed)
    table = {}
    for index, entry in enumerate(ENTRIES):
        table[("exposedTo", entry)] = results[index]
        table[("fromOrigins", entry)] = results[len(ENTRIES) + index]
    return table


@pytest.mark.parametrize(("entry", "accepted"), ROWS)
@pytest.mark.parametrize("member", ["exposedTo", "fromOrigins"])
def test_exposed_origin_secure_origin_list_in_chromium(
    outcomes: dict[tuple[str, str], Outcome], member: str, entry: str, accepted: bool
) -> None:
    outcome = outcomes[(member, entry)]
    if accepted:
        assert outcome.ok, f"{RULE}: Chromium now rejects {entry!r} in {member}: {outcome}"
    else:
        assert outcome.name == "SecurityError", (
            f"{RULE}: Chromium no longer rejects {entry!r} in {member} with a SecurityError: "
            f"{outcome}"
        )
        assert outcome.message == f"Only secure origins are allowed in the {member} list."


@pytest.mark.parametrize(("entry", "accepted"), ROWS)
def test_exposed_origin_secure_linter_agrees_with_chromium(entry: str, accepted: bool) -> None:
    problem = origin_problem(entry)
    assert (problem is None) == accepted, (
        f"{RULE}: Chromium {'accepts' if accepted else 'rejects'} {entry!r}, "
        f"but origin_problem says {problem!r}"
    )
    code = (
        f"document.modelContext.registerTool(tool, {{ exposedTo: [{json.dumps(entry)}] }});\n"
        f"document.modelContext.getTools({{ fromOrigins: [{json.dumps(entry)}] }});\n"
    )
    errors = [d for d in lint(code) if d.rule == RULE and d.severity == "error"]
    assert len(errors) == (0 if accepted else 2)


def test_exposed_origin_secure_a_single_string_is_a_type_error(chromium: Chromium) -> None:
    registration, listing, empty = chromium.outcomes(
        [
            register(
                'name: "a", description: "d", execute: () => 1', '{ exposedTo: "https://a.com" }'
            ),
            'document.modelContext.getTools({ fromOrigins: "https://a.com" })',
            register('name: "b", description: "d", execute: () => 1', "{ exposedTo: [] }"),
        ]
    )
    for outcome in (registration, listing):
        assert outcome.name == "TypeError", f"{RULE}: a single string is now {outcome}"
        assert "cannot be converted to a sequence" in outcome.message
    assert empty.ok, f"{RULE}: an empty exposedTo list is now {empty}"


PATH_PROBE = """async ([origin]) => {
    await document.modelContext.registerTool(
        { name: "pathonly", description: "d", execute: () => 1 },
        { exposedTo: [origin + "/only/here"] });
    return self.origin;
}"""


def test_exposed_origin_secure_a_path_is_ignored(chromium: Chromium) -> None:
    """A tool exposed to `https://x/only/here` is exposed to the origin: a frame of that
    origin at another path lists it (so the rule's warning on paths holds)."""
    site = chromium.site
    child = site.add("<!doctype html><title>frame</title>", "html")
    other = site.cross_origin(child)
    other_origin = "/".join(other.split("/", 3)[:3])
    html = f'<!doctype html><title>top</title><iframe allow="tools" src="{other}"></iframe>'
    with chromium.page() as page:
        page.goto(site.add(html, "html"))
        top, frame = page.frames
        frame.wait_for_load_state()
        top_origin = top.evaluate(PATH_PROBE, [other_origin])
        seen = frame.evaluate(
            "async ([o]) => (await document.modelContext.getTools({ fromOrigins: [o] }))"
            ".map((t) => t.name)",
            [top_origin],
        )
    assert not frame.url.split("?")[0].endswith("/only/here")
    assert seen == ["pathonly"], f"{RULE}: a frame at another path now sees {seen}"
    code = (
        'document.modelContext.registerTool(tool, { exposedTo: ["https://a.example/only/here"] });'
    )
    [finding] = [d for d in lint(code) if d.rule == RULE]
    assert finding.severity == "warning" and "is ignored" in finding.message
