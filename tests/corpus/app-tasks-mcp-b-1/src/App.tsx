import { useWebMCP } from '@mcp-b/react-webmcp';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { addTask, clearDone, COLUMN_TITLES, COLUMNS, moveTask, useTasks, type Column } from './store';
import { disableSharing, enableSharing } from './webmcp/boardSharing';

const BOARD_ID = 'personal';

export function App() {
  const tasks = useTasks();
  const [shareToken, setShareToken] = useState<string | null>(null);
  const [draft, setDraft] = useState('');

  useWebMCP(
    {
      name: 'list_tasks',
      description: 'Lists the tasks on the board with their id, column and due date.',
      inputSchema: {
        column: z.enum(COLUMNS).optional().describe('Only the tasks of this column'),
      },
      annotations: { readOnlyHint: true, idempotentHint: true },
      handler: async ({ column }) => tasks.filter((task) => !column || task.column === column),
    },
    [tasks],
  );

  useWebMCP({
    name: 'add_task',
    description: 'Adds a task to the "To do" column and returns its id.',
    inputSchema: {
      title: z.string().min(1).describe('What needs doing, as the user would write it'),
      due: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional().describe('Due date, YYYY-MM-DD'),
    },
    handler: async ({ title, due }) => {
      const task = addTask(title, due);
      return { id: task.id, column: task.column };
    },
  });

  useWebMCP({
    name: 'move_task',
    description: 'Moves a task to another column of the board: todo, doing or done.',
    inputSchema: {
      id: z.string().describe('Task id, from list_tasks'),
      column: z.enum(COLUMNS),
    },
    handler: async ({ id, column }) => {
      const moved = moveTask(id, column);
      return { id: moved.id, column: moved.column };
    },
  });

  useWebMCP({
    name: 'clear_done',
    description: 'Deletes every task in the Done column. Deleted tasks cannot be restored.',
    handler: async () => ({ deleted: clearDone() }),
  });

  useEffect(() => {
    if (!shareToken) return;
    enableSharing(BOARD_ID, shareToken);
    return () => disableSharing();
  }, [shareToken]);

  async function toggleSharing() {
    if (shareToken) {
      await fetch(`/api/boards/${BOARD_ID}/share`, { method: 'DELETE' });
      setShareToken(null);
      return;
    }
    const response = await fetch(`/api/boards/${BOARD_ID}/share`, { method: 'POST' });
    const { token } = (await response.json()) as { token: string };
    setShareToken(token);
  }

  return (
    <main className="board">
      <header>
        <h1>Taskpad</h1>
        <button onClick={toggleSharing}>{shareToken ? 'Stop sharing' : 'Share board'}</button>
      </header>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (draft.trim()) addTask(draft);
          setDraft('');
        }}
      >
        <input value={draft} onChange={(event) => setDraft(event.target.value)} placeholder="New task" />
        <button type="submit">Add</button>
      </form>
      <div className="columns">
        {COLUMNS.map((column: Column) => (
          <section key={column}>
            <h2>{COLUMN_TITLES[column]}</h2>
            <ul>
              {tasks
                .filter((task) => task.column === column)
                .map((task) => (
                  <li key={task.id}>
                    {task.title}
                    {task.due && <small> · due {task.due}</small>}
                    {column !== 'done' && (
                      <button onClick={() => moveTask(task.id, column === 'todo' ? 'doing' : 'done')}>→</button>
                    )}
                  </li>
                ))}
            </ul>
            {column === 'done' && <button onClick={() => clearDone()}>Clear done</button>}
          </section>
        ))}
      </div>
    </main>
  );
}
