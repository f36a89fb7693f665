// Minimal typings for the WebMCP API until the browser ships them.
declare global {
  interface ModelContextTool {
    name: string;
    title?: string;
    description: string;
    inputSchema?: object;
    annotations?: { readOnlyHint?: boolean; untrustedContentHint?: boolean };
    execute(input: any, options?: { signal: AbortSignal }): unknown;
  }

  interface ModelContext {
    registerTool(tool: ModelContextTool, options?: { signal?: AbortSignal }): Promise<void>;
  }

  interface Document {
    readonly modelContext?: ModelContext;
  }

  interface SubmitEvent {
    readonly agentInvoked: boolean;
    respondWith(result: Promise<unknown>): void;
  }
}

export {};
