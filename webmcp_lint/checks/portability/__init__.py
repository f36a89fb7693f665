"""Tools that models' tool APIs or WebMCP proposals reject (off unless selected)."""
