const TOOL_NAME = /^[A-Za-z0-9_.-]{1,128}$/;

export class ShimDOMException extends Error {
  constructor(message: string, readonly name: string) {
    super(message);
  }
}

export function invalidState(message: string): Error {
  return typeof DOMException === 'function'
    ? new DOMException(message, 'InvalidStateError')
    : new ShimDOMException(message, 'InvalidStateError');
}

export function validateName(name: unknown): string {
  const value = String(name);
  if (!TOOL_NAME.test(value)) {
    throw invalidState('Invalid tool name');
  }
  return value;
}

export function validateDescription(description: unknown): string {
  if (description === undefined) {
    throw new TypeError("Failed to execute 'registerTool': required member description is undefined.");
  }
  const value = String(description);
  if (value === '') {
    throw invalidState('Description is required');
  }
  return value;
}

export function serializeSchema(schema: unknown): string | undefined {
  if (schema === undefined) return undefined;
  if (schema === null || typeof schema !== 'object') {
    throw new TypeError('inputSchema must be an object');
  }
  // Circular objects throw here, as they do in Chromium.
  return JSON.stringify(schema);
}

const SECURE_LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export function assertSecureOrigins(origins: unknown, listName: 'exposedTo' | 'fromOrigins'): void {
  if (origins === undefined) return;
  if (!Array.isArray(origins)) {
    throw new TypeError(`${listName} must be a sequence`);
  }
  for (const entry of origins) {
    let url: URL;
    try {
      url = new URL(String(entry));
    } catch {
      throw new ShimDOMException(`Only secure origins are allowed in the ${listName} list.`, 'SecurityError');
    }
    const secure =
      url.protocol === 'https:' ||
      url.protocol === 'wss:' ||
      SECURE_LOCAL_HOSTS.has(url.hostname) ||
      url.hostname.endsWith('.localhost');
    if (!secure) {
      throw new ShimDOMException(`Only secure origins are allowed in the ${listName} list.`, 'SecurityError');
    }
  }
}
