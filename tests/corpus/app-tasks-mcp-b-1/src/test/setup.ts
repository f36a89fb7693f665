// A stand-in for what @mcp-b/global 1.x puts on navigator.modelContext, so components
// and modules that register tools can run under jsdom.
import { afterEach, vi } from 'vitest';

export interface FakeTool {
  name: string;
  description: string;
  inputSchema?: Record<string, unknown>;
  annotations?: Record<string, unknown>;
  execute: (input: Record<string, unknown>) => unknown;
}

export class FakeModelContext {
  readonly tools = new Map<string, FakeTool>();

  registerTool = vi.fn((tool: FakeTool) => {
    if (this.tools.has(tool.name)) {
      throw new Error(`Tool "${tool.name}" is already registered`);
    }
    this.tools.set(tool.name, tool);
    return { unregister: () => this.unregisterTool(tool.name) };
  });

  unregisterTool = vi.fn((name: string) => {
    this.tools.delete(name);
  });

  provideContext = vi.fn(({ tools }: { tools: FakeTool[] }) => {
    this.tools.clear();
    for (const tool of tools) this.tools.set(tool.name, tool);
  });

  clearContext = vi.fn(() => {
    this.tools.clear();
  });

  async callTool(name: string, input: Record<string, unknown> = {}) {
    const tool = this.tools.get(name);
    if (!tool) throw new Error(`Tool "${name}" not found`);
    return tool.execute(input);
  }
}

export const modelContext = new FakeModelContext();

Object.defineProperty(navigator, 'modelContext', {
  configurable: true,
  value: modelContext,
});

afterEach(() => {
  modelContext.clearContext();
  vi.clearAllMocks();
  localStorage.clear();
});
