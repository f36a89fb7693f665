// Tools registered outside React: they live as long as the page (export) or as long as
// the board has a share link (share_board). @mcp-b/global, imported first in main.tsx,
// provides navigator.modelContext; its registerTool returns an { unregister } handle.
import { COLUMN_TITLES, getTasks, type Task } from '../store';

type Registration = { unregister: () => void };

let exportRegistration: Registration | undefined;

function csvCell(value: string): string {
  return /[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

function toCsv(tasks: readonly Task[]): string {
  const rows = tasks.map((task) => [task.title, COLUMN_TITLES[task.column], task.due ?? ''].map(csvCell).join(','));
  return ['Title,Column,Due', ...rows].join('\n');
}

export function registerExportTool() {
  exportRegistration?.unregister();
  exportRegistration = navigator.modelContext.registerTool({
    name: 'export_tasks',
    description: 'Returns every task of the board as CSV (title, column, due date), ready to paste into a spreadsheet.',
    inputSchema: { type: 'object', properties: {} },
    annotations: { readOnlyHint: true },
    async execute() {
      return { content: [{ type: 'text', text: toCsv(getTasks()) }] };
    },
  });
}

export function unregisterExportTool() {
  exportRegistration?.unregister();
  exportRegistration = undefined;
}

export function enableSharing(boardId: string, token: string) {
  navigator.modelContext.registerTool({
    name: 'share_board',
    description: 'Emails a read-only link to this board to someone.',
    inputSchema: {
      type: 'object',
      properties: {
        email: { type: 'string', format: 'email', description: 'Who gets the link' },
        note: { type: 'string', description: 'A short message sent with the link' },
      },
      required: ['email'],
    },
    async execute({ email, note }: { email: string; note?: string }) {
      const response = await fetch(`/api/boards/${boardId}/share/invite`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Share ${token}` },
        body: JSON.stringify({ email, note }),
      });
      if (!response.ok) {
        throw new Error(`The invitation could not be sent (HTTP ${response.status}).`);
      }
      return { content: [{ type: 'text', text: `Sent a link to ${email}.` }] };
    },
  });
}

export function disableSharing() {
  navigator.modelContext.unregisterTool('share_board');
}
