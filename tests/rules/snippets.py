"""Code builders shared by the rule tests."""

from __future__ import annotations


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
