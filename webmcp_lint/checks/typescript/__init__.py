"""TypeScript types for the WebMCP API."""
