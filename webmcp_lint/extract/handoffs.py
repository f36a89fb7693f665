"""Tools handed from one file to another: the module side of following imports.

`materialize` makes the tools other files register (`Handoff`) from this module's own
syntax; `export_table` says what a module exports. Neither reads another file.
"""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace
from tree_sitter import Node

from webmcp_lint.model import (
    UNKNOWN,
    Entry,
    FileModel,
    Handoff,
    Script,
    ToolDefinition,
    Value,
    unknown,
)
from webmcp_lint.syntax.nodes import detached, string_literal, text
from webmcp_lint.workspace.source import Span


def export_table(root: Node) -> tuple[dict[str, Node], dict[str, tuple[str, str]], list[str]]:
    """What a module exports: local names with the node of their value, re-exported
    names with their module and name there, and `export *` modules."""
    exports: dict[str, Node] = {}
    reexports: dict[str, tuple[str, str]] = {}
    stars: list[str] = []
    for statement in detached(root).named_children:  # not kept by a root the model keeps
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
    wrapper = library.api_wrappers.get(handoff.api or "", library.wrapper)
    definition, wrapper = extractor.registered(value, spec, wrapper)
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
