"""Where a page may use WebMCP: agent clusters, `document.domain`, frames and the `tools`
permissions policy.

The specification dropped its origin-keyed agent cluster requirement (PR #330); Chromium
156 still enforces it: in a document that can set `document.domain` (a page served with
`Origin-Agent-Cluster: ?0`), `document.modelContext` exists, so feature detection passes,
but every call rejects and forms are not registered. Pages served with that header get
a fresh page each, so no other page shares their (site-keyed) browsing context group.
"""

from __future__ import annotations

import time
from typing import Any, NamedTuple

import pytest

from tests.browser.harness import BLANK, Chromium
from tests.helpers import lint, rules_in

REFUSED = "SecurityError: document.modelContext cannot be used when document.domain is enabled."
POLICY = 'NotAllowedError: Access to the feature "tools" is disallowed by permissions policy.'
SITE_KEYED = {"Origin-Agent-Cluster": "?0"}

# What a page (or frame) sees: its agent cluster, the API, and how registering, listing
# and executing a tool settle.
PROBE = """async () => {
    const settle = async (run) => {
        try {
            await run();
            return "ok";
        } catch (error) {
            return `${error.name}: ${error.message}`;
        }
    };
    const name = "probe_" + Math.random().toString(36).slice(2);
    return {
        originKeyed: window.originAgentCluster,
        api: typeof document.modelContext,
        register: await settle(() => document.modelContext.registerTool(
            { name, description: "d", execute: () => "ran" })),
        list: await settle(() => document.modelContext.getTools()),
        execute: await settle(() => document.modelContext.executeTool(
            { name: "unregistered", description: "d", origin: self.origin, window }, {})),
    };
}"""


class Served(NamedTuple):
    label: str
    headers: dict[str, str]
    origin_keyed: bool
    refused: str  # "" when the API works, or how every call rejects


SERVED = [
    Served("no header (origin-keyed by default)", {}, True, ""),
    Served("Origin-Agent-Cluster: ?1", {"Origin-Agent-Cluster": "?1"}, True, ""),
    Served("Origin-Agent-Cluster: ?0", SITE_KEYED, False, REFUSED),
    Served("Permissions-Policy: tools=()", {"Permissions-Policy": "tools=()"}, True, POLICY),
    Served("Permissions-Policy: tools=*", {"Permissions-Policy": "tools=*"}, True, ""),
]


@pytest.mark.parametrize("served", [pytest.param(s, id=s.label) for s in SERVED])
def test_origin_agent_cluster_page_headers(chromium: Chromium, served: Served) -> None:
    with chromium.page() as page:
        page.goto(chromium.site.add(BLANK, "html", served.headers))
        seen = page.evaluate(PROBE)
    # Executing a tool nobody registered fails on its own (with an UnknownError) where the
    # API is usable at all.
    not_registered = seen.pop("execute")
    assert seen == {
        "originKeyed": served.origin_keyed,
        "api": "object",
        "register": served.refused or "ok",
        "list": served.refused or "ok",
    }, f"origin-agent-cluster: a page served with {served.label} now sees {seen}"
    if served.refused:
        assert not_registered == served.refused
    else:
        assert not_registered.startswith("UnknownError: "), not_registered


SET_DOMAIN = """async () => {
    document.domain = document.domain;
    return window.originAgentCluster;
}"""


def test_origin_agent_cluster_setting_document_domain_is_ignored_when_origin_keyed(
    chromium: Chromium,
) -> None:
    """In an origin-keyed page (the default) the setter does nothing but warn, and the
    API keeps working: what matters is the agent cluster, not the assignment."""
    with chromium.page() as page:
        console: list[str] = []
        page.on("console", lambda message: console.append(message.text))
        page.goto(chromium.site.blank)
        assert page.evaluate(SET_DOMAIN) is True
        seen = page.evaluate(PROBE)
    assert seen["register"] == seen["list"] == "ok", seen
    assert any("document.domain mutation is ignored" in line for line in console), console


def forms_added(chromium: Chromium, headers: dict[str, str]) -> list[str]:
    """The tools DevTools saw added while a page with one form loaded (and for a second
    after, when there were none)."""
    html = '<!doctype html><title>shop</title><form toolname="search" tooldescription="Finds products."><input name="q"></form>'
    with chromium.page() as page:
        devtools = chromium.context.new_cdp_session(page)
        added: list[str] = []
        devtools.on(
            "WebMCP.toolsAdded", lambda event: added.extend(t["name"] for t in event["tools"])
        )
        devtools.send("WebMCP.enable")
        page.goto(chromium.site.add(html, "html", headers))
        deadline = time.monotonic() + 1
        while not added and time.monotonic() < deadline:
            page.wait_for_timeout(25)
        devtools.detach()
    return added


def test_origin_agent_cluster_forms_are_not_registered(chromium: Chromium) -> None:
    """With the default headers the form is registered by the time the page has loaded;
    served with `Origin-Agent-Cluster: ?0` it is not registered at all."""
    assert forms_added(chromium, {}) == ["search"]
    assert forms_added(chromium, SITE_KEYED) == [], (
        "origin-agent-cluster: a form on a site-keyed page is now registered"
    )


class Frame(NamedTuple):
    label: str
    attributes: str  # of the <iframe>; CHILD and OTHER stand for same- and cross-origin URLs
    register: str  # "ok", or how registering rejects


FRAMES = [
    Frame("same-origin", 'src="CHILD"', "ok"),
    Frame("srcdoc", 'srcdoc="<p>frame"', "ok"),
    Frame("cross-origin", 'src="OTHER"', POLICY),
    Frame('cross-origin with allow="tools"', 'allow="tools" src="OTHER"', "ok"),
    Frame("sandboxed, opaque origin", 'sandbox="allow-scripts" src="CHILD"', POLICY),
    Frame(
        'sandboxed, opaque origin, allow="tools"',
        'sandbox="allow-scripts" allow="tools" src="CHILD"',
        "ok",
    ),
    Frame(
        "sandboxed with allow-same-origin",
        'sandbox="allow-scripts allow-same-origin" src="CHILD"',
        "ok",
    ),
    # The `allow` attribute's `tools` directive (iframe-tools-permission).
    Frame('cross-origin with allow="camera"', 'allow="camera" src="OTHER"', POLICY),
    Frame('cross-origin with allow="camera; tools"', 'allow="camera; tools" src="OTHER"', "ok"),
    Frame('cross-origin with allow="tools *"', 'allow="tools *" src="OTHER"', "ok"),
    Frame("cross-origin with allow=\"tools 'src'\"", 'allow="tools \'src\'" src="OTHER"', "ok"),
    Frame("cross-origin with allow=\"tools 'self'\"", 'allow="tools \'self\'" src="OTHER"', POLICY),
    Frame(
        "cross-origin with allow for another origin",
        'allow="tools https://elsewhere.example" src="OTHER"',
        POLICY,
    ),
]


def frame_page(chromium: Chromium, attributes: str, headers: dict[str, str]) -> str:
    site = chromium.site
    child = site.add(BLANK, "html")
    attributes = attributes.replace("CHILD", child).replace("OTHER", site.cross_origin(child))
    return site.add(
        f"<!doctype html><title>top</title><iframe {attributes}></iframe>", "html", headers
    )


def in_frame(page: Any) -> dict[str, Any]:
    frame = page.frames[1]
    frame.wait_for_load_state()
    return dict(frame.evaluate(PROBE))


@pytest.mark.parametrize("frame", [pytest.param(f, id=f.label) for f in FRAMES])
def test_origin_agent_cluster_frames(chromium: Chromium, frame: Frame) -> None:
    """Frames need the `tools` permission: the policy's default allowlist is 'self'."""
    with chromium.page() as page:
        page.goto(frame_page(chromium, frame.attributes, {}))
        seen = in_frame(page)
    assert seen["register"] == frame.register, (
        f"origin-agent-cluster: registering in a {frame.label} frame now gives {seen}"
    )


@pytest.mark.parametrize(
    "frame",
    [
        pytest.param(f, id=f.label)
        for f in FRAMES
        if "OTHER" in f.attributes and "sandbox" not in f.attributes
    ],
)
def test_iframe_tools_permission_linter_agrees_with_chromium(frame: Frame) -> None:
    """A page that asks for a cross-origin frame's tools: the rule flags exactly the frames
    Chromium refuses."""
    origin = "https://widget.example"
    page = (
        "<script type=module>\n"
        f'  await document.modelContext.getTools({{ fromOrigins: ["{origin}"] }});\n'
        "</script>\n"
        f"<iframe {frame.attributes.replace('OTHER', origin + '/panel.html')}></iframe>\n"
    )
    flagged = "iframe-tools-permission" in rules_in(lint(page, "page.html"))
    assert flagged == (frame.register != "ok"), (
        f"iframe-tools-permission: Chromium gives {frame.register} for a {frame.label} "
        f"frame, and the rule {'flags' if flagged else 'does not flag'} it"
    )


@pytest.mark.parametrize("attributes", ['src="CHILD"', 'srcdoc="<p>frame"'])
def test_origin_agent_cluster_frames_of_a_site_keyed_page(
    chromium: Chromium, attributes: str
) -> None:
    """A same-origin frame shares its parent's site-keyed agent cluster, whatever its
    own headers say."""
    with chromium.page() as page:
        page.goto(frame_page(chromium, attributes, SITE_KEYED))
        seen = in_frame(page)
    assert seen["register"] == REFUSED, seen


LIST_WITH_WINDOWS = """async () => (await document.modelContext.getTools()).map(
    (tool) => [tool.name, tool.window === window])"""
REGISTER = """async (name) => {
    await document.modelContext.registerTool({ name, description: "d", execute: () => 1 });
}"""


def test_origin_agent_cluster_get_tools_lists_same_origin_frames(chromium: Chromium) -> None:
    """getTools() lists the tools of every same-origin frame of the page (`window` tells
    them apart); a cross-origin frame's tools stay out of its parent's list, and the
    parent's out of the frame's."""
    site = chromium.site
    child = site.add(BLANK, "html")
    html = (
        f'<!doctype html><title>top</title><iframe src="{child}"></iframe>'
        f'<iframe allow="tools" src="{site.cross_origin(child)}"></iframe>'
    )
    with chromium.page() as page:
        page.goto(site.add(html, "html"))
        top, same, other = page.frames
        for frame, name in ((top, "top_tool"), (same, "same_tool"), (other, "other_tool")):
            frame.wait_for_load_state()
            frame.evaluate(REGISTER, name)
        lists = [sorted(frame.evaluate(LIST_WITH_WINDOWS)) for frame in (top, same, other)]
    assert lists == [
        [["same_tool", False], ["top_tool", True]],
        [["same_tool", True], ["top_tool", False]],
        [["other_tool", True]],
    ], f"origin-agent-cluster: getTools() in the top, same- and cross-origin frame: {lists}"
