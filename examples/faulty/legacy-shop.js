// Written against the WebMCP of spring 2026: the API moved since.
if ("modelContext" in navigator) {
  navigator.modelContext.provideContext({ tools: [] });
}

export function removeSearch() {
  document.modelContext.unregisterTool("search_products");
}
