"""Values flow, not shapes: a tool is whatever value reaches a registration
(`registerTool`, `provideContext`, a project function's parameter), wherever it was
built: object and array literals, spreads, property reads, parameters bound at each
call site (across modules), returns, `map`/`forEach`/`for…of`/`Object.values`/
`Object.entries` over known arrays and objects. What cannot be known stays unknown and
gives no finding. Each shape here was a miss on public code (issue 20)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.test_linking import run, write

# A shape not found yet: each test is written before what finds it, and loses this mark
# in the commit that does.
NOT_YET = pytest.mark.xfail(strict=True, reason="issue 20: not found yet")

TOOL = '{{ name: "{name}", description: "{description}", execute: async () => ({{ ok: true }}) }}'


def tools(root: Path) -> list[tuple[str, str]]:
    """(name, path) of every tool `webmcp-lint tools` lists, sorted."""
    code, out, _ = run(root, "tools", "--output-format", "json", ".")
    assert code == 0
    return sorted((t["name"], t["path"]) for t in json.loads(out))


def rules_found(root: Path, *select: str) -> list[tuple[str, str, int]]:
    _, out, _ = run(root, "check", "--output-format", "json", "--select", ",".join(select), ".")
    return sorted((f["rule"], f["path"], f["line"]) for f in json.loads(out))


# -- provideContext ---------------------------------------------------------------------------


def test_tools_given_to_provide_context_are_in_the_inventory(tmp_path: Path) -> None:
    root = write(
        tmp_path,
        {
            "inline.js": "navigator.modelContext.provideContext({ tools: [\n"
            f"  {TOOL.format(name='get_profile', description='The profile.')},\n"
            f"  {TOOL.format(name='get_links', description='The links.')},\n"
            "] });\n",
            "named.js": "const tools = [\n"
            f"  {TOOL.format(name='make_move', description='Moves a piece.')},\n"
            "];\n"
            "document.modelContext.provideContext({ tools });\n",
        },
    )
    assert tools(root) == [
        ("get_links", "inline.js"),
        ("get_profile", "inline.js"),
        ("make_move", "named.js"),
    ]


# -- globals shadowed by a wrapper's parameters --------------------------------------------


def test_parameters_of_a_wrapper_called_with_the_globals_are_the_globals(tmp_path: Path) -> None:
    root = write(
        tmp_path,
        {
            "widget.js": "(function (document, window) {\n"
            "  'use strict';\n"
            "  const mc = window.navigator.modelContext;\n"
            f"  mc.registerTool({TOOL.format(name='speak_text', description='Speaks.')});\n"
            f"  document.modelContext.registerTool({TOOL.format(name='read_page', description='Reads.')});\n"
            "})(document, window);\n",
            "other.js": "(function (document) {\n"
            f"  document.modelContext.registerTool({TOOL.format(name='fake', description='Not the page.')});\n"
            "})(makeFakeDocument());\n",
        },
    )
    assert tools(root) == [("read_page", "widget.js"), ("speak_text", "widget.js")]
    assert ("no-navigator-model-context", "widget.js", 3) in rules_found(
        root, "no-navigator-model-context"
    )


# -- arrays mapped, iterated, and objects rebuilt ------------------------------------------------


def test_objects_rebuilt_in_a_map_and_registered_in_for_each(tmp_path: Path) -> None:
    root = write(
        tmp_path,
        {
            "tools.js": "const tools = [\n"
            "  { name: 'start', description: 'Starts.', handler: () => 1 },\n"
            "  { name: 'stop', description: 'Stops.', handler: () => 2 },\n"
            "];\n"
            "const specTools = tools.map((tool) => ({\n"
            "  name: tool.name,\n"
            "  description: tool.description,\n"
            "  execute: async (input) => tool.handler(input),\n"
            "}));\n"
            "specTools.forEach((tool) => document.modelContext.registerTool(tool));\n",
        },
    )
    assert tools(root) == [("start", "tools.js"), ("stop", "tools.js")]


def test_a_loop_is_looked_for_however_its_method_is_spelled(tmp_path: Path) -> None:
    # Only a file without a loop's words skips looking for loop variables: a method
    # name written with an escape is a loop too.
    root = write(
        tmp_path,
        {
            "tools.js": "const tools = [\n"
            "  { name: 'start', description: 'Starts.', execute: () => 1 },\n"
            "  { name: 'stop', description: 'Stops.', execute: () => 2 },\n"
            "];\n"
            'tools["\\u0066orEach"]((tool) => document.modelContext.registerTool(tool));\n',
        },
    )
    assert tools(root) == [("start", "tools.js"), ("stop", "tools.js")]


def test_object_values_and_entries_in_for_of(tmp_path: Path) -> None:
    root = write(
        tmp_path,
        {
            "values.js": "const TOOLS = {\n"
            f"  search: {TOOL.format(name='search', description='Finds.')},\n"
            f"  cart: {TOOL.format(name='add_to_cart', description='Adds.')},\n"
            "};\n"
            "for (const tool of Object.values(TOOLS)) document.modelContext.registerTool(tool);\n",
            "entries.js": "const ACTIONS = {\n"
            "  get_page: { description: 'The page.', run: () => 1 },\n"
            "  get_title: { description: 'The title.', run: () => 2 },\n"
            "};\n"
            "for (const [name, action] of Object.entries(ACTIONS)) {\n"
            "  document.modelContext.registerTool({ name, description: action.description,\n"
            "    execute: async () => action.run() });\n"
            "}\n",
        },
    )
    assert tools(root) == [
        ("add_to_cart", "values.js"),
        ("get_page", "entries.js"),
        ("get_title", "entries.js"),
        ("search", "values.js"),
    ]


def test_imported_tool_constants_iterated_rebuilt_or_spread(tmp_path: Path) -> None:
    root = write(
        tmp_path,
        {
            "defs.js": f"export const SEARCH_TOOL = {TOOL.format(name='search', description='Finds.')};\n"
            f"export const CART_TOOL = {TOOL.format(name='add_to_cart', description='Adds.')};\n",
            "rebuilt.js": 'import { SEARCH_TOOL, CART_TOOL } from "./defs.js";\n'
            "for (const tool of [SEARCH_TOOL, CART_TOOL]) {\n"
            "  document.modelContext.registerTool({\n"
            "    name: tool.name,\n"
            "    description: tool.description,\n"
            "    execute: async (input) => tool.execute(input),\n"
            "  });\n"
            "}\n",
            "spread.js": 'import { SEARCH_TOOL } from "./defs.js";\n'
            "document.modelContext.registerTool({ ...SEARCH_TOOL, execute: async () => 1 });\n",
        },
    )
    found = tools(root)
    assert ("search", "spread.js") in found or ("search", "defs.js") in found
    assert {name for name, _ in found} == {"search", "add_to_cart"}
    assert len([1 for name, _ in found if name == "search"]) == 2


def test_an_array_an_imported_builder_returns_mapped_and_registered(tmp_path: Path) -> None:
    root = write(
        tmp_path,
        {
            "builder.js": "export function builtinTools(label) {\n"
            "  return [\n"
            "    { name: 'get_version', description: 'The version of ' + label + '.' },\n"
            "    { name: 'get_status', description: 'The status of ' + label + '.' },\n"
            "  ];\n"
            "}\n",
            "main.js": 'import { builtinTools } from "./builder.js";\n'
            "const tools = builtinTools('the widget').map((tool) => ({\n"
            "  ...tool,\n"
            "  execute: async () => ({ ok: true }),\n"
            "}));\n"
            "for (const tool of tools) document.modelContext.registerTool(tool);\n",
        },
    )
    assert {name for name, _ in tools(root)} == {"get_version", "get_status"}


# -- parameters bound at call sites --------------------------------------------------------------


def test_a_project_hook_that_rebuilds_the_tool_it_is_given(tmp_path: Path) -> None:
    root = write(
        tmp_path,
        {
            "useAgentTool.js": 'import { useEffect } from "react";\n'
            "export function useAgentTool({ name, description, inputSchema, run }) {\n"
            "  useEffect(() => {\n"
            "    const controller = new AbortController();\n"
            "    document.modelContext.registerTool(\n"
            "      { name, description, inputSchema, execute: async (input) => run(input) },\n"
            "      { signal: controller.signal },\n"
            "    );\n"
            "    return () => controller.abort();\n"
            "  }, [name]);\n"
            "}\n",
            "Search.jsx": 'import { useAgentTool } from "./useAgentTool.js";\n'
            "export function Search() {\n"
            "  useAgentTool({ name: 'search_products', description: 'Finds products.',\n"
            "    run: async () => [] });\n"
            "  return null;\n"
            "}\n",
        },
    )
    assert tools(root) == [("search_products", "Search.jsx")]


def test_a_hook_that_maps_its_tools_to_a_helper_that_registers_each(tmp_path: Path) -> None:
    """The tools reach `registerTool` through a ref, a `.map` that rebuilds each from
    destructured fields, and a project helper of another module that rebuilds it again
    for a model context from a getter."""
    root = write(
        tmp_path,
        {
            "polyfill.js": "function getModelContext() {\n"
            "  return (typeof navigator !== 'undefined' && navigator.modelContext) || null;\n"
            "}\n"
            "export function registerTool(descriptor) {\n"
            "  const { name, description, inputSchema, execute } = descriptor;\n"
            "  const mc = getModelContext();\n"
            "  if (mc) return mc.registerTool({ name, description, inputSchema, execute });\n"
            "}\n",
            "useTools.js": 'import { useEffect, useRef } from "react";\n'
            'import { registerTool } from "./polyfill.js";\n'
            "export function useTools(tools) {\n"
            "  const latest = useRef(tools);\n"
            "  latest.current = tools;\n"
            "  useEffect(() => {\n"
            "    const handles = latest.current.map(({ name, description, inputSchema }) =>\n"
            "      registerTool({ name, description, inputSchema,\n"
            "        execute: (args) => latest.current.find((t) => t.name === name).execute(args) }));\n"
            "    return () => handles.forEach((h) => h.unregister());\n"
            "  }, []);\n"
            "}\n",
            "App.js": 'import { useTools } from "./useTools.js";\n'
            "export function App() {\n"
            "  useTools([\n"
            f"    {TOOL.format(name='search_contracts', description='Searches contracts.')},\n"
            f"    {TOOL.format(name='get_contract', description='One contract.')},\n"
            "  ]);\n"
            "  return null;\n"
            "}\n",
        },
    )
    assert tools(root) == [("get_contract", "App.js"), ("search_contracts", "App.js")]


def test_a_helper_taking_the_context_a_name_and_an_imported_factory(tmp_path: Path) -> None:
    root = write(
        tmp_path,
        {
            "factories.js": "export function makeSearch() {\n"
            "  return { description: 'Finds products.', execute: async () => [] };\n"
            "}\n",
            "register.js": 'import { makeSearch } from "./factories.js";\n'
            "function register(mc, name, makeTool) {\n"
            "  mc.registerTool({ name, ...makeTool() });\n"
            "}\n"
            "register(document.modelContext, 'search_products', makeSearch);\n",
        },
    )
    assert [name for name, _ in tools(root)] == ["search_products"]


def test_a_project_registry_that_registers_each_entry(tmp_path: Path) -> None:
    root = write(
        tmp_path,
        {
            "registry.js": "export function registerAll(tools) {\n"
            "  for (const tool of Object.values(tools)) document.modelContext.registerTool(tool);\n"
            "}\n",
            "main.js": 'import { registerAll } from "./registry.js";\n'
            f"const searchTool = {TOOL.format(name='search', description='Finds.')};\n"
            f"const cartTool = {TOOL.format(name='add_to_cart', description='Adds.')};\n"
            "registerAll({ search: searchTool, cart: cartTool });\n",
        },
    )
    assert tools(root) == [("add_to_cart", "main.js"), ("search", "main.js")]


def test_a_method_given_the_tools_by_this_and_objects_of_functions(tmp_path: Path) -> None:
    root = write(
        tmp_path,
        {
            "voice.js": "(function (document, window) {\n"
            "  class Voice {\n"
            "    register() {\n"
            "      const tools = [\n"
            "        { name: 'start_voice', description: 'Starts.', handler: () => 1 },\n"
            "        { name: 'stop_voice', description: 'Stops.', handler: () => 2 },\n"
            "      ];\n"
            "      this.registerNative(tools);\n"
            "    }\n"
            "    registerNative(tools) {\n"
            "      const mc = window.navigator.modelContext;\n"
            "      const specTools = tools.map((tool) => ({ name: tool.name,\n"
            "        description: tool.description, execute: async (i) => tool.handler(i) }));\n"
            "      specTools.forEach((tool) => mc.registerTool(tool));\n"
            "    }\n"
            "  }\n"
            "  new Voice().register();\n"
            "})(document, window);\n",
            "core.js": "(function (document, window) {\n"
            "  var A = window.Automator || {};\n"
            "  A.getModelContext = function () { return document.modelContext || null; };\n"
            "  A.toTool = function (id, action) {\n"
            "    return { name: id, description: action.description,\n"
            "      execute: async (input) => action.execute(input) };\n"
            "  };\n"
            "  A.registerNative = function (actions) {\n"
            "    var mc = A.getModelContext();\n"
            "    var tools = Object.entries(actions).map(function (entry) {\n"
            "      return A.toTool(entry[0], entry[1]);\n"
            "    });\n"
            "    tools.forEach(function (tool) { mc.registerTool(tool); });\n"
            "  };\n"
            "  A.expose = function () {\n"
            "    var self = A;\n"
            "    var actions = {\n"
            "      getPageInfo: { description: 'The page.', execute: function () { return 1; } },\n"
            "      navigate: { description: 'Goes to a URL.', execute: function () { return 2; } },\n"
            "    };\n"
            "    self.registerNative(actions);\n"
            "  };\n"
            "  A.expose();\n"
            "  window.Automator = A;\n"
            "})(document, window);\n",
        },
    )
    assert tools(root) == [
        ("getPageInfo", "core.js"),
        ("navigate", "core.js"),
        ("start_voice", "voice.js"),
        ("stop_voice", "voice.js"),
    ]


# -- what cannot be known stays unknown --------------------------------------------------------


def test_what_cannot_be_known_gives_no_tool_and_is_counted(tmp_path: Path) -> None:
    root = write(
        tmp_path,
        {
            "dynamic.js": "const configs = await fetch('/tools').then((r) => r.json());\n"
            "for (const tool of configs) document.modelContext.registerTool({\n"
            "  name: tool.name, description: tool.description, execute: async () => 1 });\n",
        },
    )
    _, out, err = run(root, "tools", "--output-format", "json", ".")
    assert json.loads(out) == []
    assert "not known statically" in err


def test_an_object_registered_in_a_loop_over_what_cannot_be_known_is_still_checked(
    tmp_path: Path,
) -> None:
    """Only what the loop gives is unknown: the object written in the loop is a tool with
    an unknown name, and what it says of itself (an `execute` that throws) is checked."""
    root = write(
        tmp_path,
        {
            "relay.ts": "export async function relay(client, remote) {\n"
            "  for (const tool of remote.tools) {\n"
            "    await document.modelContext.registerTool({\n"
            "      name: `remote_${tool.name}`,\n"
            "      description: tool.description,\n"
            "      execute: (args) => call(client, tool.name, args),\n"
            "    });\n"
            "  }\n"
            "}\n"
            "async function call(client, name, args) {\n"
            "  if (!client.ready) throw new Error('Not connected');\n"
            "  return client.callTool({ name, arguments: args });\n"
            "}\n",
        },
    )
    assert rules_found(root, "execute-no-throw") == [("execute-no-throw", "relay.ts", 6)]
    assert tools(root) == []


def test_provided_tools_are_not_registrations_a_view_must_remove(tmp_path: Path) -> None:
    """`provideContext` replaces the page's tools: a later call is no duplicate of an
    earlier one, and an effect that calls it leaves nothing registered to remove."""
    root = write(
        tmp_path,
        {
            "Chess.jsx": 'import { useEffect } from "react";\n'
            "export function Chess({ board }) {\n"
            "  useEffect(() => {\n"
            "    const tools = [\n"
            f"      {TOOL.format(name='get_board', description='The board.')},\n"
            "    ];\n"
            "    navigator.modelContext.provideContext({ tools });\n"
            "  }, [board]);\n"
            "  return null;\n"
            "}\n",
            "again.js": "navigator.modelContext.provideContext({ tools: [\n"
            f"  {TOOL.format(name='get_board', description='The board.')}] }});\n"
            "navigator.modelContext.provideContext({ tools: [\n"
            f"  {TOOL.format(name='get_board', description='The board, again.')}] }});\n",
        },
    )
    assert rules_found(root, "register-cleanup", "tool-name-unique") == []
    assert [name for name, _ in tools(root)] == ["get_board"] * 3


def test_iterating_is_bounded(tmp_path: Path) -> None:
    """More values than `MAX_CANDIDATES` (an array of a thousand tools, loops in loops)
    is unknown: counted, not listed, and quick."""
    import time

    items = ",\n".join(TOOL.format(name=f"t{i}", description="A tool.") for i in range(1000))
    root = write(
        tmp_path,
        {
            "many.js": f"const tools = [{items}];\n"
            "tools.map((t) => ({ ...t })).forEach((t) => document.modelContext.registerTool(t));\n",
            "nested.js": "const a = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17];\n"
            "for (const x of a) for (const y of a) for (const z of a)\n"
            "  document.modelContext.registerTool({ name: `t${x}_${y}_${z}`, description: 'A tool.' });\n",
        },
    )
    started = time.perf_counter()
    _, out, err = run(root, "tools", "--output-format", "json", ".")
    assert time.perf_counter() - started < 30
    assert json.loads(out) == []
    assert "not known statically" in err


def test_a_library_aliased_to_its_own_code_is_an_integration_once(tmp_path: Path) -> None:
    """A library's repository points its package name at its sources (tsconfig `paths`)
    for its examples: their calls are the library's integration, not also calls of a
    project hook whose code is in sight."""
    root = write(
        tmp_path,
        {
            "tsconfig.json": '{ "compilerOptions": { "paths": { "webmcp-react": ["./src/index.ts"] } } }\n',
            "src/index.ts": 'export { useMcpTool } from "./useMcpTool";\n',
            "src/useMcpTool.ts": 'import { useEffect } from "react";\n'
            "export function useMcpTool({ name, description, handler }) {\n"
            "  useEffect(() => {\n"
            "    document.modelContext.registerTool({ name, description, execute: handler });\n"
            "  }, [name]);\n"
            "}\n",
            "examples/Hint.tsx": 'import { useMcpTool } from "webmcp-react";\n'
            "export function Hint() {\n"
            "  useMcpTool({ name: 'get_hint', description: 'A hint.', handler: async () => 1 });\n"
            "  return null;\n"
            "}\n",
        },
    )
    assert tools(root) == [("get_hint", "examples/Hint.tsx")]


# -- what functions a call returns ----------------------------------------------------------


def test_execute_made_by_a_call_is_the_function_it_returns(tmp_path: Path) -> None:
    root = write(
        tmp_path,
        {
            "tools.js": "const Runtime = {\n"
            "  wrapExecute(adapter, tool) {\n"
            "    return async (input) => {\n"
            "      if (!input.query) throw new Error('query is required');\n"
            "      return adapter.run(tool, input);\n"
            "    };\n"
            "  },\n"
            "};\n"
            "const adapter = { run: async () => [] };\n"
            "document.modelContext.registerTool({ name: 'search', description: 'Finds.',\n"
            "  execute: Runtime.wrapExecute(adapter, 'search') });\n",
        },
    )
    assert rules_found(root, "execute-no-throw") == [("execute-no-throw", "tools.js", 4)]


def test_the_api_through_an_aliased_helper_of_another_module(tmp_path: Path) -> None:
    root = write(
        tmp_path,
        {
            "tsconfig.json": '{ "compilerOptions": { "baseUrl": ".", "paths": { "@/*": ["src/*"] } } }\n',
            "src/lib/context.ts": "export function getModelContext() {\n"
            "  return navigator.modelContext;\n"
            "}\n",
            "src/main.ts": 'import { getModelContext } from "@/lib/context";\n'
            "getModelContext().registerTool({ name: 'search', description: 'Finds.',\n"
            "  execute: async () => [] });\n",
        },
    )
    assert ("search", "src/main.ts") in tools(root)
    assert ("no-navigator-model-context", "src/lib/context.ts", 2) in rules_found(
        root, "no-navigator-model-context"
    )
