import { getModelContext } from "./context.ts";

/**
 * Registers one tool until `signal` aborts. Registration failures (a duplicate
 * name after a hot reload, say) are logged, never thrown into the UI.
 */
export async function registerTool(tool: WebMCP.ModelContextTool, signal: AbortSignal): Promise<boolean> {
  const modelContext = getModelContext();
  if (!modelContext) return false;
  try {
    await modelContext.registerTool(tool, { signal });
    return true;
  } catch (error) {
    if (!signal.aborted) console.warn(`[webmcp] ${tool.name} was not registered`, error);
    return false;
  }
}
