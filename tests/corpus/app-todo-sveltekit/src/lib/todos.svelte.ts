export type Priority = "low" | "normal" | "high";

export interface Todo {
  id: string;
  text: string;
  done: boolean;
  priority: Priority;
  due: string | null;
}

class TodoStore {
  items = $state<Todo[]>([]);

  add(text: string, priority: Priority = "normal", due: string | null = null): Todo {
    const todo: Todo = { id: crypto.randomUUID().slice(0, 8), text, done: false, priority, due };
    this.items.push(todo);
    return todo;
  }

  toggle(id: string): Todo | undefined {
    const todo = this.items.find((t) => t.id === id);
    if (todo) todo.done = !todo.done;
    return todo;
  }

  remove(id: string): boolean {
    const before = this.items.length;
    this.items = this.items.filter((t) => t.id !== id);
    return this.items.length < before;
  }

  clearDone(): number {
    const before = this.items.length;
    this.items = this.items.filter((t) => !t.done);
    return before - this.items.length;
  }
}

export const todos = new TodoStore();
