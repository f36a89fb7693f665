import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ModelContext, type ToolDefinition } from '../src/model-context';

const echo: ToolDefinition = {
  name: 'echo',
  description: 'Returns its input.',
  inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
  execute: (input) => input,
};

describe('ModelContext', () => {
  let mc: ModelContext;
  beforeEach(() => {
    mc = new ModelContext();
  });

  it('lists a registered tool with an object schema by default', () => {
    mc.registerTool({ name: 'ping', description: 'Answers pong.', execute: () => 'pong' });
    expect(mc.listTools()).toEqual([
      { name: 'ping', description: 'Answers pong.', inputSchema: { type: 'object', properties: {} }, annotations: {} },
    ]);
  });

  it('rejects a second tool with the same name', () => {
    mc.registerTool(echo);
    expect(() => mc.registerTool(echo)).toThrowError(/already registered/);
  });

  it('rejects names Chrome would reject', () => {
    expect(() => mc.registerTool({ ...echo, name: 'search products' })).toThrow(TypeError);
    expect(() => mc.registerTool({ ...echo, description: '  ' })).toThrow(/needs a description/);
  });

  it('unregisterTool removes the tool and fires toolchange', () => {
    const changed = vi.fn();
    mc.registerTool(echo);
    mc.addEventListener('toolchange', changed);
    mc.unregisterTool('echo');
    expect(mc.listTools()).toEqual([]);
    expect(changed).toHaveBeenCalledTimes(1);
    mc.unregisterTool('echo');
    expect(changed).toHaveBeenCalledTimes(1);
  });

  it('aborting the signal unregisters the tool', () => {
    const controller = new AbortController();
    mc.registerTool(echo, { signal: controller.signal });
    controller.abort();
    expect(mc.listTools()).toEqual([]);
  });

  it('an already aborted signal registers nothing', () => {
    mc.registerTool(echo, { signal: AbortSignal.abort() });
    expect(mc.listTools()).toEqual([]);
  });

  it('provideContext replaces only the tools it provided before', () => {
    mc.registerTool(echo);
    mc.provideContext({
      tools: [
        { name: 'a', description: 'First.', execute: () => 1 },
        { name: 'b', description: 'Second.', execute: () => 2 },
      ],
    });
    mc.provideContext({ tools: [{ name: 'c', description: 'Third.', execute: () => 3 }] });
    expect(mc.listTools().map((tool) => tool.name)).toEqual(['echo', 'c']);
  });

  it('clearContext removes every tool', () => {
    mc.registerTool(echo);
    mc.provideContext({ tools: [{ name: 'a', description: 'First.', execute: () => 1 }] });
    mc.clearContext();
    expect(mc.listTools()).toEqual([]);
  });

  it('executeTool runs the tool and passes a rejection on', async () => {
    mc.registerTool(echo);
    mc.registerTool({
      name: 'fail',
      description: 'Always fails.',
      execute: () => {
        throw new Error('out of stock');
      },
    });
    await expect(mc.executeTool('echo', { text: 'hi' })).resolves.toEqual({ text: 'hi' });
    await expect(mc.executeTool('fail')).rejects.toThrow('out of stock');
    await expect(mc.executeTool('missing')).rejects.toMatchObject({ name: 'NotFoundError' });
  });
});
