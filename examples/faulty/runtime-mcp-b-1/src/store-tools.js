// The page installs MCP-B's polyfill, which puts navigator.modelContext in Chrome too.
import "@mcp-b/global";

// Written against MCP-B 1.x: these calls work there (unregisterTool exists), but the
// tools stay in MCP-B's own list, out of Chrome's registry.
export function mountStoreTools() {
  navigator.modelContext.registerTool({
    name: "find_store",
    description: "Finds the nearest store. Use when the user asks where to buy in person.",
    annotations: { readOnlyHint: true },
    execute: async () => ({ store: "Main Street" }),
  });
  return () => navigator.modelContext.unregisterTool("find_store");
}
