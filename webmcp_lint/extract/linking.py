"""Following imports: the values, factories, forwarding functions and model-context
getters that other modules of the project export.

A module reached by an import is read and extracted like a linted file (whatever the
prefilter says), once per process (an LRU of `MAX_MODULES`). The modules a name is
looked up through (`export … from`, a barrel's `export *` list) are parsed for their
export names alone, kept in a larger LRU (`MAX_NAMES`): only the module that writes the
name is extracted. What comes back into the
importing file is detached: its spans are where this file names it, its syntax is gone,
and `Value.origin` says where it is written, so a tool made of it is handed off to that
file (`Handoff`) and reported there. Bounded: at most `MAX_DEPTH` modules are being read
at once along one chain, a module in a cycle is unknown, and so is a large one.
"""

from __future__ import annotations

import functools
import os
import posixpath
import threading
from collections import OrderedDict
from pathlib import Path
from typing import Any

from msgspec import Struct, field
from tree_sitter import Node

from webmcp_lint.extract.calls import class_method, instance_method
from webmcp_lint.extract.handoffs import export_table, from_plain
from webmcp_lint.extract.modules import resolve
from webmcp_lint.model import (
    UNKNOWN,
    Binding,
    DeclaredWrapper,
    Entry,
    FileModel,
    Forwarder,
    Origin,
    Script,
    Value,
    unknown,
)
from webmcp_lint.model.functions import Callee
from webmcp_lint.workspace.reading import (
    UnreadableError,
    decode_source,
    read_regular_file,
    transcode,
)
from webmcp_lint.workspace.source import SourceFile, Span, language_of

MAX_MODULES = 64
MAX_NAMES = 4096  # modules whose export names are kept (`_names_of`)
MAX_DEPTH = 12
MAX_MODULE_BYTES = 1_000_000
MAX_REEXPORTS = 16
# Modules read (not found in the LRU) for one linted file, its imports' imports included:
# an entry module of a large app reaches hundreds, and past this what they hold is unknown.
MAX_LOADS = 200


SCRIPT_LANGUAGES = ("javascript", "typescript", "tsx")
ModuleKey = tuple[str, int, int]  # path, modification time, size


class Module(Struct, eq=False):
    path: str
    model: FileModel
    script: Script
    exports: dict[str, Node]  # exported name -> the node whose value it is
    reexports: dict[str, tuple[str, str]]  # exported name -> (specifier, name there)
    stars: list[str]  # `export * from` specifiers
    dependencies: set[str] = field(default_factory=set)


# Modules read, shared by the threads of one process (the language server lints in
# threads): every access holds the lock.
_MODULES: OrderedDict[ModuleKey, Module] = OrderedDict()
_MODULES_LOCK = threading.Lock()


class _Chain(threading.local):
    """What one thread is reading: the modules along its chain of imports (a module met
    again there is a cycle; another thread's reads are not) and how many modules it has
    read for the file it lints."""

    def __init__(self) -> None:
        self.loading: set[str] = set()
        self.loads = 0
        # Specifiers resolved for the file being linted, by (specifier, importer): a
        # barrel's `export *` list is walked again for every name looked up through it.
        self.resolved: dict[tuple[str, str], str | None] = {}


_CHAIN = _Chain()


class ProjectLinker:
    """Follows the imports of one file (`importer`, a path); a `model.Linker`."""

    def __init__(
        self,
        importer: str,
        wrappers: tuple[DeclaredWrapper, ...] = (),
        display: str | None = None,
        real: str | None = None,  # the importer's real path, when discovery found it
    ) -> None:
        if not _CHAIN.loading:
            _CHAIN.loads = 0  # a file linted on its own, not a module read for another
            _CHAIN.resolved = {}
        self.importer = real if real is not None else os.path.realpath(importer)
        self.display = display if display is not None else importer  # as findings show it
        self.wrappers = wrappers
        self.dependencies: set[str] = set()
        # Where this file names values written elsewhere: no fix may edit these.
        self.detached: list[Span] = []

    # -- modules ----------------------------------------------------------------------

    def module(self, path: str) -> Module | None:
        chain = _CHAIN
        if path == self.importer or path in chain.loading or len(chain.loading) >= MAX_DEPTH:
            return None
        key = _module_key(path)
        if key is None:
            return None
        with _MODULES_LOCK:
            found = _MODULES.get(key)
            if found is not None:
                _MODULES.move_to_end(key)
        if found is None:
            if chain.loads >= MAX_LOADS:
                return None
            chain.loads += 1
            chain.loading.add(path)
            try:
                found = _load(path, self.wrappers)  # outside the lock: it may take a while
            finally:
                chain.loading.discard(path)
            if found is None:
                return None
            with _MODULES_LOCK:
                found = _MODULES.setdefault(key, found)  # another thread's, if it was first
                _MODULES.move_to_end(key)
                while len(_MODULES) > MAX_MODULES:
                    _MODULES.popitem(last=False)
        self.dependencies.add(path)
        self.dependencies.update(found.dependencies)
        return found

    def export(
        self, path: str, name: str, hops: int = 0, looked: set[tuple[str, str]] | None = None
    ) -> tuple[Module, str, Node] | None:
        """The module that writes export `name` of module `path`, its name there and its
        node, through `export … from` and `export *`. Modules on the way are read for
        their export names alone (`_export_names`): only the one that writes the name is
        extracted. `looked` holds where this lookup has looked already: barrels that
        re-export each other are walked once, not once per path to them."""
        chain = _CHAIN
        if path == self.importer or path in chain.loading or len(chain.loading) >= MAX_DEPTH:
            return None
        looked = set() if looked is None else looked
        if (path, name) in looked:
            return None
        looked.add((path, name))
        names = _export_names(path) if hops <= MAX_REEXPORTS else None
        if names is None:
            return None
        self.dependencies.add(path)
        if name in names.exports:
            module = self.module(path)
            if module is None or name not in module.exports:
                return None
            return module, name, module.exports[name]
        if name in names.reexports:
            specifier, inner = names.reexports[name]
            target = _resolve(specifier, path)
            if not target or inner == "*":
                return None
            return self.export(target, inner, hops + 1, looked)
        if name == "default":
            return None
        for specifier in names.stars:
            target = _resolve(specifier, path)
            found = self.export(target, name, hops + 1, looked) if target else None
            if found is not None:
                return found
        return None

    def _exported(
        self, binding: Binding, name: str | None = None
    ) -> tuple[Module, str, Node] | None:
        if binding.source is None:
            return None
        path = _resolve(binding.source, self.importer)
        if path is None:
            return None
        return self.export(path, name if name is not None else binding.imported or "default")

    def _exported_function(
        self, binding: Binding, name: str | None = None
    ) -> tuple[Module, Node] | None:
        """The module and function node an import names, when it is a function written
        there (not one that module imports in turn)."""
        found = self._exported(binding, name)
        if found is None:
            return None
        module, _, node = found
        function = module.script.value(node)
        if function.kind != "function" or function.node is None or function.origin is not None:
            return None
        return module, function.node

    # -- values -------------------------------------------------------------------------

    def imported(self, binding: Binding, site: Node, member: str | None = None) -> Value:
        """The value an import names (`member` of a namespace import), detached."""
        span = Span.of(site)
        found = self._exported(binding, member)
        if found is None:
            return unknown(span, site)
        module, name, node = found
        value = module.script.value(node)
        self.detached.append(span)
        return detach(value, span, Origin(module.path, name))

    def called(self, binding: Binding, site: Node, args: list[Value]) -> Value:
        """What an imported factory returns when called with `args`, detached."""
        found = self._exported(binding)
        return self._returned(found, site, args)

    def call(self, origin: Origin, site: Node, args: list[Value]) -> Value:
        """What an imported function handed along as a value (`register(makeTool)`)
        returns when called with `args`, detached."""
        if origin.steps or origin.arguments is not None:
            return unknown(Span.of(site), site)
        return self._returned(self.export(origin.path, origin.export), site, args)

    def _returned(
        self, found: tuple[Module, str, Node] | None, site: Node, args: list[Value]
    ) -> Value:
        """What the exported function `found` returns for `args`, detached."""
        span = Span.of(site)
        if found is None:
            return unknown(span, site)
        module, name, node = found
        function = module.script.value(node)
        if function.kind != "function" or function.node is None or function.origin is not None:
            return unknown(span, site)
        arguments = tuple(plain(arg) for arg in args)
        value = module.script.evaluator.call(  # type: ignore[union-attr]
            function.node, [from_plain(a, function.span) for a in arguments]
        )
        self.detached.append(span)
        return detach(value, span, Origin(module.path, name, (), arguments))

    def forwarder(self, binding: Binding) -> Forwarder | None:
        """The forwarder an import names, if it is one."""
        found = self._exported_function(binding)
        if found is None:
            return None
        module, function = found
        return next((f for f in module.model.forwarders if f.function == function), None)

    def getter(self, binding: Binding) -> str | None:
        """`document` or `navigator` when an import names a function that returns that
        global's model context."""
        from webmcp_lint.extract.imperative import ImperativeExtractor

        found = self._exported_function(binding)
        if found is None:
            return None
        module, function = found
        extractor = ImperativeExtractor(module.model.source, module.script, module.script.evaluator)  # type: ignore[arg-type]
        return extractor.getter_root(function)

    # -- functions ----------------------------------------------------------------------

    def function(self, binding: Binding, member: str | None = None) -> Callee | None:
        """The function an import names (`member` of a namespace import), with its
        module's script and file."""
        found = self._exported_function(binding, member)
        if found is None:
            return None
        module, function = found
        return Callee(function, module.script, module.model.source)

    def method(self, binding: Binding, name: str) -> Callee | None:
        """Method `name` of an imported instance: an export whose value is `new C()`
        of a class declared in that module."""
        found = self._exported(binding)
        if found is None:
            return None
        module, _, node = found
        method = instance_method(module.script, node, name)
        return Callee(method, module.script, module.model.source) if method is not None else None

    def class_method(self, binding: Binding, name: str) -> Callee | None:
        """Method `name` of a class another module exports (for a parameter typed
        with it)."""
        found = self._exported(binding)
        if found is None:
            return None
        module, _, node = found
        method = class_method(node, name)
        return Callee(method, module.script, module.model.source) if method is not None else None

    def shown(self, path: str) -> str:
        """A module's real path as the importer's findings show it: relative to the
        importer's display path, as the importer is to its real path."""
        relative = os.path.relpath(path, os.path.dirname(self.importer)).replace(os.sep, "/")
        return posixpath.normpath(posixpath.join(posixpath.dirname(self.display), relative))


def _resolve(specifier: str, importer: str) -> str | None:
    key = (specifier, importer)
    resolved = _CHAIN.resolved
    if key not in resolved:
        resolved[key] = resolve(specifier, importer)
    return resolved[key]


class ExportNames(Struct, frozen=True):
    """What a module exports, by name only (`handoffs.export_table` without the nodes)."""

    exports: frozenset[str]
    reexports: dict[str, tuple[str, str]]
    stars: tuple[str, ...]


def _module_key(path: str) -> ModuleKey | None:
    """What a module read from `path` is kept under: its path, modification time and
    size; None when it cannot be looked at or is over MAX_MODULE_BYTES."""
    try:
        stat = os.stat(path)
    except OSError:
        return None
    if stat.st_size > MAX_MODULE_BYTES:
        return None
    return (path, stat.st_mtime_ns, stat.st_size)


def _module_source(path: str) -> SourceFile | None:
    """The script module at `path`, read; None when it is no script. Raises what
    reading raises (UnreadableError, OSError)."""
    language = language_of(path)
    if language not in SCRIPT_LANGUAGES:
        return None
    text = decode_source(transcode(read_regular_file(path, MAX_MODULE_BYTES)))
    return SourceFile(Path(path), path, language, text)


def _export_names(path: str) -> ExportNames | None:
    """The export names of the module at `path`; None where `module` would read nothing
    (not a script, too large, unreadable)."""
    if language_of(path) not in SCRIPT_LANGUAGES:
        return None
    key = _module_key(path)
    return None if key is None else _names_of(key)


# Small, so many are kept: a barrel's `export *` list is walked for every name looked up
# through it.
@functools.lru_cache(maxsize=MAX_NAMES)
def _names_of(key: ModuleKey) -> ExportNames | None:
    from webmcp_lint import syntax

    try:
        source = _module_source(key[0])
        scripts, _ = syntax.parse(source) if source is not None else ([], None)
    except (UnreadableError, syntax.ParseTimeout, RecursionError, OSError):
        return None
    if not scripts:
        return None
    exports, reexports, stars = export_table(scripts[0].root)
    return ExportNames(frozenset(exports), reexports, tuple(stars))


def forget() -> None:
    """Drop the modules read so far (what they resolve to may have changed)."""
    with _MODULES_LOCK:
        _MODULES.clear()
    _names_of.cache_clear()


def _load(path: str, wrappers: tuple[DeclaredWrapper, ...]) -> Module | None:
    from webmcp_lint.extract import extract
    from webmcp_lint.syntax import ParseTimeout

    try:
        source = _module_source(path)
        if source is None:
            return None
        linker = ProjectLinker(path, wrappers)
        model = extract(source, wrappers, linker)
    except (UnreadableError, ParseTimeout, RecursionError, OSError):
        return None
    if not model.scripts:
        return None
    script = model.scripts[0]
    exports, reexports, stars = export_table(script.root)
    return Module(path, model, script, exports, reexports, stars, linker.dependencies)


def detach(value: Value, span: Span, origin: Origin) -> Value:
    """`value` as the importing file sees it: spans at `span`, no syntax, and each part
    knowing where it is written (a part imported from a third module keeps its own)."""
    own = value.origin or origin
    if value.kind == "object":
        entries = {
            key: Entry(key, span, detach(entry.value, span, own.step(key)))
            for key, entry in value.entries.items()
        }
        return Value("object", entries, span, None, value.complete, own)
    if value.kind == "array":
        items = [detach(item, span, own.step(str(i))) for i, item in enumerate(value.items)]
        return Value("array", items, span, None, value.complete, own)
    return Value(value.kind, value.data, span, None, value.complete, own)


def plain(value: Value) -> Any:
    """A value as plain data that survives a process boundary; functions and unknown
    parts are UNKNOWN."""
    if value.kind == "function":
        return UNKNOWN
    return value.to_python(UNKNOWN)
