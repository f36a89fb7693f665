import type { ShimRegisteredTool, ShimTool } from './global';
import {
  assertSecureOrigins,
  invalidState,
  serializeSchema,
  validateDescription,
  validateName,
} from './validate';

interface Entry {
  tool: ShimTool;
  schemaText: string | undefined;
  signal?: AbortSignal;
}

export class ShimModelContext extends EventTarget {
  #tools = new Map<string, Entry>();
  #ontoolchange: ((event: Event) => void) | null = null;

  get ontoolchange(): ((event: Event) => void) | null {
    return this.#ontoolchange;
  }

  set ontoolchange(handler: ((event: Event) => void) | null) {
    if (this.#ontoolchange) this.removeEventListener('toolchange', this.#ontoolchange);
    this.#ontoolchange = typeof handler === 'function' ? handler : null;
    if (this.#ontoolchange) this.addEventListener('toolchange', this.#ontoolchange);
  }

  async registerTool(
    tool: ShimTool,
    options: { signal?: AbortSignal; exposedTo?: string[] } = {},
  ): Promise<void> {
    if (tool === null || typeof tool !== 'object') {
      throw new TypeError("Failed to execute 'registerTool': parameter 1 is not an object.");
    }
    if (typeof tool.execute !== 'function') {
      throw new TypeError("Failed to execute 'registerTool': required member execute is undefined.");
    }
    const name = validateName(tool.name);
    const description = validateDescription(tool.description);
    const schemaText = serializeSchema(tool.inputSchema);
    assertSecureOrigins(options.exposedTo, 'exposedTo');
    options.signal?.throwIfAborted();
    if (this.#tools.has(name)) {
      throw invalidState('Duplicate tool name');
    }

    this.#tools.set(name, { tool: { ...tool, name, description }, schemaText, signal: options.signal });
    options.signal?.addEventListener(
      'abort',
      () => {
        if (this.#tools.get(name)?.signal === options.signal) {
          this.#tools.delete(name);
          this.#changed();
        }
      },
      { once: true },
    );
    this.#changed();
  }

  async getTools(options: { fromOrigins?: string[] } = {}): Promise<ShimRegisteredTool[]> {
    assertSecureOrigins(options.fromOrigins, 'fromOrigins');
    return [...this.#tools.values()].map(({ tool, schemaText }) => ({
      name: tool.name,
      title: tool.title,
      description: tool.description,
      inputSchema: schemaText,
      annotations: tool.annotations && {
        readOnlyHint: Boolean(tool.annotations.readOnlyHint),
        untrustedContentHint: Boolean(tool.annotations.untrustedContentHint),
        consequentialHint: Boolean(tool.annotations.consequentialHint),
        debugging: Boolean(tool.annotations.debugging),
      },
      origin: location.origin,
      window,
    }));
  }

  async executeTool(
    registered: ShimRegisteredTool,
    input: object = {},
    options: { signal?: AbortSignal } = {},
  ): Promise<string | null> {
    if (input === null || typeof input !== 'object') {
      throw new TypeError('invalid input object: value is not an object');
    }
    const entry = this.#tools.get(registered?.name);
    if (!entry) {
      throw new DOMException('Tool not found', 'UnknownError');
    }
    const controller = new AbortController();
    options.signal?.addEventListener('abort', () => controller.abort(options.signal?.reason));
    let result: unknown;
    try {
      result = await entry.tool.execute(input as Record<string, unknown>, { signal: controller.signal });
    } catch (error) {
      console.error(error);
      throw new DOMException(
        'Tool was executed but the invocation failed. See the console for details.',
        'UnknownError',
      );
    }
    return JSON.stringify(result) ?? 'undefined';
  }

  /** Drops every tool: used by uninstall() and by tests. */
  reset(): void {
    this.#tools.clear();
  }

  #changed(): void {
    queueMicrotask(() => this.dispatchEvent(new Event('toolchange')));
  }
}
