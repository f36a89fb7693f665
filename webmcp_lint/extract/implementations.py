"""The published WebMCP implementations, by package and version: where each installs
`modelContext` and what it has there.

Read from the packages' sources (the npm tarballs of `@mcp-b/global`,
`@mcp-b/webmcp-polyfill` and `@mcp-b/webmcp-ts-sdk` of every major, and the repositories
of the others), December 2026:

- `@mcp-b/global` 1.0.x puts a `provideContext`/`registerTool` object on
  `navigator.modelContext` (`registerTool` returns `{ unregister }`); 1.2 adds
  `unregisterTool`, `clearContext` and `navigator.modelContextTesting`; 1.5 also
  adapts a native `navigator.modelContext` and adds `callTool`; 2.3 takes a `signal`.
  Up to 2.x the tools stay on `navigator`, which Chrome 152+ does not have: Chrome's
  agent never sees them. 3.0 replaces `document.modelContext` too and mirrors every
  registration into Chrome's own (no `provideContext`/`clearContext`); 5.0 drops
  `unregisterTool` and `callTool`. A throw in `execute` becomes an `isError` result.
  From 3.0 its `executeTool(tool, inputArgsJson)` takes the input as a JSON string, as
  the polyfill's does from 3.0 (Chrome 155+ takes an object). Annotations are kept and
  listed for MCP clients, MCP's own (`destructiveHint`) included. From 2.2 to 4.x its SDK
  calls `execute(args, { requestUserInteraction })`; 5.x calls `execute(args)` alone,
  also for Chrome's agent (its mirror in Chrome's registry drops the second argument),
  and races the call against the signal itself.
- `@mcp-b/webmcp-polyfill` up to 2.3 installs `navigator.modelContext` where it is
  missing (so on Chrome 152+ too, out of Chrome's sight), with provide/clear/register/
  unregister; from 3.0 it installs `document.modelContext` only where the browser has
  neither, so on Chrome with WebMCP it installs nothing, and `unregisterTool` (kept,
  deprecated, until 5.0) is missing exactly there. From 5.0 importing it installs
  nothing: `initializeWebMCPPolyfill()` does, and where it installs it calls
  `execute(args)` without a `{ signal }`.
- `webmcp-nexus-sdk`, `@webmcp-auto-ui/core` and `@webmcp-bridge/core` put their own
  object on `navigator.modelContext`, also on current Chrome; `@webmcp-auto-ui/core`
  keeps `destructiveHint` (its confirmation policy reads it).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from msgspec import Struct

from webmcp_lint import LazyPattern
from webmcp_lint.model.runtime import Evidence, Implementation, Surface

GLOBAL = "@mcp-b/global"
POLYFILL = "@mcp-b/webmcp-polyfill"
NEXUS = "webmcp-nexus-sdk"
AUTO_UI = "@webmcp-auto-ui/core"
BRIDGE = "@webmcp-bridge/core"
# Packages whose import (or installer call) puts a runtime on the page.
RUNTIME_PACKAGES = frozenset({GLOBAL, POLYFILL, NEXUS, AUTO_UI, BRIDGE})
# Packages that describe the API's types only.
TYPE_PACKAGES = frozenset({"webmcp-types", "@mcp-b/webmcp-types"})
# The calls that install a package's runtime.
INSTALLERS = {
    "initializeWebModelContext": GLOBAL,
    "initializeWebMCPPolyfill": POLYFILL,
    "installModelContextBridge": BRIDGE,
}
# Releases by package, oldest first: a range means the newest release it admits.
RELEASES = {
    GLOBAL: [
        "1.0.15",
        "1.2.1",
        "1.4.0",
        "1.5.0",
        "1.6.0",
        "1.6.4",
        "2.0.11",
        "2.1.0",
        "2.2.0",
        "2.3.1",
        "2.3.2",
        "3.0.0",
        "4.0.0",
        "5.0.1",
        "5.1.0",
    ],
    POLYFILL: [
        "0.3.0",
        "0.3.3",
        "2.0.8",
        "2.0.11",
        "2.1.0",
        "2.2.0",
        "2.3.1",
        "2.3.2",
        "3.0.0",
        "4.0.0",
        "5.0.1",
        "5.1.0",
    ],
    # MCP-B's React hooks (the npm registry's releases), whose version says where they
    # register and whether they install `@mcp-b/global` (runtime.py).
    "@mcp-b/react-webmcp": [
        "0.2.3",
        "1.1.1",
        "1.6.4",
        "2.0.11",
        "2.3.1",
        "2.3.2",
        "4.0.0",
        "5.1.0",
    ],
}

Version = tuple[int, int, int]
_NUMBERS = LazyPattern(r"(\d+)(?:\.(\d+|[xX*]))?(?:\.(\d+|[xX*]))?")
BOTH: frozenset[Surface] = frozenset({"document", "navigator"})
NAVIGATOR: frozenset[Surface] = frozenset({"navigator"})
DOCUMENT: frozenset[Surface] = frozenset({"document"})


class Band(Struct, frozen=True):
    """What a package does from version `since` until the next band."""

    since: Version
    surfaces: frozenset[Surface]
    members: frozenset[str]
    always: bool
    testing: bool
    reaches_chrome: bool
    throws_reach_agent: bool
    signal: bool
    string_input: bool = False
    installs_on_import: bool = True
    mcp_annotations: bool = False
    # `execute` gets `{ requestUserInteraction }` as its second argument (MCP-B's SDK)
    client: bool = False


def _members(names: str) -> frozenset[str]:
    return frozenset(names.split())


_EVENTS = "addEventListener removeEventListener dispatchEvent"
_MIRRORED = f"registerTool unregisterTool listTools executeTool callTool getTools {_EVENTS}"
BANDS: dict[str, tuple[Band, ...]] = {
    GLOBAL: (
        Band(
            (1, 0, 0),
            NAVIGATOR,
            _members(f"provideContext registerTool listTools executeTool {_EVENTS}"),
            always=False,
            testing=False,
            reaches_chrome=False,
            throws_reach_agent=True,
            mcp_annotations=True,
            signal=False,
        ),
        Band(
            (1, 2, 0),
            NAVIGATOR,
            _members(
                "provideContext registerTool unregisterTool clearContext listTools "
                f"executeTool {_EVENTS}"
            ),
            always=False,
            testing=True,
            reaches_chrome=False,
            throws_reach_agent=True,
            mcp_annotations=True,
            signal=False,
        ),
        Band(
            (1, 5, 0),
            NAVIGATOR,
            _members(
                "provideContext registerTool unregisterTool clearContext listTools "
                f"executeTool callTool getTools {_EVENTS}"
            ),
            always=True,
            testing=True,
            reaches_chrome=False,
            throws_reach_agent=True,
            mcp_annotations=True,
            signal=False,
        ),
        Band(
            (2, 2, 0),
            NAVIGATOR,
            _members(
                "provideContext registerTool unregisterTool clearContext listTools "
                f"executeTool callTool getTools {_EVENTS}"
            ),
            always=True,
            testing=True,
            reaches_chrome=False,
            throws_reach_agent=True,
            mcp_annotations=True,
            client=True,
            signal=False,
        ),
        Band(
            (2, 3, 0),
            NAVIGATOR,
            _members(
                "provideContext registerTool unregisterTool clearContext listTools "
                f"executeTool callTool getTools {_EVENTS}"
            ),
            always=True,
            testing=True,
            reaches_chrome=False,
            throws_reach_agent=True,
            mcp_annotations=True,
            client=True,
            signal=True,
        ),
        Band(
            (3, 0, 0),
            BOTH,
            _members(_MIRRORED),
            always=True,
            testing=True,
            reaches_chrome=True,
            throws_reach_agent=True,
            mcp_annotations=True,
            client=True,
            signal=True,
            string_input=True,
        ),
        Band(
            (4, 0, 0),
            BOTH,
            _members(_MIRRORED),
            always=True,
            testing=True,
            reaches_chrome=True,
            throws_reach_agent=True,
            mcp_annotations=True,
            client=True,
            signal=True,
            string_input=True,
        ),
        Band(
            (5, 0, 0),
            BOTH,
            _members(f"registerTool listTools executeTool getTools {_EVENTS}"),
            always=True,
            testing=True,
            reaches_chrome=True,
            throws_reach_agent=True,
            mcp_annotations=True,
            signal=False,  # 5.1.0 calls `tool.execute(args)`, and mirrors it as `(input) => ...`
            string_input=True,
        ),
    ),
    POLYFILL: (
        Band(
            (0, 0, 0),
            NAVIGATOR,
            _members("provideContext clearContext registerTool unregisterTool getTools"),
            always=False,
            testing=True,
            reaches_chrome=False,
            throws_reach_agent=False,
            signal=False,
        ),
        Band(
            (2, 3, 0),
            NAVIGATOR,
            _members("provideContext clearContext registerTool unregisterTool getTools"),
            always=False,
            testing=True,
            reaches_chrome=False,
            throws_reach_agent=False,
            signal=True,
        ),
        Band(
            (3, 0, 0),
            DOCUMENT,
            _members(f"registerTool unregisterTool getTools executeTool {_EVENTS}"),
            always=False,
            testing=True,
            reaches_chrome=True,
            throws_reach_agent=False,
            signal=True,
            string_input=True,
        ),
        Band(
            (5, 0, 0),
            DOCUMENT,
            _members(f"registerTool getTools executeTool {_EVENTS}"),
            always=False,
            testing=False,
            reaches_chrome=True,
            throws_reach_agent=False,
            signal=False,  # 5.1.0 calls `tool.execute(args)` where it installs
            string_input=True,
            installs_on_import=False,
        ),
    ),
    NEXUS: (
        Band(
            (0, 0, 0),
            NAVIGATOR,
            _members(f"registerTool unregisterTool listTools callTool {_EVENTS}"),
            always=False,
            testing=True,
            reaches_chrome=False,
            throws_reach_agent=False,
            signal=True,
        ),
    ),
    AUTO_UI: (
        Band(
            (0, 0, 0),
            NAVIGATOR,
            _members(
                "registerTool unregisterTool provideContext clearContext "
                "registerToolsChangedCallback"
            ),
            always=True,
            testing=True,
            reaches_chrome=False,
            throws_reach_agent=False,
            signal=True,
            mcp_annotations=True,
        ),
    ),
    BRIDGE: (
        Band(
            (0, 0, 0),
            NAVIGATOR,
            _members("provideContext clearContext registerTool unregisterTool"),
            always=True,
            testing=False,
            reaches_chrome=False,
            throws_reach_agent=False,
            signal=False,
            installs_on_import=False,
        ),
    ),
}


def parse_version(text: str) -> Version | None:
    """`1.5.0` as (1, 5, 0); a prerelease or build suffix is ignored."""
    match = _NUMBERS.compiled.fullmatch(text.split("-")[0].split("+")[0].strip().lstrip("v="))
    if match is None or not all(part and part.isdigit() for part in match.groups()):
        return None
    major, minor, patch = match.groups()
    return int(major), int(minor), int(patch)


def newest_admitted(package: str, spec: str) -> str | None:
    """The version a `package.json` range installs: a plain version as it is; for a
    range, the newest known release it admits (`^1.2.0` is 1.6.4), or its lower bound
    when no known release does; None when the range cannot be read (`*`, a tag, a URL)."""
    spec = spec.strip()
    if spec.startswith("npm:"):
        spec = spec.rpartition("@")[2]
    exact = parse_version(spec)
    if exact is not None:
        return spec.lstrip("v=")
    admits = _range(spec)
    if admits is None:
        return None
    known = [v for v in RELEASES.get(package, []) if admits(_triple(v))]
    if known:
        return known[-1]
    lower = _lower_bound(spec)
    return ".".join(map(str, lower)) if lower is not None else None


def _triple(version: str) -> Version:
    parsed = parse_version(version)
    assert parsed is not None
    return parsed


def _lower_bound(spec: str) -> Version | None:
    match = _NUMBERS.compiled.search(spec)
    if match is None:
        return None
    parts = [int(p) if p and p.isdigit() else 0 for p in match.groups()]
    return parts[0], parts[1], parts[2]


def _range(spec: str) -> Callable[[Version], bool] | None:
    """A predicate for the simple ranges packages use: `^x.y.z`, `~x.y.z`, `x`, `x.y`,
    `x.x`, `>=x.y.z` (with an optional `<` bound); None for any other."""
    spec = spec.replace(" ", "")
    match = re.fullmatch(r"(\^|~|>=|>)?(\d+)(?:\.(\d+|[xX*]))?(?:\.(\d+|[xX*]))?(?:<(.+))?", spec)
    if match is None:
        return None
    operator, *numbers, upper = match.groups()
    parts = [int(n) if n and n.isdigit() else None for n in numbers]
    major, minor, patch = parts
    assert major is not None
    low = (major, minor or 0, patch or 0)
    bound = parse_version(upper) if upper else None
    if upper and bound is None:
        return None

    def below(version: Version) -> bool:
        return bound is None or version < bound

    if operator in (">=", ">"):
        return lambda v: (v >= low if operator == ">=" else v > low) and below(v)
    if operator == "~" or (operator is None and minor is not None and patch is None):
        return lambda v: v >= low and v[:2] == low[:2]
    if operator == "^" or (operator is None and minor is None):
        if major == 0:
            return lambda v: v >= low and v[:2] == low[:2]
        return lambda v: v >= low and v[0] == major
    return lambda v: v == low


def band(package: str, version: str | None) -> Band | None:
    """What `package` does at `version`; None when either is unknown."""
    bands = BANDS.get(package)
    parsed = parse_version(version) if version is not None else None
    if bands is None or parsed is None:
        return None
    found = None
    for candidate in bands:
        if parsed >= candidate.since:
            found = candidate
    return found


def implementation(
    package: str, version: str | None, evidence: tuple[Evidence, ...]
) -> Implementation:
    """The implementation `package` installs at `version` (members unknown when the
    version is)."""
    facts = band(package, version)
    if facts is None:
        return Implementation(package, "package", BOTH, None, version, evidence=evidence)
    return Implementation(
        package,
        "package",
        facts.surfaces,
        facts.members,
        version,
        testing=facts.testing,
        always=facts.always,
        reaches_chrome=facts.reaches_chrome,
        throws_reach_agent=facts.throws_reach_agent,
        string_input=facts.string_input,
        signal=facts.signal,
        mcp_annotations=facts.mcp_annotations,
        client=facts.client,
        evidence=evidence,
    )


def maps_annotation_strings(package: str, version: str | None) -> bool | None:
    """Whether a release maps `readOnlyHint`'s strings "true" and "false" to booleans
    before it keeps a tool, rather than coercing them with `Boolean()` as Chrome does
    (where "false" is true): the polyfill did from 0.3.1 (February 2026) until MCP SDK v2
    (5.0, `normalizeAnnotations` removed in WebMCP-org/npm-packages#278), and
    `@mcp-b/global` 4.x installs that polyfill where the browser has no WebMCP. True:
    mapped; False: coerced; None: not known."""
    parsed = parse_version(version) if version else None
    if parsed is None or package not in (POLYFILL, GLOBAL):
        return None
    if parsed >= (5, 0, 0):
        return False
    if package == POLYFILL:
        return True if parsed >= (0, 3, 1) else None
    return True if parsed >= (4, 0, 0) else None


def installs_on_import(package: str, version: str | None) -> bool | None:
    """Whether importing `package` installs its runtime (None: the version is unknown and
    its majors differ)."""
    facts = band(package, version)
    if facts is not None:
        return facts.installs_on_import
    majors = {b.installs_on_import for b in BANDS.get(package, ())}
    return majors.pop() if len(majors) == 1 else None
