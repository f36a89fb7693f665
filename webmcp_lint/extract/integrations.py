"""Tools declared through a library's function (`extract/libraries.py`) or through a
project's own wrapper declared in the configuration.

A call counts only when its callee is imported from the library's package (or the
declared module): other packages export functions of the same name with other
semantics. The tool's definition is the tool the library registers: its own options
are left out, its implementation key (`handler`) becomes `execute`, and a zod schema
becomes the JSON Schema the library converts it to (`extract/zod.py`).
"""

from __future__ import annotations

from msgspec import Struct
from msgspec.structs import replace
from tree_sitter import Node

from webmcp_lint.extract.implementations import parse_version
from webmcp_lint.extract.libraries import (
    CONTEXT_ANNOTATIONS,
    LIBRARIES,
    OWN_ZOD_CONVERTER_BEFORE,
    PARSES_ZOD_INPUT_BEFORE,
    Api,
    Library,
    SchemaReading,
    Shape,
)
from webmcp_lint.extract.scope import top_level_imports
from webmcp_lint.extract.semantic import semantic_model
from webmcp_lint.extract.values import Evaluator
from webmcp_lint.extract.zod import ZodReader
from webmcp_lint.model import (
    DeclaredWrapper,
    Entry,
    FileModel,
    Script,
    ToolDefinition,
    Value,
    Wrapper,
    unknown,
)
from webmcp_lint.syntax.nodes import arguments, property_name, text, unwrap
from webmcp_lint.workspace.source import SourceFile, Span

# JSON Schema keywords a schema object may hold at its root; any other key makes an
# MCP-B schema a raw shape (`{ q: z.string() }`).
SCHEMA_KEYWORDS = frozenset(
    {"$schema", "$id", "$defs", "definitions", "type", "properties", "required", "title"}
    | {"description", "additionalProperties", "anyOf", "oneOf", "allOf", "not", "enum"}
    | {"const", "default", "examples", "items", "$ref", "patternProperties"}
)


class IntegrationCall(Struct, frozen=True):
    """A call of a library's API: the `package` and the exported `api` name it calls."""

    call: Node
    callee: Node
    package: str
    api: str
    spec: Api
    wrapper: Wrapper


def import_sources(script: Script) -> list[tuple[str, Node]]:
    """The module specifier of every static import in a script, with its statement."""
    if script.evaluator is not None:  # computed once per script: checks ask for every tool
        return script.evaluator.import_sources()
    return top_level_imports(script.root)


class IntegrationExtractor:
    def __init__(
        self,
        source: SourceFile,
        script: Script,
        evaluator: Evaluator,
        declared: tuple[DeclaredWrapper, ...] = (),
    ) -> None:
        self.source = source
        self.script = script
        self.evaluator = evaluator
        self.declared = declared

    # -- finding the calls -------------------------------------------------------------

    def library(self, specifier: str) -> Library | None:
        """The library (or declared wrappers) an import specifier names."""
        known = LIBRARIES.get(specifier)
        if known is not None or not self.declared:
            return known
        path = str(self.source.path)
        found = [w for w in self.declared if w.names(specifier, path)]
        if not found:
            return None
        apis: dict[str, Api] = {}
        wrappers: dict[str, Wrapper] = {}
        for declared in found:
            shape: Shape = "tool-list" if declared.takes == "tools" else "tool"
            apis[declared.export] = Api(shape=shape, argument=declared.argument)
            wrappers[declared.export] = Wrapper(
                declared.module, converts_throws=declared.converts_throws
            )
        return Library(Wrapper(found[0].module), apis, api_wrappers=wrappers)

    def calls(self) -> list[IntegrationCall]:
        """Every call of a library API in the script, in source order."""
        local_names = self._imported_names()
        if not local_names:
            return []
        found: list[IntegrationCall] = []
        seen: set[int] = set()
        for node, _ in semantic_model(self.script).at_words(sorted(local_names)):
            if node.type != "identifier":
                continue
            integration = self._call_of(node)
            if integration is not None and integration.call.id not in seen:
                seen.add(integration.call.id)
                found.append(integration)
        return found

    def _imported_names(self) -> set[str]:
        """Local names bound by imports of library APIs (namespaces included)."""
        names: set[str] = set()
        for specifier, statement in import_sources(self.script):
            library = self.library(specifier)
            if library is None or not library.apis:
                continue
            clause = next((c for c in statement.named_children if c.type == "import_clause"), None)
            if clause is None:
                continue
            for part in clause.named_children:
                if part.type == "namespace_import":
                    names.update(text(c) for c in part.named_children if c.type == "identifier")
                elif part.type == "identifier" and "default" in library.apis:
                    names.add(text(part))
                elif part.type == "named_imports":
                    for specifier_node in part.named_children:
                        imported = specifier_node.child_by_field_name("name")
                        alias = specifier_node.child_by_field_name("alias") or imported
                        if imported is None or alias is None:
                            continue
                        if text(imported) in library.apis:
                            names.add(text(alias))
        return names

    def _call_of(self, identifier: Node) -> IntegrationCall | None:
        """The library call `identifier` is the callee of: `useWebMCP(...)`, or the
        namespace in `core.declareWebMcpTool(...)`."""
        binding = self.evaluator.resolve(identifier)
        if binding is None or binding.kind != "import" or binding.source is None:
            return None
        library = self.library(binding.source)
        if library is None:
            return None
        callee = identifier
        api = binding.imported
        if api == "*":
            member = identifier.parent
            if member is None or member.type != "member_expression":
                return None
            if member.child_by_field_name("object") != identifier:
                return None
            api = property_name(member)
            callee = member
        call = callee.parent
        if call is None or call.type != "call_expression" or api not in library.apis:
            return None
        function = call.child_by_field_name("function")
        if function is None or unwrap(function) != callee:
            return None
        wrapper = library.api_wrappers.get(api, library.wrapper)
        return IntegrationCall(call, callee, wrapper.package, api, library.apis[api], wrapper)

    # -- the tools ---------------------------------------------------------------------

    def tools(self, calls: list[IntegrationCall]) -> list[ToolDefinition]:
        tools = []
        for integration in calls:
            for definition, wrapper in self._definitions(integration):
                tools.append(
                    ToolDefinition(
                        kind="integration",
                        definition=definition,
                        registered_at=None,
                        script=self.script,
                        call=integration.call,
                        integration=integration.package,
                        wrapper=wrapper,
                        api=integration.api,
                    )
                )
        return tools

    def _definitions(self, integration: IntegrationCall) -> list[tuple[Value, Wrapper]]:
        """Each tool the call registers, with what the library does with it."""
        args = arguments(integration.call)
        spec = integration.spec
        wrapper = integration.wrapper
        if spec.shape == "context":
            return [(self._context_tool(integration.call, args), wrapper)]
        if len(args) <= spec.argument:
            return [(unknown(Span.of(integration.call), integration.call), wrapper)]
        argument = args[spec.argument]
        if spec.shape == "tool":
            configs = self.evaluator.candidates(argument)
        else:
            tools = self.evaluator.value(argument)
            if tools.kind != "array" or (not tools.items and not tools.complete):
                return [(unknown(Span.of(argument), argument), wrapper)]
            configs = list(tools.items)  # an empty list provides no tool
        return [self.registered(config, spec, wrapper) for config in configs]

    def registered(self, config: Value, spec: Api, wrapper: Wrapper) -> tuple[Value, Wrapper]:
        """The tool a library registers for a configuration object (its options left
        out, its implementation key as `execute`, its schema as JSON Schema), and the
        library's `wrapper` with what this tool's schema adds: written in zod, and
        whether the library parses the input with it (webmcp-react's `input`,
        webmcp-kit)."""
        if config.kind != "object" or config.origin is not None:
            return config, wrapper  # written in another module: mapped there
        implementation = next((k for k in spec.implementation if k in config.entries), None)
        readings = dict(spec.schemas)
        entries: dict[str, Entry] = {}
        for key, entry in config.entries.items():
            if key in spec.implementation or key in spec.options:
                if key == implementation:
                    entries["execute"] = Entry("execute", entry.key_span, entry.value)
                continue
            reading = readings.get(key)
            if reading is not None:
                schema, zod = self.schema(entry.value, reading)
                entries["inputSchema"] = Entry("inputSchema", entry.key_span, schema)
                if zod:
                    parses = reading in ("zod3", "zod4-output") and schema.known
                    wrapper = replace(wrapper, zod_schema=True, parses_input=parses)
                continue
            entries[key] = entry
        registered = Value("object", entries, config.span, config.node, config.complete)
        return registered, wrapper

    def schema(self, value: Value, reading: SchemaReading) -> tuple[Value, bool]:
        """The JSON Schema a library registers for the schema written in the code, and
        whether that is zod."""
        if reading == "json":
            return value, False
        node = value.node
        if node is None:
            return unknown(value.span), reading != "mcp-b"
        if reading != "mcp-b":
            reader = ZodReader(self.evaluator, reading)
            known = reader.is_schema(node)
            return (reader.convert(node) if known else unknown(value.span, node)), True
        reader = ZodReader(self.evaluator, "zod4-input")
        if reader.is_schema(node):
            return reader.convert(node), True
        if value.kind != "object":
            return value, False
        if reader.holds_schema(node):
            return reader.shape(node), True
        if any(key not in SCHEMA_KEYWORDS for key in value.entries):
            return unknown(value.span, node), False  # a raw shape this file cannot read
        if "type" in value.entries or not value.complete:
            return value, False
        added = {"type": Entry("type", value.span, Value("string", "object", value.span))}
        return Value("object", {**added, **value.entries}, value.span, node), False

    def _context_tool(self, call: Node, args: list[Node]) -> Value:
        """MCP-B's `useWebMCPContext(name, description, getValue)`: a read-only tool."""
        span = Span.of(call)
        entries: dict[str, Entry] = {}
        for key, index in (("name", 0), ("description", 1), ("execute", 2)):
            if index < len(args):
                value = self.evaluator.value(args[index])
                entries[key] = Entry(key, value.span, value)
        name = entries["name"].value.as_text() if "name" in entries else None
        title = Value("string", f"Context: {name}", span) if name is not None else unknown(span)
        hints = {"title": Entry("title", span, title)}
        for key, flag in CONTEXT_ANNOTATIONS.items():
            hints[key] = Entry(key, span, Value("boolean", flag, span))
        entries["annotations"] = Entry("annotations", span, Value("object", hints, span))
        return Value("object", entries, span, call, complete=len(args) >= 3)


def as_installed(model: FileModel) -> None:
    """Each library tool's zod schema as the installed version of its library handles
    it, once the project's versions are known: unknown where that version converts zod
    with a function of its own (`OWN_ZOD_CONVERTER_BEFORE`), and the input parsed where
    it parses it (`PARSES_ZOD_INPUT_BEFORE`)."""
    for tool in model.tools:
        package = tool.integration or ""
        if package not in PARSES_ZOD_INPUT_BEFORE or tool.wrapper is None:
            continue
        version = parse_version(model.project.framework(package) or "")
        if version is None or not tool.wrapper.zod_schema:
            continue
        if version < PARSES_ZOD_INPUT_BEFORE[package]:
            tool.wrapper = replace(tool.wrapper, parses_input=True)
        schema = tool.definition.entries.get("inputSchema")
        if schema is not None and version < OWN_ZOD_CONVERTER_BEFORE.get(package, (0, 0, 0)):
            unknown_schema = replace(schema, value=unknown(schema.value.span))
            entries = {**tool.definition.entries, "inputSchema": unknown_schema}
            tool.definition = replace(tool.definition, data=entries)
