"""Framework rules: use the official integrations, and call the hooks unconditionally."""

from __future__ import annotations

import pytest

from tests.helpers import lint, only

TOOL = '{ name: "show_cart", description: "Shows the cart.", execute: async () => ({}) }'
REGISTER = f"document.modelContext?.registerTool({TOOL}).catch(report)"


def found(code: str, filename: str, rule: str) -> list[tuple[int, int, int, int]]:
    return [(d.line, d.column, d.end_line, d.end_column) for d in only(lint(code, filename), rule)]


# -- react-use-webmcp --------------------------------------------------------------------


def test_a_react_component_that_registers_by_hand_is_flagged() -> None:
    code = f"""import {{ useEffect }} from "react";
export function Cart() {{
  useEffect(() => {{
    const controller = new AbortController();
    {REGISTER.replace(".catch(report)", "")};
    return () => controller.abort();
  }}, []);
  return <p>Cart</p>;
}}
"""
    assert found(code, "Cart.tsx", "react-use-webmcp") == [(5, 5, 5, 40)]
    [finding] = only(lint(code, "Cart.tsx"), "react-use-webmcp")
    assert "`useWebMCP` from `use-webmcp-tool`" in finding.message


@pytest.mark.parametrize(
    "code",
    [
        # a custom hook
        'import { useEffect } from "react";\n'
        f"export function useCartTools() {{ useEffect(() => {{ {REGISTER}; }}, []); }}",
        # a memo-wrapped arrow component, Preact
        'import { memo } from "preact/compat";\n'
        f"export const Cart = memo(() => {{ {REGISTER}; return null; }});",
        # a class component
        'import React from "react";\n'
        f"export class Cart extends React.Component {{ componentDidMount() {{ {REGISTER}; }} }}",
    ],
)
def test_other_react_shapes(code: str) -> None:
    assert len(found(code, "Cart.jsx", "react-use-webmcp")) == 1


@pytest.mark.parametrize(
    "code",
    [
        # module-level registration in a React app's entry point
        'import { createRoot } from "react-dom/client";\n'
        f'if ("modelContext" in document) {{ {REGISTER}; }}\n'
        "createRoot(root).render(app);",
        # a lowercase helper function
        f'import {{ useEffect }} from "react";\nexport function registerTools() {{ {REGISTER}; }}',
        # components of frameworks other than React
        'import { onMount } from "solid-js";\n'
        f"export function Cart() {{ onMount(() => {{ {REGISTER}; }}); return null; }}",
        # the integration itself
        'import { useWebMCP } from "use-webmcp-tool";\n'
        f"export function Cart() {{ useWebMCP({TOOL}); return null; }}",
    ],
)
def test_not_react_components(code: str) -> None:
    assert found(code, "Cart.jsx", "react-use-webmcp") == []


# -- angular-webmcp-api ------------------------------------------------------------------


def test_an_angular_component_that_registers_by_hand_is_flagged() -> None:
    code = f"""import {{ Component, OnInit }} from "@angular/core";

@Component({{ selector: "app-cart", template: "" }})
export class CartComponent implements OnInit {{
  ngOnInit() {{
    {REGISTER};
  }}
}}
"""
    assert found(code, "cart.component.ts", "angular-webmcp-api") == [(6, 5, 6, 40)]
    [finding] = only(lint(code, "cart.component.ts"), "angular-webmcp-api")
    assert "`declareExperimentalWebMcpTool(tool)`" in finding.message


@pytest.mark.parametrize("decorator", ["Injectable({ providedIn: 'root' })", "Directive({})"])
def test_services_and_directives_count(decorator: str) -> None:
    name = decorator.split("(")[0]
    code = f'import {{ {name} }} from "@angular/core";\n@{decorator}\n'
    code += f"class Tools {{ init() {{ {REGISTER}; }} }}"
    assert len(found(code, "tools.ts", "angular-webmcp-api")) == 1


@pytest.mark.parametrize(
    "code",
    [
        # no @angular/core import
        f"@Component({{}})\nclass Cart {{ ngOnInit() {{ {REGISTER}; }} }}",
        # an undecorated class
        f'import {{ inject }} from "@angular/core";\nclass Cart {{ init() {{ {REGISTER}; }} }}',
        # the Angular API
        f'import {{ Injectable, declareExperimentalWebMcpTool }} from "@angular/core";\n'
        "@Injectable()\n"
        f"class Cart {{ constructor() {{ declareExperimentalWebMcpTool({TOOL}); }} }}",
    ],
)
def test_not_hand_registration_in_angular(code: str) -> None:
    assert found(code, "cart.ts", "angular-webmcp-api") == []


# -- hook-conditional --------------------------------------------------------------------

REACT = 'import { useWebMCP } from "use-webmcp-tool";\n'


def react_component(body: str) -> str:
    return f"{REACT}export function Cart({{ ready, tools }}) {{\n{body}\n  return null;\n}}\n"


def test_a_conditional_hook_is_flagged_at_its_name() -> None:
    code = react_component(f"  if (ready) {{\n    useWebMCP({TOOL});\n  }}")
    assert found(code, "Cart.tsx", "hook-conditional") == [(4, 5, 4, 14)]
    [finding] = only(lint(code, "Cart.tsx"), "hook-conditional")
    assert "`enabled: condition`" in finding.message


@pytest.mark.parametrize(
    ("body", "kind"),
    [
        (f"  const state = ready ? useWebMCP({TOOL}) : null;", "conditionally"),
        (f"  ready && useWebMCP({TOOL});", "conditionally"),
        (f"  switch (ready) {{ case true: useWebMCP({TOOL}); }}", "conditionally"),
        (f"  if (!ready) return null;\n  useWebMCP({TOOL});", "conditionally"),
        ("  for (const tool of tools) useWebMCP(tool);", "in a loop"),
        ("  tools.forEach((tool) => useWebMCP(tool));", "in a loop"),
        ("  let i = 0;\n  while (i < tools.length) { useWebMCP(tools[i]); i++; }", "in a loop"),
    ],
)
def test_react_hooks_must_run_on_every_render(body: str, kind: str) -> None:
    [finding] = only(lint(react_component(body), "Cart.tsx"), "hook-conditional")
    assert f"`useWebMCP` is called {kind}" in finding.message


@pytest.mark.parametrize(
    "body",
    [
        f"  useWebMCP({{ ...{TOOL}, enabled: ready }});",
        f"  const {{ registered }} = useWebMCP({TOOL});\n  if (registered) console.info('ready');",
        # the hook in a condition's test runs every time
        f"  if (useWebMCP({TOOL}).registered) console.info('ready');",
        # a return in a nested function is not the component's
        f"  const label = () => {{ return 'cart'; }};\n  useWebMCP({TOOL});",
    ],
)
def test_unconditional_react_hooks(body: str) -> None:
    assert found(react_component(body), "Cart.tsx", "hook-conditional") == []


def test_vue_conditions_are_flagged_but_loops_are_fine() -> None:
    conditional = f"""<script setup>
import {{ useWebMCP }} from "@vueuse/core";
const props = defineProps({{ admin: Boolean }});
if (props.admin) useWebMCP({TOOL});
</script>
"""
    [finding] = only(lint(conditional, "Cart.vue"), "hook-conditional")
    assert (finding.line, finding.column) == (4, 18)
    assert "`enabled: () => condition`" in finding.message
    loop = f"""<script setup>
import {{ useWebMCP }} from "@vueuse/core";
for (const tool of [{TOOL}]) useWebMCP(tool);
</script>
"""
    assert only(lint(loop, "Cart.vue"), "hook-conditional") == []


def test_hooks_of_other_packages_are_not_checked() -> None:
    code = react_component(f"  if (ready) useWebMCP({TOOL});").replace(
        "use-webmcp-tool", "@mcp-b/react-webmcp"
    )
    assert found(code, "Cart.tsx", "hook-conditional") == []
