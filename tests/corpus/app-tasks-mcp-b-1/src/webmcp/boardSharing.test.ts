import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addTask, moveTask, resetTasks } from '../store';
import { modelContext } from '../test/setup';
import { disableSharing, enableSharing, registerExportTool, unregisterExportTool } from './boardSharing';

describe('export_tasks', () => {
  beforeEach(() => {
    resetTasks();
    registerExportTool();
  });
  afterEach(() => unregisterExportTool());

  it('returns the board as CSV', async () => {
    addTask('Water the plants', '2026-12-24');
    const chores = addTask('Buy milk, eggs');
    moveTask(chores.id, 'doing');

    const result = await modelContext.callTool('export_tasks');

    expect(result).toEqual({
      content: [
        { type: 'text', text: 'Title,Column,Due\nWater the plants,To do,2026-12-24\n"Buy milk, eggs",Doing,' },
      ],
    });
  });

  it('replaces its registration instead of registering twice', () => {
    registerExportTool();
    expect(modelContext.registerTool).toHaveBeenCalledTimes(2);
    expect([...modelContext.tools.keys()]).toEqual(['export_tasks']);
  });
});

describe('share_board', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('exists only while the board is shared', () => {
    enableSharing('personal', 'tok_123');
    expect(modelContext.tools.has('share_board')).toBe(true);

    disableSharing();
    expect(modelContext.unregisterTool).toHaveBeenCalledWith('share_board');
    expect(modelContext.tools.has('share_board')).toBe(false);
  });

  it('posts the invitation with the share token', async () => {
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    enableSharing('personal', 'tok_123');

    await modelContext.callTool('share_board', { email: 'sam@example.com' });

    expect(fetchMock).toHaveBeenCalledWith('/api/boards/personal/share/invite', expect.objectContaining({ method: 'POST' }));
    navigator.modelContext.unregisterTool('share_board');
  });
});
