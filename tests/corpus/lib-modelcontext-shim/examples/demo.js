import { install } from '../dist/index.js';

install();

const list = document.getElementById('note-list');
const form = document.getElementById('note-form');

function addNote(text, color) {
  const item = document.createElement('li');
  item.textContent = text;
  item.dataset.color = color;
  list.append(item);
  return list.children.length;
}

form.addEventListener('submit', (event) => {
  event.preventDefault();
  const data = new FormData(form);
  const count = addNote(String(data.get('text')), String(data.get('color')));
  form.reset();
  if (event.agentInvoked) {
    event.respondWith({ added: true, count });
  }
});

document.modelContext.registerTool({
  name: 'list_notes',
  description: 'Lists the notes currently on the page, oldest first.',
  inputSchema: { type: 'object', properties: {} },
  annotations: { readOnlyHint: true },
  execute: () =>
    [...list.children].map((item) => ({ text: item.textContent, color: item.dataset.color })),
});

document.modelContext.registerTool({
  name: 'clear_notes',
  description: 'Removes every note from the page.',
  execute: () => {
    const removed = list.children.length;
    list.replaceChildren();
    return { removed };
  },
});

// Buttons that run the tools the way an agent would.
const buttons = document.getElementById('tool-buttons');
for (const tool of await document.modelContext.getTools()) {
  const button = document.createElement('button');
  button.textContent = `Run ${tool.name}`;
  button.addEventListener('click', async () => {
    const result = await document.modelContext.executeTool(tool, tool.name === 'add_note' ? { text: 'From the demo', color: 'blue' } : {});
    console.log(tool.name, result);
  });
  buttons.append(button);
}
