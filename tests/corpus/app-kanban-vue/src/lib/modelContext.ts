/**
 * WebMCP moved from navigator.modelContext to document.modelContext in 2026. Resolve
 * whichever the browser provides so older Chrome builds keep working.
 */
export interface WebMcpTool {
  name: string;
  description: string;
  inputSchema?: Record<string, unknown>;
  annotations?: { readOnlyHint?: boolean; consequentialHint?: boolean };
  execute: (input: Record<string, unknown>) => unknown | Promise<unknown>;
}

export interface ModelContext {
  registerTool(tool: WebMcpTool, options?: { signal?: AbortSignal }): Promise<void>;
}

export function getModelContext(): ModelContext | null {
  if (typeof document === "undefined") return null;
  const fromDocument = (document as Document & { modelContext?: ModelContext }).modelContext;
  if (fromDocument) return fromDocument;
  const fromNavigator = (navigator as Navigator & { modelContext?: ModelContext }).modelContext;
  return fromNavigator ?? null;
}

export function textResult(value: unknown) {
  return { content: [{ type: "text", text: typeof value === "string" ? value : JSON.stringify(value) }] };
}
