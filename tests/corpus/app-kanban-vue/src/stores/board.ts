import { defineStore } from "pinia";

export type Column = "backlog" | "todo" | "doing" | "review" | "done";

export interface Card {
  id: string;
  title: string;
  column: Column;
  assignee: string | null;
  labels: string[];
  description: string;
}

export const COLUMNS: Column[] = ["backlog", "todo", "doing", "review", "done"];

export const useBoardStore = defineStore("board", {
  state: () => ({ cards: [] as Card[], theme: "light" as "light" | "dark" | "system" }),
  getters: {
    byColumn: (state) => (column: Column) => state.cards.filter((c) => c.column === column),
    find: (state) => (id: string) => state.cards.find((c) => c.id === id),
  },
  actions: {
    add(title: string, column: Column = "backlog") {
      const card: Card = {
        id: crypto.randomUUID().slice(0, 8),
        title,
        column,
        assignee: null,
        labels: [],
        description: "",
      };
      this.cards.push(card);
      return card;
    },
    move(id: string, column: Column) {
      const card = this.find(id);
      if (card) card.column = column;
      return card;
    },
    update(id: string, patch: Partial<Omit<Card, "id">>) {
      const card = this.find(id);
      if (card) Object.assign(card, patch);
      return card;
    },
    remove(id: string) {
      const index = this.cards.findIndex((c) => c.id === id);
      if (index >= 0) this.cards.splice(index, 1);
      return index >= 0;
    },
  },
});
