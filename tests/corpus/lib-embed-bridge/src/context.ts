export interface BridgeModelContext {
  registerTool(tool: object, options?: { signal?: AbortSignal; exposedTo?: string[] }): Promise<void> | void;
  unregisterTool?(name: string): void;
  provideContext?(context: { tools: object[] }): void;
}

/** document.modelContext, or navigator.modelContext on Chrome 146-149. */
export function getModelContext(): BridgeModelContext | undefined {
  const fromDocument = (document as Document & { modelContext?: BridgeModelContext }).modelContext;
  if (fromDocument) return fromDocument;
  return (navigator as Navigator & { modelContext?: BridgeModelContext }).modelContext;
}

export function supportsWebMCP(): boolean {
  return getModelContext() !== undefined;
}
