import REGISTRY from "./registry";
import { getModelContext } from "./context";

/** Registers every tool of the registry; abort `signal` to remove them all. */
export function registerAll(signal: AbortSignal): Promise<unknown>[] {
  const modelContext = getModelContext();
  if (!modelContext) return [];
  return Object.values(REGISTRY).map((tool) =>
    modelContext.registerTool(tool, { signal }).catch((error) => {
      console.warn(`[webmcp] ${tool.name}:`, error);
    }),
  );
}
