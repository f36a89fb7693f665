"""Code builders shared by the rule tests."""

from __future__ import annotations

import json


def register(schema: str, extra: str = "", execute: str = "async () => ({ ok: true })") -> str:
    """A `registerTool` call of a tool with this input schema, `extra` code before it."""
    return (
        f"{extra}document.modelContext.registerTool({{\n"
        f'  name: "book_table",\n'
        f'  description: "Books a table.",\n'
        f"  inputSchema: {schema},\n"
        f"  execute: {execute},\n"
        f"}});\n"
    )


def described(
    description: str = "Finds things.", schema: str | None = None, extra: str = ""
) -> str:
    """A tool registration with the given description (a JS expression) and schema."""
    schema_line = f"  inputSchema: {schema},\n" if schema is not None else ""
    return (
        f"{extra}document.modelContext.registerTool({{\n"
        f'  name: "find_things",\n'
        f"  description: {description},\n"
        f"{schema_line}"
        f"  execute: async () => ({{ ok: true }}),\n"
        f"}});\n"
    )


def js(text: str) -> str:
    """A JavaScript string literal for `text`, characters kept as they are."""
    return json.dumps(text, ensure_ascii=False)


def schema_with(properties: dict[str, str]) -> str:
    inner = ", ".join(f"{name}: {body}" for name, body in properties.items())
    return f'{{ type: "object", properties: {{ {inner} }} }}'


# -- declarative tools ---------------------------------------------------------------------

GOOD_DESCRIPTION = (
    'tooldescription="Finds flights between two airports. Use when the user plans a trip."'
)
# A service worker's fetch event has a respondWith too, and is no submit event.
SERVICE_WORKER = (
    "self.addEventListener('fetch', (event) => { event.respondWith(fetch(event.request)); });\n"
)


def tool_form(body: str = "", attributes: str = 'toolname="search_flights"') -> str:
    """A form with a good tool description, the given attributes and content."""
    return f"<form {attributes} {GOOD_DESCRIPTION}>\n{body}\n</form>\n"


def submit_handler(body: str, asynchronous: bool = False) -> str:
    """A submit listener on the page's form whose parameter is `event`."""
    arrow = "async (event) =>" if asynchronous else "(event) =>"
    return (
        "const form = document.querySelector('form');\n"
        f"form.addEventListener('submit', {arrow} {{\n{body}\n}});\n"
    )


# A React component that declares its tool through a wrapper library's hook, next to an
# unrelated effect: it calls no `registerTool` itself.
WRAPPER_HOOK_COMPONENT = (
    'import { useEffect } from "react";\n'
    'import { useWebMCP } from "@mcp-b/react-webmcp";\n'
    "export function Cart({ cart }) {\n"
    "  useEffect(() => { cart.load(); }, [cart]);\n"
    '  useWebMCP({ name: "show_cart", description: "Shows the cart.", handler: async () => cart });\n'
    "  return null;\n"
    "}\n"
)
