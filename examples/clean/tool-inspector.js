// An inspector panel that lists the page's tools, written for every Chrome: it copies the
// fields it needs, reads the frame as `source` (Chrome 160) or `window` (before), and
// treats a missing schema as null or undefined alike.
export async function showTools(panel) {
  if (!("modelContext" in document)) return;
  const tools = await document.modelContext.getTools();
  const mine = tools.filter((tool) => (tool.source ?? tool.window) === window);
  for (const tool of mine) {
    const schema = tool.inputSchema ?? {};
    panel.append(`${tool.name}: ${Object.keys(schema.properties ?? {}).join(", ")}`);
  }
  const listed = mine.map(({ name, description, inputSchema }) => ({ name, description, inputSchema }));
  panel.dataset.tools = JSON.stringify(listed);
}
