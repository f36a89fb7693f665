// Global declarations for the surfaces this package installs. Kept by hand so the
// package has no runtime or type dependency; they follow the WebMCP IDL of 2026-09.

export interface ShimToolAnnotations {
  readOnlyHint?: boolean;
  untrustedContentHint?: boolean;
  consequentialHint?: boolean;
  debugging?: boolean;
}

export interface ShimTool {
  name: string;
  title?: string;
  description: string;
  inputSchema?: object;
  annotations?: ShimToolAnnotations;
  execute(input: Record<string, unknown>, options: { signal: AbortSignal }): unknown;
}

export interface ShimRegisteredTool {
  name: string;
  title?: string;
  description: string;
  inputSchema?: string;
  annotations?: ShimToolAnnotations;
  origin: string;
  window: Window;
}

export interface ShimModelContextLike extends EventTarget {
  registerTool(tool: ShimTool, options?: { signal?: AbortSignal; exposedTo?: string[] }): Promise<void>;
  getTools(options?: { fromOrigins?: string[] }): Promise<ShimRegisteredTool[]>;
  executeTool(
    tool: ShimRegisteredTool,
    input?: object,
    options?: { signal?: AbortSignal },
  ): Promise<string | null>;
  ontoolchange: ((event: Event) => void) | null;
}

declare global {
  interface Document {
    readonly modelContext?: ShimModelContextLike;
  }
  interface Navigator {
    /** @deprecated use document.modelContext */
    readonly modelContext?: ShimModelContextLike;
  }
  interface SubmitEvent {
    readonly agentInvoked?: boolean;
    respondWith?(response: Promise<unknown> | unknown): void;
  }
}
