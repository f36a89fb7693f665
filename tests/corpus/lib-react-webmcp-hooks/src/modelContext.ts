import type { ModelContextLike } from './types';

/**
 * The page's model context: `document.modelContext` since Chrome 150,
 * `navigator.modelContext` in the Chrome 146-149 developer trial.
 */
export function getModelContext(): ModelContextLike | undefined {
  if (typeof document === 'undefined') return undefined;
  return document.modelContext ?? navigator.modelContext;
}

export function isWebMCPAvailable(): boolean {
  return getModelContext() !== undefined;
}

let warned = false;

export function warnOnce(hook: string): void {
  if (warned || process.env.NODE_ENV === 'production') return;
  warned = true;
  console.info(`[react-webmcp] ${hook}: WebMCP is not available in this browser; tools are not registered.`);
}
