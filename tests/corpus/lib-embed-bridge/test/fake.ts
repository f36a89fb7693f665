import { vi } from 'vitest';

export function installFakeModelContext(options: { legacy?: boolean; on?: 'document' | 'navigator' } = {}) {
  const tools = new Map<string, { name: string; execute: (input: object, o: { signal: AbortSignal }) => unknown }>();
  const fake: Record<string, unknown> = {
    tools,
    registerTool: vi.fn(async (tool: { name: string; execute: never }, opts: { signal?: AbortSignal } = {}) => {
      if (!/^[A-Za-z0-9_.-]{1,128}$/.test(tool.name)) throw new DOMException('Invalid tool name', 'InvalidStateError');
      if (tools.has(tool.name)) throw new DOMException('Duplicate tool name', 'InvalidStateError');
      tools.set(tool.name, tool);
      if (!options.legacy) opts.signal?.addEventListener('abort', () => tools.delete(tool.name));
    }),
  };
  if (options.legacy) {
    fake.unregisterTool = vi.fn((name: string) => tools.delete(name));
  }
  Object.defineProperty(options.on === 'navigator' ? navigator : document, 'modelContext', {
    configurable: true,
    value: fake,
  });
  return fake as typeof fake & { tools: typeof tools; registerTool: ReturnType<typeof vi.fn> };
}

export function uninstallModelContext() {
  delete (document as { modelContext?: unknown }).modelContext;
  delete (navigator as { modelContext?: unknown }).modelContext;
}
