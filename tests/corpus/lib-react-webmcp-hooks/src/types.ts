export type JsonSchema = {
  type?: string | string[];
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  default?: unknown;
  minimum?: number;
  maximum?: number;
  [keyword: string]: unknown;
};

export interface ToolAnnotations {
  readOnlyHint?: boolean;
  untrustedContentHint?: boolean;
  consequentialHint?: boolean;
}

export interface WebMCPToolConfig<Input = Record<string, unknown>> {
  name: string;
  title?: string;
  description: string;
  inputSchema?: JsonSchema;
  annotations?: ToolAnnotations;
  /** Register only while true (default true). */
  enabled?: boolean;
  execute: (input: Input, options: { signal: AbortSignal }) => unknown | Promise<unknown>;
}

export interface RegisteredToolInfo {
  name: string;
  title?: string;
  description: string;
  inputSchema?: string;
  annotations?: ToolAnnotations;
}

export interface ModelContextLike extends EventTarget {
  registerTool(tool: object, options?: { signal?: AbortSignal }): Promise<void> | void;
  getTools?(): Promise<RegisteredToolInfo[]>;
  /** Chrome 146-148 only. */
  unregisterTool?(name: string): void;
}

declare global {
  interface Document {
    modelContext?: ModelContextLike;
  }
  interface Navigator {
    modelContext?: ModelContextLike;
  }
}
