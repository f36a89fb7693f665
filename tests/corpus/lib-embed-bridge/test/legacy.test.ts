import { afterEach, describe, expect, it, vi } from 'vitest';
import { getModelContext } from '../src/context';
import { registerAll, removeTool } from '../src/legacy';
import { installFakeModelContext, uninstallModelContext } from './fake';

afterEach(uninstallModelContext);

describe('legacy runtimes', () => {
  it('finds the trial context on navigator', () => {
    const fake = installFakeModelContext({ on: 'navigator' });
    expect(getModelContext()).toBe(fake);
    expect(navigator.modelContext).toBe(fake);
  });

  it('calls unregisterTool where it exists', async () => {
    const fake = installFakeModelContext({ legacy: true });
    const controller = new AbortController();
    await fake.registerTool({ name: 'quote', description: 'Quotes a price.', execute: () => 1 }, { signal: controller.signal });
    removeTool(getModelContext()!, 'quote', controller);
    expect(fake.unregisterTool).toHaveBeenCalledWith('quote');
    expect(fake.tools.size).toBe(0);
  });

  it('only aborts on current runtimes', async () => {
    const fake = installFakeModelContext();
    const controller = new AbortController();
    await fake.registerTool({ name: 'quote', description: 'Quotes a price.', execute: () => 1 }, { signal: controller.signal });
    removeTool(getModelContext()!, 'quote', controller);
    expect(fake.unregisterTool).toBeUndefined();
    expect(controller.signal.aborted).toBe(true);
    expect(fake.tools.size).toBe(0);
  });

  it('falls back to provideContext on the oldest runtime', async () => {
    const provideContext = vi.fn();
    const oldest = { provideContext } as unknown as Parameters<typeof registerAll>[0];
    await registerAll(oldest, [{ name: 'quote' }], new AbortController().signal);
    expect(provideContext).toHaveBeenCalledWith({ tools: [{ name: 'quote' }] });
  });
});
