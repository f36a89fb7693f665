import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { effectScope, nextTick, ref } from 'vue';
import { useTicketTools } from '../useEventTools';

type Registered = { name: string; execute: (input: object) => unknown };

describe('useTicketTools', () => {
  const registered = new Map<string, Registered>();

  beforeEach(() => {
    Object.defineProperty(document, 'modelContext', {
      configurable: true,
      value: {
        registerTool: vi.fn((tool: Registered, options?: { signal?: AbortSignal }) => {
          registered.set(tool.name, tool);
          options?.signal?.addEventListener('abort', () => registered.delete(tool.name));
          return Promise.resolve();
        }),
      },
    });
  });

  afterEach(() => {
    registered.clear();
    delete (document as { modelContext?: unknown }).modelContext;
  });

  it('registers the ticket tools only while signed in', async () => {
    const signedIn = ref(false);
    const scope = effectScope();
    scope.run(() => useTicketTools(signedIn));
    await nextTick();
    expect([...registered.keys()]).toEqual([]);
    signedIn.value = true;
    await nextTick();
    expect([...registered.keys()].sort()).toEqual(['cancel_ticket', 'list_my_tickets']);
    scope.stop();
    expect(registered.size).toBe(0);
  });

  it('reports a ticket that cannot be cancelled', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('', { status: 404 })));
    const scope = effectScope();
    scope.run(() => useTicketTools(ref(true)));
    await nextTick();
    await expect(registered.get('cancel_ticket')!.execute({ ticketId: 't-404' })).resolves.toMatchObject({ cancelled: false });
    scope.stop();
    vi.unstubAllGlobals();
  });
});
