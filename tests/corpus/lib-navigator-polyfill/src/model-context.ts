export type JsonSchema = { type?: string; properties?: Record<string, JsonSchema>; required?: string[]; [key: string]: unknown };

export interface ToolAnnotations {
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

export interface ToolDefinition {
  name: string;
  description: string;
  inputSchema?: JsonSchema;
  annotations?: ToolAnnotations;
  execute: (input: Record<string, unknown>) => unknown;
}

export interface RegisterToolOptions {
  signal?: AbortSignal;
}

export interface ModelContextInit {
  tools?: ToolDefinition[];
}

export interface ToolInfo {
  name: string;
  description: string;
  inputSchema: JsonSchema;
  annotations: ToolAnnotations;
}

const NAME = /^[A-Za-z0-9_.-]{1,128}$/;
const EMPTY_SCHEMA: JsonSchema = { type: 'object', properties: {} };

/**
 * The object installed as navigator.modelContext. Tools registered with registerTool stay
 * until unregisterTool (or their signal aborts); provideContext replaces the set it
 * provided last time and leaves registerTool's alone; clearContext removes everything.
 */
export class ModelContext extends EventTarget {
  #tools = new Map<string, ToolDefinition>();
  #provided = new Set<string>();

  registerTool(tool: ToolDefinition, options: RegisterToolOptions = {}): void {
    this.#add(tool);
    const { signal } = options;
    if (!signal) return;
    if (signal.aborted) {
      this.unregisterTool(tool.name);
      return;
    }
    signal.addEventListener('abort', () => this.unregisterTool(tool.name), { once: true });
  }

  unregisterTool(name: string): void {
    this.#provided.delete(name);
    if (this.#tools.delete(name)) this.#changed();
  }

  provideContext(init: ModelContextInit = {}): void {
    for (const name of this.#provided) this.#tools.delete(name);
    this.#provided.clear();
    for (const tool of init.tools ?? []) {
      this.#add(tool, false);
      this.#provided.add(tool.name);
    }
    this.#changed();
  }

  clearContext(): void {
    this.#tools.clear();
    this.#provided.clear();
    this.#changed();
  }

  listTools(): ToolInfo[] {
    return [...this.#tools.values()].map((tool) => ({
      name: tool.name,
      description: tool.description,
      inputSchema: tool.inputSchema ?? EMPTY_SCHEMA,
      annotations: { ...tool.annotations },
    }));
  }

  async executeTool(name: string, input: Record<string, unknown> = {}): Promise<unknown> {
    const tool = this.#tools.get(name);
    if (!tool) throw new DOMException(`No tool named "${name}"`, 'NotFoundError');
    return await tool.execute(input);
  }

  #add(tool: ToolDefinition, notify = true): void {
    if (!tool || typeof tool.name !== 'string' || !NAME.test(tool.name)) {
      throw new TypeError(`Invalid tool name: ${String(tool?.name)}`);
    }
    if (typeof tool.description !== 'string' || !tool.description.trim()) {
      throw new TypeError(`Tool "${tool.name}" needs a description`);
    }
    if (typeof tool.execute !== 'function') {
      throw new TypeError(`Tool "${tool.name}" needs an execute function`);
    }
    if (this.#tools.has(tool.name)) {
      throw new DOMException(`A tool named "${tool.name}" is already registered`, 'InvalidStateError');
    }
    this.#tools.set(tool.name, tool);
    if (notify) this.#changed();
  }

  #changed(): void {
    this.dispatchEvent(new Event('toolchange'));
  }
}
