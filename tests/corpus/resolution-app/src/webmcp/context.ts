/** The browser's WebMCP entry point, or null where WebMCP is not available. */
export function getModelContext(): WebMCP.ModelContext | null {
  if (typeof document === "undefined") return null;
  return document.modelContext ?? null;
}

export const isWebMcpSupported = (): boolean => getModelContext() !== null;
