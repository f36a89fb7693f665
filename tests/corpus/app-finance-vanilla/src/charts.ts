import { Chart } from "chart.js/auto";
import type { Transaction } from "./api";

let chart: Chart | null = null;

export function drawSpending(canvas: HTMLCanvasElement, transactions: Transaction[]) {
  const byCategory = new Map<string, number>();
  for (const t of transactions) {
    if (t.amount >= 0) continue;
    const key = t.category ?? "uncategorised";
    byCategory.set(key, (byCategory.get(key) ?? 0) - t.amount);
  }
  chart?.destroy();
  chart = new Chart(canvas, {
    type: "bar",
    data: { labels: [...byCategory.keys()], datasets: [{ label: "Spending", data: [...byCategory.values()] }] },
  });
}
