import { afterEach, describe, expect, it, vi } from 'vitest';
import { installModelContext, ModelContext, uninstallModelContext } from '../src';

afterEach(() => {
  uninstallModelContext();
  delete (navigator as { modelContext?: unknown }).modelContext;
});

describe('installModelContext', () => {
  it('puts a ModelContext on navigator and announces it', () => {
    const ready = vi.fn();
    window.addEventListener('modelcontextready', ready, { once: true });
    const context = installModelContext();
    expect(navigator.modelContext).toBe(context);
    expect(context).toBeInstanceOf(ModelContext);
    expect(ready).toHaveBeenCalledOnce();
  });

  it('installs once', () => {
    expect(installModelContext()).toBe(installModelContext());
  });

  it('keeps a complete implementation that is already there', () => {
    const existing = { registerTool: vi.fn(), unregisterTool: vi.fn() };
    Object.defineProperty(navigator, 'modelContext', { value: existing, configurable: true });
    expect(installModelContext()).toBe(existing);
    expect(installModelContext({ force: true })).not.toBe(existing);
  });

  it('replaces one that cannot unregister tools', () => {
    Object.defineProperty(navigator, 'modelContext', { value: { registerTool: vi.fn() }, configurable: true });
    const context = installModelContext();
    context.registerTool({ name: 'ping', description: 'Answers pong.', execute: () => 'pong' });
    navigator.modelContext!.unregisterTool('ping');
    expect(context.listTools()).toEqual([]);
  });

  it('uninstalls and clears the tools', () => {
    const context = installModelContext();
    context.provideContext({ tools: [{ name: 'a', description: 'First.', execute: () => 1 }] });
    uninstallModelContext();
    expect(navigator.modelContext).toBeUndefined();
    expect(context.listTools()).toEqual([]);
  });
});
