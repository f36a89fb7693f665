import { useSyncExternalStore } from 'react';

export type Column = 'todo' | 'doing' | 'done';
export const COLUMNS = ['todo', 'doing', 'done'] as const;
export const COLUMN_TITLES: Record<Column, string> = { todo: 'To do', doing: 'Doing', done: 'Done' };

/** At most this many tasks in "Doing": the board nags people to finish things. */
export const WIP_LIMIT = 3;

export interface Task {
  id: string;
  title: string;
  column: Column;
  due?: string;
  createdAt: number;
}

const STORAGE_KEY = 'taskpad:tasks';

let tasks: Task[] = load();
const listeners = new Set<() => void>();

function load(): Task[] {
  try {
    return JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]') as Task[];
  } catch {
    return [];
  }
}

function commit(next: Task[]) {
  tasks = next;
  localStorage.setItem(STORAGE_KEY, JSON.stringify(tasks));
  listeners.forEach((listener) => listener());
}

export function getTasks(): readonly Task[] {
  return tasks;
}

export function useTasks(): readonly Task[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getTasks,
  );
}

export function addTask(title: string, due?: string): Task {
  const task: Task = { id: crypto.randomUUID().slice(0, 8), title: title.trim(), column: 'todo', due, createdAt: Date.now() };
  commit([...tasks, task]);
  return task;
}

export function moveTask(id: string, to: Column): Task {
  const task = tasks.find((t) => t.id === id);
  if (!task) throw new Error(`There is no task with id ${id}.`);
  tasks = tasks.filter((t) => t.id !== id);
  if (to === 'doing' && tasks.filter((t) => t.column === 'doing').length >= WIP_LIMIT) {
    throw new Error(`"Doing" already holds ${WIP_LIMIT} tasks. Finish one first.`);
  }
  const moved = { ...task, column: to };
  commit([...tasks, moved]);
  return moved;
}

export function clearDone(): number {
  const done = tasks.filter((t) => t.column === 'done').length;
  commit(tasks.filter((t) => t.column !== 'done'));
  return done;
}

export function resetTasks(next: Task[] = []) {
  commit(next);
}
