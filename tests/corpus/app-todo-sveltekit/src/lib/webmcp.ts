/** Registers a batch of tools; each one is unregistered when `signal` aborts. */
export async function registerTools(tools: WebMCP.ModelContextTool[], signal: AbortSignal) {
  const modelContext = document.modelContext;
  if (!modelContext) return;
  for (const tool of tools) {
    if (signal.aborted) return;
    try {
      await modelContext.registerTool(tool, { signal });
    } catch (error) {
      console.warn(`WebMCP: could not register ${tool.name}`, error);
    }
  }
}

export const ok = (data: unknown) => ({ ok: true, data });
export const fail = (message: string) => ({ ok: false, error: message });
