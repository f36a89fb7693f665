import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { install, uninstall } from '../src';
import { echoTool, secureContext } from './helpers';

async function registered(name: string) {
  const tools = await document.modelContext!.getTools();
  const tool = tools.find((candidate) => candidate.name === name);
  if (!tool) throw new Error(`${name} is not registered`);
  return tool;
}

describe('executeTool', () => {
  beforeEach(() => {
    secureContext();
    install({ declarative: false });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  afterEach(() => {
    uninstall();
    vi.restoreAllMocks();
  });

  it('passes the input object and serializes the result', async () => {
    await document.modelContext!.registerTool(echoTool());
    const result = await document.modelContext!.executeTool(await registered('echo'), { text: 'hi' });
    expect(result).toBe('{"text":"hi"}');
  });

  it('serializes undefined as the string "undefined"', async () => {
    await document.modelContext!.registerTool(echoTool({ name: 'nothing', execute: () => undefined }));
    await expect(document.modelContext!.executeTool(await registered('nothing'), {})).resolves.toBe('undefined');
  });

  it('hides the thrown message behind UnknownError', async () => {
    await document.modelContext!.registerTool({
      name: 'explode',
      description: 'Always fails, to test the error path.',
      execute: async () => {
        throw new Error('boom');
      },
    });
    await expect(document.modelContext!.executeTool(await registered('explode'), {})).rejects.toMatchObject({
      name: 'UnknownError',
    });
    expect(console.error).toHaveBeenCalled();
  });

  it('rejects a JSON string as input', async () => {
    await document.modelContext!.registerTool(echoTool());
    const tool = await registered('echo');
    await expect(
      document.modelContext!.executeTool(tool, JSON.stringify({ text: 'hi' }) as unknown as object),
    ).rejects.toBeInstanceOf(TypeError);
  });

  it('does not validate input against the schema', async () => {
    const execute = vi.fn(async (input: Record<string, unknown>) => input);
    await document.modelContext!.registerTool({
      name: 'strict',
      description: 'Declares a required number.',
      inputSchema: {
        type: 'object',
        properties: { count: { type: 'number', default: 1 } },
        required: ['count'],
      },
      execute,
    });
    await document.modelContext!.executeTool(await registered('strict'), { count: 'many' });
    expect(execute).toHaveBeenCalledWith({ count: 'many' }, expect.objectContaining({ signal: expect.any(AbortSignal) }));
  });

  it('aborts the execution signal when the caller aborts', async () => {
    let seen: AbortSignal | undefined;
    await document.modelContext!.registerTool({
      name: 'slow',
      description: 'Waits until it is cancelled.',
      execute: (_input, { signal }) =>
        new Promise((_resolve, reject) => {
          seen = signal;
          signal.addEventListener('abort', () => reject(signal.reason));
        }),
    });
    const controller = new AbortController();
    const pending = document.modelContext!.executeTool(await registered('slow'), {}, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toBeDefined();
    expect(seen?.aborted).toBe(true);
  });
});
