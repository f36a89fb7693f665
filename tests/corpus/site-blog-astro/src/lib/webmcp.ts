// One place for the WebMCP surface: pages and islands import from here.

type ModelContext = NonNullable<Document['modelContext']>;

export function modelContext(): ModelContext | undefined {
  if (typeof document === 'undefined') return undefined;
  // navigator.modelContext: Chrome 146-149 developer trial.
  return document.modelContext ?? (navigator as Navigator & { modelContext?: ModelContext }).modelContext;
}

/** Registers tools until the returned function is called. Unsupported browsers: a no-op. */
export function provideTools(tools: WebMCP.ModelContextTool[]): () => void {
  const mc = modelContext();
  if (!mc) return () => {};
  const controller = new AbortController();
  for (const tool of tools) {
    mc.registerTool(tool, { signal: controller.signal }).catch((error) => {
      console.warn(`[fieldnotes] ${tool.name} not registered`, error);
    });
  }
  return () => controller.abort();
}
