"""What a file runs on: the WebMCP implementations that may provide `modelContext` where
it runs, each with its evidence, and the verdicts rules read from them.

Chrome's own `document.modelContext` is one implementation; MCP-B's packages, other
published polyfills, a shim the project wrote and a test's fake are others, each with
the members it provides on `document` and `navigator` (`extract/implementations.py`
knows the published ones by version). A file may run in two environments: Chrome with
WebMCP, and a browser without it. In each, a surface (`document.modelContext`,
`navigator.modelContext`) is provided by the first of: an implementation installed even
where Chrome has WebMCP, Chrome itself (on `document`, in Chrome), an implementation
installed only where nothing is there. A rule asks what the provider in each
environment does; what cannot be known (`known=False`, members `None`) gives no verdict.
"""

from __future__ import annotations

from typing import Literal

from msgspec import Struct, field
from msgspec.structs import replace

Surface = Literal["document", "navigator"]
Environment = Literal["chrome", "other"]
ImplementationKind = Literal["chrome", "package", "shim", "fake", "declared"]
InstallKind = Literal["import", "call", "script", "shim", "fake"]

ENVIRONMENTS: tuple[Environment, ...] = ("chrome", "other")
SURFACES: tuple[Surface, ...] = ("document", "navigator")
# What Chrome 156's `document.modelContext` has (tests/browser checks the list).
CHROME_MEMBERS = frozenset(
    {
        "registerTool",
        "getTools",
        "executeTool",
        "ontoolchange",
        "ontoolactivated",
        "ontoolcancel",
        "addEventListener",
        "removeEventListener",
        "dispatchEvent",
    }
)


class Evidence(Struct, frozen=True):
    """Where a file says what it runs on: a lockfile entry, an import, a `<script src>`,
    a `defineProperty`, a test set-up file. `line` is 1-based, 0 for a whole file."""

    path: str
    line: int
    what: str

    def __str__(self) -> str:
        where = f"{self.path}:{self.line}" if self.line else self.path
        return f"{self.what} ({where})"


class Install(Struct, frozen=True):
    """One place that puts a runtime on the page (or, in a test, a fake)."""

    kind: InstallKind
    line: int
    what: str
    package: str | None = None
    version: str | None = None  # from a CDN URL
    surfaces: frozenset[Surface] = frozenset()
    members: frozenset[str] | None = None
    always: bool = True  # not only where the surface is missing
    testing: bool = False  # installs `modelContextTesting`
    bare: bool = False  # an import for its effect only (`import "@mcp-b/global"`)


class Implementation(Struct, frozen=True):
    """One thing that may provide `modelContext`.

    `surfaces` are where it installs it; `members` what that object has (None: not
    known); `testing` whether it also installs `navigator.modelContextTesting`.
    `always` says it installs even where Chrome has WebMCP (replacing or shadowing
    Chrome's); otherwise only where the surface is missing. `reaches_chrome` says whether
    tools registered on it reach Chrome's own registry (and so Chrome's agent);
    `throws_reach_agent` whether a throw in `execute` reaches the agent as a message;
    `string_input` whether its `executeTool` takes the input as a JSON string.
    """

    name: str
    kind: ImplementationKind
    surfaces: frozenset[Surface]
    members: frozenset[str] | None
    version: str | None = None
    testing: bool = False
    always: bool = True
    reaches_chrome: bool | None = None
    throws_reach_agent: bool | None = None
    string_input: bool | None = None
    signal: bool | None = None  # `execute` gets `{ signal }` and registerTool takes one
    # MCP's own annotations (`destructiveHint`, ...) are kept and handed to MCP clients.
    mcp_annotations: bool | None = None
    client: bool | None = None  # `execute` gets `{ requestUserInteraction }` (MCP-B's SDK)
    evidence: tuple[Evidence, ...] = ()

    @property
    def label(self) -> str:
        """How messages name it: `Chrome`, `@mcp-b/global 1.5.0`, `the project's shim`."""
        if self.kind != "package" or self.version is None:
            return self.name
        return f"{self.name} {self.version}"

    def has(self, member: str) -> bool | None:
        return None if self.members is None else member in self.members


CHROME = Implementation(
    "Chrome",
    "chrome",
    frozenset({"document"}),
    CHROME_MEMBERS,
    always=True,
    reaches_chrome=True,
    throws_reach_agent=False,
    string_input=False,
    signal=True,
)


class Runtime(Struct, frozen=True):
    """What may provide `modelContext` where a file runs.

    `chrome`: the code can run on Chrome's own API (browser code, a page under test).
    `known`: False when something out of sight may provide it (a page a test drives
    that the project does not show, a fake whose object cannot be read): no verdict
    that depends on the runtime is given then. `implements`: the file belongs to a
    package that implements a runtime (a polyfill, a types package): it defines the
    API, it does not use it.
    """

    implementations: tuple[Implementation, ...] = ()  # installed by the page or a test
    chrome: bool = True
    known: bool = True
    implements: str | None = None  # what it implements, for messages and --show-settings
    notes: tuple[Evidence, ...] = field(default=())  # evidence that decided nothing alone

    def provider(self, surface: Surface, environment: Environment) -> Implementation | None:
        """What provides `surface` in `environment`, or None when nothing does."""
        installed = self.implementations  # most often none: asked about 8 times per tool
        always = [i for i in installed if surface in i.surfaces and i.always] if installed else ()
        if always:
            return always[-1]  # the last installed wins
        if self.chrome and environment == "chrome" and surface in CHROME.surfaces:
            return CHROME
        missing = [i for i in installed if surface in i.surfaces and not i.always]
        return missing[0] if missing else None

    def providers(self, surface: Surface) -> list[tuple[Environment, Implementation]]:
        """The provider of `surface` in each environment that has one."""
        found = []
        for environment in ENVIRONMENTS if self.chrome else ("other",):
            provider = self.provider(surface, environment)
            if provider is not None:
                found.append((environment, provider))
        return found

    def lacking(self, surface: Surface, member: str) -> tuple[Environment, Implementation] | None:
        """An environment whose provider of `surface` certainly lacks `member` (a call
        throws there), with that provider; None when none does or it cannot be told."""
        if not self.known:
            return None
        for environment, provider in self.providers(surface):
            if provider.has(member) is False:
                return environment, provider
        return None

    def may_provide(self, surface: Surface, member: str) -> bool:
        """Whether some provider of `surface` has, or may have, `member`: a check for it
        is not always false."""
        if not self.known:
            return True
        return any(p.has(member) is not False for _, p in self.providers(surface))

    def everywhere(self, surface: Surface) -> bool:
        """Whether `surface` is provided in every environment (an implementation the
        page always installs is the feature check)."""
        environments = ENVIRONMENTS if self.chrome else ("other",)
        return all(self.provider(surface, e) is not None for e in environments)

    def testing(self) -> list[Implementation]:
        """The implementations that install `navigator.modelContextTesting`."""
        return [i for i in self.implementations if i.testing]

    def hidden_from_chrome(self, surface: Surface) -> Implementation | None:
        """The provider of `surface` in Chrome when tools registered on it never reach
        Chrome's own registry (Chrome's agent does not see them)."""
        if not self.known or not self.chrome:
            return None
        provider = self.provider(surface, "chrome")
        if provider is None or provider.kind == "chrome":
            return None
        return provider if provider.reaches_chrome is False else None

    def only(self, predicate: str) -> bool | None:
        """Whether every provider of either surface has the attribute `predicate`
        true (False when one has it false, None when one cannot tell)."""
        verdicts = [
            getattr(p, predicate) for surface in SURFACES for _, p in self.providers(surface)
        ]
        if not verdicts or not self.known:
            return None
        if any(v is False for v in verdicts):
            return False
        return None if any(v is None for v in verdicts) else True

    def labels(self, surface: Surface) -> list[str] | None:
        """What provides `surface`, in each environment that has it (`Chrome`,
        `@mcp-b/global 1.6.4`), for the tool manifest; None when it cannot be known."""
        if not self.known:
            return None
        return list(dict.fromkeys(p.label for _, p in self.providers(surface)))

    def with_implementations(self, *added: Implementation) -> Runtime:
        return replace(self, implementations=(*self.implementations, *added))


def environment_phrase(environment: Environment, runtime: Runtime, provider: Implementation) -> str:
    """`on Chrome with WebMCP, where @mcp-b/webmcp-polyfill 4.0.0 installs nothing` /
    `on @mcp-b/global 5.1.0`: where a verdict holds, for a message."""
    if provider.kind == "chrome":
        absent = list(dict.fromkeys(i.label for i in runtime.implementations if not i.always))
        if absent:
            return f"on Chrome with WebMCP, where {' and '.join(absent)} installs nothing"
        return "on Chrome with WebMCP"
    if environment == "chrome" and not provider.always:
        return f"on Chrome, where {provider.label} provides it"
    return f"on {provider.label}"


# What a file runs on when nothing says otherwise: Chrome's own API.
CHROME_ONLY = Runtime()
UNKNOWN_RUNTIME = Runtime((), chrome=True, known=False)


class ProjectRuntime(Struct, frozen=True):
    """What the project around a file installs (a project fact, found before checks run
    and compared by the cache): `app` for the package's pages, `tests` for this file by
    its set-up files. `implements` names the runtime or types package the file belongs
    to; `lists_runtime` says the project lists a runtime package; `publishes` that it is a
    library others install (what their pages run is theirs to choose); `versions` are the
    versions it installs of each, for a file that imports one itself; `declared` is the
    configuration's `runtime` (then nothing else counts)."""

    app: tuple[Implementation, ...] = ()
    tests: tuple[Implementation, ...] = ()
    test_file: bool = False
    implements: str | None = None
    lists_runtime: bool = False
    publishes: bool = False
    versions: tuple[tuple[str, str, tuple[Evidence, ...]], ...] = ()
    declared: Runtime | None = None
    notes: tuple[Evidence, ...] = ()


def canonical(value: object) -> str:
    """A text that is equal for equal runtime facts in any process (frozensets sorted),
    for the cache to compare."""
    import json

    def plain(item: object) -> object:
        if isinstance(item, Struct):
            return {name: plain(getattr(item, name)) for name in item.__struct_fields__}
        if isinstance(item, frozenset):
            return sorted(str(plain(i)) for i in item)
        if isinstance(item, tuple | list):
            return [plain(i) for i in item]
        return item

    return json.dumps(plain(value), sort_keys=True, separators=(",", ":"))
