import type { BridgeModelContext } from './context';

/**
 * Removes a registration. Since Chrome 150 the signal does it; the 146-149 trial had
 * unregisterTool and ignored the signal.
 */
export function removeTool(mc: BridgeModelContext, name: string, controller: AbortController): void {
  controller.abort();
  if (typeof mc.unregisterTool === 'function') {
    try {
      mc.unregisterTool(name);
    } catch {
      // not registered any more
    }
  }
}

/** Registers a batch. Very old runtimes only had provideContext, which replaces everything. */
export async function registerAll(
  mc: BridgeModelContext,
  tools: Array<{ name: string }>,
  signal: AbortSignal,
): Promise<string[]> {
  if (typeof mc.registerTool !== 'function' && typeof mc.provideContext === 'function') {
    mc.provideContext({ tools });
    return [];
  }
  const failed: string[] = [];
  for (const tool of tools) {
    try {
      await mc.registerTool(tool, { signal });
    } catch {
      failed.push(tool.name);
    }
  }
  return failed;
}
