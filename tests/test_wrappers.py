"""Tools declared through wrapper libraries (MCP-B, react-webmcp, webmcp-react,
webmcp-kit) are tools like any other: found by import source, with the definition
the library registers."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import lint, run_cli, tools
from webmcp_lint.config import load

MAX = 9007199254740991


def one(code: str, filename: str = "Tools.tsx") -> dict[str, Any]:
    [tool] = tools(code, filename)
    return tool


# -- MCP-B: @mcp-b/react-webmcp and usewebmcp ------------------------------------------


def test_mcp_b_hook_with_a_zod_shape_and_a_handler() -> None:
    code = """"use client";
import { z } from "zod";
import { useWebMCP } from "@mcp-b/react-webmcp";

export function useRecipeTools() {
  useWebMCP({
    name: "search_recipes",
    description: "Search recipes by dish or ingredient.",
    inputSchema: {
      query: z.string().min(2).describe("Dish or ingredient"),
      maxMinutes: z.number().int().positive().optional(),
      diet: z.enum(["vegan", "keto"]).default("vegan"),
    },
    annotations: { readOnlyHint: true },
    handler: async ({ query }) => JSON.stringify(await search(query)),
  });
}
"""
    tool = one(code, "useRecipeTools.ts")
    assert (tool["name"], tool["kind"], tool["library"], tool["line"]) == (
        "search_recipes",
        "integration",
        "@mcp-b/react-webmcp",
        7,
    )
    assert tool["annotations"] == {"readOnlyHint": True}
    assert tool["inputSchema"] == {  # as @mcp-b/react-webmcp 4.x converts it with zod 4
        "type": "object",
        "properties": {
            "query": {"type": "string", "minLength": 2, "description": "Dish or ingredient"},
            "maxMinutes": {"type": "integer", "exclusiveMinimum": 0, "maximum": MAX},
            "diet": {"type": "string", "enum": ["vegan", "keto"], "default": "vegan"},
        },
        "required": ["query"],
    }


def test_the_handler_is_the_tools_execute() -> None:
    code = """import { useWebMCP } from "@mcp-b/react-webmcp";
export function Tools() {
  useWebMCP({ name: "ping", description: "Pings.", handler: async () => "pong", onError: report });
  return null;
}
"""
    # `handler` is not an unknown member, nor is `execute` missing, nor `onError` a tool member
    found = lint(code, "Tools.tsx", {"select": ["tool-required-members", "tool-unknown-member"]})
    assert found == []


def test_usewebmcp_with_json_schema_and_execute() -> None:
    code = """import { useWebMCP } from "usewebmcp";
const SCHEMA = {
  type: "object",
  properties: { city: { type: "string", description: "City name" } },
  required: ["city"],
} as const;
export function Hotels() {
  useWebMCP({
    name: "search_hotels",
    description: "Find hotels in a city.",
    inputSchema: SCHEMA,
    enabled: ready,
    execute: async ({ city }) => ({ hotels: [] }),
  });
  return null;
}
"""
    tool = one(code)
    assert (tool["name"], tool["library"]) == ("search_hotels", "usewebmcp")
    assert tool["inputSchema"] == {
        "type": "object",
        "properties": {"city": {"type": "string", "description": "City name"}},
        "required": ["city"],
    }


@pytest.mark.parametrize(
    ("schema", "expected"),
    [
        ("{}", {"type": "object"}),  # MCP-B adds the `type` it lacks
        (
            "z.object({ q: z.string() })",
            {"type": "object", "properties": {"q": {"type": "string"}}, "required": ["q"]},
        ),
        ("{ q: imported }", None),  # a raw shape of schemas from elsewhere
        ("z.toJSONSchema(Schema)", None),
    ],
)
def test_mcp_b_schema_kinds(schema: str, expected: Any) -> None:
    code = f"""import {{ z }} from "zod";
import {{ useWebMCP }} from "@mcp-b/react-webmcp";
export function Tools() {{
  useWebMCP({{ name: "t", description: "A tool.", inputSchema: {schema}, handler: async () => "" }});
}}
"""
    assert one(code)["inputSchema"] == expected


def test_a_raw_shape_that_cannot_be_read_gives_no_schema_findings() -> None:
    code = """import { useWebMCP } from "@mcp-b/react-webmcp";
import { QuerySchema } from "./schemas";
export function Tools() {
  useWebMCP({
    name: "search",
    description: "Search the catalog.",
    inputSchema: { query: QuerySchema },
    handler: async ({ query, page }) => run(query, page),
  });
}
"""
    found = lint(code, "Tools.tsx", {"select": ["schema", "execute-params-match-schema"]})
    assert found == []


def test_use_webmcp_context_is_a_read_only_tool() -> None:
    code = """import { useWebMCPContext } from "@mcp-b/react-webmcp";
export function Cart({ cart }) {
  useWebMCPContext("context_cart", "The items in the cart.", () => cart.items);
  return null;
}
"""
    tool = one(code)
    assert (tool["name"], tool["description"]) == ("context_cart", "The items in the cart.")
    assert tool["annotations"] == {
        "title": "Context: context_cart",
        "readOnlyHint": True,
        "idempotentHint": True,
        "destructiveHint": False,
        "openWorldHint": False,
    }
    assert lint(code, "Cart.tsx", {"select": ["annotations", "tool"]}) == []


def test_same_named_functions_from_other_packages_are_not_tools() -> None:
    code = """import { useWebMCP } from "./my-hooks";
import { useMcpTool } from "mcp-tools";
import { defineTool } from "ai";
export function Tools() {
  useWebMCP({ name: "a", description: "A.", handler: async () => ({}) });
  useMcpTool({ name: "b", description: "B.", handler: async () => ({}) });
  defineTool({ name: "c", description: "C.", execute: async () => ({}) });
}
"""
    assert tools(code, "Tools.tsx") == []


# -- react-webmcp (tech-sumit) ---------------------------------------------------------


def test_react_webmcp_hook() -> None:
    code = """import { useWebMCPTool } from "react-webmcp";
export default function MenuTools() {
  useWebMCPTool({
    name: "get_menu",
    description: "Get today's menu.",
    inputSchema: { type: "object", properties: {} },
    outputSchema: { type: "object" },
    execute: () => ({ content: [] }),
  });
  return null;
}
"""
    tool = one(code, "MenuTools.jsx")
    assert (tool["name"], tool["library"], tool["line"]) == ("get_menu", "react-webmcp", 4)
    assert lint(code, "MenuTools.jsx", {"select": ["tool-unknown-member"]}) == []


def test_webmcp_form_renders_a_declarative_tool() -> None:
    code = """import { WebMCPForm, WebMCPInput, WebMCPSelect } from "react-webmcp";
export default function Booking() {
  return (
    <WebMCPForm
      toolName="book_table"
      toolDescription="Book a table."
      toolAutoSubmit={false}
      onSubmit={onSubmit}
    >
      <WebMCPInput name="guests" type="number" min={1} max={8} required toolParamDescription="How many people" />
      <WebMCPSelect name="time" toolParamDescription="">
        <option value="19:00">7 pm</option>
        <option value="20:00">8 pm</option>
      </WebMCPSelect>
    </WebMCPForm>
  );
}
"""
    tool = one(code, "Booking.jsx")
    assert (tool["name"], tool["kind"], tool["library"], tool["line"]) == (
        "book_table",
        "declarative",
        "react-webmcp",
        5,
    )
    # the schema Chromium builds from the <form> the component renders
    assert tool["inputSchema"] == {
        "type": "object",
        "properties": {
            "guests": {
                "type": "number",
                "minimum": 1,
                "maximum": 8,
                "multipleOf": 1,
                "description": "How many people",
            },
            "time": {
                "type": "string",
                "enum": ["19:00", "20:00"],
                "anyOf": [
                    {"type": "string", "const": "19:00", "title": "7 pm"},
                    {"type": "string", "const": "20:00", "title": "8 pm"},
                ],
            },
        },
        "required": ["guests"],
    }
    # an empty toolParamDescription is not rendered: no empty-description finding, but
    # `time` has no description; toolAutoSubmit={false} renders no toolautosubmit, and
    # with no submit button Chromium refuses to run the form
    found = lint(code, "Booking.jsx", {"select": ["declarative"]})
    assert sorted(d.rule for d in found) == ["form-param-description", "form-submit-button"]


def test_same_named_form_components_of_other_packages_stay_components() -> None:
    code = """import { WebMCPForm } from "./forms";
export const F = () => <WebMCPForm toolName="a" toolDescription="A."><input name="q" /></WebMCPForm>;
"""
    assert tools(code, "F.jsx") == []


def test_webmcp_tool_component_builds_its_schema_from_children() -> None:
    code = """import { WebMCP } from "react-webmcp";
export default function Feedback() {
  return (
    <WebMCP.Tool
      name="submit_feedback"
      description="Send feedback about a meal."
      annotations={{ consequentialHint: true }}
      onExecute={send}
    >
      <select name="rating" required>
        <option value="5">Excellent</option>
        <option value={1}>Bad</option>
      </select>
      <div>
        <textarea name="comment" maxLength={500} />
        <input name="age" type="range" min="0" max="120" />
      </div>
      <button onClick={cancel}>Send</button>
    </WebMCP.Tool>
  );
}
async function send(input) { return "ok"; }
"""
    tool = one(code, "Feedback.jsx")
    assert (tool["name"], tool["kind"], tool["library"], tool["line"]) == (
        "submit_feedback",
        "integration",
        "react-webmcp",
        5,
    )
    assert tool["annotations"] == {"consequentialHint": True}
    assert tool["inputSchema"] == {
        "type": "object",
        "properties": {
            "age": {"type": "number", "minimum": 0, "maximum": 120},
            "comment": {"type": "string", "maxLength": 500},
            "rating": {
                "type": "string",
                "enum": ["5", 1],
                "oneOf": [{"const": "5", "title": "Excellent"}, {"const": 1, "title": "Bad"}],
            },
        },
        "required": ["rating"],
    }


def test_a_webmcp_tool_with_fields_or_components_has_an_incomplete_schema() -> None:
    code = """import { WebMCPTool } from "react-webmcp";
export const T = () => (
  <WebMCPTool name="send_email" description="Send an email." onExecute={run}>
    <EmailField />
  </WebMCPTool>
);
"""
    found = lint(code, "T.jsx", {"select": ["execute-params-match-schema", "input-schema-missing"]})
    assert found == []
    schema = one(code, "T.jsx")["inputSchema"]
    assert schema["properties"] == {}  # and `required` may hold anything: not known


# -- webmcp-react (MCPCat) and webmcp-kit ------------------------------------------------


def test_webmcp_react_use_mcp_tool_with_a_zod_object() -> None:
    code = """import { z } from "zod";
import { useMcpTool } from "webmcp-react";
export function Game() {
  useMcpTool({
    name: "move",
    description: "Move the player.",
    input: z.object({ direction: z.enum(["north", "south"]), steps: z.number().int().default(1) }),
    handler: async ({ direction }) => ({ content: [{ type: "text", text: direction }] }),
  });
  return null;
}
"""
    tool = one(code, "Game.tsx")
    assert (tool["name"], tool["library"]) == ("move", "webmcp-react")
    assert tool["inputSchema"] == {  # zod-to-json-schema, as webmcp-react converts it
        "type": "object",
        "properties": {
            "direction": {"type": "string", "enum": ["north", "south"]},
            "steps": {"type": "integer", "default": 1},
        },
        "required": ["direction"],
        "additionalProperties": False,
    }


def test_webmcp_kit_define_tool() -> None:
    code = """import { z } from "zod";
import { defineTool } from "webmcp-kit";
export const addTodo = defineTool({
  name: "add_todo",
  description: "Add a todo.",
  inputSchema: z.object({ text: z.string(), done: z.boolean().default(false) }),
  execute: async ({ text }, agent) => ({ added: text }),
});
addTodo.register();
"""
    tool = one(code, "todos.ts")
    assert (tool["name"], tool["library"]) == ("add_todo", "webmcp-kit")
    assert tool["inputSchema"] == {  # z.toJSONSchema in output mode
        "type": "object",
        "properties": {"text": {"type": "string"}, "done": {"type": "boolean", "default": False}},
        "required": ["text", "done"],
        "additionalProperties": False,
    }


# -- the manifest ----------------------------------------------------------------------


def test_tools_command_names_the_library(tmp_path: Path) -> None:
    (tmp_path / "Tools.tsx").write_text(
        'import { useWebMCP } from "usewebmcp";\n'
        "export function Tools() {\n"
        '  useWebMCP({ name: "ping", description: "Pings the server.", execute: async () => "pong" });\n'
        "}\n"
    )
    result = run_cli("tools", "Tools.tsx", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    [tool] = json.loads(result.stdout)
    assert (tool["kind"], tool["library"]) == ("integration", "usewebmcp")
    table = run_cli("tools", "--format", "markdown", "Tools.tsx", cwd=tmp_path).stdout.splitlines()
    assert table[2].startswith("| `ping` | integration (`usewebmcp`) | Pings the server. |")


# -- wrappers declared in the configuration -----------------------------------------------

WRAPPED = """import { useTool } from "@acme/ui";
export function Tools() {
  useTool({ name: "ping", description: "Pings the server.", execute: async () => "pong" });
  return null;
}
"""


def write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)


def listed(root: Path, *paths: str) -> list[tuple[str, str, str, int]]:
    result = run_cli("tools", *paths, cwd=root)
    assert result.returncode == 0, result.stderr
    return [(t["name"], t["library"], t["path"], t["line"]) for t in json.loads(result.stdout)]


def test_a_declared_package_wrapper_declares_tools(tmp_path: Path) -> None:
    config = '[[wrappers]]\nmodule = "@acme/ui"\nexport = "useTool"\n'
    # the file holds none of the words the prefilter looks for but the package's name
    write(tmp_path, {"webmcp-lint.toml": config, "src/Tools.tsx": WRAPPED})
    assert listed(tmp_path) == [("ping", "@acme/ui", "src/Tools.tsx", 3)]
    write(tmp_path, {"webmcp-lint.toml": config.replace("@acme/ui", "@acme/other")})
    assert listed(tmp_path) == []


def test_a_declared_local_wrapper_is_matched_by_resolving_the_import(tmp_path: Path) -> None:
    config = (
        '[[wrappers]]\nmodule = "./src/hooks/useTool"\nexport = "default"\n'
        '[[wrappers]]\nmodule = "./src/hooks/useTool"\nexport = "useTools"\nargument = 1\n'
        'takes = "tools"\n'
    )
    page = """import useTool, { useTools } from "../hooks/useTool.ts";
import useOther from "../other/useTool";
export function Page() {
  useTool({ name: "one", description: "First tool.", execute: async () => 1 });
  useTools(client, [
    { name: "two", description: "Second tool.", execute: async () => 2 },
    { name: "three", description: "Third tool.", execute: async () => 3 },
  ]);
  useOther({ name: "other", description: "Not a wrapper.", execute: async () => 0 });
}
"""
    nested = 'import useTool from "./useTool";\nuseTool({ name: "four", description: "D.", execute: f });\n'
    write(
        tmp_path,
        {
            "webmcp-lint.toml": config,
            "src/pages/Page.tsx": page,
            "src/hooks/Nested.tsx": nested,
            "src/hooks/useTool.ts": "export default function useTool(tool) {}\n",
        },
    )
    assert [(name, line) for name, _, _, line in listed(tmp_path)] == [
        ("four", 2),
        ("one", 4),
        ("two", 6),
        ("three", 7),
    ]
    assert {library for _, library, _, _ in listed(tmp_path)} == {"./src/hooks/useTool"}


@pytest.mark.parametrize(
    ("table", "key", "problem"),
    [
        ('[tool.webmcp-lint]\nwrappers = "useTool"', "wrappers", "must be a list of tables"),
        ('[[wrappers]]\nexport = "useTool"', "wrappers[0].module", "must be a package name"),
        ('[[wrappers]]\nmodule = "x"', "wrappers[0].export", "must be the exported name"),
        ('[[wrappers]]\nmodule = "x"\nexport = "use-tool"', "wrappers[0].export", "exported name"),
        (
            '[[wrappers]]\nmodule = "x"\nexport = "f"\nargument = -1',
            "wrappers[0].argument",
            "0 or more",
        ),
        (
            '[[wrappers]]\nmodule = "x"\nexport = "f"\nargument = true',
            "wrappers[0].argument",
            "0 or more",
        ),
        (
            '[[wrappers]]\nmodule = "x"\nexport = "f"\ntakes = "list"',
            "wrappers[0].takes",
            '"tools"',
        ),
        (
            '[[wrappers]]\nmodule = "x"\nexport = "f"\nthrows = "yes"',
            "wrappers[0].throws",
            "converted",
        ),
        (
            '[[wrappers]]\nmodule = "x"\nexport = "f"\nhook = true',
            "wrappers[0].hook",
            "unknown key",
        ),
    ],
)
def test_a_broken_wrapper_is_exit_code_2_naming_file_and_key(
    tmp_path: Path, table: str, key: str, problem: str
) -> None:
    write(
        tmp_path, {"pyproject.toml": table.replace("[[wrappers]]", "[[tool.webmcp-lint.wrappers]]")}
    )
    write(tmp_path, {"t.js": "document.modelContext;\n"})
    result = run_cli("check", cwd=tmp_path)
    assert result.returncode == 2
    assert f"{tmp_path / 'pyproject.toml'}: [tool.webmcp-lint] {key}: " in result.stderr
    assert problem in result.stderr
    assert "Traceback" not in result.stderr


def test_the_documented_example_is_a_valid_configuration(tmp_path: Path) -> None:
    docs = (Path(__file__).parent.parent / "docs" / "wrappers.md").read_text(encoding="utf-8")
    start = docs.index("## Your own wrappers")
    example = docs[docs.index("```toml\n", start) + 8 : docs.index("```\n", start + 30)]
    write(tmp_path, {"pyproject.toml": example})
    settings = load(tmp_path / "pyproject.toml")
    assert [(w.module, w.export, w.takes, w.converts_throws) for w in settings.wrappers] == [
        ("@acme/ui", "useTool", "tool", True)
    ]
