"""Tools defined through the official framework integrations are tools like any other."""

from __future__ import annotations

import json
from pathlib import Path

from tests.helpers import lint, only, run_cli, tools

TOOL = """{
    name: "show_cart",
    description: "Shows the items in the shopping cart. Use when the user asks what it holds.",
    execute: async () => ({ items: [] }),
  }"""


def names(code: str, filename: str = "example.tsx") -> list[str | None]:
    return [tool["name"] for tool in tools(code, filename)]


def test_use_webmcp_from_the_chrome_hook_is_an_integration_tool() -> None:
    code = f"""import {{ useWebMCP }} from "use-webmcp-tool";
export function Cart() {{
  useWebMCP({TOOL});
  return null;
}}
"""
    [tool] = tools(code, "Cart.tsx")
    assert tool["kind"] == "integration"
    assert tool["name"] == "show_cart"
    assert tool["description"].startswith("Shows the items")
    assert tool["line"] == 4  # where the name is written


def test_same_named_hooks_from_other_packages_are_not_webmcp_tools() -> None:
    code = """import { useWebMCP } from "@acme/webmcp-hooks";
export function Cart() {
  useWebMCP({ name: "show_cart", description: "Cart.", handler: async () => ({}) });
  return null;
}
"""
    assert names(code) == []


def test_an_unimported_or_shadowed_name_is_not_a_tool() -> None:
    unimported = f"export function Cart() {{ useWebMCP({TOOL}); }}"
    assert names(unimported) == []
    shadowed = f"""import {{ useWebMCP }} from "use-webmcp-tool";
export function register(useWebMCP) {{ useWebMCP({TOOL}); }}
"""
    assert names(shadowed) == []
    local = f"""function useWebMCP(tool) {{ return tool; }}
useWebMCP({TOOL});
"""
    assert names(local) == []


def test_aliased_imports_are_followed() -> None:
    code = f"""import {{ useWebMCP as useTool }} from "use-webmcp-tool";
export function Cart() {{ useTool({TOOL}); }}
"""
    assert names(code) == ["show_cart"]


def test_vueuse_use_webmcp_in_a_script_setup() -> None:
    code = f"""<script setup lang="ts">
import {{ useWebMCP }} from "@vueuse/core";
useWebMCP({TOOL});
</script>
<template><p>Cart</p></template>
"""
    [tool] = tools(code, "Cart.vue")
    assert (tool["name"], tool["kind"], tool["line"]) == ("show_cart", "integration", 4)


def test_angular_declare_and_provide_apis() -> None:
    code = """import {
  declareExperimentalWebMcpTool,
  declareWebMcpTool,
  provideExperimentalWebMcpTools,
  provideWebMcpTools,
} from "@angular/core";

const base = {
  description: "Finds products. Use when the user looks for something.",
  execute: async () => ({}),
};
function makeTool(name) {
  return { ...base, name };
}
const ROUTE_TOOLS = [makeTool("route_a"), makeTool("route_b")];

declareExperimentalWebMcpTool(makeTool("declared_experimental"));
declareWebMcpTool({ ...base, name: "declared" });
export const providers = [
  provideExperimentalWebMcpTools(ROUTE_TOOLS),
  provideWebMcpTools([makeTool("provided")]),
];
"""
    assert names(code, "app.config.ts") == [
        "declared_experimental",
        "declared",
        "route_a",
        "route_b",
        "provided",
    ]


def test_namespace_imports_of_angular_core() -> None:
    code = f"""import * as core from "@angular/core";
core.declareExperimentalWebMcpTool({TOOL});
core.inject(Something);
"""
    assert names(code, "tools.ts") == ["show_cart"]


def test_a_tool_list_that_cannot_be_known_is_one_unknown_tool() -> None:
    code = """import { provideWebMcpTools } from "@angular/core";
import { TOOLS } from "./tools";
export const providers = [provideWebMcpTools(TOOLS), provideWebMcpTools([])];
"""
    [tool] = tools(code, "app.config.ts")
    assert tool["name"] is None
    assert tool["kind"] == "integration"


def test_rules_about_tools_see_integration_tools() -> None:
    code = """import { useWebMCP } from "use-webmcp-tool";
export function Cart() {
  useWebMCP({ name: "show cart", description: "Shows the cart.", execute: async () => ({}) });
}
"""
    [finding] = only(lint(code, "Cart.tsx"), "tool-name-format")
    assert (finding.line, finding.column) == (3, 21)


def test_tools_command_lists_integration_tools(tmp_path: Path) -> None:
    (tmp_path / "Cart.tsx").write_text(
        'import { useWebMCP } from "use-webmcp-tool";\n'
        f"export function Cart() {{ useWebMCP({TOOL}); }}\n"
    )
    result = run_cli("tools", "Cart.tsx", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    [tool] = json.loads(result.stdout)
    assert (tool["name"], tool["kind"], tool["path"]) == ("show_cart", "integration", "Cart.tsx")
