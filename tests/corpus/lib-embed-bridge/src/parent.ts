import { getModelContext, supportsWebMCP } from './context';
import { registerAll, removeTool } from './legacy';
import { isMessage, PROTOCOL, type ToolSpec } from './protocol';

export interface AcceptOptions {
  widgetOrigin: string;
  /** Prefix for proxied tool names, so two widgets cannot collide. */
  prefix?: string;
  timeoutMs?: number;
}

/**
 * Registers a proxy for every tool the widget in `frame` announces, and keeps them in
 * step with later announcements. Returns a function that removes them all.
 */
export function acceptWidgetTools(frame: HTMLIFrameElement, options: AcceptOptions): () => void {
  const prefix = options.prefix ?? '';
  const timeoutMs = options.timeoutMs ?? 15_000;
  const registrations = new Map<string, AbortController>();
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let announced: ToolSpec[] = [];
  let flushTimer: ReturnType<typeof setTimeout> | undefined;
  let nextId = 1;

  function call(name: string, input: object, signal: AbortSignal): Promise<unknown> {
    const id = nextId++;
    frame.contentWindow?.postMessage({ protocol: PROTOCOL, type: 'call', id, name, input }, options.widgetOrigin);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        pending.delete(id);
        resolve({ error: `The widget did not answer within ${timeoutMs / 1000} s.` });
      }, timeoutMs);
      signal.addEventListener('abort', () => {
        clearTimeout(timer);
        pending.delete(id);
        reject(signal.reason);
      });
      pending.set(id, {
        resolve: (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        reject,
      });
    });
  }

  // Widgets announce tools in bursts while they boot: register once things settle.
  function flush() {
    const mc = getModelContext()!;
    const wanted = new Set(announced.map((spec) => prefix + spec.name));
    for (const [name, controller] of registrations) {
      if (!wanted.has(name)) {
        removeTool(mc, name, controller);
        registrations.delete(name);
      }
    }
    const fresh = announced.filter((spec) => !registrations.has(prefix + spec.name));
    for (const spec of fresh) {
      const name = prefix + spec.name;
      const controller = new AbortController();
      registrations.set(name, controller);
      const proxy = {
        ...spec,
        name,
        annotations: { ...spec.annotations, untrustedContentHint: true },
        execute: (input: object, { signal }: { signal: AbortSignal }) => call(spec.name, input, signal),
      };
      void registerAll(mc, [proxy], controller.signal).then((failed) => {
        if (failed.length === 0) return;
        registrations.delete(name);
        console.warn(`[webmcp-bridge] widget tool ${name} was rejected by the browser`);
      });
    }
  }

  function onMessage(event: MessageEvent) {
    if (event.source !== frame.contentWindow || event.origin !== options.widgetOrigin) return;
    if (!isMessage(event.data)) return;
    const message = event.data;
    if (message.type === 'tools') {
      if (!supportsWebMCP()) return;
      announced = message.tools.slice(0, 32);
      clearTimeout(flushTimer);
      flushTimer = setTimeout(flush, 50);
    } else if (message.type === 'result') {
      const waiter = pending.get(message.id);
      pending.delete(message.id);
      if (!waiter) return;
      if (message.ok) waiter.resolve(message.value);
      else waiter.resolve({ error: message.error ?? 'The widget reported an error.' });
    }
  }

  window.addEventListener('message', onMessage);
  frame.contentWindow?.postMessage({ protocol: PROTOCOL, type: 'hello' }, options.widgetOrigin);

  return () => {
    window.removeEventListener('message', onMessage);
    clearTimeout(flushTimer);
    const mc = getModelContext();
    for (const [name, controller] of registrations) {
      if (mc) removeTool(mc, name, controller);
      else controller.abort();
    }
    registrations.clear();
  };
}
