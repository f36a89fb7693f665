"""The WebMCP API surface: removed members and misused calls."""
