// SubmitEvent.agentInvoked / respondWith for forms submitted by the shim's executeTool.

const agentSubmits = new WeakMap<Event, (value: unknown) => void>();

export function markAgentSubmit(event: Event, respond: (value: unknown) => void): void {
  agentSubmits.set(event, respond);
}

export function installSubmitEventShim(): () => void {
  const proto = SubmitEvent.prototype as SubmitEvent & Record<string, unknown>;
  if ('respondWith' in proto) return () => {};

  Object.defineProperty(proto, 'agentInvoked', {
    configurable: true,
    get(this: Event) {
      return agentSubmits.has(this);
    },
  });
  Object.defineProperty(proto, 'respondWith', {
    configurable: true,
    writable: true,
    value(this: Event, response: unknown) {
      const respond = agentSubmits.get(this);
      if (!respond) {
        throw new DOMException('respondWith() is only available for agent submissions', 'InvalidStateError');
      }
      if (!this.defaultPrevented) {
        throw new DOMException('Call preventDefault() before respondWith()', 'InvalidStateError');
      }
      respond(response);
    },
  });
  return () => {
    delete (proto as Record<string, unknown>).agentInvoked;
    delete (proto as Record<string, unknown>).respondWith;
  };
}
