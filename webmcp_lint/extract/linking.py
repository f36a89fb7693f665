"""Following imports: the values, factories, forwarding functions and model-context
getters that other modules of the project export.

A module reached by an import is read and extracted like a linted file (whatever the
prefilter says), once per process (an LRU of `MAX_MODULES`). What comes back into the
importing file is detached: its spans are where this file names it, its syntax is gone,
and `Value.origin` says where it is written, so a tool made of it is handed off to that
file (`Handoff`) and reported there. Bounded: at most `MAX_DEPTH` modules are being read
at once along one chain, a module in a cycle is unknown, and so is a large one.
"""

from __future__ import annotations

import os
from collections import OrderedDict
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from tree_sitter import Node

from webmcp_lint.extract.modules import resolve
from webmcp_lint.model import (
    UNKNOWN,
    Binding,
    DeclaredWrapper,
    Entry,
    FileModel,
    Forwarder,
    Handoff,
    Origin,
    Script,
    ToolDefinition,
    Value,
    unknown,
)
from webmcp_lint.reading import UnreadableError
from webmcp_lint.source import Span
from webmcp_lint.syntax.nodes import string_literal, text

MAX_MODULES = 64
MAX_DEPTH = 12
MAX_MODULE_BYTES = 1_000_000
MAX_REEXPORTS = 16


@dataclass(eq=False)
class Module:
    path: str
    model: FileModel
    script: Script
    exports: dict[str, Node]  # exported name -> the node whose value it is
    reexports: dict[str, tuple[str, str]]  # exported name -> (specifier, name there)
    stars: list[str]  # `export * from` specifiers
    dependencies: set[str] = field(default_factory=set)


_MODULES: OrderedDict[tuple[str, int, int], Module] = OrderedDict()
_LOADING: set[str] = set()


class Linker:
    """Follows the imports of one file (`importer`, a path)."""

    def __init__(self, importer: str, wrappers: tuple[DeclaredWrapper, ...] = ()) -> None:
        self.importer = os.path.realpath(importer)
        self.wrappers = wrappers
        self.dependencies: set[str] = set()
        # Where this file names values written elsewhere: no fix may edit these.
        self.detached: list[Span] = []

    # -- modules ----------------------------------------------------------------------

    def module(self, path: str) -> Module | None:
        if path == self.importer or path in _LOADING or len(_LOADING) >= MAX_DEPTH:
            return None
        try:
            stat = os.stat(path)
        except OSError:
            return None
        if stat.st_size > MAX_MODULE_BYTES:
            return None
        key = (path, stat.st_mtime_ns, stat.st_size)
        found = _MODULES.get(key)
        if found is None:
            _LOADING.add(path)
            try:
                found = _load(path, self.wrappers)
            finally:
                _LOADING.discard(path)
            if found is None:
                return None
            _MODULES[key] = found
            while len(_MODULES) > MAX_MODULES:
                _MODULES.popitem(last=False)
        else:
            _MODULES.move_to_end(key)
        self.dependencies.add(path)
        self.dependencies.update(found.dependencies)
        return found

    def export(self, path: str, name: str, hops: int = 0) -> tuple[Module, str, Node] | None:
        """The module that writes export `name` of module `path`, its name there and its
        node, through `export … from` and `export *`."""
        module = self.module(path)
        if module is None or hops > MAX_REEXPORTS:
            return None
        if name in module.exports:
            return module, name, module.exports[name]
        if name in module.reexports:
            specifier, inner = module.reexports[name]
            target = resolve(specifier, module.path)
            return self.export(target, inner, hops + 1) if target and inner != "*" else None
        if name == "default":
            return None
        for specifier in module.stars:
            target = resolve(specifier, module.path)
            found = self.export(target, name, hops + 1) if target else None
            if found is not None:
                return found
        return None

    def _exported(
        self, binding: Binding, name: str | None = None
    ) -> tuple[Module, str, Node] | None:
        if binding.source is None:
            return None
        path = resolve(binding.source, self.importer)
        if path is None:
            return None
        return self.export(path, name if name is not None else binding.imported or "default")

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
        span = Span.of(site)
        found = self._exported(binding)
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
        found = self._exported(binding)
        if found is None:
            return None
        module, _, node = found
        function = module.script.value(node)
        if function.kind != "function" or function.node is None or function.origin is not None:
            return None
        return next((f for f in module.model.forwarders if f.function == function.node), None)

    def getter(self, binding: Binding) -> str | None:
        """`document` or `navigator` when an import names a function that returns that
        global's model context."""
        from webmcp_lint.extract.imperative import ImperativeExtractor

        found = self._exported(binding)
        if found is None:
            return None
        module, _, node = found
        function = module.script.value(node)
        if function.kind != "function" or function.node is None or function.origin is not None:
            return None
        extractor = ImperativeExtractor(module.model.source, module.script, module.script.evaluator)  # type: ignore[arg-type]
        return extractor.getter_root(function.node)


def _load(path: str, wrappers: tuple[DeclaredWrapper, ...]) -> Module | None:
    from webmcp_lint.extract import extract
    from webmcp_lint.files import decode_source, language_of, read_source, transcode
    from webmcp_lint.source import SourceFile
    from webmcp_lint.syntax import ParseTimeout

    language = language_of(path)
    if language not in ("javascript", "typescript", "tsx"):
        return None
    try:
        text_bytes = decode_source(transcode(read_source(Path(path), MAX_MODULE_BYTES)))
        linker = Linker(path, wrappers)
        model = extract(SourceFile(Path(path), path, language, text_bytes), wrappers, linker)
    except (UnreadableError, ParseTimeout, RecursionError, OSError):
        return None
    if not model.scripts:
        return None
    script = model.scripts[0]
    exports, reexports, stars = export_table(script.root)
    return Module(path, model, script, exports, reexports, stars, linker.dependencies)


def export_table(root: Node) -> tuple[dict[str, Node], dict[str, tuple[str, str]], list[str]]:
    """What a module exports: local names with the node of their value, re-exported
    names with their module and name there, and `export *` modules."""
    exports: dict[str, Node] = {}
    reexports: dict[str, tuple[str, str]] = {}
    stars: list[str] = []
    for statement in root.named_children:
        if statement.type != "export_statement":
            continue
        source_node = statement.child_by_field_name("source")
        source = string_literal(source_node) if source_node is not None else None
        declaration = statement.child_by_field_name("declaration")
        value = statement.child_by_field_name("value")
        clause = next((c for c in statement.named_children if c.type == "export_clause"), None)
        is_default = any(c.type == "default" for c in statement.children)
        if declaration is not None:
            for name, node in _declared(declaration):
                exports["default" if is_default else name] = node
        elif value is not None and is_default:
            exports["default"] = value
        elif clause is not None:
            for specifier in clause.named_children:
                if specifier.type != "export_specifier":
                    continue
                local = specifier.child_by_field_name("name")
                alias = specifier.child_by_field_name("alias") or local
                if local is None or alias is None:
                    continue
                exported = string_literal(alias) or text(alias)
                if source is not None:
                    reexports[exported] = (source, string_literal(local) or text(local))
                else:
                    exports[exported] = local
        elif source is not None:
            namespace = next(
                (c for c in statement.named_children if c.type == "namespace_export"), None
            )
            if namespace is None:
                stars.append(source)
            elif namespace.named_children:
                reexports[text(namespace.named_children[0])] = (source, "*")
    return exports, reexports, stars


def _declared(declaration: Node) -> list[tuple[str, Node]]:
    if declaration.type in (
        "function_declaration",
        "generator_function_declaration",
        "class_declaration",
    ):
        name = declaration.child_by_field_name("name")
        return [(text(name), declaration)] if name is not None else []
    if declaration.type in ("lexical_declaration", "variable_declaration"):
        found = []
        for declarator in declaration.named_children:
            name = declarator.child_by_field_name("name")
            value = declarator.child_by_field_name("value")
            if (
                declarator.type == "variable_declarator"
                and name is not None
                and name.type == "identifier"
            ):
                found.append((text(name), value if value is not None else name))
        return found
    return []


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


def from_plain(data: Any, span: Span) -> Value:
    if data is UNKNOWN:
        return unknown(span)
    if isinstance(data, bool):
        return Value("boolean", data, span)
    if isinstance(data, (int, float)):
        return Value("number", data, span)
    if isinstance(data, str):
        return Value("string", data, span)
    if data is None:
        return Value("null", None, span)
    if isinstance(data, list):
        return Value("array", [from_plain(item, span) for item in data], span)
    if isinstance(data, dict):
        entries = {key: Entry(key, span, from_plain(item, span)) for key, item in data.items()}
        return Value("object", entries, span)
    return unknown(span)


def materialize(model: FileModel, handoffs: tuple[Handoff, ...]) -> None:
    """The tools other files hand to this one, made from its own syntax so that they are
    reported where they are written; a tool this file itself imports goes on."""
    if not handoffs or not model.scripts or model.scripts[0].evaluator is None:
        return
    script = model.scripts[0]
    exports = export_table(script.root)[0]
    seen: set[tuple[int, Any]] = set()
    for handoff in sorted(handoffs, key=_order):
        node = exports.get(handoff.export)
        value = script.value(node) if node is not None else None
        if value is not None and handoff.arguments is not None:
            if value.kind != "function" or value.node is None or value.origin is not None:
                continue
            args = [from_plain(a, value.span) for a in handoff.arguments]
            value = script.evaluator.call(value.node, args)  # type: ignore[union-attr]
        for step in handoff.steps:
            if value is None:
                break
            if value.kind == "array" and step.isdigit():
                position = int(step)
                value = value.items[position] if position < len(value.items) else None
            else:
                value = value.get(step)
        if value is None or value.kind != "object":
            model.unresolved.append(handoff.site)
            continue
        if value.origin is not None:
            origin = value.origin
            model.handoffs.append(
                replace(
                    handoff,
                    target=origin.path,
                    export=origin.export,
                    steps=origin.steps,
                    arguments=origin.arguments,
                )
            )
            continue
        key = (value.node.id if value.node is not None else id(value), repr(handoff.arguments))
        if key in seen:
            continue
        seen.add(key)
        model.tools.append(_registered(model, script, value, handoff))


def _registered(model: FileModel, script: Script, value: Value, handoff: Handoff) -> ToolDefinition:
    """The tool as registered: by the browser, or by a library with its own keys."""
    from webmcp_lint.extract.integrations import IntegrationExtractor
    from webmcp_lint.extract.libraries import LIBRARIES
    from webmcp_lint.model import Wrapper

    if handoff.package is None:
        return ToolDefinition("imperative", value, value.span, script, via=handoff.site)
    library = LIBRARIES.get(handoff.package)
    spec = library.apis.get(handoff.api or "") if library is not None else None
    if library is None or spec is None:
        wrapper = Wrapper(handoff.package)
        return ToolDefinition(
            "integration",
            value,
            value.span,
            script,
            integration=handoff.package,
            wrapper=wrapper,
            via=handoff.site,
        )
    extractor = IntegrationExtractor(model.source, script, script.evaluator)  # type: ignore[arg-type]
    definition, parses_input = extractor.registered(value, spec)
    wrapper = library.api_wrappers.get(handoff.api or "", library.wrapper)
    if parses_input:
        wrapper = replace(wrapper, parses_input=True)
    return ToolDefinition(
        "integration",
        definition,
        value.span,
        script,
        integration=handoff.package,
        wrapper=wrapper,
        via=handoff.site,
        api=handoff.api,
    )


def _order(handoff: Handoff) -> tuple[str, int, int, str, tuple[str, ...], str]:
    site = handoff.site
    return (
        site.path,
        site.line,
        site.column,
        handoff.export,
        handoff.steps,
        repr(handoff.arguments),
    )


def exported_forwarders(model: FileModel) -> list[str]:
    """The names this module exports its forwarders by."""
    if not model.forwarders or not model.scripts:
        return []
    script = model.scripts[0]
    functions = {forwarder.function.id for forwarder in model.forwarders}
    names = []
    for name, node in export_table(script.root)[0].items():
        value = script.value(node)
        if value.kind == "function" and value.node is not None and value.node.id in functions:
            names.append(name)
    return sorted(names)
