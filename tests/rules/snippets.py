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
