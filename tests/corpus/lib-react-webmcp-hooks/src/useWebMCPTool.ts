import { useEffect, useRef } from 'react';
import { getModelContext, warnOnce } from './modelContext';
import type { WebMCPToolConfig } from './types';

function fingerprint(config: WebMCPToolConfig<never>): string {
  return JSON.stringify([config.name, config.title, config.description, config.inputSchema, config.annotations]);
}

/**
 * Registers a WebMCP tool for as long as the calling component is mounted.
 * `execute` is read through a ref, so it need not be memoised.
 */
export function useWebMCPTool<Input = Record<string, unknown>>(config: WebMCPToolConfig<Input>): void {
  const configRef = useRef(config);
  configRef.current = config;
  const key = fingerprint(config as WebMCPToolConfig<never>);
  const enabled = config.enabled ?? true;

  useEffect(() => {
    if (!enabled) return;
    const mc = getModelContext();
    if (!mc) {
      warnOnce('useWebMCPTool');
      return;
    }

    const current = configRef.current;
    const controller = new AbortController();
    const tool = {
      name: current.name,
      title: current.title,
      description: current.description,
      inputSchema: current.inputSchema,
      annotations: current.annotations,
      execute: (input: Input, options: { signal: AbortSignal }) => configRef.current.execute(input, options),
    };

    Promise.resolve(mc.registerTool(tool, { signal: controller.signal })).catch((error: unknown) => {
      if (controller.signal.aborted) return;
      console.error(`[react-webmcp] could not register "${current.name}":`, error);
    });

    return () => {
      controller.abort();
      // The Chrome 146-148 trial ignored the signal and had unregisterTool instead.
      if (typeof mc.unregisterTool === 'function') {
        try {
          mc.unregisterTool(current.name);
        } catch {
          // already gone
        }
      }
    };
  }, [key, enabled]);
}
