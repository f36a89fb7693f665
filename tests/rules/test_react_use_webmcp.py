from tests.rule_tester import Finding, Invalid, RuleTester, Valid
from tests.rules.snippets import WRAPPER_HOOK_COMPONENT

TOOL = '{ name: "show_cart", description: "Shows the cart.", execute: async () => ({}) }'
REGISTER = f"document.modelContext?.registerTool({TOOL}).catch(report)"


def by_hand(line: int, column: int) -> Finding:
    """At `document.modelContext?.registerTool`."""
    return Finding("registers-by-hand", line, column, line, column + 35)


tests = RuleTester("react-use-webmcp")

test_valid = tests.valid(
    [
        # a component that declares its tool through a wrapper hook calls no registerTool
        Valid(WRAPPER_HOOK_COMPONENT, filename="Cart.jsx"),
        # module-level registration in a React app's entry point
        Valid(
            'import { createRoot } from "react-dom/client";\n'
            f'if ("modelContext" in document) {{ {REGISTER}; }}\n'
            "createRoot(root).render(app);",
            filename="Cart.jsx",
        ),
        # a lowercase helper function
        Valid(
            f'import {{ useEffect }} from "react";\nexport function registerTools() {{ {REGISTER}; }}',
            filename="Cart.jsx",
        ),
        # components of frameworks other than React
        Valid(
            'import { onMount } from "solid-js";\n'
            f"export function Cart() {{ onMount(() => {{ {REGISTER}; }}); return null; }}",
            filename="Cart.jsx",
        ),
        # the integration itself
        Valid(
            'import { useWebMCP } from "use-webmcp-tool";\n'
            f"export function Cart() {{ useWebMCP({TOOL}); return null; }}",
            filename="Cart.jsx",
        ),
    ]
)

test_invalid = tests.invalid(
    [
        Invalid(
            f"""import {{ useEffect }} from "react";
export function Cart() {{
  useEffect(() => {{
    const controller = new AbortController();
    {REGISTER.replace(".catch(report)", "")};
    return () => controller.abort();
  }}, []);
  return <p>Cart</p>;
}}
""",
            [by_hand(5, 5)],
            filename="Cart.tsx",
        ),
        # a custom hook
        Invalid(
            'import { useEffect } from "react";\n'
            f"export function useCartTools() {{ useEffect(() => {{ {REGISTER}; }}, []); }}",
            [by_hand(2, 52)],
            filename="Cart.jsx",
        ),
        # a memo-wrapped arrow component, Preact
        Invalid(
            'import { memo } from "preact/compat";\n'
            f"export const Cart = memo(() => {{ {REGISTER}; return null; }});",
            [by_hand(2, 34)],
            filename="Cart.jsx",
        ),
        # a class component
        Invalid(
            'import React from "react";\n'
            f"export class Cart extends React.Component {{ componentDidMount() {{ {REGISTER}; }} }}",
            [by_hand(2, 67)],
            filename="Cart.jsx",
        ),
    ]
)
