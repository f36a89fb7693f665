// An in-page test harness still using the old testing API and JSON-string input.
export async function runSearchTool() {
  const tools = await navigator.modelContextTesting.listTools();
  const [search] = await document.modelContext.getTools();
  return document.modelContext.executeTool(search, JSON.stringify({ query: "shoes" }));
}

// An inspector panel written against Chrome 156's getTools().
export async function showTools(panel) {
  const tools = await document.modelContext.getTools();
  // get-tools-fields: `window` is `source` from Chrome 160, and an empty schema is null
  const mine = tools.filter((tool) => tool.window === window);
  for (const { name, inputSchema = {} } of mine) {
    panel.append(`${name}: ${Object.keys(inputSchema.properties ?? {}).join(", ")}`);
  }
  // get-tools-serialize: each tool holds its window; this throws on every Chrome
  panel.dataset.tools = JSON.stringify(mine);
}
