export const PROTOCOL = 'framewire-webmcp/1';

export interface ToolSpec {
  name: string;
  title?: string;
  description: string;
  inputSchema?: object;
  annotations?: { readOnlyHint?: boolean; untrustedContentHint?: boolean; consequentialHint?: boolean };
}

export type Message =
  | { protocol: typeof PROTOCOL; type: 'tools'; tools: ToolSpec[] }
  | { protocol: typeof PROTOCOL; type: 'call'; id: number; name: string; input: object }
  | { protocol: typeof PROTOCOL; type: 'result'; id: number; ok: boolean; value?: unknown; error?: string }
  | { protocol: typeof PROTOCOL; type: 'hello' };

export function isMessage(data: unknown): data is Message {
  return typeof data === 'object' && data !== null && (data as { protocol?: unknown }).protocol === PROTOCOL;
}
