"""Facts about functions, computed once per function by `extract/functions.py` and read by
every rule: what a function reads from its input, what it throws, fetches, waits on and
changes, the calls it makes, and whether it only runs where WebMCP exists.

A fact found in a function that this one calls (to a depth every rule shares) carries
`via`: the calls from this function down to it, the first one written in this function.
`site` is where the fact shows in this function: the fact itself, or that first call.
A fact written in another module (an imported helper) carries `file`: that module's
text and its path as the linted file's findings show it; `site` stays in this file.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, Protocol

from msgspec import Struct, field

from webmcp_lint.model.scripts import Script
from webmcp_lint.model.tools import ToolDefinition
from webmcp_lint.model.values import Value
from webmcp_lint.workspace.source import SourceFile

if TYPE_CHECKING:
    from tree_sitter import Node

MutationKind = Literal[
    # unmistakable changes
    "post-request",  # many APIs read through POST (search, translation, GraphQL queries)
    "request",  # PUT, PATCH, DELETE...
    "storage",
    "cookie",
    "navigation",
    "window",
    "beacon",
    "form",  # `.submit()`, `.requestSubmit()`, `.click()`
    "state",  # a React state setter
    # calls and assignments that may change state outside the function
    "dom",  # the page: `el.textContent = ...`, `el.append(...)`
    "call",
    "assignment",
]
WEAK_MUTATIONS: frozenset[MutationKind] = frozenset({"dom", "call", "assignment"})

# Whether the execution signal reaches a request: passed on, certainly not, only a
# timeout's signal, or it cannot be told.
SignalUse = Literal["forwarded", "missing", "timeout", "unknown"]


class Elsewhere(Struct, frozen=True, eq=False):
    """The file a fact is written in when it is not the linted one: its text (for
    positions) and its path as the linted file's findings show it."""

    source: SourceFile
    path: str


class Callee(Struct, frozen=True):
    """The function a call runs, with the script it is written in; `source` is the
    other module it is written in (None: the caller's own file)."""

    node: Node
    script: Script
    source: SourceFile | None = None


class InputRead(Struct, eq=False):
    """An input property the function reads, by destructuring or as `input.key`."""

    key: str
    node: Node  # where it is first read: the pattern key or the member expression
    default: Node | None = None  # a destructuring default
    uses: list[Node] = field(default_factory=list)
    opaque: bool = False  # bound to a nested pattern: its uses cannot be followed
    checked: bool = False  # a use tests it, falls back from it, or hands it to code that may


class InputReads(Struct, eq=False):
    reads: dict[str, InputRead] = field(default_factory=dict)
    # The input object as a whole goes somewhere (a helper, a spread, a validator), or
    # is read with a computed key: what happens to a property cannot be told.
    escapes: bool = False

    def unchecked(self, key: str, allow_default: bool) -> bool:
        """The function reads `key` and none of its uses tests it or falls back from it
        (a destructuring default counts as a fallback unless `allow_default`)."""
        read = self.reads.get(key)
        if self.escapes or read is None or read.opaque or not read.uses:
            return False
        if read.default is not None and not allow_default:
            return False
        return not read.checked


# What a function without an input reads: one for all of them (100,000 `execute() {}`
# held one each), so never changed once made.
NOTHING_READ = InputReads()


class OptionRead(Struct, frozen=True, eq=False):
    """A member the function reads from its second parameter (`{ signal }`, `opts.x`)."""

    node: Node
    member: str
    called: bool = False  # `opts.x(...)`
    destructured: bool = False  # `{ x }` in the parameter itself
    # How the member is used: "call" (`opts.x()`, or a destructured `x()`), "optional-call"
    # (`?.()`), or "read" (anything else).
    use: str = "read"


class Call(Struct, frozen=True, eq=False):
    """A call of a function the analysis can see into."""

    node: Node
    callee: Callee
    own: bool  # in the function's own code, not in a callback it defines
    awaited: bool  # awaited or returned, so its rejection fails this function
    caught: bool  # inside a `try` with a `catch`
    on_abort: bool  # only made once a condition or a `catch` looked at the signal
    passes_signal: bool  # the call mentions the signal or an abort
    await_expression: Node | None = None  # the `await` of this function's code awaiting it


class Throw(Struct, frozen=True, eq=False):
    """A `throw` or `Promise.reject(...)` that ends the function with an error, or one
    that is caught (`caught`) or passes an abort on (`on_abort`)."""

    node: Node
    caught: bool = False
    on_abort: bool = False
    via: tuple[Node, ...] = ()
    file: Elsewhere | None = None  # where `node` is written, when not in the linted file

    @property
    def escapes(self) -> bool:
        return not self.caught and not self.on_abort

    @property
    def site(self) -> Node:
        return self.via[0] if self.via else self.node


class Fetch(Struct, frozen=True, eq=False):
    """A `fetch(...)` call: its init, method, literal URL start and whether the
    execution signal reaches it."""

    node: Node
    init: Value | None  # None: no init given
    method: str | None  # "GET" without an init; None when unknown
    signal: SignalUse
    url: str | None  # the literal start of the URL
    via: tuple[Node, ...] = ()
    file: Elsewhere | None = None  # where `node` is written, when not in the linted file
    # Where the signal can only come from this function's parameters: the parameter given
    # as `signal` (`{ signal }`), or those the init is or spreads (`{ ...init }` of an init
    # naming no signal). A call then says whether the request gets one.
    signal_parameter: int | None = None
    init_parameters: tuple[int, ...] = ()

    @property
    def site(self) -> Node:
        return self.via[0] if self.via else self.node


class Timer(Struct, frozen=True, eq=False):
    """A promise of a timer the function builds and hands back (`new Promise(r =>
    setTimeout(r, ms))`): whoever awaits the call waits on it. `delay` is in ms;
    `delay_parameter` the index of the parameter the delay comes from, when it does."""

    node: Node
    delay: float | None
    delay_parameter: int | None = None
    polling: bool = False  # `setInterval`: it waits until something happens


class Wait(Struct, frozen=True, eq=False):
    """An `await` in this function (`node`) on a timer: inline, or through calls (`via`)
    down to the timer (`timer`). `cancellable`: the signal reaches the wait (given to
    it, or the function waited on handles it)."""

    node: Node
    timer: Node
    delay: float | None
    polling: bool
    loop: Node | None  # the loop around the `await` in this function
    loop_checks_signal: bool
    cancellable: bool
    delay_parameter: int | None = None
    via: tuple[Node, ...] = ()
    file: Elsewhere | None = None  # where `timer` is written, when not in the linted file

    @property
    def site(self) -> Node:
        return self.node


class Mutation(Struct, frozen=True, eq=False):
    """Something the function visibly changes; `what` says it for a message ("writes to
    `localStorage`")."""

    node: Node
    kind: MutationKind
    what: str
    via: tuple[Node, ...] = ()
    file: Elsewhere | None = None  # where `node` is written, when not in the linted file

    @property
    def strong(self) -> bool:
        """An unmistakable change, not a call or assignment that may change state."""
        return self.kind not in WEAK_MUTATIONS

    @property
    def site(self) -> Node:
        return self.via[0] if self.via else self.node


# one per function
class FunctionFacts(Struct, frozen=True, eq=False):
    """What one function does, with what the functions it calls do (to the shared depth).

    `truncated` is true when a callee was not followed because the chain got too deep:
    then "it changes nothing" cannot be concluded.
    """

    node: Node
    script: Script
    input: Node | None  # the first parameter's pattern
    options: Node | None  # the second parameter's pattern
    is_async: bool
    signal: str | None  # how the execution signal is written here, if it is reachable
    mentions_signal: bool  # the body refers to a signal or an abort anywhere
    returns: tuple[Node, ...]
    input_reads: InputReads
    option_reads: tuple[OptionRead, ...]
    calls: tuple[Call, ...]
    throws: tuple[Throw, ...]
    fetches: tuple[Fetch, ...]
    timers: tuple[Timer, ...]
    waits: tuple[Wait, ...]
    mutations: tuple[Mutation, ...]
    truncated: bool = False
    # `error.stack` of a caught error (a `catch` parameter, or the first parameter of a
    # `.catch(...)` callback) inside what the function returns: its own code only.
    returned_stacks: tuple[Node, ...] = ()
    # Where the function ends without a value although some `return` gives one: each
    # bare `return;`, and the closing `}` when a path certainly runs on to it.
    missing_returns: tuple[Node, ...] = ()


class Lifecycle(Struct, frozen=True):
    """Code a framework runs when a view appears.

    `name` is the hook or method (`useEffect`, `connectedCallback`); `function` the
    callback or method; `call` the hook call for callbacks; `owner` the scope that holds
    the view's other lifecycle code: the component function or script for a callback,
    the class body or options object for a method.
    """

    name: str
    function: Node
    call: Node | None
    owner: Node

    @property
    def is_method(self) -> bool:
        return self.call is None


# How a tool registered when a view appears outlives it: no signal; a controller never
# aborted at teardown; aborted only in a function the framework ignores (Vue, Solid).
CleanupKind = Literal["none", "never", "ignored-return"]


class Cleanup(Struct, frozen=True):
    """What happens to a tool registered in lifecycle code when the view goes away
    (`extract/lifetimes.py`). `kind` None: it is removed, or that cannot be told."""

    lifecycle: Lifecycle
    kind: CleanupKind | None
    controller: Node | None = None  # the controller whose signal it passes
    # The teardown code calls something named `unregister...` (a tool without a signal
    # may be removed by name or through a handle there).
    teardown_unregisters: bool = False


class Functions(Protocol):
    """What extraction attaches to a file model: facts about its functions."""

    def of(self, function: Node, script: Script) -> FunctionFacts | None:
        """The facts of a function with a body, else None."""
        ...

    def of_tool(self, tool: ToolDefinition) -> FunctionFacts | None:
        """The facts of a tool's `execute`, when it is a function the file defines."""
        ...

    def reachable(self, root: Node, script: Script) -> list[Node]:
        """The functions the code of `root` calls, and those they call, to the shared
        depth (`root` itself first)."""
        ...

    def guarded(self, node: Node, script: Script) -> bool:
        """Whether `node` only runs where `document.modelContext` exists (a support
        check, guarded callers, or callers out of sight)."""
        ...

    def after_document_return(self, statement: Node, script: Script) -> bool:
        """Whether an earlier statement of the block holding `statement` tests
        `document.modelContext` and returns from inside: then `statement` only runs
        where the document has none."""
        ...

    def component(self, node: Node, script: Script) -> Node | None:
        """The React function component or hook (or class component) `node` is in."""
        ...

    def angular_class(self, node: Node, script: Script) -> Node | None:
        """The Angular component, directive, service, pipe or module class `node` is in."""
        ...

    def lifecycle(self, node: Node, script: Script) -> Lifecycle | None:
        """The nearest lifecycle callback or method `node` runs in."""
        ...

    def cleanup(self, tool: ToolDefinition) -> Cleanup | None:
        """For a registration in lifecycle code: whether the view's teardown removes
        the tool (None: not in lifecycle code, or too deep to analyse)."""
        ...

    def unregistered_between(self, tool: ToolDefinition, start: int, end: int) -> bool:
        """Whether the tool is certainly not registered by the time code at `end` runs,
        as far as the code between `start` and `end` shows."""
        ...


class NoFunctions:
    """The functions of a model built without extraction: nothing is known."""

    def of(self, function: Node, script: Script) -> FunctionFacts | None:
        return None

    def of_tool(self, tool: ToolDefinition) -> FunctionFacts | None:
        return None

    def reachable(self, root: Node, script: Script) -> list[Node]:
        return [root]

    def guarded(self, node: Node, script: Script) -> bool:
        return True

    def after_document_return(self, statement: Node, script: Script) -> bool:
        return False

    def component(self, node: Node, script: Script) -> Node | None:
        return None

    def angular_class(self, node: Node, script: Script) -> Node | None:
        return None

    def lifecycle(self, node: Node, script: Script) -> Lifecycle | None:
        return None

    def cleanup(self, tool: ToolDefinition) -> Cleanup | None:
        return None

    def unregistered_between(self, tool: ToolDefinition, start: int, end: int) -> bool:
        return False
