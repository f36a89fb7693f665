"use client";

import { useSyncExternalStore } from "react";

export type PlanEntry = { slug: string; day: string; meal: string };

let entries: PlanEntry[] = [];
const listeners = new Set<() => void>();

function emit() {
  localStorage.setItem("forkful:plan", JSON.stringify(entries));
  for (const listener of listeners) listener();
}

export function useMealPlan() {
  const snapshot = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => entries,
    () => entries,
  );
  return {
    entries: snapshot,
    add(entry: PlanEntry) {
      entries = [...entries.filter((e) => e.day !== entry.day || e.meal !== entry.meal), entry];
      emit();
    },
    remove(day: string, meal: string) {
      const before = entries.length;
      entries = entries.filter((e) => e.day !== day || e.meal !== meal);
      emit();
      return entries.length < before;
    },
  };
}
