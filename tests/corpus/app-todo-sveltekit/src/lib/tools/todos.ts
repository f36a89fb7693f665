import type { Priority, todos as TodoStoreInstance } from "$lib/todos.svelte";
import { fail, ok } from "$lib/webmcp";

type TodoStore = typeof TodoStoreInstance;

const PRIORITIES: Priority[] = ["low", "normal", "high"];

/** The todo tools, bound to one store. */
export function todoTools(store: TodoStore): WebMCP.ModelContextTool[] {
  return [
    {
      name: "add_todo",
      description: "Add a task to the todo list, optionally with a priority and a due date.",
      inputSchema: {
        type: "object",
        properties: {
          text: { type: "string", minLength: 1, description: "What needs doing" },
          priority: { type: "string", enum: PRIORITIES, default: "normal" },
          due: { type: "string", format: "date", description: "Due date, YYYY-MM-DD" },
        },
        required: ["text"],
      },
      execute: async ({ text, priority, due }) => ok(store.add(String(text), priority as Priority, due as string)),
    },
    {
      name: "list_todos",
      description: "List the tasks on the todo list, all of them or only open or done ones.",
      inputSchema: {
        type: "object",
        properties: { status: { type: "string", enum: ["all", "open", "done"] } },
      },
      annotations: { readOnlyHint: true },
      execute: async ({ status = "all" }) =>
        ok(store.items.filter((t) => status === "all" || (status === "done") === t.done)),
    },
    {
      name: "toggle_todo",
      description: "Mark a task done, or open again if it is already done.",
      inputSchema: {
        type: "object",
        properties: { id: { type: "string", description: "Task id from list_todos" } },
        required: ["id"],
      },
      execute: async ({ id }) => {
        const todo = store.toggle(String(id));
        return todo ? ok(todo) : fail(`No task with id ${id}. Call list_todos to see the ids.`);
      },
    },
    {
      name: "delete_todo",
      description: "Delete a task from the list.",
      inputSchema: {
        type: "object",
        properties: { id: { type: "string", description: "Task id from list_todos" } },
        required: ["id"],
      },
      execute: async ({ id }) => (store.remove(String(id)) ? ok({ deleted: id }) : fail(`No task with id ${id}.`)),
    },
    {
      name: "clear_completed",
      description: "Remove every task that is marked done.",
      inputSchema: { type: "object", properties: {} },
      execute: async () => ok({ removed: store.clearDone() }),
    },
  ];
}
