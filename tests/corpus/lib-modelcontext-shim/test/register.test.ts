import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { install, uninstall } from '../src';
import { echoTool, secureContext, toolNames } from './helpers';

describe('registerTool', () => {
  beforeEach(() => {
    secureContext();
    install({ declarative: false });
  });

  afterEach(() => {
    uninstall();
  });

  it('registers a tool and lists it', async () => {
    await document.modelContext!.registerTool(echoTool());
    expect(await toolNames()).toEqual(['echo']);
  });

  it('rejects an empty name', async () => {
    await expect(
      document.modelContext!.registerTool({
        name: '',
        description: 'A tool without a name.',
        execute: () => 'never',
      }),
    ).rejects.toThrow('Invalid tool name');
  });

  it('rejects names with spaces or slashes', async () => {
    for (const name of ['search products', 'cart/add', 'café']) {
      await expect(document.modelContext!.registerTool(echoTool({ name }))).rejects.toMatchObject({
        name: 'InvalidStateError',
      });
    }
    expect(await toolNames()).toEqual([]);
  });

  it('accepts a leading digit, dash or dot', async () => {
    await document.modelContext!.registerTool(echoTool({ name: '1st-tool' }));
    await document.modelContext!.registerTool(echoTool({ name: '.hidden' }));
    expect(await toolNames()).toEqual(['1st-tool', '.hidden']);
  });

  it('rejects an empty description but accepts whitespace', async () => {
    await expect(
      document.modelContext!.registerTool({ name: 'blank', description: '', execute: () => null }),
    ).rejects.toThrow('Description is required');
    await expect(
      document.modelContext!.registerTool({ name: 'spaces', description: '   ', execute: () => null }),
    ).resolves.toBeUndefined();
  });

  it('rejects a duplicate name', async () => {
    await document.modelContext!.registerTool(echoTool());
    await expect(document.modelContext!.registerTool(echoTool())).rejects.toThrow('Duplicate tool name');
  });

  it('rejects a tool without execute', async () => {
    const tool = { name: 'no_execute', description: 'Has a handler instead.', handler: () => 1 };
    await expect(
      document.modelContext!.registerTool(tool as unknown as Parameters<NonNullable<Document['modelContext']>['registerTool']>[0]),
    ).rejects.toBeInstanceOf(TypeError);
  });

  it('rejects an inputSchema given as a string', async () => {
    const schema = { type: 'object', properties: { q: { type: 'string' } } };
    await expect(
      document.modelContext!.registerTool({
        name: 'stringly',
        description: 'Schema passed as JSON text.',
        inputSchema: JSON.stringify(schema) as unknown as object,
        execute: () => null,
      }),
    ).rejects.toBeInstanceOf(TypeError);
  });

  it('removes the tool when the signal aborts', async () => {
    const controller = new AbortController();
    await document.modelContext!.registerTool(echoTool(), { signal: controller.signal });
    controller.abort();
    expect(await toolNames()).toEqual([]);
    // The name is free again.
    await document.modelContext!.registerTool(echoTool());
    expect(await toolNames()).toEqual(['echo']);
  });

  it('rejects with the reason of an already aborted signal', async () => {
    const controller = new AbortController();
    controller.abort(new Error('gone'));
    await expect(
      document.modelContext!.registerTool(echoTool(), { signal: controller.signal }),
    ).rejects.toThrow('gone');
  });

  it('rejects insecure exposedTo origins', async () => {
    await expect(
      document.modelContext!.registerTool(echoTool(), { exposedTo: ['http://evil.example'] }),
    ).rejects.toMatchObject({ name: 'SecurityError' });
    await expect(
      document.modelContext!.registerTool(echoTool({ name: 'local' }), { exposedTo: ['http://localhost:5173'] }),
    ).resolves.toBeUndefined();
  });

  it('does not expose removed members', () => {
    const mc = document.modelContext as unknown as Record<string, unknown>;
    expect(mc.unregisterTool).toBeUndefined();
    expect(mc.provideContext).toBeUndefined();
    expect(typeof mc.clearContext).toBe('undefined');
    expect('modelContextTesting' in navigator).toBe(false);
  });

  it('fires toolchange after a registration', async () => {
    let changes = 0;
    document.modelContext!.ontoolchange = () => changes++;
    await document.modelContext!.registerTool(echoTool());
    await Promise.resolve();
    expect(changes).toBe(1);
  });
});
