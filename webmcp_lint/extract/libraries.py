"""The libraries whose calls and components declare WebMCP tools, and what each does with
the tools it is given (the research behind every entry: the wrappers notes, from the
published packages and their repositories).

A call or a component counts only when it is imported from the library's package: other
packages export functions of the same name with other semantics.

- `use-webmcp-tool` (Chrome Labs) and VueUse's `useWebMCP`: the tool dictionary itself.
- Angular's `declareExperimentalWebMcpTool(tool)` and `provideExperimentalWebMcpTools([...])`.
- MCP-B: `useWebMCP(config, deps?)` from `@mcp-b/react-webmcp` or `usewebmcp` (`execute`
  in 5.x, `handler` before; the schema as JSON Schema, a zod raw shape or `z.object`),
  and `useWebMCPContext(name, description, getValue)` (a read-only tool).
- `react-webmcp`: `useWebMCPTool(config)`, `<WebMCP.Tool>` (a tool built from its props
  and children), `<WebMCPForm>` and its inputs (they render a `<form toolname>`).
- `webmcp-react` (MCPCat): `useMcpTool(config)` (`handler`; `input: z.object(...)`).
- `webmcp-kit`: `defineTool(definition)` (`inputSchema: z.object(...)`).
"""

from __future__ import annotations

from typing import Literal

from msgspec import Struct, field

from webmcp_lint.model import Wrapper

# How a library reads a tool's input schema: as JSON Schema; as MCP-B does (a zod
# schema or raw shape converted as zod 4 does, or JSON Schema with `type: "object"`
# added); or only from a zod object, converted in one of the flavors of `zod.py`.
SchemaReading = Literal["json", "mcp-b", "zod3", "zod4-output"]
# What the configured argument holds: one tool, an array of tools, or (MCP-B's
# `useWebMCPContext`) the name, description and value getter as three arguments.
Shape = Literal["tool", "tool-list", "context"]


class Api(Struct, frozen=True):
    """How one exported function declares tools."""

    shape: Shape = "tool"
    argument: int = 0
    # The keys that hold `execute`, the first one present wins (MCP-B 5.x reads
    # `execute`, earlier versions `handler`).
    implementation: tuple[str, ...] = ("execute",)
    # The keys that hold the input schema, and how each is read.
    schemas: tuple[tuple[str, SchemaReading], ...] = (("inputSchema", "json"),)
    # The library's own options: read by the library, never handed to the browser.
    options: frozenset[str] = frozenset()


class Library(Struct, frozen=True):
    wrapper: Wrapper
    apis: dict[str, Api] = field(default_factory=dict)
    # Components that render a DOM element with the tool attributes: name -> tag.
    elements: dict[str, str] = field(default_factory=dict)
    # JSX components that register a tool from their props (`<WebMCP.Tool>`).
    tool_components: frozenset[str] = frozenset()
    # What a declared wrapper's own facts are, by export, where they differ from `wrapper`.
    api_wrappers: dict[str, Wrapper] = field(default_factory=dict)


HOOK_OPTIONS = frozenset({"enabled", "formatOutput", "onError"})
MCP_B_OPTIONS = frozenset({"enabled", "outputSchema", "formatOutput", "onSuccess", "onError"})
MCP_B_USE_WEBMCP = Api(
    implementation=("execute", "handler"),
    schemas=(("inputSchema", "mcp-b"),),
    options=MCP_B_OPTIONS,
)
# Before 0.1.6 `@mcp-b/react-webmcp` converts a zod shape with a function of its own
# that keeps each top-level key's base type and description and nothing else (no `enum`,
# bounds or nested keys: read at its tags 0.1.1 and 0.1.5); from 0.1.6 it uses a zod
# converter that keeps them. What that function registers is left unknown, not imitated.
OWN_ZOD_CONVERTER_BEFORE = {"@mcp-b/react-webmcp": (0, 1, 6)}
# Before 1.6 it also parses the input with `z.object(shape)` before the handler runs
# (validating it and applying zod's defaults; read at its tags 0.1.1 to 1.1.0); from 1.6
# the handler gets the input as the agent sent it.
PARSES_ZOD_INPUT_BEFORE = {"@mcp-b/react-webmcp": (1, 6, 0)}
MCP_B = Wrapper(
    "@mcp-b/react-webmcp",
    converts_throws=True,
    second_argument="none",
    hook="react",
    enabled_option=True,
    mcp_annotations=True,
)

LIBRARIES: dict[str, Library] = {
    "use-webmcp-tool": Library(
        Wrapper(
            "use-webmcp-tool",
            converts_throws=True,
            second_argument="browser",
            hook="react",
            enabled_option=True,
        ),
        {"useWebMCP": Api(options=HOOK_OPTIONS)},
    ),
    "@vueuse/core": Library(
        Wrapper(
            "@vueuse/core",
            converts_throws=True,
            second_argument="none",
            hook="vue",
            enabled_option=True,
        ),
        {"useWebMCP": Api(options=HOOK_OPTIONS | {"document"})},
    ),
    "@angular/core": Library(
        Wrapper("@angular/core", converts_throws=False, second_argument="browser"),
        {
            "declareExperimentalWebMcpTool": Api(),
            "declareWebMcpTool": Api(),
            "provideExperimentalWebMcpTools": Api(shape="tool-list"),
            "provideWebMcpTools": Api(shape="tool-list"),
        },
    ),
    "@mcp-b/react-webmcp": Library(
        MCP_B,
        {"useWebMCP": MCP_B_USE_WEBMCP, "useWebMCPContext": Api(shape="context")},
    ),
    "usewebmcp": Library(
        Wrapper(
            "usewebmcp",
            converts_throws=True,
            second_argument="none",
            hook="react",
            enabled_option=True,
            mcp_annotations=True,
        ),
        {"useWebMCP": MCP_B_USE_WEBMCP},
    ),
    "react-webmcp": Library(
        Wrapper("react-webmcp", converts_throws=False, second_argument="none", hook="react"),
        {"useWebMCPTool": Api(options=frozenset({"outputSchema"}))},
        elements={
            "WebMCPForm": "form",
            "WebMCPInput": "input",
            "WebMCPSelect": "select",
            "WebMCPTextarea": "textarea",
        },
        tool_components=frozenset({"WebMCP.Tool", "WebMCPTool"}),
    ),
    "webmcp-react": Library(
        Wrapper("webmcp-react", converts_throws=True, second_argument="browser", hook="react"),
        {
            "useMcpTool": Api(
                implementation=("handler",),
                schemas=(("input", "zod3"), ("inputSchema", "json")),
                options=frozenset({"output", "outputSchema", "onSuccess", "onError"}),
            )
        },
    ),
    "webmcp-kit": Library(
        Wrapper("webmcp-kit", converts_throws=True, second_argument="library"),
        {"defineTool": Api(schemas=(("inputSchema", "zod4-output"),))},
    ),
}

# MCP-B's `useWebMCPContext` registers a no-input tool with these annotations.
CONTEXT_ANNOTATIONS = {
    "readOnlyHint": True,
    "idempotentHint": True,
    "destructiveHint": False,
    "openWorldHint": False,
}
