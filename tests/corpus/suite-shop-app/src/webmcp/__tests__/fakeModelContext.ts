// jsdom has no document.modelContext: a fake that behaves like Chromium's for what the
// shop uses (duplicate names rejected, signal removes the tool, executeTool hides errors).

type Tool = WebMCP.ModelContextTool;

export class FakeModelContext extends EventTarget {
  tools = new Map<string, Tool>();

  async registerTool(tool: Tool, options: { signal?: AbortSignal } = {}): Promise<void> {
    if (this.tools.has(tool.name)) {
      throw new DOMException('Duplicate tool name', 'InvalidStateError');
    }
    this.tools.set(tool.name, tool);
    options.signal?.addEventListener('abort', () => this.tools.delete(tool.name), { once: true });
  }

  async getTools() {
    return [...this.tools.values()].map((tool) => ({
      name: tool.name,
      description: tool.description,
      inputSchema: JSON.stringify(tool.inputSchema ?? {}),
      annotations: tool.annotations,
    }));
  }

  async executeTool(info: { name: string }, input: object = {}): Promise<string | null> {
    const tool = this.tools.get(info.name);
    if (!tool) throw new DOMException('Tool not found', 'UnknownError');
    try {
      return JSON.stringify(await tool.execute(input, { signal: new AbortController().signal }));
    } catch {
      throw new DOMException('Tool was executed but the invocation failed', 'UnknownError');
    }
  }
}

export function installFakeModelContext(): FakeModelContext {
  const fake = new FakeModelContext();
  Object.defineProperty(document, 'modelContext', { configurable: true, writable: true, value: fake });
  return fake;
}

export function removeModelContext(): void {
  delete (document as { modelContext?: unknown }).modelContext;
}
