// An in-page test harness still using the old testing API and JSON-string input.
export async function runSearchTool() {
  const tools = await navigator.modelContextTesting.listTools();
  const [search] = await document.modelContext.getTools();
  return document.modelContext.executeTool(search, JSON.stringify({ query: "shoes" }));
}
