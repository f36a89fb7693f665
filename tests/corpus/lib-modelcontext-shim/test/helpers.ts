import type { ShimTool } from '../src';

export function echoTool(overrides: Partial<ShimTool> = {}): ShimTool {
  return {
    name: 'echo',
    description: 'Returns its input unchanged.',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
    execute: async (input) => input,
    ...overrides,
  };
}

export async function toolNames(): Promise<string[]> {
  const tools = await document.modelContext!.getTools();
  return tools.map((tool) => tool.name);
}

export function secureContext(value = true): void {
  Object.defineProperty(window, 'isSecureContext', { configurable: true, value });
}
