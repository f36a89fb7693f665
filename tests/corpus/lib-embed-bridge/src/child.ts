import { getModelContext } from './context';
import { isMessage, PROTOCOL, type ToolSpec } from './protocol';

export interface WidgetTool extends ToolSpec {
  execute(input: Record<string, unknown>): unknown;
}

/**
 * Inside the widget iframe: announce `tools` to the host and run them when it asks.
 * When the widget page itself has WebMCP, the tools are also registered directly and
 * exposed to the host's origin.
 */
export function exposeWidgetTools(tools: WidgetTool[], options: { hostOrigin: string }): () => void {
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const announce = () =>
    window.parent.postMessage(
      { protocol: PROTOCOL, type: 'tools', tools: tools.map(({ execute: _execute, ...spec }) => spec) },
      options.hostOrigin,
    );

  async function onMessage(event: MessageEvent) {
    if (event.source !== window.parent || event.origin !== options.hostOrigin || !isMessage(event.data)) return;
    const message = event.data;
    if (message.type === 'hello') {
      announce();
      return;
    }
    if (message.type !== 'call') return;
    const tool = byName.get(message.name);
    try {
      if (!tool) throw new Error(`No tool ${message.name}`);
      const value = await tool.execute(message.input as Record<string, unknown>);
      window.parent.postMessage({ protocol: PROTOCOL, type: 'result', id: message.id, ok: true, value }, options.hostOrigin);
    } catch (error) {
      window.parent.postMessage(
        { protocol: PROTOCOL, type: 'result', id: message.id, ok: false, error: String((error as Error)?.message ?? error) },
        options.hostOrigin,
      );
    }
  }

  window.addEventListener('message', onMessage);
  announce();

  const controller = new AbortController();
  const mc = getModelContext();
  if (mc) {
    for (const tool of tools) {
      Promise.resolve(
        mc.registerTool(
          { ...tool, execute: (input: Record<string, unknown>) => tool.execute(input) },
          { signal: controller.signal, exposedTo: [options.hostOrigin] },
        ),
      ).catch(() => undefined);
    }
  }

  return () => {
    window.removeEventListener('message', onMessage);
    controller.abort();
  };
}
