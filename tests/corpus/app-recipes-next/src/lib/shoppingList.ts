"use client";

import { useCallback, useState } from "react";

export type ListItem = { name: string; quantity: number; unit: string; done?: boolean };

export function useShoppingList() {
  const [items, setItems] = useState<ListItem[]>(() => {
    if (typeof window === "undefined") return [];
    return JSON.parse(localStorage.getItem("forkful:list") ?? "[]");
  });

  const save = useCallback((next: ListItem[]) => {
    localStorage.setItem("forkful:list", JSON.stringify(next));
    setItems(next);
  }, []);

  return {
    items,
    addMany: (added: ListItem[]) => save([...items, ...added]),
    check: (name: string) => {
      const found = items.some((i) => i.name === name);
      save(items.map((i) => (i.name === name ? { ...i, done: true } : i)));
      return found;
    },
    clear: () => save([]),
  };
}
