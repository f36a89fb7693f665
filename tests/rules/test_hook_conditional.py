from tests.rule_tester import Finding, Invalid, RuleTester, Valid

TOOL = '{ name: "show_cart", description: "Shows the cart.", execute: async () => ({}) }'
REACT = 'import { useWebMCP } from "use-webmcp-tool";\n'
CONDITIONALLY = "called-conditionally-pass-enabled"
IN_A_LOOP = "called-in-loop"
VUE_CONDITIONALLY = "condition-checked-once"


def react_component(body: str) -> str:
    return f"{REACT}export function Cart({{ ready, tools }}) {{\n{body}\n  return null;\n}}\n"


def at_hook(message_id: str, line: int, column: int) -> Finding:
    """At the callee, `useWebMCP`."""
    return Finding(message_id, line, column, line, column + 9, data={"hook": "useWebMCP"})


def vue_setup(statement: str) -> str:
    return f'<script setup>\nimport {{ useWebMCP }} from "@vueuse/core";\n{statement}\n</script>\n'


tests = RuleTester("hook-conditional")

test_valid = tests.valid(
    [
        Valid(react_component(f"  useWebMCP({{ ...{TOOL}, enabled: ready }});"), "Cart.tsx"),
        Valid(
            react_component(
                f"  const {{ registered }} = useWebMCP({TOOL});\n"
                "  if (registered) console.info('ready');"
            ),
            "Cart.tsx",
        ),
        # the hook in a condition's test runs every time
        Valid(
            react_component(f"  if (useWebMCP({TOOL}).registered) console.info('ready');"),
            "Cart.tsx",
        ),
        # a return in a nested function is not the component's
        Valid(
            react_component(f"  const label = () => {{ return 'cart'; }};\n  useWebMCP({TOOL});"),
            "Cart.tsx",
        ),
        # Vue's setup runs once: a loop registers every tool for good
        Valid(vue_setup(f"for (const tool of [{TOOL}]) useWebMCP(tool);"), "Cart.vue"),
        # hooks of other packages are not checked
        Valid(
            react_component(f"  if (ready) useWebMCP({TOOL});").replace(
                "use-webmcp-tool", "./my-hooks"
            ),
            "Cart.tsx",
        ),
        # a component is no hook: rendering it conditionally is how to switch a tool off
        Valid(
            'import { WebMCP } from "react-webmcp";\n'
            'export const F = ({ on }) => on ? <WebMCP.Tool name="f" description="F." '
            "onExecute={run} /> : null;\n",
            "F.tsx",
        ),
    ]
)

test_invalid = tests.invalid(
    [
        Invalid(
            react_component(f"  if (ready) {{\n    useWebMCP({TOOL});\n  }}"),
            [at_hook(CONDITIONALLY, 4, 5)],
            filename="Cart.tsx",
        ),
        # React hooks must run on every render
        Invalid(
            react_component(f"  const state = ready ? useWebMCP({TOOL}) : null;"),
            [at_hook(CONDITIONALLY, 3, 25)],
            filename="Cart.tsx",
        ),
        Invalid(
            react_component(f"  ready && useWebMCP({TOOL});"),
            [at_hook(CONDITIONALLY, 3, 12)],
            filename="Cart.tsx",
        ),
        Invalid(
            react_component(f"  switch (ready) {{ case true: useWebMCP({TOOL}); }}"),
            [at_hook(CONDITIONALLY, 3, 31)],
            filename="Cart.tsx",
        ),
        Invalid(
            react_component(f"  if (!ready) return null;\n  useWebMCP({TOOL});"),
            [at_hook(CONDITIONALLY, 4, 3)],
            filename="Cart.tsx",
        ),
        Invalid(
            react_component("  for (const tool of tools) useWebMCP(tool);"),
            [at_hook(IN_A_LOOP, 3, 29)],
            filename="Cart.tsx",
        ),
        Invalid(
            react_component("  tools.forEach((tool) => useWebMCP(tool));"),
            [at_hook(IN_A_LOOP, 3, 27)],
            filename="Cart.tsx",
        ),
        Invalid(
            react_component(
                "  let i = 0;\n  while (i < tools.length) { useWebMCP(tools[i]); i++; }"
            ),
            [at_hook(IN_A_LOOP, 4, 30)],
            filename="Cart.tsx",
        ),
        # every library's React hook (MCP-B 5.x has `enabled`; react-webmcp has none)
        Invalid(
            react_component(f"  if (ready) useWebMCP({TOOL});").replace(
                "use-webmcp-tool", "@mcp-b/react-webmcp"
            ),
            [at_hook(CONDITIONALLY, 3, 14)],
            filename="Cart.tsx",
        ),
        Invalid(
            'import { useWebMCPTool } from "react-webmcp";\n'
            f"export function Cart({{ ready }}) {{\n  if (ready) useWebMCPTool({TOOL});\n}}\n",
            [
                Finding(
                    "called-conditionally",
                    3,
                    14,
                    3,
                    27,
                    data={"hook": "useWebMCPTool"},
                )
            ],
            filename="Cart.tsx",
        ),
        # Vue: a condition around the hook is checked once
        Invalid(
            vue_setup(
                "const props = defineProps({ admin: Boolean });\n"
                f"if (props.admin) useWebMCP({TOOL});"
            ),
            [at_hook(VUE_CONDITIONALLY, 4, 18)],
            filename="Cart.vue",
        ),
    ]
)


# `return useWebMCP(...)`: the only return holds the call, it is not an early return.
test_a_return_that_holds_the_hook = tests.valid(
    [
        Valid(
            f"{REACT}export function useCartTool() {{\n  return useWebMCP({TOOL});\n}}\n",
            "useCartTool.ts",
        ),
    ]
)
