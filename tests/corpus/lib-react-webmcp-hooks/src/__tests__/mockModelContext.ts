import { vi } from 'vitest';

export interface MockModelContext extends EventTarget {
  registerTool: ReturnType<typeof vi.fn>;
  getTools: ReturnType<typeof vi.fn>;
  unregisterTool?: ReturnType<typeof vi.fn>;
  registered: Map<string, { tool: Record<string, unknown>; signal?: AbortSignal }>;
}

/**
 * Puts a mock on document.modelContext (or navigator.modelContext for the Chrome 149
 * trial shape). `legacy: true` adds the old unregisterTool method.
 */
export function installMockModelContext(
  options: { on?: 'document' | 'navigator'; legacy?: boolean } = {},
): MockModelContext {
  const target = new EventTarget() as MockModelContext;
  target.registered = new Map();
  target.registerTool = vi.fn(async (tool: Record<string, unknown>, opts: { signal?: AbortSignal } = {}) => {
    const name = String(tool.name);
    if (target.registered.has(name)) {
      throw new DOMException('Duplicate tool name', 'InvalidStateError');
    }
    target.registered.set(name, { tool, signal: opts.signal });
    opts.signal?.addEventListener('abort', () => target.registered.delete(name));
    target.dispatchEvent(new Event('toolchange'));
  });
  target.getTools = vi.fn(async () =>
    [...target.registered.values()].map(({ tool }) => ({ name: tool.name, description: tool.description })),
  );
  if (options.legacy) {
    target.unregisterTool = vi.fn((name: string) => target.registered.delete(name));
  }
  Object.defineProperty(options.on === 'navigator' ? navigator : document, 'modelContext', {
    configurable: true,
    value: target,
  });
  return target;
}

export function removeMockModelContext(): void {
  delete (document as { modelContext?: unknown }).modelContext;
  delete (navigator as { modelContext?: unknown }).modelContext;
}

export function toolConfig(overrides: Record<string, unknown> = {}) {
  return {
    name: 'test_tool',
    description: 'A tool used by the tests.',
    inputSchema: { type: 'object', properties: { query: { type: 'string' } } },
    execute: vi.fn(async () => 'ok'),
    ...overrides,
  };
}
