// Faulty on purpose: hand-written WebMCP declarations (no-handwritten-types).
declare global {
  interface Document {
    modelContext: ModelContext;
  }
  interface ModelContext {
    registerTool(tool: ModelContextTool): void;
  }
  interface ModelContextTool {
    name: string;
    description: string;
    execute(args: Record<string, unknown>): unknown;
  }
}
export {};
